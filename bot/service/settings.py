"""Per-game settings: what a table may choose at creation, checked and completed with defaults. The table's own
keys are checked here; the game's own (its room's ``settings_keys``) by the game's room (``Room.check_settings``)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from bot.games.rooms import room
from bot.service.models import ServiceError
from bot.service.timezones import check_zone, tz
from engine.core import EngineError

HOUR = 3600.0
FALLBACK_DEADLINE = 12 * HOUR  # a kind's deadline where neither the table nor the game's room names one
DEFAULT_REMINDERS = [0.5, 0.9]  # fractions of a deadline at which the player is reminded
DEFAULT_REPLACE_AFTER = 3  # missed deadlines after which the table is told the seat may be replaced
DEFAULT_VOTE_THRESHOLD = 2 / 3  # the share of the seated players whose Yes passes a table vote
DEFAULT_VOTE_HOURS = 24.0  # a table vote still open after this long fails

_KEYS = {"houses", "deadlines", "reminders", "replace_after", "vote_threshold", "vote_hours", "quiet_hours",
         "weekend_hours", "faceless", "absence", "zone", "whispers"}  # the table's own


def normalize(raw: dict[str, Any] | None, players: int | None = None, game: str | None = None) -> dict[str, Any]:
    """The complete settings of a new table of ``game`` (None: A Game of Thrones) for ``players`` (None: only the
    form is checked, as for the game's smallest table), or ServiceError naming the first bad one."""
    raw = dict(raw or {})
    try:
        home = room(game)
    except EngineError as exc:
        raise ServiceError(str(exc)) from None
    keys = _KEYS | home.settings_keys
    unknown = sorted(set(raw) - keys)
    if unknown:
        raise ServiceError(f"Unknown setting {unknown[0]!r}; the settings are {', '.join(sorted(keys))}.")
    try:
        own = home.check_settings({k: v for k, v in raw.items() if k in home.settings_keys}, players)
    except EngineError as exc:
        raise ServiceError(str(exc)) from None
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
    threshold = raw.get("vote_threshold", DEFAULT_VOTE_THRESHOLD)
    if not isinstance(threshold, int | float) or isinstance(threshold, bool) or not 0 < threshold <= 1:
        raise ServiceError("vote_threshold must be a share of the seated players above 0 and at most 1.")
    vote_hours = raw.get("vote_hours", DEFAULT_VOTE_HOURS)
    if not isinstance(vote_hours, int | float) or isinstance(vote_hours, bool) or not 0 < vote_hours <= 336:
        raise ServiceError("vote_hours must be a number of hours above 0 and at most 336.")
    quiet = raw.get("quiet_hours")
    if quiet is not None and not (isinstance(quiet, list | tuple) and len(quiet) == 2 and all(
            isinstance(h, int) and not isinstance(h, bool) and 0 <= h <= 23 for h in quiet) and quiet[0] != quiet[1]):
        raise ServiceError("quiet_hours must be two different whole UTC hours from 0 to 23, e.g. 23-7.")
    weekend = raw.get("weekend_hours", 0)
    if not isinstance(weekend, int) or isinstance(weekend, bool) or not 0 <= weekend <= 168:
        raise ServiceError("weekend_hours must be a whole number of hours from 0 to 168.")
    faceless = raw.get("faceless", False)
    if not isinstance(faceless, bool):
        raise ServiceError("faceless must be true or false.")
    whispers = raw.get("whispers", True)  # /game whisper between seats (whispers.py)
    if not isinstance(whispers, bool):
        raise ServiceError("whispers must be true or false.")
    absence = raw.get("absence", "stretch")  # while a player is away: stretch their deadlines, or autopilot
    if absence not in ("stretch", "autopilot"):
        raise ServiceError("absence must be 'stretch' or 'autopilot'.")
    zone = raw.get("zone")  # the creator's time zone: whose Saturday and Sunday the weekend hours cover
    if zone is not None:
        zone = check_zone(zone) if isinstance(zone, str) else None
        if zone is None:
            raise ServiceError("zone must be an IANA time zone name, e.g. Europe/Paris.")
    # a table's own "default" replaces every deadline of the game's room (``Room.deadlines``) it does not name itself
    deadlines = dict(deadlines) if "default" in deadlines else {**home.deadlines, **deadlines}
    return {**own, "houses": houses,
            "deadlines": deadlines, "reminders": sorted(set(reminders)),
            "replace_after": replace_after, "vote_threshold": float(threshold), "vote_hours": float(vote_hours),
            "quiet_hours": list(quiet) if quiet is not None else None, "weekend_hours": weekend,
            "faceless": faceless, "absence": absence, "zone": zone,
            "whispers": whispers}


def table_houses(players: int, settings: dict[str, Any], game: str | None = None) -> list[str]:
    """The roles a member may ask for at a table of ``game`` (None: A Game of Thrones; its set-up's houses: with
    fewer players than houses, those nobody holds become vassals at the start)."""
    try:
        return room(game).choosable(players, settings)
    except EngineError as exc:
        raise ServiceError(str(exc)) from None


def deadline_seconds(settings: dict[str, Any], kind: str) -> float:
    deadlines = settings["deadlines"]
    return float(deadlines.get(kind, deadlines.get("default", FALLBACK_DEADLINE)))


def vote_rules(settings: dict[str, Any]) -> tuple[float, float]:
    """(threshold, hours) of a game's votes; games created before votes existed get the defaults."""
    return (float(settings.get("vote_threshold", DEFAULT_VOTE_THRESHOLD)),
            float(settings.get("vote_hours", DEFAULT_VOTE_HOURS)))


def out_of_quiet(moment: datetime, quiet: list[int] | None) -> datetime:
    """``moment``, or the end of the quiet hours (UTC ``[start, end)``, over midnight when start > end) it falls in."""
    if not quiet:
        return moment
    start, end = quiet
    hour = moment.hour
    inside = start <= hour < end if start < end else hour >= start or hour < end
    if not inside:
        return moment
    day = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    ends = day + timedelta(hours=end)
    return ends if ends > moment else ends + timedelta(days=1)


def covers_weekend(start: datetime, end: datetime, zone: str | None = None) -> bool:
    """Whether the span from ``start`` to ``end`` touches a Saturday or Sunday (of ``zone``; default UTC)."""
    day = start.astimezone(tz(zone)).replace(hour=0, minute=0, second=0, microsecond=0)
    while day <= end:
        if day.weekday() >= 5:
            return True
        day += timedelta(days=1)  # wall-clock arithmetic: the next local midnight
    return False


def shaped_deadline(settings: dict[str, Any], kind: str, now: datetime) -> tuple[datetime, list[datetime]]:
    """A new prompt's deadline and reminder times: the kind's span, plus ``weekend_hours`` when the span covers a
    Saturday or Sunday; a deadline or reminder inside the quiet hours moves to their end (a reminder never
    after the deadline)."""
    seconds = deadline_seconds(settings, kind)
    due = now + timedelta(seconds=seconds)
    weekend = settings.get("weekend_hours") or 0
    if weekend and covers_weekend(now, due, settings.get("zone")):
        due += timedelta(hours=weekend)
    quiet = settings.get("quiet_hours")
    due = out_of_quiet(due, quiet)
    span = due - now
    reminders = [min(due, out_of_quiet(now + span * fraction, quiet)) for fraction in settings["reminders"]]
    return due, reminders
