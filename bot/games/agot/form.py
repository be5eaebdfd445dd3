"""AGoT's settings form: the creator's ``settings:`` words (``/game create game:agot settings:...``) read into the
game's settings, completed as they are typed, and said back.

The words are ``key:value`` pairs, separated by spaces or commas, in any order and case:

- ``houses:random`` (dealt at random, the default) or ``houses:chosen`` (chosen when joining);
- ``tides:off`` (the default) or ``tides:on`` (the Tides of Battle cards);
- ``setup:base`` (the base game's map, 3 to 6 players), ``setup:7`` or ``setup:8`` (Mother of Dragons' 7- or
  8-house set-up; the default for 7 or 8 players is the set-up of their count);
- ``tiebreak:rb2`` (the 2nd edition rulebook, the default) or ``tiebreak:faq`` (the FAQ ruling);
- ``orders:H``: hours to place orders (1 to 336; default 24).

Pure functions (no discord import).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.agot.words import house_name
from bot.games.front import Refused

# key -> {word the creator writes: stored value}; "orders" takes a number of hours
VALUES: dict[str, dict[str, Any]] = {
    "houses": {"random": "random", "chosen": "choose"},
    "tides": {"off": False, "on": True},
    "setup": {"base": "", "7": "7", "8": "8"},
    "tiebreak": {"rb2": "rb2", "faq": "faq"},
}
ORDERS_HOURS = (1, 336)
DEFAULT_ORDERS_HOURS = 24
HINT = "houses:random|chosen tides:on|off setup:base|7|8 tiebreak:rb2|faq orders:HOURS"
TIEBREAKS = {"rb2": "Rulebook (2nd edition)", "faq": "FAQ ruling"}


def pairs(words: str) -> dict[str, str]:
    """``houses:chosen, Tides:on`` -> {"houses": "chosen", "tides": "on"}; a part without a known key is refused."""
    out: dict[str, str] = {}
    for part in words.replace(",", " ").split():
        key, colon, value = part.partition(":")
        key, value = key.lower(), value.lower()
        if not colon or key not in (*VALUES, "orders"):
            raise Refused(f"'{part[:40]}' is not a setting: write {HINT}")
        if key in out:
            raise Refused(f"{key} is given twice")
        out[key] = value
    return out


def settings(words: str, players: int) -> dict[str, Any]:
    """The AGoT settings the words ask for, the rest at their defaults; a bad one is refused in one line."""
    given = pairs(words)
    out: dict[str, Any] = {"houses": "random", "tides_of_battle": False, "tiebreak": "rb2",
                           "deadlines": {"orders": DEFAULT_ORDERS_HOURS * 3600}}
    for key, value in given.items():
        if key == "orders":
            low, high = ORDERS_HOURS
            if not value.isdigit() or not low <= int(value) <= high:
                raise Refused(f"orders takes hours from {low} to {high}, e.g. orders:24")
            out["deadlines"] = {"orders": int(value) * 3600}
            continue
        if value not in VALUES[key]:
            raise Refused(f"{key} takes {' or '.join(VALUES[key])}")
        out[{"tides": "tides_of_battle"}.get(key, key)] = VALUES[key][value]
    setup = out.pop("setup", None)
    if setup == "" and players > 6:
        raise Refused("The base game takes 3 to 6 players: 7 or 8 play a Mother of Dragons set-up (setup:7 or 8).")
    if setup or players > 6:  # 7 and 8 players: the set-up of their count unless told
        out["setup"] = setup or str(players)
    return out


def choices(words: str) -> list[str]:
    """The words typed so far followed by each setting not given yet (or the values of the one being typed)."""
    head, _, last = words.rpartition(" ") if not words.endswith(" ") else (words.rstrip(), "", "")
    try:
        given = pairs(head)
    except Refused:
        return []
    prefix = f"{head} " if head else ""
    key, colon, typed = last.partition(":")
    out = []
    for name, values in (*VALUES.items(), ("orders", {"12": 0, "24": 0, "48": 0})):
        if name in given or not name.startswith(key.lower()) or (colon and name != key.lower()):
            continue
        out += [f"{prefix}{name}:{v}" for v in values if v.startswith(typed.lower())]
    return [c[:100] for c in out][:25]


def words(settings: Mapping[str, Any]) -> str:
    """The game's settings as the announcement and ``status`` say them."""
    out = (f", houses {'chosen when joining' if settings.get('houses') == 'choose' else 'dealt at random'}, "
           f"Tides of Battle {'on' if settings.get('tides_of_battle') else 'off'}, tie-breaks: "
           f"{TIEBREAKS.get(settings.get('tiebreak', 'rb2'), '?')}")
    if settings.get("setup"):
        out += f", Mother of Dragons {settings['setup']}-house set-up"
        if settings.get("vassals"):
            out += f" (vassals: {', '.join(house_name(h) for h in settings['vassals'])})"
    return out
