"""Random legal games for 2-6 players: no error, no stall; no secret reaches anyone it should not (the leak audit
against the raw state); the same seed and answers give the same bytes; a game reloaded from sorted-key JSON after
every answer goes on exactly as the one kept in memory."""

import json

import pytest

from engine.core import Audience, EngineError, Event
from engine.whitechapel import game as game_module
from engine.whitechapel.agent import RandomAgent
from engine.whitechapel.audit import Auditor, circles_in
from engine.whitechapel.rules import WHITECHAPEL
from tests.engine.whitechapel.kit import answer, decision, playout

GAMES_PER_COUNT = 40
SETTINGS = {"false_clues": True, "rushing": True, "i_know_your_address": True}


@pytest.mark.parametrize("players", range(2, 7))
def test_random_games_end_without_error_or_stall(players: int) -> None:
    winners = set()
    for seed in range(GAMES_PER_COUNT):
        game, _ = playout(players, 1000 * players + seed, SETTINGS if seed % 2 else {})
        assert game.over and len(game.standings()) == players
        winners.add(game.state.winner)
    assert winners == {"jack", "detectives"}


@pytest.mark.parametrize("players", range(2, 7))
def test_leak_audit_against_the_raw_state(players: int) -> None:
    for seed in range(4):
        game = WHITECHAPEL.new(players, SETTINGS, 77 * players + seed)
        agents = {p: RandomAgent(seed + i) for i, p in enumerate(game.players())}
        auditor = Auditor()
        assert auditor.check(game, []) == []
        while not game.over:
            d = decision(game)
            view = game.view(d.player)
            events = game.submit(d.player, d.id, agents[d.player].answer(view, view["private"]["decisions"][0]))
            assert auditor.check(game, events) == []


def test_the_audit_finds_a_planted_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    game = WHITECHAPEL.new(2, {}, 3)
    auditor = Auditor()
    answer(game, 57)
    assert auditor.check(game, [Event("jack_moved", Audience.public(), "Jack moved to 57.", {"to": 57})]) == [
        "jack_moved text names a number: Jack moved to 57.", "jack_moved names one of Jack's secret circles"]
    assert auditor.check(game, []) == []
    real = game_module.build_view
    monkeypatch.setattr(game_module, "build_view", lambda g, p: {**real(g, p), "leak": g.state.hideout})
    assert "the view of the public depends on Jack's secrets" in auditor.check(game, [])
    assert circles_in({"circles": [57, 58], "squares": [3]}) == {57, 58}


def replay(players: int, seed: int, reload: bool) -> tuple[list[str], str]:
    game = WHITECHAPEL.new(players, SETTINGS, seed)
    agents = {p: RandomAgent(seed + i) for i, p in enumerate(game.players())}
    log: list[str] = []
    while not game.over:
        d = decision(game)
        view = game.view(d.player)
        log.append(json.dumps([d.to_dict()] + [game.view(p) for p in [None, *game.players()]]))
        events = game.submit(d.player, d.id, agents[d.player].answer(view, view["private"]["decisions"][0]))
        log.append(json.dumps([e.to_dict() for e in events]))
        if reload:
            game = WHITECHAPEL.load(json.loads(json.dumps(game.to_dict(), sort_keys=True)))
    return log, json.dumps(game.to_dict())


@pytest.mark.parametrize("players", [2, 4, 6])
def test_same_seed_and_answers_give_the_same_bytes(players: int) -> None:
    assert replay(players, 5, reload=False) == replay(players, 5, reload=False)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_game_reloaded_after_every_answer_goes_on_identically(players: int) -> None:
    assert replay(players, 11, reload=True) == replay(players, 11, reload=False)


def test_the_state_reloads_to_the_same_bytes_with_sorted_keys() -> None:
    game, _ = playout(3, 8)
    raw = game.to_dict()
    assert json.dumps(WHITECHAPEL.load(json.loads(json.dumps(raw, sort_keys=True))).to_dict()) == json.dumps(raw)
    assert list(raw) == sorted(raw) and raw["schema"] == 1


GARBAGE = [999, 0, -3, "nowhere", "U44", "", {"x": 1}, [57], None, True, 3.5, {"marked": "all"}, "99999999999"]


@pytest.mark.parametrize("players", [2, 5])
def test_garbage_answers_are_refused_in_one_line_all_through_a_game(players: int) -> None:
    game = WHITECHAPEL.new(players, SETTINGS, 31 + players)
    agents = {p: RandomAgent(players + i) for i, p in enumerate(game.players())}
    while not game.over:
        d = decision(game)
        trial = WHITECHAPEL.load(game.to_dict())
        before = json.dumps(trial.to_dict())
        for garbage in GARBAGE:
            try:
                trial.submit(d.player, d.id, garbage)
            except EngineError as refusal:
                message = str(refusal)
                assert message and "\n" not in message and "{'" not in message and "['" not in message, message
                assert json.dumps(trial.to_dict()) == before
            else:
                trial = WHITECHAPEL.load(game.to_dict())  # a legal answer by chance ("none", a circle)
        view = game.view(d.player)
        game.submit(d.player, d.id, agents[d.player].answer(view, view["private"]["decisions"][0]))
