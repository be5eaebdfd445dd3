"""Play a seeded random game through the engine alone and record it as a replay file."""

from __future__ import annotations

from bot.admin.replay import Answer, Replay, state_hash
from engine.agot import Game, Settings
from engine.agot.agent import RandomAgent
from engine.core import IllegalAnswer, Rng


def record_game(players: int, seed: int, until_round: int | None = None) -> tuple[Replay, Game]:
    """A random game, every accepted answer recorded in order; the replay records the final hash."""
    settings = {"tides_of_battle": False, "tiebreak": "rb2"}
    game = Game.new(players, seed, Settings(**settings))
    replay = Replay(players, settings, seed, seats=[{"house": h} for h in sorted(game.state.houses)])
    agents = {h: RandomAgent(seed * 31 + i) for i, h in enumerate(sorted(game.state.houses))}
    picker = Rng(seed)
    while not game.over and (until_round is None or game.state.round < until_round):
        decision = picker.choice(game.open_decisions())
        view = game.view(decision.player)
        mine = next(d for d in view["private"]["decisions"] if d["id"] == decision.id)
        for attempt in range(7):
            answer = agents[decision.player].answer(view, mine) if attempt < 6 else mine["default"]
            try:
                game.submit(decision.player, decision.id, answer)
            except IllegalAnswer:
                continue
            replay.answers.append(Answer(len(replay.answers) + 1, decision.player, decision.id, answer))
            break
    replay.final = {"sha256": state_hash(game), "winner": game.state.winner, "round": game.state.round}
    return replay, game
