"""The dice: two white dice and, for a player who has reached GO once (setting ``speed_die``), the Speed Die.

A throw is plain data, ``{"white": [a, b], "speed": face | None}``; the Speed Die's six faces are 1, 2, 3, the
Bus and Mr. Monopoly twice. Every throw goes through ``throw`` (the only use of the RNG for dice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.monopoly.game import Game

FACES = ("1", "2", "3", "bus", "mr_monopoly", "mr_monopoly")
Throw = dict[str, Any]


def throw(game: Game, speed: bool) -> Throw:
    """Two white dice, and the Speed Die when ``speed``."""
    white = [game.rng.below(6) + 1, game.rng.below(6) + 1]
    return {"white": white, "speed": FACES[game.rng.below(6)] if speed else None}


def white(t: Throw) -> int:
    return int(sum(t["white"]))


def doubles(t: Throw) -> bool:
    """Doubles are read from the white dice only (S5)."""
    a, b = t["white"]
    return bool(a == b)


def speed_number(t: Throw) -> int:
    """The Speed Die's number: 1-3, the Bus and Mr. Monopoly counting 0."""
    face = t.get("speed")
    return int(face) if face in ("1", "2", "3") else 0


def triples(t: Throw) -> bool:
    """Three of a kind: both white dice show the Speed Die's number (S6)."""
    a, b = t["white"]
    return bool(a == b == speed_number(t))


def total(t: Throw) -> int:
    """All the dice, for a utility's rent (M5.6)."""
    return white(t) + speed_number(t)


def bus_choices(t: Throw) -> list[int]:
    """The distances the Bus offers: one white die, the other, or both (each once)."""
    a, b = t["white"]
    return sorted({a, b, a + b})


def shown(t: Throw) -> str:
    a, b = t["white"]
    face = t.get("speed")
    extra = "" if face is None else f" and {SPEED_NAMES[face]}"
    return f"{a} and {b}{extra}"


SPEED_NAMES = {"1": "a 1", "2": "a 2", "3": "a 3", "bus": "the Bus", "mr_monopoly": "Mr. Monopoly"}
