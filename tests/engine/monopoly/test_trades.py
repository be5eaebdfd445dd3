"""Trades (M11): offers both ways, nothing moves until accepted, counters, no deed of a built group, offers
withdrawn when they became impossible, no loans."""

from __future__ import annotations

import pytest

from engine.core import IllegalAnswer
from tests.engine.monopoly import kit
from tests.engine.monopoly.test_estate import manage, own, refused, run


def test_m11_1_nothing_moves_until_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch, players=3)
    own(game, "car", 5)
    own(game, "dog", 12)
    game.state.jail_cards["dog"] = ["cc_get_out_of_jail_free"]
    before = dict(game.state.cash), dict(game.state.owner)
    events = manage(game, "car", {"offer": {"to": "Dog", "give": {"spaces": [5], "cash": 100},
                                            "take": {"spaces": [12], "jail_cards": 1}}})
    assert kit.of(events, "trade_offer")[0]["to"] == "dog"
    assert (game.state.cash, game.state.owner) == before
    reply = kit.decision(game, "trade_reply", "dog")
    assert reply.options == ["accept", "decline"] and reply.default == "decline"
    assert ("trade_reply", "dog") in kit.waiting(game) and ("turn", "car") in kit.waiting(game)
    kit.answer(game, "trade_reply", "accept", "dog")
    assert game.state.owner_of(5) == "dog" and game.state.owner_of(12) == "car"
    assert game.state.cash["car"] == before[0]["car"] - 100 and game.state.cash["dog"] == before[0]["dog"] + 100
    assert game.state.jail_cards["car"] == ["cc_get_out_of_jail_free"] and game.state.jail_cards["dog"] == []
    assert game.state.trades == []


def test_m11_1_decline_and_counter(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    own(game, "car", 5)
    own(game, "dog", 15)
    manage(game, "car", {"offer": {"to": "dog", "give": {"spaces": [5]}, "take": {"spaces": [15]}}})
    events = kit.answer(game, "trade_reply", {"counter": {"give": {"spaces": [15]}, "take": {"spaces": [5],
                                                                                          "cash": 50}}}, "dog")
    assert kit.kinds(events)[:2] == ["trade_declined", "trade_offer"]
    assert [(t["from"], t["to"]) for t in game.state.trades] == [("dog", "car")]
    events = kit.answer(game, "trade_reply", "decline", "car")
    assert kit.kinds(events) == ["trade_declined"] and game.state.trades == []
    assert game.state.owner_of(5) == "car" and game.state.owner_of(15) == "dog"
    manage(game, "car", {"offer": {"to": "dog", "give": {"spaces": [5]}, "take": {"spaces": [15]}}})
    events = manage(game, "car", {"withdraw": game.state.trades[0]["id"]})
    assert kit.kinds(events) == ["trade_withdrawn"] and not [d for d in game.open_decisions()
                                                            if d.kind == "trade_reply"]


def test_m11_2_no_deed_of_a_group_with_buildings(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    own(game, "car", 1, houses=1)
    own(game, "car", 3)
    refused(game, "car", {"offer": {"to": "dog", "give": {"spaces": [3]}, "take": {"cash": 100}}},
            "buildings: they must be sold first")


def test_m11_3_an_offer_made_impossible_is_withdrawn(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    own(game, "car", 1, 3)
    own(game, "dog", 5)
    manage(game, "car", {"offer": {"to": "dog", "give": {"spaces": [3]}, "take": {"spaces": [5]}}})
    manage(game, "dog", {"offer": {"to": "car", "give": {"cash": 300}, "take": {"spaces": [1]}}})
    events = manage(game, "car", {"build": 1})  # a house on the group: deed 3 may no longer be traded
    withdrawn = kit.of(events, "trade_withdrawn")
    assert [w["from"] for w in withdrawn] == ["car", "dog"]
    assert "must be sold first" in withdrawn[0]["reason"]
    assert game.state.trades == [] and not [d for d in game.open_decisions() if d.kind == "trade_reply"]


def test_m11_3_cash_spent_withdraws_the_offer(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    own(game, "car", 37, 39)
    own(game, "dog", 5)
    manage(game, "car", {"offer": {"to": "dog", "give": {"cash": 300}, "take": {"spaces": [5]}}})
    game.state.cash["car"] = 450
    events = manage(game, "car", {"build": 37})
    assert kit.of(events, "trade_withdrawn")[0]["reason"] == "Car does not have $300."


def test_m11_4_no_loans_between_players(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    refused(game, "car", {"offer": {"to": "dog", "give": {"cash": 100}, "take": {}}}, "lend no money")
    own(game, "car", 5)
    refused(game, "car", {"offer": {"to": "dog", "give": {"cash": 100, "spaces": [5]}, "take": {"cash": 50}}},
            "one side")
    refused(game, "car", {"offer": {"to": "car", "give": {"spaces": [5]}, "take": {"cash": 50}}},
            "another player")


def test_trade_accept_refused_while_the_window_is_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch, players=3)
    own(game, "hat", 5)
    manage(game, "hat", {"offer": {"to": "dog", "give": {"spaces": [5]}, "take": {"cash": 100}}})
    kit.roll(game, script, (1, 2))  # the Car lands on Baltic Avenue: its buy question closes the window to others
    assert kit.decision(game, "buy", "car")
    before = game.to_dict()
    with pytest.raises(IllegalAnswer, match="Wait: Car may buy Baltic Avenue first"):
        kit.answer(game, "trade_reply", "accept", "dog")
    assert game.to_dict() == before


def test_a_debtor_raising_funds_may_sell_a_deed_to_another_player(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch, players=3)
    own(game, "dog", 5)
    game.state.cash["dog"] = 0
    run(game, {"step": "pay", "payer": "dog", "payee": "car", "amount": 150, "why": "rent"})
    assert kit.waiting(game) == [("raise_funds", "dog")]
    refused(game, "hat", {"offer": {"to": "dog", "give": {"cash": 180}, "take": {"spaces": [5]}}}, "Wait: Dog")
    kit.answer(game, "raise_funds", {"offer": {"to": "hat", "give": {"spaces": [5]}, "take": {"cash": 180}}}, "dog")
    events = kit.answer(game, "trade_reply", "accept", "hat")  # the Dog's own offer: the Hat may take it now
    assert game.state.owner_of(5) == "hat" and game.state.cash["dog"] == 180 - 150
    assert kit.of(events, "forced_choice")[0]["choice"] == "pay", "nothing left to sell: paid at once"
