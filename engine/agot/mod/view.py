"""The expansion's part of every view (``view["mod"]``, Mother of Dragons games only). Whitelist, all public:

  setup ("7"/"8"), vassals, commanders ({vassal: house} this round), sea_orders (bool);
  with Targaryen: loyalty ({area: tokens} on the board), loyalty_on_board, loyalty_gained (Targaryen's victory
  count), loyalty_to_win, dragon_strength (now), dragon_box (strength tokens Fire Made Flesh moved early),
  westeros_iv_revealed (the last deck IV card), westeros_iv_deck_size.

HIDDEN (nobody): the order of deck IV (``state.mod["deck_iv"]``); only its size is shown.
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
            "westeros_iv_revealed": s.mod.get("iv_revealed"),
            "westeros_iv_deck_size": len(s.mod.get("deck_iv", [])),
        })
    return out
