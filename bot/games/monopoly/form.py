"""Monopoly's settings form: the creator's ``settings:`` words (``/game create game:monopoly settings:speed die
off, auction open, rounds 30``) read into the game's settings, completed as they are typed, and said back.

The words, in any case and order, separated by commas or spaces; a value follows its setting after a space, a
colon or an equals sign:

* ``speed die on`` / ``speed die off`` (``speed_die:off``; ``speed die`` alone: on; ``no speed die``: off);
* ``auction sealed`` / ``auction open`` (``sealed`` or ``open`` alone too);
* ``rounds 30``: a short game of 30 rounds, the richest then wins (10 to 200; ``rounds 0`` or ``rounds off``:
  play to the last bankruptcy);
* ``seats:chosen``: each player chooses a token with ``/game join seat:top hat`` (the table's ``houses``
  setting; ``seats:random``, the default, deals them at random).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bot.games.front import Refused
from engine.core import IllegalAnswer
from engine.monopoly.rules import AUCTIONS, MONOPOLY, ROUNDS

NAMES = ("speed_die", "auction", "rounds", "seats")
SWITCH = {"on": True, "yes": True, "true": True, "off": False, "no": False, "false": False}
NO_LIMIT = ("0", "off", "none", "no", "unlimited")
SEATS = {"chosen": "choose", "choose": "choose", "random": "random"}
HOW = (f"write speed die on|off, auction sealed|open, rounds N ({ROUNDS[0]} to {ROUNDS[1]}, 0: no limit) or "
       "seats:chosen")
SUGGESTIONS = ("speed die off", "speed die on", "auction open", "auction sealed", "rounds 30", "rounds 0",
               "seats:chosen")


def tokens(words: str) -> list[str]:
    """The words as tokens, "speed die" joined into one ("speed_die"), "no speed die" into "speed_die off"."""
    text = words.strip().lower()
    text = re.sub(r"\bno[\s_-]+speed[\s_-]*die\b", "speed_die off", text)
    text = re.sub(r"\bspeed[\s_-]*die\b", "speed_die", text)
    text = re.sub(r"\s*[:=]\s*", ":", text)
    return [t for t in re.split(r"[\s,;]+", text) if t]


def pairs(words: str) -> list[tuple[str, str]]:
    """(setting, value) in the order written; a value may follow its setting as the next token."""
    out: list[tuple[str, str]] = []
    for token in tokens(words):
        name, colon, value = token.partition(":")
        last, waiting = out[-1] if out else ("", "x")
        if colon:
            out.append((name, value))
        elif not waiting and name not in NAMES and (last in ("auction", "rounds") or last == "speed_die"
                                                    and name not in AUCTIONS):
            out[-1] = (last, name)
        elif name in AUCTIONS:
            out.append(("auction", name))
        else:
            out.append((name, ""))
    return out


def settings(words: str, players: int) -> dict[str, Any]:
    chosen: dict[str, Any] = {}
    seats: dict[str, str] = {}
    for name, value in pairs(words):
        said = f"{name.replace('_', ' ')} {value}".strip()
        if name == "seats":
            if value not in SEATS or seats:
                raise Refused(f"'{said}': write seats:chosen (each player chooses a token) or seats:random, once")
            seats["houses"] = SEATS[value]
            continue
        if name in chosen:
            raise Refused(f"'{name.replace('_', ' ')}' is given twice")
        if name == "speed_die":
            if value and value not in SWITCH:
                raise Refused(f"'{said}': the Speed Die is on or off (speed die off)")
            chosen[name] = SWITCH.get(value, True)
        elif name == "auction":
            if value not in AUCTIONS:
                raise Refused(f"'{said}': auctions are sealed (bids by DM, shown together) or open")
            chosen[name] = value
        elif name == "rounds":
            if value in NO_LIMIT:
                chosen[name] = 0
            elif value.isdigit():
                chosen[name] = int(value)
            else:
                raise Refused(f"'{said}': write rounds and a number, like rounds 30 (0: no limit)")
        else:
            raise Refused(f"'{said[:30]}' is not a Monopoly setting: {HOW}")
    try:
        return {**MONOPOLY.check_settings(chosen, players), **seats}
    except IllegalAnswer as exc:
        raise Refused(str(exc).rstrip(".")) from None


def choices(words: str) -> list[str]:
    """The typed words with their last setting completed by the settings not named yet (at most 25)."""
    head, _, typed = words.rpartition(",")
    head = head.strip()
    named = {name for name, _ in pairs(head)}
    if not named <= set(NAMES):
        return []  # a bad word: no suggestion, the command refuses it in words
    prefix = f"{head}, " if head else ""
    typed = " ".join(typed.lower().split())
    left = [s for s in SUGGESTIONS if pairs(s)[0][0] not in named and s.startswith(typed)]
    return [(prefix + s)[:100] for s in left][:25]


def said(settings: Mapping[str, Any]) -> str:
    """The settings said back: ", Speed Die on, sealed auctions, to the last bankruptcy"."""
    speed = "Speed Die on" if settings.get("speed_die", True) else "no Speed Die"
    auction = f"{settings.get('auction', 'sealed')} auctions"
    rounds = settings.get("rounds") or 0
    end = f"{rounds} rounds, then the richest wins" if rounds else "to the last bankruptcy"
    seats = ", tokens chosen when joining" if settings.get("houses") == "choose" else ""
    return f", {speed}, {auction}, {end}{seats}"
