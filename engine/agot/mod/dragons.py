"""Dragons (M7, M12, M13; checklist 13-15): their strength by round and the dragon box of Fire Made Flesh."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.agot.world import can_enter

if TYPE_CHECKING:
    from engine.agot.board import Board
    from engine.agot.state import GameState


def track_tokens(b: Board, s: GameState) -> list[int]:
    """The rounds of the strength tokens still on the round track (``state.mod["dragon_track"]``; Fire Made Flesh
    takes them off into the dragon box)."""
    rounds = b.setups[b.setup].get("dragon_strength_rounds", []) if b.setup else []
    return list(s.mod.get("dragon_track", rounds))


def dragon_strength(b: Board, s: GameState) -> int:
    """The strength of every Dragon now: the tokens on the round track whose round has come, plus those in the
    dragon box (each token counts once; never above the table's maximum)."""
    reached = sum(1 for r in track_tokens(b, s) if r <= s.round)
    return min(reached + int(s.mod.get("dragon_box", 0)), b.mod.get("dragon_strength_max", 0))


def box_next_token(b: Board, s: GameState) -> None:
    """M13: the earliest token still to come leaves the round track for the dragon box."""
    track = track_tokens(b, s)
    track.remove(min(r for r in track if r > s.round))
    s.mod["dragon_track"] = track
    s.mod["dragon_box"] = int(s.mod.get("dragon_box", 0)) + 1


def tokens_to_come(b: Board, s: GameState) -> int:
    return sum(1 for r in track_tokens(b, s) if r > s.round)


def flight_destinations(b: Board, s: GameState, source: str) -> list[str]:
    """Where Dragons marching alone from a land area may go (M7): any land area in play but their own."""
    if not b.is_land(source):
        return []
    return sorted(a for a in b.areas if a != source and b.is_land(a) and can_enter(b, s, a))
