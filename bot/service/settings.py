"""Per-game settings: what a table may choose at creation, checked and completed with defaults."""

from __future__ import annotations

from typing import Any

from bot.service.models import ServiceError
from engine.agot import Settings

HOUR = 3600.0
# Seconds per decision kind; "default" covers every kind not named.
DEFAULT_DEADLINES: dict[str, float] = {"orders": 24 * HOUR, "house_card": 12 * HOUR, "default": 12 * HOUR}
DEFAULT_REMINDERS = [0.5, 0.9]  # fractions of a deadline at which the player is reminded
DEFAULT_REPLACE_AFTER = 3  # missed deadlines after which the table is told the seat may be replaced

_KEYS = {"tides_of_battle", "tiebreak", "houses", "deadlines", "reminders", "replace_after", "absence"}


def normalize(raw: dict[str, Any] | None) -> dict[str, Any]:
    """The complete settings of a new game, or ServiceError naming the first bad one."""
    raw = dict(raw or {})
    unknown = sorted(set(raw) - _KEYS)
    if unknown:
        raise ServiceError(f"Unknown setting {unknown[0]!r}; the settings are {', '.join(sorted(_KEYS))}.")
    tides = raw.get("tides_of_battle", False)
    if not isinstance(tides, bool):
        raise ServiceError("tides_of_battle must be true or false.")
    tiebreak = raw.get("tiebreak", "rb2")
    if tiebreak not in ("rb2", "faq"):
        raise ServiceError("tiebreak must be 'rb2' or 'faq'.")
    houses = raw.get("houses", "random")
    if houses not in ("random", "choose"):
        raise ServiceError("houses must be 'random' or 'choose'.")
    deadlines = raw.get("deadlines", {})
    if not isinstance(deadlines, dict) or not all(
            isinstance(k, str) and isinstance(v, int | float) and not isinstance(v, bool) and v > 0
            for k, v in deadlines.items()):
        raise ServiceError("deadlines must map a decision kind (or 'default') to a positive number of seconds.")
    reminders = raw.get("reminders", DEFAULT_REMINDERS)
    if not isinstance(reminders, list) or not all(isinstance(f, int | float) and 0 < f < 1 for f in reminders):
        raise ServiceError("reminders must be a list of fractions between 0 and 1.")
    replace_after = raw.get("replace_after", DEFAULT_REPLACE_AFTER)
    if not isinstance(replace_after, int) or isinstance(replace_after, bool) or replace_after < 1:
        raise ServiceError("replace_after must be a positive whole number.")
    absence = raw.get("absence", "stretch")  # while a player is away: stretch their deadlines, or autopilot
    if absence not in ("stretch", "autopilot"):
        raise ServiceError("absence must be 'stretch' or 'autopilot'.")
    # a table's own "default" replaces every built-in deadline it does not name itself
    deadlines = dict(deadlines) if "default" in deadlines else {**DEFAULT_DEADLINES, **deadlines}
    return {"tides_of_battle": tides, "tiebreak": tiebreak, "houses": houses,
            "deadlines": deadlines, "reminders": sorted(set(reminders)),
            "replace_after": replace_after, "absence": absence}


def engine_settings(settings: dict[str, Any]) -> Settings:
    return Settings(tides_of_battle=settings["tides_of_battle"], tiebreak=settings["tiebreak"])


def deadline_seconds(settings: dict[str, Any], kind: str) -> float:
    deadlines = settings["deadlines"]
    return float(deadlines.get(kind, deadlines.get("default", DEFAULT_DEADLINES["default"])))
