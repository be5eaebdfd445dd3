"""AGoT's answers written as text (a DM's words for a decision without options; the engine checks them, names
are fine):

* orders: the text itself (the engine parses ``Winterfell M+1, White Harbor D+1`` and names every bad part);
* a March: ``from Winterfell: knight, 2 footmen to Castle Black; ship to Bay of Ice + power``;
* mustering: ``Winterfell: knight, upgrade siege engine; White Harbor: ship to The Narrow Sea`` (``none``: nothing);
* units to lose (supply reconciliation, wildling losses): ``Winterfell: footman; The Shivering Sea: ship``;
* anything else, or instead of the forms above: JSON, as documented in docs/decisions.md.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bot.games.front import Refused, json_answer, listed_hint

UNIT_WORDS = {"footman": "footman", "footmen": "footman", "knight": "knight", "knights": "knight",
              "ship": "ship", "ships": "ship", "siege engine": "siege_engine", "siege engines": "siege_engine",
              "siege": "siege_engine", "siege_engine": "siege_engine"}


def parse_units(text: str) -> list[str]:
    kinds: list[str] = []
    for part in re.split(r",| and ", text):
        words = part.strip().lower()
        if not words:
            continue
        count = 1
        match = re.match(r"(\d+)\s+(.*)", words)
        if match:
            count, words = int(match.group(1)), match.group(2).strip()
        if words not in UNIT_WORDS or not 1 <= count <= 10:
            raise Refused(f"'{part.strip()[:40]}' is not a unit (footman, knight, siege engine, ship)")
        kinds += [UNIT_WORDS[words]] * count
    return kinds


def parse_march(text: str) -> dict[str, Any]:
    body = text.strip()
    if not body.lower().startswith("from "):
        raise Refused("write `from AREA: UNITS to AREA`, e.g. `from Winterfell: knight to Castle Black`")
    body = body[5:]
    leave = False
    power = re.search(r"\+\s*power(\s+token)?\s*$", body, flags=re.I)
    if power:
        leave, body = True, body[: power.start()]
    if ":" not in body:
        raise Refused("put a colon after the area the March starts from: `from Winterfell: ...`")
    source, rest = (s.strip() for s in body.split(":", 1))
    moves: dict[str, list[str]] = {}
    if rest.lower() not in ("stay", "none", "nothing", ""):
        for part in rest.split(";"):
            if not part.strip():
                continue
            if " to " not in part.lower():
                raise Refused(f"'{part.strip()[:40]}': write UNITS to AREA")
            index = part.lower().rindex(" to ")
            units, dest = part[:index], part[index + 4:].strip()
            moves.setdefault(dest, []).extend(parse_units(units))
    return {"from": source, "moves": moves, "leave_power_token": leave}


def by_area(text: str) -> list[tuple[str, str]]:
    """``AREA: item, item; AREA: item`` as (area, item) pairs, in order."""
    pairs = []
    for part in text.split(";"):
        if not part.strip():
            continue
        if ":" not in part:
            raise Refused(f"'{part.strip()[:40]}': write AREA: UNITS, and separate areas with ;")
        area, items = (x.strip() for x in part.split(":", 1))
        pairs += [(area, item.strip()) for item in items.split(",") if item.strip()]
    return pairs


def parse_losses(text: str) -> list[list[str]]:
    if text.strip().lower() in ("none", "nothing"):
        return []
    return [[area, unit] for area, item in by_area(text) for unit in parse_units(item)]


def parse_muster(text: str) -> list[dict[str, str]]:
    if text.strip().lower() in ("none", "nothing"):
        return []
    actions: list[dict[str, str]] = []
    for area, item in by_area(text):
        words = item.strip()
        if words.lower().startswith("upgrade"):
            units = parse_units(re.sub(r"^upgrade\s+(to\s+)?", "", words, flags=re.I))
            actions += [{"area": area, "upgrade": unit} for unit in units]
        elif " to " in words.lower():
            index = words.lower().rindex(" to ")
            actions += [{"area": area, "unit": unit, "to": words[index + 4:].strip()}
                        for unit in parse_units(words[:index])]
        else:
            actions += [{"area": area, "unit": unit} for unit in parse_units(words)]
    return actions


TEXT_FORMS = {"march": parse_march, "muster": parse_muster, "reconcile": parse_losses,
              "wildling_destroy": parse_losses}


def text_answer(decision: Mapping[str, Any], text: str) -> Any:
    """The answer ``text`` stands for in a decision without options; raises Refused with a hint (a decision with
    options is answered by the option's number alone)."""
    text = text.strip()
    if decision.get("options") is not None:
        raise Refused(listed_hint(decision))
    if decision["kind"] == "orders":
        return text
    if text[:1] in "[{":
        return json_answer(text)
    form = TEXT_FORMS.get(decision["kind"])
    if form is None:
        raise Refused("this choice takes JSON (see docs/decisions.md), or press Use the default")
    return form(text)
