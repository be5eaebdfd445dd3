"""Influence tracks outside bidding (6.13, A19, A20).

The Dominance tokens belong to whoever is first on each track, so they follow a
shift at once, in the state they were in (used or not): ``blade_used`` and
``raven_used`` describe the tokens, not their holders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.agot.table import Table as Game

TRACKS = ("iron_throne", "fiefdoms", "kings_court")
TRACK_NAMES = {"iron_throne": "Iron Throne", "fiefdoms": "Fiefdoms", "kings_court": "King's Court"}


def track(game: Game, name: str) -> list[str]:
    if name not in TRACKS:
        raise ValueError(f"unknown track {name}")
    result: list[str] = getattr(game.state, name)
    return result


def move_to(game: Game, name: str, house: str, position: int) -> None:
    """Put ``house`` at ``position`` (0 = first, -1 = last) of a track; the others close up around it."""
    order = track(game, name)
    order.remove(house)
    if position < 0:
        position = len(order) + 1 + position
    order.insert(max(0, min(position, len(order))), house)
    game.emit("track", f"{game.house_name(house)} moves to position {order.index(house) + 1} on the "
              f"{TRACK_NAMES[name]} track.", track=name, house=house, order=list(order))


def set_track(game: Game, name: str, order: list[str]) -> None:
    """Replace a whole track (after bidding)."""
    current = track(game, name)
    if sorted(order) != sorted(current):
        raise ValueError("a track must list every house in play once")
    current[:] = order
