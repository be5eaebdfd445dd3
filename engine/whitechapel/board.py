"""The Letters from Whitechapel board, loaded once from ``data/whitechapel/board.json``.

That file is written by ``tools/convert_whitechapel.py`` from public transcriptions of the board (see NOTICE and
its ``settled`` notes); this module only reads it and answers questions about circles, crossings and moves.

Jack moves between numbered circles: a regular move goes to a circle one move away along the dotted lines,
passing crossings only, and a policeman on a crossing blocks each route through it. Policemen stand on
crossings, step to the next crossing passing circles as if they were not there, and search or arrest on the
circles joined to their crossing with no crossing between.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Collection
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.errors import IllegalAnswer

DATA = Path(__file__).resolve().parents[2] / "data" / "whitechapel" / "board.json"


@dataclass(frozen=True)
class Crossing:
    name: str
    x: float
    y: float
    yellow: bool
    circles: tuple[int, ...]  # the circles it touches directly: a policeman here searches and arrests there


@dataclass(frozen=True)
class Circle:
    number: int
    x: float
    y: float
    red: bool


def _key(text: str) -> str:
    return "".join(text.split()).upper()


class Board:
    """Circles, crossings and the moves between them. Immutable; shared by every game."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.width: float = raw["width"]
        self.height: float = raw["height"]
        self.circles: dict[int, Circle] = {
            c["number"]: Circle(c["number"], c["x"], c["y"], c["red"]) for c in raw["circles"]
        }
        self.crossings: dict[str, Crossing] = {
            c["name"]: Crossing(c["name"], c["x"], c["y"], c["yellow"], tuple(c["circles"])) for c in raw["crossings"]
        }
        self.red = frozenset(n for n, c in self.circles.items() if c.red)
        self.yellow = frozenset(n for n, c in self.crossings.items() if c.yellow)
        self._order = {name: i for i, name in enumerate(self.crossings)}
        self._steps = {c["name"]: tuple(c["steps"]) for c in raw["crossings"]}
        self._routes: dict[tuple[int, int], tuple[frozenset[str], ...]] = {}
        neighbours: dict[int, set[int]] = {n: set() for n in self.circles}
        for move in raw["moves"]:
            a, b = move["circles"]
            routes = tuple(frozenset(r) for r in move["routes"])
            self._routes[(a, b)] = self._routes[(b, a)] = routes
            neighbours[a].add(b)
            neighbours[b].add(a)
        self._moves = {n: tuple(sorted(near)) for n, near in neighbours.items()}
        beside: dict[int, set[int]] = {n: set() for n in self.circles}
        for a, b in raw["alleys"]:
            beside[a].add(b)
            beside[b].add(a)
        self._alleys = {n: tuple(sorted(near)) for n, near in beside.items()}
        self._streets = [(self._point(a), self._point(b)) for a, b in raw["streets"]]
        self._by_key = {_key(name): name for name in self.crossings}

    def _point(self, label: str) -> tuple[float, float]:
        spot = self.circles[int(label)] if label.isdigit() else self.crossings[label]
        return spot.x, spot.y

    def moves(self, circle: int) -> tuple[int, ...]:
        """The circles one regular move away, sorted."""
        return self._moves[circle]

    def routes(self, a: int, b: int) -> tuple[frozenset[str], ...]:
        """The crossings each route from ``a`` to ``b`` passes (a route may pass none); ``()`` if not adjacent.

        Only the shortest routes are listed: a route passing every crossing of another is blocked whenever
        that one is."""
        return self._routes.get((a, b), ())

    def free_moves(self, circle: int, police: Collection[str]) -> tuple[int, ...]:
        """The circles one regular move away along a route no policeman stands on, sorted."""
        blocked = frozenset(police)
        return tuple(b for b in self._moves[circle] if any(r.isdisjoint(blocked) for r in self._routes[(circle, b)]))

    def alleys(self, circle: int) -> tuple[int, ...]:
        """The circles one Alley move away (on a perimeter of a block this circle is on), sorted."""
        return self._alleys[circle]

    def coach_moves(self, circle: int) -> tuple[tuple[int, int], ...]:
        """Every (first, second) circle of a Coach move: two regular moves, police ignored, not back to the start."""
        return tuple((first, second) for first in self._moves[circle] for second in self._moves[first]
                     if second != circle)

    def circles_at(self, crossing: str) -> tuple[int, ...]:
        """The circles a policeman on this crossing can search or arrest in."""
        return self.crossings[crossing].circles

    def steps(self, crossing: str) -> tuple[str, ...]:
        """The crossings one police step away, in the board's order."""
        return self._steps[crossing]

    def police_moves(self, crossing: str) -> tuple[str, ...]:
        """The crossings a policeman here can move to: one or two steps away, not this one; in the board's order."""
        reach = {far for near in self._steps[crossing] for far in (near, *self._steps[near])} - {crossing}
        return tuple(sorted(reach, key=self._order.__getitem__))

    def streets(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """The dotted-line segments between circles and crossings, for drawing."""
        return list(self._streets)

    def crossing_named(self, text: str) -> str:
        """The crossing a player named (any case, any spacing, like ``f7b``); refuses an unknown name."""
        name = self._by_key.get(_key(text))
        if name is not None:
            return name
        shown = " ".join(text.split())[:20] or "(nothing)"
        close = difflib.get_close_matches(_key(text), self._by_key, n=3)
        hint = f"did you mean {' or '.join(self._by_key[k] for k in close)}?" if close else \
            "crossings are named by the board grid, like F7 or F7b."
        raise IllegalAnswer(f"There is no crossing {shown}: {hint}")


@cache
def board() -> Board:
    """The board, read once."""
    return Board(json.loads(DATA.read_text(encoding="utf-8")))
