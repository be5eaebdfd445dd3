"""The rooms of the games this bot plays, by the game's stored name (``bot/games/room.Room``).

The one module of the bot that names every game's room: the table service finds a game's room here, from the
name stored with the game (``engine.registry`` names the same games). A room is imported on first use, so that a
game's room may use the service's own kinds while the service is being imported.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from bot.games.room import Room
from engine.core import IllegalAnswer
from engine.registry import DEFAULT, rules

# game name -> the module whose ``ROOM`` is its room
ROOMS: dict[str, str] = {"agot": "bot.games.agot.room", "monopoly": "bot.games.monopoly.room",
                         "whitechapel": "bot.games.whitechapel.room"}


@cache
def room(name: str | None) -> Room:
    """The room of the game stored under ``name`` (``None``: the default, A Game of Thrones); an unknown game, or
    one whose room is not written yet, is refused in one line (``IllegalAnswer``)."""
    name = name or DEFAULT
    rules(name)  # refuses a name the engine does not play
    path = ROOMS.get(name)
    try:
        if path is not None:
            found: Room = import_module(path).ROOM
            return found
    except ModuleNotFoundError as exc:
        if exc.name != path:
            raise
    raise IllegalAnswer(f"The table cannot host {rules(name).title} yet: its room is not written.")
