"""Names players type: areas by name or id, and orders written as text (docs/decisions.md).

* ``area_id(board, text)``: an area from its id or name, any case, spaces and punctuation free, or the first
  word(s) of a name when only one area starts so ("White", "Shivering"); a precise message otherwise
  ("'Winterfel': did you mean Winterfell?").
* ``normalize_areas(board, answer)``: every string of an answer that names an area exactly (by name or by id
  in any case) becomes the area's id; ``Game.submit`` applies it to every answer, so names are accepted
  wherever an area is answered.
* ``split_orders(text)``: ``"Winterfell M+1, White Harbor D+1"`` into (part, area text, order text) triples;
  ``engine.agot.planning.parse_orders`` checks them with the rules of ``submit``.
"""

from __future__ import annotations

import difflib
import re
from functools import cache
from typing import Any

from engine.agot.board import Board
from engine.core import IllegalAnswer

_TOKEN = r"(?:[MDS]\s*[+-]?\s*\d\s*\*?|[MS]\s*\*?|R\s*\*?|CP\s*\*?|C\s*\*?)"
_AT_END = re.compile(rf"^(?P<area>.*?)[\s:=,-]*\b(?P<token>{_TOKEN})\s*$", re.IGNORECASE)
_AT_START = re.compile(rf"^(?P<token>{_TOKEN})(?![A-Za-z])[\s:=,-]*(?P<area>.+?)$", re.IGNORECASE)


def key(text: str) -> str:
    """The form names are compared in: lower case, letters and digits only."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


@cache
def _keys(b: Board) -> dict[str, str]:
    """Exact forms: each area's id and name (with or without a leading "The")."""
    out = {}
    for area, info in b.areas.items():
        out[key(area)] = area
        out[key(info.name)] = area
        out[key(re.sub(r"^the\s+", "", info.name, flags=re.IGNORECASE))] = area
    return out


@cache
def _word_prefixes(b: Board) -> dict[str, set[str]]:
    """The first words of each name ("White" for White Harbor, "Shivering" for The Shivering Sea)."""
    out: dict[str, set[str]] = {}
    for area, info in b.areas.items():
        words = re.split(r"[\s-]+", info.name)
        for start in (0, 1) if words[0].lower() == "the" else (0,):
            for end in range(start + 1, len(words) + 1):
                out.setdefault(key(" ".join(words[start:end])), set()).add(area)
    return out


def area_id(b: Board, text: str, among: list[str] | None = None) -> str:
    """The area ``text`` names: its id or name in any case and punctuation, or the first word(s) of one name
    (``among`` breaks a tie: e.g. the house's own areas); a "did you mean" message otherwise."""
    if text in b.areas:
        return text
    wanted = key(text)
    exact = _keys(b).get(wanted)
    if exact:
        return exact
    prefixed = sorted(_word_prefixes(b).get(wanted, set()))
    if len(prefixed) > 1 and among is not None:
        prefixed = [a for a in prefixed if a in among] or prefixed
    if len(prefixed) == 1:
        return prefixed[0]
    if prefixed:
        listed = [b.areas[a].name for a in prefixed]
        return _refuse(f"'{text}' could be {', '.join(listed[:-1])} or {listed[-1]}")
    names = {key(info.name): info.name for info in b.areas.values()}
    close = difflib.get_close_matches(wanted, list(names), n=1, cutoff=0.6)
    if close:
        return _refuse(f"'{text}': did you mean {names[close[0]]}?")
    return _refuse(f"'{text}' is not an area of the board")


def _refuse(message: str) -> str:
    raise IllegalAnswer(message)


def normalize_areas(b: Board, answer: Any) -> Any:
    """``answer`` with every string naming an area exactly replaced by the area's id (keys too; two keys naming
    the same area are refused)."""
    if isinstance(answer, str):
        if answer in b.areas:
            return answer
        return _keys(b).get(key(answer), answer) if len(answer) < 60 else answer
    if isinstance(answer, dict):
        out = {}
        for k, v in answer.items():
            area = normalize_areas(b, k)
            if area in out:
                raise IllegalAnswer(f"{b.areas[area].name} is named twice.")
            out[area] = normalize_areas(b, v)
        return out
    if isinstance(answer, (list, tuple)):
        return [normalize_areas(b, v) for v in answer]
    return answer


# An order in words, as the feed writes it ("March +1 (special)", "Defense +1", "Consolidate Power")
_WORDS = re.compile(r"\b(?P<type>march|defen[cs]e|support|raid|consolidate(?:\s+power)?)\b\s*(?P<mod>[+-]?\s*\d)?"
                    r"\s*(?P<special>\*|\(\s*special\s*\)|\bspecial\b)?", re.IGNORECASE)
_LETTERS = {"march": "M", "defense": "D", "defence": "D", "support": "S", "raid": "R", "consolidate": "CP"}


def _notation(words: re.Match[str]) -> str:
    letter = _LETTERS[words.group("type").split()[0].lower()]
    mod = re.sub(r"\s+", "", words.group("mod") or "")
    return f" {letter}{mod}{'*' if words.group('special') else ''} "


def split_orders(text: str) -> list[tuple[str, str | None, str | None]]:
    """(part, area text, order text) per comma-, semicolon- or line-separated part; None when no order is
    found in a part. Orders may be written as notation (``M+1``) or in the feed's words (``March +1``)."""
    out: list[tuple[str, str | None, str | None]] = []
    for written in re.split(r"[,;\n]+", text.replace("\u2605", "*")):  # the star sign too
        written = written.strip()
        part = _WORDS.sub(_notation, written).strip()
        if not part:
            continue
        match = _AT_END.match(part) or _AT_START.match(part)
        if match is None or not match.group("area").strip(" :=-"):
            out.append((written, None, None))
            continue
        out.append((written, match.group("area").strip(" :=-"), re.sub(r"\s+", "", match.group("token"))))
    return out
