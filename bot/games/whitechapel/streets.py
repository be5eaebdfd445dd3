"""Distances on the Whitechapel board for the autopilot: regular moves between circles, police steps between
crossings, and which circles a policeman can search or arrest in after his move. Built once from the engine's
board and only read afterwards."""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable
from functools import cache
from heapq import heappop, heappush
from typing import TypeVar

from engine.whitechapel.board import board

FAR = 99
Node = TypeVar("Node", bound=Hashable)


def spread(starts: Iterable[Node], near: Callable[[Node], Iterable[Node]]) -> dict[Node, int]:
    """Breadth-first distances from the ``starts`` (0) along ``near``."""
    found = {s: 0 for s in starts}
    frontier = list(found)
    while frontier:
        nxt = []
        for node in frontier:
            for other in near(node):
                if other not in found:
                    found[other] = found[node] + 1
                    nxt.append(other)
        frontier = nxt
    return found


@cache
def moves_from(circle: int) -> dict[int, int]:
    """Regular moves from ``circle`` to every circle, police ignored."""
    return spread([circle], board().moves)


def moves(a: int, b: int) -> int:
    return moves_from(a).get(b, FAR)


@cache
def steps_from(crossing: str) -> dict[str, int]:
    """Police steps from ``crossing`` to every crossing."""
    return spread([crossing], board().steps)


@cache
def touching(circle: int) -> tuple[str, ...]:
    """The crossings whose policeman can search or arrest in ``circle``."""
    return tuple(sorted(x.name for x in board().crossings.values() if circle in x.circles))


def steps_to_circle(crossing: str, circle: int) -> int:
    """Police steps from ``crossing`` until ``circle`` is next to the policeman."""
    far = steps_from(crossing)
    return min((far.get(x, FAR) for x in touching(circle)), default=FAR)


@cache
def reach(crossing: str) -> frozenset[int]:
    """The circles a policeman on ``crossing`` can search or arrest in after this round's move."""
    b = board()
    return frozenset(c for x in (crossing, *b.police_moves(crossing)) for c in b.circles_at(x))


def watch(crossings: Collection[str]) -> dict[int, int]:
    """For each circle, how many of these policemen can act there after their move (0 left out)."""
    count: dict[int, int] = {}
    for crossing in crossings:
        for c in reach(crossing):
            count[c] = count.get(c, 0) + 1
    return count


def home_costs(home: int, police: Collection[str], price: Callable[[int], float]) -> dict[int, float]:
    """The cheapest way from every circle to ``home`` by regular moves free of ``police``, each circle entered
    costing ``price(circle)`` (home itself costs nothing)."""
    b = board()
    cost = {home: 0.0}
    heap: list[tuple[float, int]] = [(0.0, home)]
    while heap:
        spent, here = heappop(heap)
        if spent > cost.get(here, float("inf")):
            continue
        for other in b.free_moves(here, police):
            total = spent + (price(here) if here != home else 0.0) + 1.0
            if total < cost.get(other, float("inf")):
                cost[other] = total
                heappush(heap, (total, other))
    return cost
