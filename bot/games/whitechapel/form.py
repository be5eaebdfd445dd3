"""Letters from Whitechapel's settings form: the creator's ``settings:`` words (``/game create game:whitechapel
settings:rushing false_clues``) read into the game's settings, completed as they are typed, and said back.

Each word turns one optional rule on (every rule is off by default), in any order and case, separated by spaces or
commas; ``word:off`` (or ``:on``) says it outright. The words: ``false_clues``, ``rushing``, ``area_arrests``,
``catch_me`` (Catch Me If You Can), ``i_know_your_address``, ``private_thread`` (the detectives' own private thread
beside the game's, opened at the start: ``bot/frontend/team.py``). Jack's Letters are refused (the board data
cannot play them). ``seats:chosen`` lets each player choose a seat with ``/game join seat:jack``
(``seats:random``, the default: dealt at random); it is the table's ``houses`` setting.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bot.games.front import Refused
from engine.core import IllegalAnswer
from engine.whitechapel.rules import LETTERS_REFUSED, WHITECHAPEL

# the word written -> (the setting, its name in words)
RULES: dict[str, tuple[str, str]] = {
    "false_clues": ("false_clues", "False Clues"),
    "rushing": ("rushing", "Rushing"),
    "area_arrests": ("area_arrests", "area arrests"),
    "catch_me": ("catch_me_if_you_can", "Catch Me If You Can"),
    "i_know_your_address": ("i_know_your_address", "I Know Your Address"),
    "private_thread": ("detectives_private_thread", "the detectives' private thread"),
}
ALIASES = {"catch_me_if_you_can": "catch_me", "address": "i_know_your_address",
           "detectives_private_thread": "private_thread", "false_clue": "false_clues", "rush": "rushing"}
SWITCH = {"on": True, "yes": True, "true": True, "off": False, "no": False, "false": False}
SEATS = {"chosen": "choose", "choose": "choose", "random": "random"}
HOW = "write rule words: " + " ".join(RULES) + ", or seats:chosen"


def settings(words: str, players: int) -> dict[str, Any]:
    chosen: dict[str, bool] = {}
    seats: dict[str, str] = {}
    for part in (p for p in re.split(r"[\s,]+", words.strip().lower()) if p):
        word, _, value = part.partition(":")
        word = ALIASES.get(word.replace("-", "_"), word.replace("-", "_"))
        if word == "seats":
            if value not in SEATS or seats:
                raise Refused(f"'{part[:30]}': write seats:chosen (each player chooses) or seats:random, once")
            seats["houses"] = SEATS[value]
            continue
        if word in ("letters", "jacks_letters"):
            raise Refused(LETTERS_REFUSED.rstrip("."))
        if word not in RULES:
            raise Refused(f"'{part[:30]}' is not an optional rule: {HOW}")
        if value and value not in SWITCH:
            raise Refused(f"'{part[:30]}': a rule is on or off ({word}:on, {word}:off)")
        key = RULES[word][0]
        if key in chosen:
            raise Refused(f"'{word}' is given twice")
        chosen[key] = SWITCH.get(value, True)
    try:
        return {**WHITECHAPEL.check_settings(chosen, players), **seats}
    except IllegalAnswer as exc:
        raise Refused(str(exc).rstrip(".")) from None


def choices(words: str) -> list[str]:
    """The typed words with their last one completed by the rules not named yet (at most 25)."""
    head, _, typed = words.rpartition(" ") if not words.endswith((" ", ",")) else (words.rstrip(" ,"), "", "")
    named = {ALIASES.get(w.split(":")[0], w.split(":")[0]) for w in re.split(r"[\s,]+", head.lower()) if w}
    if not named <= {*RULES, "seats"}:
        return []  # a bad word: no suggestion, the command refuses it in words
    prefix = f"{head} " if head else ""
    words_left = [w for w in RULES if w not in named] + ([] if "seats" in named else ["seats:chosen"])
    out = [prefix + word for word in words_left if word.startswith(typed.lower())]
    return [c[:100] for c in out][:25]


def said(settings: Mapping[str, Any]) -> str:
    """The optional rules said back: ", optional rules: Rushing, False Clues" (", no optional rule")."""
    on = [name for key, name in RULES.values() if settings.get(key)]
    seats = ", seats chosen when joining" if settings.get("houses") == "choose" else ""
    return (f", optional rules: {', '.join(on)}" if on else ", no optional rule") + seats
