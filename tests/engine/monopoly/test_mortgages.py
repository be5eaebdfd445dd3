"""Mortgages (M10): half the price from the bank, none while the group has buildings, lifted at +10% (rounded up,
MN5), a mortgaged deed changing hands (the interest at once, lifted at once for the mortgage alone), and no
building on a group with a mortgage."""

from __future__ import annotations

import pytest

from engine.core import IllegalAnswer
from tests.engine.monopoly import kit
from tests.engine.monopoly.test_estate import manage, own, refused


def test_m10_1_mortgage_pays_its_value_and_needs_no_buildings_in_the_group(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    own(game, "car", 37, houses=1)
    own(game, "car", 39)
    refused(game, "car", {"mortgage": 39}, "Sell every building")
    manage(game, "car", {"sell_building": 37})
    cash = game.state.cash["car"]
    events = manage(game, "car", {"mortgage": 39})
    assert game.state.mortgaged == [39] and game.state.cash["car"] == cash + 200
    assert kit.of(events, "mortgage") == [{"player": "car", "space": 39, "amount": 200}]
    refused(game, "car", {"mortgage": 39}, "already mortgaged")
    refused(game, "dog", {"mortgage": 37}, "not yours")


def test_m10_2_lifting_costs_the_mortgage_and_ten_percent_rounded_up(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    own(game, "car", 12)  # Electric Company: mortgage $75, 10% is $7.50 -> $8
    manage(game, "car", {"mortgage": 12})
    game.state.cash["car"] = 82
    refused(game, "car", {"lift": 12}, "costs \\$83")
    game.state.cash["car"] = 100
    manage(game, "car", {"lift": 12})
    assert game.state.mortgaged == [] and game.state.cash["car"] == 17


def test_m10_3_new_owner_pays_interest_and_may_lift_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch, players=3)
    own(game, "car", 5, 15)
    game.state.mortgaged = [5, 15]
    manage(game, "car", {"offer": {"to": "dog", "give": {"spaces": [5, 15]}, "take": {"cash": 50}}})
    dog, car = game.state.cash["dog"], game.state.cash["car"]
    events = kit.answer(game, "trade_reply", {"accept": {"lift": [15]}}, "dog")
    assert game.state.owner_of(5) == game.state.owner_of(15) == "dog"
    assert game.state.mortgaged == [5], "15 lifted at once"
    assert game.state.cash["dog"] == dog - 50 - 10 - 10 - 100, "two interests, one mortgage, no second interest"
    assert game.state.cash["car"] == car + 50
    assert [e["amount"] for e in kit.of(events, "interest")] == [10, 10]
    manage(game, "dog", {"lift": 5})  # later: the mortgage and 10% again
    assert game.state.cash["dog"] == dog - 170 - 110


def test_m10_4_no_building_while_a_deed_of_the_group_is_mortgaged(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    own(game, "car", 1, 3)
    manage(game, "car", {"mortgage": 3})
    refused(game, "car", {"build": 1}, "Lift every mortgage")
    manage(game, "car", {"lift": 3})
    manage(game, "car", {"build": 1})
    assert game.state.buildings(1) == 1


def test_m10_3_the_offerer_lifts_at_once_what_they_take(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling MN24: trade details
    game, _ = kit.new(monkeypatch)
    own(game, "dog", 12)  # mortgage $75: 10% is $8
    game.state.mortgaged = [12]
    refused(game, "car", {"offer": {"to": "dog", "give": {"cash": 100}, "take": {"spaces": [12]}, "lift": [5]}},
            "lift at once only")
    manage(game, "car", {"offer": {"to": "dog", "give": {"cash": 100}, "take": {"spaces": [12]}, "lift": [12]}})
    car = game.state.cash["car"]
    kit.answer(game, "trade_reply", "accept", "dog")
    assert game.state.owner_of(12) == "car" and game.state.mortgaged == []
    assert game.state.cash["car"] == car - 100 - 8 - 75


def test_m10_3_an_accept_without_the_cash_for_the_lift_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    own(game, "car", 5)
    game.state.mortgaged = [5]
    game.state.cash["dog"] = 50
    manage(game, "car", {"offer": {"to": "dog", "give": {"spaces": [5]}, "take": {}}})
    before = game.to_dict()
    with pytest.raises(IllegalAnswer, match=r"Dog would lack \$60 for the mortgages' interest and lifts"):
        kit.answer(game, "trade_reply", {"accept": {"lift": [5]}}, "dog")
    assert game.to_dict() == before
    game.state.cash["dog"] = 5  # no longer even the interest: the offer is withdrawn at the next answer
    events = manage(game, "dog", None)
    assert kit.of(events, "trade_withdrawn")[0]["reason"] == "Dog would lack $5 for the mortgages' interest and lifts."
