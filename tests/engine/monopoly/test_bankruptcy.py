"""Paying, raising funds and bankruptcy (M12): raise what can be raised first; bankrupt to a player (buildings
sold to the bank, everything to the creditor, who pays the interest on mortgaged deeds and may lift them); to the
bank (deeds auctioned unmortgaged, jail cards back to their deck); the last player standing wins."""

from __future__ import annotations

import pytest

from engine.core import IllegalAnswer
from engine.monopoly import debt
from tests.engine.monopoly import kit
from tests.engine.monopoly.test_estate import manage, own, run

JAIL_CARD = "cc_get_out_of_jail_free"


def rent(payer: str, payee: str | None, amount: int) -> dict[str, object]:
    return {"step": "pay", "payer": payer, "payee": payee, "amount": amount, "why": "rent"}


def test_pay_moves_the_money_at_once_when_the_cash_covers_it(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    game.state.cash.update(car=100, dog=100)
    events = run(game, rent("car", "dog", 100))
    assert game.state.cash == {"car": 0, "dog": 200} and "debt" not in kit.kinds(events)


def test_m12_1_raise_what_can_be_raised_before_bankruptcy(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling MN17 and MN25: raising funds
    game, _ = kit.new(monkeypatch, players=3)
    own(game, "dog", 1, 3, houses=1)
    own(game, "dog", 5)
    game.state.cash["dog"] = 100
    assert debt.can_raise(game, "dog") == 100 + 50 + 60 + 100
    events = run(game, rent("dog", "car", 250))
    assert kit.of(events, "debt")[0]["amount"] == 250
    ask = kit.decision(game, "raise_funds", "dog")
    assert ask.default == "auto" and "bankrupt" not in ask.options
    assert {"mortgage": 5} in ask.options and {"sell_building": 1} in ask.options
    with pytest.raises(IllegalAnswer, match=r"could still raise \$310"):
        kit.answer(game, "raise_funds", "bankrupt", "dog")
    with pytest.raises(IllegalAnswer, match=r"You have \$100 of the \$250 owed"):
        kit.answer(game, "raise_funds", "pay", "dog")
    assert ask.label == "Dog raises the $250 owed to Car (rent)"
    with pytest.raises(IllegalAnswer, match=r"Pay the \$250 you owe before building"):
        kit.answer(game, "raise_funds", {"build": 1}, "dog")
    with pytest.raises(IllegalAnswer, match=r"Pay the \$250 you owe before building"):
        manage(game, "dog", {"build": 1})
    car = game.state.cash["car"]
    kit.answer(game, "raise_funds", "auto", "dog")
    assert game.state.mortgaged == [5], "the deed of a group without buildings is mortgaged first"
    assert game.state.buildings(1) == game.state.buildings(3) == 0
    assert game.state.cash["dog"] == 0 and game.state.cash["car"] == car + 250 and "dog" not in game.state.out


def test_m12_2_bankrupt_to_a_player(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling MN20: bankruptcy to a player
    game, _ = kit.new(monkeypatch, players=3)
    own(game, "dog", 1, 3, houses=1)
    own(game, "dog", 5, 15)
    game.state.mortgaged = [5]
    game.state.jail_cards["dog"] = [JAIL_CARD]
    game.state.cash["dog"] = 10
    game.state.jailed["dog"] = 1
    manage(game, "dog", {"offer": {"to": "hat", "give": {"spaces": [15]}, "take": {"cash": 10}}})
    car = game.state.cash["car"]
    run(game, rent("dog", "car", 2000))
    events = kit.answer(game, "raise_funds", "bankrupt", "dog")
    assert game.state.out == ["dog"] and game.state.cash["dog"] == 0 and "dog" not in game.state.jailed
    assert [game.state.owner_of(d) for d in (1, 3, 5, 15)] == ["car"] * 4
    assert game.state.buildings(1) == game.state.buildings(3) == 0
    assert game.state.jail_cards["car"] == [JAIL_CARD]
    assert kit.of(events, "trade_withdrawn")[0]["from"] == "dog" and game.state.trades == []
    assert game.state.cash["car"] == car + 10 + 50 - 10, "cash, the houses at half, less 10% on Reading"
    lift = kit.decision(game, "lift_now", "car")
    assert lift.options == ["keep", "lift"] and lift.default == "keep"
    kit.answer(game, "lift_now", "lift", "car")
    assert game.state.mortgaged == [] and game.state.cash["car"] == car + 50 - 100
    assert all(d.player != "dog" for d in game.open_decisions())


def test_m12_2_a_creditor_short_of_the_interest_owes_the_bank(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch, players=3)
    own(game, "dog", 5)
    game.state.mortgaged = [5]
    own(game, "car", 12)
    game.state.cash.update(dog=0, car=0)
    events = run(game, rent("dog", "car", 50))  # the dog has nothing to raise: bankrupt at once
    assert kit.of(events, "forced_choice")[0]["choice"] == "bankrupt"
    assert game.state.owner_of(5) == "car"
    ask = kit.decision(game, "raise_funds", "car")
    assert ask.info["owed"] == 10 and ask.info["to"] is None


def test_m12_3_bankrupt_to_the_bank(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling MN21: bankruptcy to the bank
    game, _ = kit.new(monkeypatch, players=3)
    own(game, "dog", 1, 3, houses=2)
    own(game, "dog", 5)
    game.state.mortgaged = [5]
    game.state.jail_cards["dog"] = [JAIL_CARD]
    game.state.decks["community_chest"] = [c for c in game.state.decks["community_chest"] if c != JAIL_CARD]
    run(game, rent("dog", None, 5000))
    events = kit.answer(game, "raise_funds", "bankrupt", "dog")
    assert [game.state.owner_of(d) for d in (1, 3, 5)] == [None] * 3
    assert game.state.mortgaged == [] and game.state.houses == {}
    assert game.state.decks["community_chest"][-1] == JAIL_CARD
    assert kit.of(events, "auction_open")[0]["space"] == 1
    assert sorted(kit.waiting(game)) == [("bid", "car"), ("bid", "hat")]
    kit.answer(game, "bid", 5, "car")
    events = kit.answer(game, "bid", 0, "hat")
    assert game.state.owner_of(1) == "car" and kit.of(events, "auction_open")[0]["space"] == 3


def test_m12_4_the_last_player_standing_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    game.state.cash["dog"] = 0
    events = run(game, rent("dog", "car", 100))
    assert game.over and game.state.winner == "car"
    assert [(st.player, st.place) for st in game.standings()] == [("car", 1), ("dog", 2)]
    assert kit.of(events, "game_over")[0]["ranking"] == [["car"], ["dog"]]


def test_bankrupt_on_a_doubles_throw_ends_the_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch, players=3)
    own(game, "dog", 6, 8, 9, houses=5)
    game.state.cash["car"] = 0
    events = kit.roll(game, script, (3, 3))  # doubles onto Oriental Avenue's hotel: $550 owed, nothing to sell
    assert kit.of(events, "bankrupt")[0]["creditor"] == "dog"
    assert game.state.out == ["car"] and not game.over
    assert kit.waiting(game) == [("turn", "dog")], "no second throw for a bankrupt player"
