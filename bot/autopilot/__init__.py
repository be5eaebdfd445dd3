"""The autopilot: plays a house from its view alone, better than the deadline defaults.

``Autopilot(seed).answer(view, decision)`` has the interface of ``engine.agot.agent.RandomAgent``:
``view`` is ``game.view(house)`` and ``decision`` one of that house's ``Decision.to_dict()``. It
reads nothing else (the static board facts come from ``engine.agot.board``); every kind it has
no opinion on is answered with ``decision["default"]``.
"""

from bot.autopilot.player import Autopilot

__all__ = ["Autopilot"]
