"""The expansion's part of every view (``view["mod"]``, Mother of Dragons games only). Whitelist, all public:

  setup ("7"/"8"), vassals, commanders ({vassal: house} this round), sea_orders (bool);
  with Targaryen: loyalty ({area: tokens} on the board), loyalty_on_board, loyalty_gained (Targaryen's victory
  count), loyalty_to_win, dragon_strength (now), dragon_box (strength tokens Fire Made Flesh moved early),
  westeros_iv_revealed (the last deck IV card), westeros_iv_deck_size.

  iron_bank (8 houses): row (the 3 face-up loans, slot 0 newest), costs ({house: the 3 slot prices}, Braavos'
  discount included), loans ({house: loans bought}), improvements ({"power"|"supply": {area: n}}), castles
  ({area: level change by loans}), deck_size.
HIDDEN (nobody): the order of deck IV (``state.mod["deck_iv"]``) and of the loan deck (``loan_deck``); only
  their sizes are shown. Spymaster's look at a Westeros deck is in its buyer's decision only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.agot.mod.bank import costs
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
    if "bank" in s.mod:
        bank = s.mod["bank"]
        out["iron_bank"] = {
            "row": list(bank["row"]),
            "costs": {h: costs(table, h) for h in s.houses if h not in table.vassals()},
            "loans": {h: list(v) for h, v in bank["loans"].items()},
            "improvements": {k: dict(v) for k, v in bank["improvements"].items()},
            "castles": dict(bank.get("castles", {})),
            "deck_size": len(s.mod.get("loan_deck", [])),
        }
    return out
