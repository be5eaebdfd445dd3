"""A deterministic driver for tests: the answer to a decision depends only on the seed and the decision id,
so a game restored from JSON continues exactly as the original."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.agot import Game
from engine.agot.agent import RandomAgent
from engine.core import Decision, Event, IllegalAnswer, Rng


def step(game: Game, seed: int) -> tuple[Decision, list[Event]]:
    decisions = game.open_decisions()
    pick = Rng(seed * 31 + int(decisions[0].id)).below(len(decisions))
    d = decisions[pick]
    view = game.view(d.player)
    mine = next(x for x in view["private"]["decisions"] if x["id"] == d.id)
    agent = RandomAgent(seed * 1_000_003 + int(d.id))
    for _ in range(6):
        try:
            return d, game.submit(d.player, d.id, agent.answer(view, mine))
        except IllegalAnswer:
            continue
    return d, game.submit(d.player, d.id, d.default)


def drive(game: Game, seed: int, decisions: int = 10_000,
          check: Callable[[Game, Decision, list[Event]], Any] | None = None) -> Game:
    for _ in range(decisions):
        if game.over:
            break
        d, events = step(game, seed)
        if check:
            check(game, d, events)
    return game
