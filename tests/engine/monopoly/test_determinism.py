"""The same seed and answers give the same bytes; a game reloaded from JSON after every answer goes on exactly as
the one kept in memory."""

import json

from engine.core import IllegalAnswer
from engine.monopoly.agent import RandomAgent
from engine.monopoly.rules import MONOPOLY


def replay(players: int, seed: int, reload: bool, answers: int = 400) -> list[str]:
    game = MONOPOLY.new(players, MONOPOLY.check_settings({"rounds": 20}, players), seed)
    agents = {p: RandomAgent(seed + i) for i, p in enumerate(game.players())}
    log = [json.dumps([e.to_dict() for e in game.events])]
    for _ in range(answers):
        if game.over:
            break
        d = game.open_decisions()[0]
        view = game.view(d.player)
        mine = next(x for x in view["private"]["decisions"] if x["id"] == d.id)
        try:
            events = game.submit(d.player, d.id, agents[d.player].answer(view, mine))
        except IllegalAnswer:
            events = game.submit(d.player, d.id, mine["default"])
        log.append(json.dumps([e.to_dict() for e in events]) + json.dumps(game.to_dict()))
        if reload:
            game = MONOPOLY.load(json.loads(json.dumps(game.to_dict(), sort_keys=True)))
    return log


def test_same_seed_same_answers_same_bytes() -> None:
    assert replay(4, 11, reload=False) == replay(4, 11, reload=False)
    assert replay(4, 11, reload=False) != replay(4, 12, reload=False)


def test_a_game_reloaded_after_every_answer_goes_on_identically() -> None:
    assert replay(3, 21, reload=True) == replay(3, 21, reload=False)
