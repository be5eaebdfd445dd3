"""Victory (rule 19, rulings C3, C4, C5, A18): a 7th castle or stronghold area wins at once; after round 10 the
ranking follows the game's tie-breakers."""

from __future__ import annotations

from collections.abc import Sequence

from engine.agot.table import Table
from engine.agot.world import castle_holders, land_areas, strongholds, victory_points


def check_victory(table: Table) -> None:
    """A house controlling its 7th castle/stronghold area wins at once (19.2, A18). Counted only when the
    control of a castle or stronghold area changed since the last check."""
    if table.state.winner is not None:
        return
    held = castle_holders(table.board, table.state)
    if held == table.castles_seen:
        return
    table.castles_seen = held
    target = table.board.tables["castles_to_win"]
    winners = [h for h in table.state.houses if held.count(h) >= target]
    if winners:
        finish(table, winners)


def finish(table: Table, candidates: Sequence[str] | None = None) -> None:
    """End the game; the ranking follows the C3 tie-breakers of the game's setting."""
    s, b = table.state, table.board
    throne = {h: i for i, h in enumerate(s.iron_throne)}
    if s.settings.get("tiebreak") == "faq":
        def key(h: str) -> tuple[int, ...]:
            return (-victory_points(b, s, h), -land_areas(b, s, h), -s.houses[h].supply, throne[h])
    else:
        def key(h: str) -> tuple[int, ...]:
            return (-victory_points(b, s, h), -strongholds(b, s, h), -s.houses[h].supply,
                    -s.houses[h].power, throne[h])
    ranking = sorted(s.houses, key=key)
    if candidates:
        ranking = sorted(candidates, key=key) + [h for h in ranking if h not in candidates]
    s.ranking = ranking
    s.winner = ranking[0]
    s.phase = "ended"
    s.stack = []
    table.emit("game_over", f"{table.house_name(s.winner)} wins the game.", winner=s.winner, ranking=ranking,
               victory_points={h: victory_points(b, s, h) for h in s.houses})
