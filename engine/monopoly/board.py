"""The Monopoly board and card decks, loaded once from ``data/monopoly/``.

Those files are written by ``tools/convert_monopoly.py`` from checked public facts (see NOTICE); this module only
reads them. Spaces are numbered 0 (GO) to 39 (Boardwalk) in the direction of play. A *deed* is a space that can
be owned: a street (in a colour group), a railroad or a utility.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[2] / "data" / "monopoly"
SIZE = 40
GO = 0


@dataclass(frozen=True)
class Space:
    index: int
    name: str
    kind: str  # go, street, railroad, utility, tax, chance, community_chest, jail, free_parking, go_to_jail
    group: str | None = None  # a street's colour group
    price: int = 0
    mortgage: int = 0
    house_cost: int = 0
    rent: tuple[int, ...] = ()  # street: base, 1-4 houses, hotel; railroad: by 1-4 owned; utility: x by 1-2 owned
    tax: int = 0  # a tax space's flat amount
    percent: int = 0  # Income Tax's alternative: this percent of the payer's worth

    @property
    def deed(self) -> bool:
        return self.kind in ("street", "railroad", "utility")


@dataclass(frozen=True)
class Card:
    id: str
    deck: str  # chance or community_chest
    label: str
    effect: dict[str, Any]


class Board:
    """The 40 spaces, the colour groups, the constants and the two decks. Immutable; shared by every game."""

    def __init__(self, raw: dict[str, Any], decks: dict[str, Any]) -> None:
        self.spaces: tuple[Space, ...] = tuple(
            Space(s["index"], s["name"], s["kind"], s.get("group"), s.get("price", 0), s.get("mortgage", 0),
                  s.get("house_cost", 0), tuple(s.get("rent", ())), s.get("tax", 0), s.get("percent", 0))
            for s in raw["spaces"])
        self.constants: dict[str, int] = dict(raw["constants"])
        self.groups: dict[str, tuple[int, ...]] = {g: tuple(v) for g, v in raw["groups"].items()}
        self.deeds: tuple[int, ...] = tuple(s.index for s in self.spaces if s.deed)
        self.cards: dict[str, Card] = {c["id"]: Card(c["id"], deck, c["label"], c["effect"])
                                       for deck in ("chance", "community_chest") for c in decks[deck]}
        self.decks: dict[str, tuple[str, ...]] = {deck: tuple(c["id"] for c in decks[deck])
                                                  for deck in ("chance", "community_chest")}

    def __getitem__(self, index: int) -> Space:
        return self.spaces[index]

    def of_kind(self, kind: str) -> tuple[int, ...]:
        return tuple(s.index for s in self.spaces if s.kind == kind)

    def group_of(self, index: int) -> tuple[int, ...]:
        """The deeds that count together with this one: its colour group, or all railroads, or both utilities."""
        s = self.spaces[index]
        if s.kind == "street":
            assert s.group is not None
            return self.groups[s.group]
        return self.of_kind(s.kind)

    def ahead(self, start: int, index: int) -> int:
        """How many steps forward from ``start`` to ``index`` (0 if the same space)."""
        return (index - start) % SIZE

    def next_of_kind(self, start: int, kind: str) -> int:
        """The first space of ``kind`` strictly ahead of ``start``."""
        return next(i % SIZE for i in range(start + 1, start + SIZE + 1) if self.spaces[i % SIZE].kind == kind)

    def name(self, index: int) -> str:
        return self.spaces[index].name


@cache
def board() -> Board:
    raw = json.loads((DATA / "board.json").read_text(encoding="utf-8"))
    decks = json.loads((DATA / "cards.json").read_text(encoding="utf-8"))
    return Board(raw, decks)
