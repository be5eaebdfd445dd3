"""Same game after any restart: a game reloaded from sorted-key JSON after every answer shows and decides exactly
what an uninterrupted game does (open decisions, their options, defaults and labels, events, every view), byte for
byte (issue 16, item 1)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

from engine.agot import Game, Settings
from engine.agot.agent import RandomAgent
from engine.core import AlreadySubmitted, IllegalAnswer, Rng


@dataclass
class Tally:
    answers: int = 0
    reloads: int = 0
    refused: int = 0
    tie_breaks: int = 0


def reloaded(game: Game, backwards: bool = False) -> Game:
    """The game as a restart gives it back: written with sorted keys (as snapshots are), read again; with
    ``backwards``, every key in reverse order instead (another store may keep keys in any order)."""
    text = json.dumps(game.to_dict(), sort_keys=True)
    return Game.from_dict(json.loads(text, object_pairs_hook=lambda pairs: dict(reversed(pairs))) if backwards
                          else json.loads(text))


def shown(game: Game, events: list[Any]) -> str:
    """Everything the game shows or decides from, as bytes: dict key order included (no ``sort_keys``)."""
    houses = sorted(game.state.houses)
    return json.dumps({
        "decisions": [d.to_dict() for d in game.open_decisions(submitted=True)],
        "waiting_for": game.waiting_for(),
        "events": [e.to_dict() for e in events],
        "views": {h: game.view(h) for h in houses} | {"public": game.view(None)},
    })


def _submit(game: Game, player: str, did: str, answer: Any) -> tuple[str, list[Any]]:
    try:
        return "ok", game.submit(player, did, answer)
    except (IllegalAnswer, AlreadySubmitted) as exc:
        return f"{type(exc).__name__}: {exc}", []


def play_with_restarts(players: int, seed: int, tides: bool, answers: int, tally: Tally, setup: str = "") -> Game:
    """Play ``answers`` random answers (or to the end) in two copies of one game, the second reloaded from
    sorted-key JSON after every answer, and assert after each that both show the same bytes (``setup``: a
    Mother of Dragons set-up, "7" or "8", vassals for the houses no player holds)."""
    settings = Settings(tides_of_battle=tides, setup=setup)
    kept = Game.new(players, seed, settings)
    restarted = reloaded(Game.new(players, seed, settings))
    tally.reloads += 1
    picker = Rng(seed ^ 0xBEEF)
    agents = {h: RandomAgent(seed * 7919 + i) for i, h in enumerate(sorted(kept.state.houses))}
    events: list[Any] = []
    assert shown(restarted, events) == shown(kept, events)
    for n in range(answers):
        if kept.over:
            break
        decisions = kept.open_decisions(submitted=picker.below(10) == 0)
        decision = picker.choice(decisions)
        view = kept.view(decision.player)
        mine = next(d for d in view["private"]["decisions"] if d["id"] == decision.id)
        for attempt in range(7):
            answer = agents[decision.player].answer(view, mine) if attempt < 6 else mine["default"]
            outcome, events = _submit(kept, decision.player, decision.id, answer)
            again, events_again = _submit(restarted, decision.player, decision.id, json.loads(json.dumps(answer)))
            assert again == outcome, f"answer {n}: {outcome} / {again}"
            assert [e.to_dict() for e in events_again] == [e.to_dict() for e in events]
            if outcome == "ok" or outcome.startswith("AlreadySubmitted"):
                break
            tally.refused += 1
        tally.answers += 1
        tally.tie_breaks += decision.kind == "break_tie"
        restarted = reloaded(restarted, backwards=n % 5 == 4)
        tally.reloads += 1
        assert shown(restarted, events) == shown(kept, events), f"answer {n} ({decision.kind}) differs"
    assert json.dumps(restarted.to_dict(), sort_keys=True) == json.dumps(kept.to_dict(), sort_keys=True)
    return kept


@pytest.mark.timeout(120)
@pytest.mark.parametrize("players,seed,tides", [
    (3, 11, False), (3, 15, True), (4, 13, True), (4, 17, False), (5, 14, False), (5, 18, True), (6, 12, True),
    (6, 16, False),
])
def test_same_game_after_any_restart(players, seed, tides, capsys):
    """Whole games, 3-6 players, Tides of Battle on and off."""
    tally = Tally()
    game = play_with_restarts(players, seed, tides, 10_000, tally)
    assert game.over and tally.answers > 100
    with capsys.disabled():
        print(f"\n{players} players, tides {tides}: {tally.answers} answers, {tally.reloads} reloads, "
              f"{tally.refused} refused, {tally.tie_breaks} tie-breaks, round {game.state.round}, over")


@pytest.mark.timeout(300)
@pytest.mark.parametrize("players,setup,seed,tides", [(7, "7", 21, False), (8, "8", 22, True), (5, "8", 23, False)])
def test_same_mother_of_dragons_game_after_any_restart(players, setup, seed, tides, capsys):
    """Whole Mother of Dragons games: 7 and 8 houses, and 5 players on the 8-house set-up with 3 vassals."""
    tally = Tally()
    game = play_with_restarts(players, seed, tides, 10_000, tally, setup)
    assert game.over and tally.answers > 100
    assert len(game.vassals()) == 8 - players if players < 7 else not game.vassals()
    with capsys.disabled():
        print(f"\n{players} players on the {setup}-house set-up, tides {tides}: {tally.answers} answers, "
              f"{tally.reloads} reloads, {tally.refused} refused, {tally.tie_breaks} tie-breaks, "
              f"round {game.state.round}, over")


def test_tied_houses_are_listed_in_iron_throne_order_whatever_the_order_of_the_bids():
    from tests.engine.scenario import decision, scenario
    from tests.engine.test_bidding import clash
    from tests.engine.westeros_scenario import bid

    asked = []
    for order in (["stark", "lannister", "baratheon"], ["baratheon", "stark", "lannister"]):
        game = scenario(players=3)  # Iron Throne: Baratheon, Lannister, Stark
        clash(game)
        bid(game, **dict.fromkeys(order, 1))  # a three-way tie for the Iron Throne
        frame = game.state.stack[-1]
        frame["bids"] = {h: frame["bids"][h] for h in order}
        d = decision(game, "baratheon", "break_tie")
        asked.append((d.options, d.default, d.info["tied"], d.prompt))
        assert reloaded(game).open_decisions()[0].to_dict() == d.to_dict()
    assert asked[0] == asked[1]
    assert asked[0][0] == ["baratheon", "lannister", "stark"] and asked[0][1] == "baratheon"
