"""A Game of Thrones: The Board Game, 2nd edition (base game, 3-6 players)."""

from engine.agot.game import Game, Settings

__all__ = ["Game", "Settings"]
