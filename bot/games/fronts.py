"""The fronts of the games this bot plays, by the game's stored name (``bot/games/front.Front``).

The one module of the Discord front end that names every game's front: ``bot/frontend`` finds a game's front
here, from the name stored with the game (``engine.registry`` names the same games). A front is imported on first
use, so that a game's front may use the front end's generic pieces (its buttons, its words) while those are being
imported.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from bot.games.front import Front, Refused
from engine.registry import DEFAULT, names, rules

# game name -> the module whose ``FRONT`` is its front
FRONTS: dict[str, str] = {"agot": "bot.games.agot.front", "whitechapel": "bot.games.whitechapel.front",
                          "monopoly": "bot.games.monopoly.front"}


@cache
def front(name: str | None) -> Front:
    """The front of the game stored under ``name`` (``None``: the default, A Game of Thrones); an unknown game, or
    one whose front is not written yet, is refused in one line (``Refused``)."""
    name = name or DEFAULT
    if name not in names():
        raise Refused(f"Unknown game {name!r}: this bot plays {', '.join(playable())}.")
    path = FRONTS.get(name)
    try:
        found: Front | None = import_module(path).FRONT if path else None
    except ModuleNotFoundError as exc:
        if exc.name != path:
            raise
        found = None
    if found is None:
        raise Refused(f"{rules(name).title} cannot be played on Discord yet: its front is not written.")
    return found


def playable() -> list[str]:
    """The games that have a front: those ``/game create`` offers."""
    out = []
    for name in names():
        try:
            front(name)
        except Refused:
            continue
        out.append(name)
    return out
