"""The bank's auctions (M4.2-M4.4): every player may bid, the one who declined included; the highest bid wins
and pays the bank (ties: ruling MN16); no bid leaves the deed with the bank; a bid above what the bidder could
raise is refused."""

from __future__ import annotations

import pytest

from engine.core import IllegalAnswer
from tests.engine.monopoly import kit
from tests.engine.monopoly.test_estate import own, run

BALTIC = 3


def test_m4_2_a_declined_deed_is_auctioned_and_the_decliner_may_bid(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling MN22: who bids
    game, script = kit.new(monkeypatch)
    kit.roll(game, script, (1, 2))
    events = kit.answer(game, "buy", "auction", "car")
    assert kit.of(events, "auction_open")[0]["bidders"] == ["car", "dog"]
    assert sorted(kit.waiting(game)) == [("bid", "car"), ("bid", "dog")]
    cash = game.state.cash["car"]
    kit.answer(game, "bid", 1, "car")  # bidding may start at any price
    kit.answer(game, "bid", 0, "dog")
    assert game.state.owner_of(BALTIC) == "car" and game.state.cash["car"] == cash - 1


def test_m4_3_highest_bid_wins_ties_go_to_the_first_in_turn_order(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch, players=3)
    run(game, {"step": "auction", "space": BALTIC})
    kit.answer(game, "bid", 10, "car")
    kit.answer(game, "bid", 30, "hat")
    cash = dict(game.state.cash)
    events = kit.answer(game, "bid", 30, "dog")
    won = kit.of(events, "auction_won")
    assert won == [{"player": "dog", "space": BALTIC, "building": None, "amount": 30}]
    assert game.state.owner_of(BALTIC) == "dog"
    assert game.state.cash["dog"] == cash["dog"] - 30 and game.state.cash["hat"] == cash["hat"]


def test_m4_3_no_bid_leaves_the_deed_with_the_bank(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    run(game, {"step": "auction", "space": BALTIC})
    kit.answer(game, "bid", 0, "car")
    events = kit.answer(game, "bid", 0, "dog")
    assert kit.of(events, "auction_won")[0]["player"] is None
    assert game.state.owner_of(BALTIC) is None and game.state.auction is None


def test_m4_4_a_bid_above_what_the_bidder_could_raise_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    own(game, "dog", 5)  # mortgage $100
    game.state.cash["dog"] = 50
    run(game, {"step": "auction", "space": 39})
    before = game.to_dict()
    with pytest.raises(IllegalAnswer, match=r"at most \$150"):
        kit.answer(game, "bid", 151, "dog")
    assert game.to_dict() == before
    kit.answer(game, "bid", 150, "dog")
    kit.answer(game, "bid", 100, "car")
    assert kit.waiting(game) == [("raise_funds", "dog")], "the winner raises what the cash lacks"
    events = kit.answer(game, "raise_funds", {"mortgage": 5}, "dog")
    assert kit.of(events, "forced_choice")[0]["choice"] == "pay", "nothing else left to do: paid at once"
    assert game.state.owner_of(39) == "dog" and game.state.cash["dog"] == 0 and game.state.mortgaged == [5]
