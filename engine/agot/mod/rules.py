"""The expansion's checks after every step (``Game.check_victory`` calls ``after_step``): the vassals' shared
deck stays in step, and Targaryen gains the loyalty tokens of the areas it controls (M3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.agot.mod import loyalty
from engine.agot.mod.vassals import sync_vassal_cards
from engine.agot.world import controller

if TYPE_CHECKING:
    from engine.agot.table import Table


def after_step(table: Table) -> None:
    if not table.board.setup:
        return
    sync_vassal_cards(table)
    loyalty.gain(table)
    regain_garrisons(table)


def regain_garrisons(table: Table) -> None:
    """M13, MP7: Pentos' garrison comes back whenever its house controls it without one (never in the middle of
    a combat). Only a lost garrison is missing, so the board alone tells it: a position built by hand or
    repaired by an admin needs no record of the loss."""
    b, s = table.board, table.state
    if any(f.get("step") == "combat" for f in s.stack):
        return
    for area in b.mod.get("regains_garrison", []):
        home = b.areas[area].home
        if home not in s.houses or s.areas[area].garrison or controller(b, s, area) != home:
            continue
        strength = b.setups[b.setup]["garrisons"].get(area, 0)
        s.areas[area].garrison = strength
        table.emit("garrison_regained", f"{table.house_name(home)}'s garrison returns to "
                   f"{table.area_name(area)}.", house=home, area=area, garrison=strength)
