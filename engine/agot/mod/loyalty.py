"""Loyalty tokens and Targaryen's victory (M3, M6; checklist 10-12).

``state.mod["loyalty"]`` maps areas to their loyalty tokens (at most 20 on the board); ``loyalty_gained`` is
Targaryen's victory count. Targaryen takes the tokens of every area it controls, checked after each step outside
a combat (so after each March order is resolved and during the Westeros phase); 7 gained win at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.agot.world import controller

if TYPE_CHECKING:
    from engine.agot.table import Table

TARGARYEN = "targaryen"


def on_board(table: Table) -> int:
    return sum(table.state.mod.get("loyalty", {}).values())


def place(table: Table, areas: list[str], why: str) -> list[str]:
    """Put one loyalty token on each area in turn while fewer than 20 are on the board (M6); returns where
    tokens went."""
    s = table.state
    tokens = s.mod.setdefault("loyalty", {})
    placed = []
    for area in areas:
        if on_board(table) >= table.board.mod["loyalty_max_on_board"]:
            break
        tokens[area] = tokens.get(area, 0) + 1
        placed.append(area)
    if placed:
        table.emit("loyalty_placed", f"{why}: a loyalty token goes to "
                   f"{', '.join(table.area_name(a) for a in placed)}.", areas=placed)
    return placed


def to_win(table: Table) -> int:
    return int(table.board.mod.get("loyalty_to_win", 7))


def gain(table: Table) -> None:
    """Targaryen takes the loyalty tokens of the areas it controls (never mid-combat); a 7th wins at once."""
    s, b = table.state, table.board
    tokens = s.mod.get("loyalty")
    if not tokens or TARGARYEN not in s.houses or TARGARYEN in table.vassals() or s.winner is not None:
        return
    if any(f.get("step") == "combat" for f in s.stack):
        return
    taken = {a: n for a, n in tokens.items() if n and controller(b, s, a) == TARGARYEN}
    if not taken:
        return
    for area in taken:
        del tokens[area]
    s.mod["loyalty_gained"] = s.mod.get("loyalty_gained", 0) + sum(taken.values())
    table.emit("loyalty_gained", f"Targaryen gains {sum(taken.values())} loyalty token(s) in "
               f"{', '.join(table.area_name(a) for a in sorted(taken))} ({s.mod['loyalty_gained']} in all).",
               house=TARGARYEN, areas=sorted(taken), total=s.mod["loyalty_gained"])
