"""The expansion's part of every view (``view["mod"]``, Mother of Dragons games only). Whitelist, all public:

  setup ("7"/"8"), vassals, commanders ({vassal: house} this round), sea_orders (bool);
  with Targaryen: loyalty ({area: tokens} on the board), loyalty_on_board, loyalty_gained (Targaryen's victory
  count), loyalty_to_win, dragon_strength (now), dragon_box (strength tokens Fire Made Flesh moved early).

HIDDEN (nobody): nothing of the expansion's decks is in a view but their sizes, added with their rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.agot.mod.dragons import dragon_strength
from engine.agot.mod.loyalty import TARGARYEN, on_board, to_win
from engine.agot.mod.orders import sea_orders

if TYPE_CHECKING:
    from engine.agot.table import Table


def public(table: Table) -> dict[str, Any]:
    b, s = table.board, table.state
    out: dict[str, Any] = {
        "setup": b.setup,
        "vassals": list(table.vassals()),
        "commanders": dict(s.mod.get("commanders", {})),
        "sea_orders": sea_orders(table),
    }
    if TARGARYEN in s.houses:
        out.update({
            "loyalty": dict(s.mod.get("loyalty", {})),
            "loyalty_on_board": on_board(table),
            "loyalty_gained": int(s.mod.get("loyalty_gained", 0)),
            "loyalty_to_win": to_win(table),
            "dragon_strength": dragon_strength(b, s),
            "dragon_box": int(s.mod.get("dragon_box", 0)),
        })
    return out
