"""Combat (RB2 pp.17-21, checklist section 9) and attacks on neutral forces (section 10).

Not implemented yet: a march that would start a combat is refused with a clear
message, and the state is left unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import IllegalAnswer

if TYPE_CHECKING:
    from engine.agot.game import Game


def start_combat(game: Game, attacker: str, source: str, area: str, kinds: list[str], token: str) -> None:
    raise IllegalAnswer("Combat is not implemented yet: this march would start a combat in "
                        f"{game.area_name(area)}. Choose moves without an attack.")
