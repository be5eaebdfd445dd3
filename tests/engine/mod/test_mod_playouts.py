"""Random legal games at 7 and 8 houses (and 4-6 players on those set-ups, with vassals) never crash or stall,
and never leak a secret (issue 18, step 4: the playouts and the differential leak audit cover 7 and 8)."""

from __future__ import annotations

import json

import pytest

from engine.agot import Game, Settings
from engine.simulate import play
from tests.engine.drive import drive
from tests.engine.test_secrets import NEVER_IN_A_VIEW, _keys

HIDDEN_MOD = {"deck_iv", "loan_deck", "vassal_deck"}  # the expansion's deck orders: never in a view


@pytest.mark.parametrize("players,setup", [(7, ""), (8, ""), (4, "7"), (6, "7"), (4, "8"), (5, "8"), (6, "8")])
def test_random_games_finish(players: int, setup: str) -> None:
    seeds = range(100, 106) if setup else range(100, 110)
    for seed in seeds:
        result = play(players, seed, Settings(setup=setup))
        assert result.error is None, result.error
        assert result.winner is not None and result.game is not None
        assert result.winner not in result.game.vassals()  # M8
        assert 1 <= result.rounds <= 10


def _check_no_leak(game: Game, decision, events) -> None:  # type: ignore[no-untyped-def]
    houses = list(game.state.houses)
    for viewer in [None, *houses]:
        view = game.view(viewer)
        keys = set(_keys(view))
        assert not (NEVER_IN_A_VIEW | HIDDEN_MOD) & keys, viewer
        assert game.state.rng.secret.hex() not in json.dumps(view)
    group = decision.reveal_group
    if decision.secret and group and any(d.reveal_group == group for d in game.open_decisions()):
        answerer = game.answerer(decision.player)
        for e in events:
            for viewer in [None, *(h for h in houses if h != answerer)]:
                if e.audience.reaches(viewer):
                    assert "orders" not in e.data and "bid" not in e.data and "card" not in e.data, e
    planning = next((f for f in game.state.stack if f["step"] == "planning"), None)
    for owner, orders in (planning or {}).get("placed", {}).items():
        for viewer in [None, *houses]:
            shown = game.view(viewer)["areas"]
            for area in orders:  # a vassal's commander sees its orders as its owner would (M8)
                assert ("token" in shown[area]["order"]) == (viewer == game.answerer(owner))
    for viewer in houses:  # a decision is shown only to the house that answers it
        for d in game.view(viewer)["private"]["decisions"]:
            assert d["player"] == viewer


@pytest.mark.parametrize("players,setup,seed", [(7, "", 1), (8, "", 2), (5, "8", 3), (4, "7", 4)])
def test_random_games_never_leak(players: int, setup: str, seed: int) -> None:
    g = drive(Game.new(players, seed=seed, settings=Settings(setup=setup)), seed=seed, decisions=150,
              check=_check_no_leak)
    assert g.state.round >= 2
