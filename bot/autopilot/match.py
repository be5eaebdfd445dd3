"""Games with the autopilot in one seat and random agents or deadline defaults in the others."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bot.autopilot.player import Autopilot
from engine.agot import Game, Settings
from engine.agot.agent import RandomAgent
from engine.core import AlreadySubmitted, IllegalAnswer

MAX_DECISIONS = 20_000
RETRIES = 4


class DefaultAgent:
    """A seat that always plays the deadline default."""

    def answer(self, view: dict[str, Any], decision: dict[str, Any]) -> Any:
        return decision["default"]


@dataclass
class Outcome:
    winner: str | None
    refused: int  # autopilot answers the engine refused (each retried with the default)
    decisions: int
    game: Game
    kinds: Counter[str] = field(default_factory=Counter)  # decision kinds the autopilot answered


def play(players: int, seed: int, seat: str | None, opponents: str, setup: str = "") -> Outcome:
    """One game; ``seat`` is the autopilot's house (None: autopilots everywhere); ``opponents``:
    ``random`` or ``default``; ``setup``: a Mother of Dragons set-up ("7", "8"; 7 and 8 players play theirs
    anyway), where a vassal's decisions go to its commander's agent."""
    game = Game.new(players, seed, Settings(setup=setup))
    agents: dict[str, Any] = {}
    for i, house in enumerate(sorted(game.state.houses)):
        if seat is None or house == seat:
            agents[house] = Autopilot(seed * 31 + i)
        elif opponents == "random":
            agents[house] = RandomAgent(seed * 7919 + i)
        else:
            agents[house] = DefaultAgent()
    refused = decisions = 0
    kinds: Counter[str] = Counter()
    while not game.over:
        if decisions >= MAX_DECISIONS:
            raise RuntimeError(f"game {seed} stalled after {decisions} decisions")
        decision = game.raw_decisions()[0]
        player = game.answerer(decision.player)
        view = game.view(player)
        mine = next(d for d in view["private"]["decisions"] if d["id"] == decision.id)
        agent = agents[player]
        if isinstance(agent, Autopilot):
            kinds[decision.kind] += 1
        for attempt in range(RETRIES + 1):
            answer = agent.answer(view, mine) if attempt < RETRIES else mine["default"]
            try:
                game.submit(player, decision.id, answer)
            except AlreadySubmitted:
                break
            except IllegalAnswer:
                if isinstance(agent, Autopilot):
                    refused += 1
                    agent = DefaultAgent()  # the autopilot's answer refused: retry with the default
                continue
            break
        decisions += 1
    return Outcome(game.state.winner, refused, decisions, game, kinds)
