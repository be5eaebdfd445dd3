"""The position a random playout of ``engine.simulate.play`` reaches: the same picker, agents and retries, stopped
after ``steps`` decisions, so an audited "seed N, step K" (decision K counted from 0) is set up again in a test."""

from __future__ import annotations

from engine.agot import Game, Settings
from engine.agot.agent import RandomAgent
from engine.core import AlreadySubmitted, Event, IllegalAnswer, Rng
from engine.simulate import RETRIES


def playout(players: int, seed: int, steps: int, settings: Settings | None = None) -> tuple[Game, list[Event]]:
    """The game of ``engine.simulate.play(players, seed, settings)`` after its first ``steps`` decisions, with the
    events of the last answer."""
    game = Game.new(players, seed, settings)
    picker = Rng(seed ^ 0x5EED)
    agents = {h: RandomAgent(seed * 7919 + i) for i, h in enumerate(sorted(game.state.houses))}
    events: list[Event] = []
    for _ in range(steps):
        decisions = game.open_decisions()
        if picker.below(10) == 0:
            decisions = game.open_decisions(submitted=True)
        decision = picker.choice(decisions)
        view = game.view(decision.player)
        mine = next(d for d in view["private"]["decisions"] if d["id"] == decision.id)
        for attempt in range(RETRIES + 1):
            answer = agents[decision.player].answer(view, mine) if attempt < RETRIES else mine["default"]
            try:
                events = game.submit(decision.player, decision.id, answer)
            except AlreadySubmitted:
                break
            except IllegalAnswer:
                if attempt == RETRIES:
                    raise
                continue
            break
    return game, events
