"""The expansion's checks after every step (``Game.check_victory`` calls ``after_step``): the vassals' shared
deck stays in step, and Targaryen gains the loyalty tokens of the areas it controls (M3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.agot.mod import loyalty
from engine.agot.mod.vassals import sync_vassal_cards

if TYPE_CHECKING:
    from engine.agot.table import Table


def after_step(table: Table) -> None:
    if not table.board.setup:
        return
    sync_vassal_cards(table)
    loyalty.gain(table)
