"""The games this engine plays, by their stored name (engine/core/contract.GameRules).

The only module that names every game package: the table service and its tools look games up here.
"""

from __future__ import annotations

from engine.agot.rules import AGOT
from engine.core.contract import GameRules
from engine.core.errors import IllegalAnswer
from engine.monopoly.rules import MONOPOLY
from engine.whitechapel.rules import WHITECHAPEL

DEFAULT = "agot"  # games stored before games had names
GAMES: dict[str, GameRules] = {AGOT.name: AGOT, WHITECHAPEL.name: WHITECHAPEL, MONOPOLY.name: MONOPOLY}


def rules(name: str | None) -> GameRules:
    """The game stored under ``name`` (``None``: the default); an unknown name is refused in one line."""
    found = GAMES.get(name or DEFAULT)
    if found is None:
        raise IllegalAnswer(f"Unknown game {name!r}: this bot plays {', '.join(sorted(GAMES))}.")
    return found


def names() -> list[str]:
    return sorted(GAMES)
