"""Which order tokens a house owns in a Mother of Dragons game: the 15 of the base game, plus the sea orders
when they are in play (M10); a vassal owns only the 4 vassal orders (M8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.agot.table import Table


def house_tokens(table: Table, house: str) -> list[str]:
    """The ids of ``house``'s order tokens, in the board's order."""
    b = table.board
    if not b.setup:
        return list(b.order_tokens)
    base = [t["id"] for t in b.tables["order_tokens"]]
    return base
