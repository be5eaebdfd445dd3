"""Play a seeded random game through the engine alone and record it as a replay file."""

from __future__ import annotations

from bot.admin.replay import Replay, random_answers, state_hash
from engine.agot import Game, Settings


def record_game(players: int, seed: int) -> tuple[Replay, Game]:
    """A random game, every accepted answer recorded in order; the replay records the final hash."""
    settings = {"tides_of_battle": False, "tiebreak": "rb2"}
    game = Game.new(players, seed, Settings(**settings))
    replay = Replay(players, settings, seed, seats=[{"house": h} for h in sorted(game.state.houses)])
    replay.answers = random_answers(game, seed)
    replay.final = {"sha256": state_hash(game), "winner": game.state.winner, "round": game.state.round}
    return replay, game
