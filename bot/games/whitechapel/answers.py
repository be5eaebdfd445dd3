"""Letters from Whitechapel's answers written as text (a DM's words; the engine checks the rules and names what
is wrong). The grammar, in any case, words separated by spaces or commas:

* a circle: its number, ``57`` (the hideout; ``none`` too for I Know Your Address and a False Clue);
* a crossing: its grid name, ``F7b`` (any case; a near miss gets "did you mean ...?");
* the women: their circles, a star after each marked one: ``3 21* 27 65* 80 90 100* 120``; where every free red
  circle gets a woman, the marked ones alone are enough: ``21* 65*``;
* the patrols: each crossing with its token, ``F12:blue K10:yellow K4:brown P5b:red Q10c:green U11b:fake
  U4:fake`` (``blue:F12`` also reads; the two fakes are both ``fake``);
* an option (a policeman's move, an action, a wretched's move): its crossing, circle or word as listed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bot.games.front import Refused, json_answer
from engine.core import IllegalAnswer
from engine.whitechapel.board import board
from engine.whitechapel.state import COLOURS, FAKES

WOMEN_HOW = "write the women's circles with a star after each marked one, e.g. `3 21* 27 65*`"
PATROLS_HOW = "write each crossing with its token, e.g. `F12:blue K10:fake` (blue, yellow, brown, red, green, fake)"
NONE = ("none", "no", "nothing", "pass")


def split(words: str) -> list[str]:
    return [w for w in re.split(r"[\s,;]+", words.strip()) if w]


def a_circle(word: str, what: str = "a circle") -> int:
    digits = word.strip().lstrip("#")
    if not digits.isdigit():
        raise Refused(f"'{word[:20]}' is not {what}: write its number, like 57")
    number = int(digits)
    if number not in board().circles:
        raise Refused(f"there is no circle {number} on the board (1 to {max(board().circles)})")
    return number


def a_crossing(word: str) -> str:
    try:
        return board().crossing_named(word)
    except IllegalAnswer as exc:
        raise Refused(str(exc).rstrip(".")) from None


def circle_or_none(words: str) -> int | str:
    return "none" if words.strip().lower() in NONE else a_circle(words.strip())


def women(decision: Mapping[str, Any], words: str) -> dict[str, list[int]]:
    placed, marked = [], []
    for word in split(words):
        star = word.endswith("*")
        number = a_circle(word.rstrip("*"), "a woman's circle") if word.rstrip("*") else None
        if number is None:
            raise Refused(WOMEN_HOW)
        placed.append(number)
        if star:
            marked.append(number)
    if not placed:
        raise Refused(WOMEN_HOW)
    info = decision.get("info") or {}
    if not marked:
        raise Refused(f"mark {info.get('marked', 'your')} of them with a star: {WOMEN_HOW}")
    if placed == marked and len(info.get("free") or []) == info.get("women"):
        return {"marked": marked}  # every free red circle gets a woman: the marked ones say it all
    return {"women": placed, "marked": marked}


def token(word: str) -> str | None:
    key = word.lower().replace("_", "").replace(" ", "")
    return key if key in COLOURS else "fake" if key in ("fake", "fake1", "fake2", "dummy") else None


def patrols(words: str) -> dict[str, str]:
    placed: dict[str, str] = {}
    fakes = list(FAKES)
    for word in split(words):
        left, colon, right = word.partition(":")
        if not colon or not left or not right:
            raise Refused(f"'{word[:20]}': {PATROLS_HOW}")
        which, where = (token(left), right) if token(left) else (token(right), left)
        if which is None:
            raise Refused(f"'{word[:20]}' names no token: {PATROLS_HOW}")
        if which == "fake":
            if not fakes:
                raise Refused("there are only two fake tokens")
            which = fakes.pop(0)
        if which in placed:
            raise Refused(f"the {which} token is placed twice")
        placed[which] = a_crossing(where)
    missing = [t.replace("_1", "").replace("_2", "") for t in COLOURS + FAKES if t not in placed]
    if missing:
        raise Refused(f"place all seven tokens; missing: {', '.join(missing)}. {PATROLS_HOW}")
    return placed


def option(decision: Mapping[str, Any], words: str) -> Any:
    """An option named as listed: a circle by its number, a crossing by its grid name, or the option's word."""
    options = decision.get("options") or []
    text = words.strip()
    if text.isdigit() and int(text) in options:
        return int(text)
    if any(isinstance(o, str) and o in board().crossings for o in options):
        try:
            named = board().crossing_named(text)
        except IllegalAnswer:
            named = None
        if named in options:
            return named
    for o in options:
        if isinstance(o, str) and o.lower() == text.lower():
            return o
    shown = ", ".join(str(o) for o in options[:25])
    raise Refused(f"'{text[:20]}' is not a choice here: write one of {shown}, or its number in the list")


TEXT_FORMS = {"hideout": lambda d, w: a_circle(w.strip(), "a circle"), "address": lambda d, w: circle_or_none(w),
              "false_clue": lambda d, w: circle_or_none(w), "women": women, "patrols": lambda d, w: patrols(w)}


def text_answer(decision: Mapping[str, Any], words: str) -> Any:
    """The answer ``words`` stand for; raises Refused with what to write."""
    words = words.strip()
    if words[:1] in "[{":
        return json_answer(words)
    if decision.get("options") is not None:
        return option(decision, words)
    form = TEXT_FORMS.get(decision["kind"])
    if form is None:
        raise Refused("this choice takes JSON (see docs/decisions.md), or press Use the default")
    return form(decision, words)
