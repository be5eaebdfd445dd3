"""Dragons (M7, M12, M13; checklist 13-15): their strength by round and the dragon box of Fire Made Flesh."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.agot.world import can_enter

if TYPE_CHECKING:
    from engine.agot.board import Board
    from engine.agot.state import GameState


def dragon_strength(b: Board, s: GameState) -> int:
    """The strength of every Dragon now: the strength tokens whose round has come, plus those Fire Made Flesh
    moved early into the dragon box (never above the table's maximum)."""
    rounds = b.setups[b.setup].get("dragon_strength_rounds", []) if b.setup else []
    reached = sum(1 for r in rounds if r <= s.round)
    waiting = len(rounds) - reached
    return min(reached + min(int(s.mod.get("dragon_box", 0)), waiting), b.mod.get("dragon_strength_max", 0))


def flight_destinations(b: Board, s: GameState, source: str) -> list[str]:
    """Where Dragons marching alone from a land area may go (M7): any land area in play but their own."""
    if not b.is_land(source):
        return []
    return sorted(a for a in b.areas if a != source and b.is_land(a) and can_enter(b, s, a))
