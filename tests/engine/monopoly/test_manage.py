"""The standing manage question: its window (open on any turn or jail question, and on one's own buy, debt or
bid; closed while another player decides), manage answers given in place of one's own question, and a jailed
player managing as anyone else (M8.5)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAnswer
from tests.engine.monopoly import kit
from tests.engine.monopoly.test_estate import manage, own, refused, run


def test_m8_5_a_jailed_player_builds_mortgages_trades_and_collects_rent(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch, turn="dog")
    game.state.jailed["car"] = 0
    game.state.position["car"] = 10
    own(game, "car", 1, 3, 5)
    manage(game, "car", {"build": 3})
    manage(game, "car", {"mortgage": 5})
    manage(game, "car", {"offer": {"to": "dog", "give": {"spaces": [5]}, "take": {"cash": 90}}})
    assert game.state.buildings(3) == 1 and game.state.mortgaged == [5] and len(game.state.trades) == 1
    car = game.state.cash["car"]
    kit.roll(game, script, (1, 2))  # the Dog lands on Baltic Avenue, one house: $20
    assert game.state.cash["car"] == car + 20 and "car" in game.state.jailed


def test_manage_answer_in_place_of_ones_own_question(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    own(game, "car", 5)
    old = kit.decision(game, "turn", "car").id
    events = kit.answer(game, "turn", {"mortgage": 5}, "car")
    assert game.state.mortgaged == [5] and kit.kinds(events) == ["mortgage"]
    new = kit.decision(game, "turn", "car").id
    assert new != old and kit.waiting(game) == [("turn", "car")]


def test_manage_window_closed_while_another_player_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling MN23: the manage window
    game, script = kit.new(monkeypatch)
    own(game, "dog", 5)
    kit.roll(game, script, (1, 2))
    refused(game, "dog", {"mortgage": 5}, "Wait: Car may buy Baltic Avenue first")
    standing = game.open_decision("manage:dog")
    assert standing is not None and standing.info["open"] is False and standing.default is None
    own(game, "car", 1)
    kit.answer(game, "buy", {"mortgage": 1}, "car")  # one's own buy question: open
    assert game.state.mortgaged == [1]


def test_manage_default_and_bad_answers_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    own(game, "car", 37, 39)
    standing = game.open_decision("manage:car")
    assert standing is not None and standing.label == "build, sell, mortgage, trade"
    assert standing.info["build"] == [37, 39] and standing.info["mortgage"] == [37, 39]
    before = game.to_dict()
    assert manage(game, "car", None) == [] and game.to_dict() == before
    refused(game, "car", {"paint": 37}, "Manage with one of")
    refused(game, "car", {"build": 30}, "no deed")
    refused(game, "car", {"build": "Nowhere Lane"}, "space number or its name")
    manage(game, "car", {"build": "boardwalk"})
    assert game.state.buildings(39) == 1
    refused(game, "car", {"withdraw": "9"}, "no open offer")
    with pytest.raises(IllegalAnswer, match="out of the game"):
        game.state.out.append("dog")
        manage(game, "dog", {"mortgage": 5})


def test_manage_in_place_of_a_sealed_bid(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    own(game, "dog", 5)
    run(game, {"step": "auction", "space": 3})
    kit.answer(game, "bid", {"mortgage": 5}, "dog")
    assert game.state.mortgaged == [5] and sorted(kit.waiting(game)) == [("bid", "car"), ("bid", "dog")]
    refused(game, "car", {"mortgage": 5}, "not yours")
