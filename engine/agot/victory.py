"""Victory (rule 19, rulings C3, C4, C5, A18): a 7th castle or stronghold area wins at once; after round 10 the
ranking follows the game's tie-breakers."""

from __future__ import annotations

from collections.abc import Sequence

from engine.agot.mod import loyalty
from engine.agot.mod import rules as mod_rules
from engine.agot.table import Table
from engine.agot.world import castle_holders, land_areas, strongholds, victory_points


def check_victory(table: Table) -> None:
    """A house controlling its 7th castle/stronghold area wins at once (19.2, A18). Counted only when the
    control of a castle or stronghold area changed since the last check."""
    if table.state.winner is not None:
        return
    if table.board.setup:
        mod_rules.after_step(table)
        if loyalty.TARGARYEN in table.state.houses and \
                table.state.mod.get("loyalty_gained", 0) >= loyalty.to_win(table):  # M3
            finish(table, [loyalty.TARGARYEN])
            return
    held = castle_holders(table.board, table.state)
    if held == table.castles_seen:
        return
    table.castles_seen = held
    target = table.board.tables["castles_to_win"]
    # M3, M8: Targaryen does not win by castles, nor does a vassal
    unable = (*table.vassals(), loyalty.TARGARYEN) if table.board.setup else ()
    winners = [h for h in table.state.houses if held.count(h) >= target and h not in unable]
    if winners:
        finish(table, winners)


def finish(table: Table, candidates: Sequence[str] | None = None) -> None:
    """End the game; the ranking follows the C3 tie-breakers of the game's setting."""
    s, b = table.state, table.board
    throne = {h: i for i, h in enumerate(s.iron_throne)}
    vassals = table.vassals()

    def points(h: str) -> int:  # M9: players before vassals; Targaryen counts its loyalty tokens
        if b.setup and h == loyalty.TARGARYEN:
            return int(s.mod.get("loyalty_gained", 0)) - 1000 * (h in vassals)
        return victory_points(b, s, h) - 1000 * (h in vassals)

    if s.settings.get("tiebreak") == "faq":
        def key(h: str) -> tuple[int, ...]:
            return (-points(h), -land_areas(b, s, h), -s.houses[h].supply, throne[h])
    else:
        def key(h: str) -> tuple[int, ...]:
            return (-points(h), -strongholds(b, s, h), -s.houses[h].supply,
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
