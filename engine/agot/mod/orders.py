"""Which order tokens a house owns in a Mother of Dragons game (M8, M10; checklist 16, 21): the 15 of the base
game, plus the sea orders (Sea March -1, Sea Support) when they are in play; a vassal owns only the 4 vassal
orders. Sea orders go in sea areas only."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.agot.board import Board
    from engine.agot.table import Table

SEA_ONLY = ("SM-1", "SS0", "IB")


def sea_orders(table: Table) -> bool:
    """Sea orders: always in the 8-house set-up, by the setting ``sea_orders`` in the 7-house one (M10)."""
    return table.board.setup == "8" or bool(table.state.settings.get("sea_orders"))


def house_tokens(table: Table, house: str) -> list[str]:
    """The ids of ``house``'s order tokens, in the board's order."""
    b = table.board
    if not b.setup:
        return list(b.order_tokens)
    if house in table.vassals():
        return [t["id"] for t in b.mod["vassal_order_tokens"]]
    tokens = [t["id"] for t in b.tables["order_tokens"]]
    if sea_orders(table):
        tokens += [t["id"] for t in b.mod["sea_order_tokens"] if t["type"] != "iron_bank" or iron_bank(table)]
    return tokens


def iron_bank(table: Table) -> bool:
    """The Iron Bank is in play in the 8-house set-up (M10), once its rules are (``state.mod["bank"]``)."""
    return "bank" in table.state.mod


def placement_problem(b: Board, token: str, area: str) -> str | None:
    """Why ``token`` may not go in ``area`` (a sea order outside a sea area), or None."""
    if token in SEA_ONLY and not b.is_sea(area):
        return "sea orders go in sea areas only"
    return None
