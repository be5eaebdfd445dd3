"""A game played out between agents, each answering from its own seat's view (the autopilots' matches against the
engines' random agents: ``bot.games.<game>.match``)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, Protocol

from engine.core import IllegalAnswer
from engine.core.contract import GameState


class Agent(Protocol):
    def answer(self, view: dict[str, Any], decision: dict[str, Any]) -> Any: ...


def play_out(game: GameState, agents: Mapping[str, Agent], pilots: Collection[str], limit: int,
             seed: int) -> tuple[int, int]:
    """Answer the first open decision with its player's agent, from that player's view, until the game is over;
    a refused answer is replaced by the decision's default, as the table does. Returns how many answers of the
    ``pilots`` were refused, and how many decisions were answered; more than ``limit`` is a stall."""
    refused = decisions = 0
    while not game.over:
        if decisions >= limit:
            raise RuntimeError(f"game {seed} stalled after {decisions} decisions")
        raw = game.open_decisions()[0]
        view = game.view(raw.player)
        mine = next(d for d in view["private"]["decisions"] if d["id"] == raw.id)
        try:
            game.submit(raw.player, raw.id, agents[raw.player].answer(view, mine))
        except IllegalAnswer:
            refused += raw.player in pilots
            game.submit(raw.player, raw.id, mine["default"])
        decisions += 1
    return refused, decisions
