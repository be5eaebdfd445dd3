"""Random answers for tests, benchmarks and the demo; the replay file itself is ``bot.service.replayfile`` (the
service and these admin tools both use it), re-exported here for the command line."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.room import Autopilot
from bot.service.replay import state_hash
from bot.service.replayfile import Answer, Replay, ReplayError
from engine.agot.agent import RandomAgent
from engine.core import IllegalAnswer, Rng
from engine.core.contract import GameState

__all__ = ["Answer", "Replay", "ReplayError", "random_answers", "state_hash"]

RETRIES = 6  # random answers refused before the decision's default is given


def random_answers(game: GameState, seed: int, limit: int | None = None,
                   agent: Callable[[int], Autopilot] = RandomAgent) -> list[Answer]:
    """Play ``game`` on with random agents (``agent(seed)``: AGoT's ``RandomAgent`` unless told) that see only
    their own view, until it ends (or ``limit`` answers); return the accepted answers in order (tests and
    benchmarks feed them to the service or a replay file)."""
    agents = {h: agent(seed * 31 + i) for i, h in enumerate(sorted(game.players()))}
    picker = Rng(seed)
    answers: list[Answer] = []
    while not game.over and (limit is None or len(answers) < limit):
        decision = picker.choice(game.open_decisions())
        view = game.view(decision.player)
        mine = next(d for d in view["private"]["decisions"] if d["id"] == decision.id)
        for attempt in range(RETRIES + 1):
            answer = agents[decision.player].answer(view, mine) if attempt < RETRIES else mine["default"]
            try:
                game.submit(decision.player, decision.id, answer)
            except IllegalAnswer:
                continue
            answers.append(Answer(len(answers) + 1, decision.player, decision.id, answer))
            break
    return answers
