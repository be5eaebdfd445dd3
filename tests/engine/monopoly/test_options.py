"""Auction options: sealed bids (O1, MN2: secret until all are in, then revealed together) and open bids (O2,
MN3: each higher bid asks the others again; the auction ends when all others passed on the high bid)."""

from __future__ import annotations

import json

import pytest

from engine.core import IllegalAnswer
from tests.engine.monopoly import kit
from tests.engine.monopoly.test_estate import run

BALTIC = 3


def test_o1_sealed_bids_stay_secret_until_all_are_in(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling MN2: sealed auctions by DM
    game, _ = kit.new(monkeypatch, players=3)
    run(game, {"step": "auction", "space": BALTIC})
    bid = kit.decision(game, "bid", "dog")
    assert bid.secret and bid.reveal_group == "auction:1" and bid.default == 0 and "Dog" in bid.label
    events = kit.answer(game, "bid", 77, "dog")
    assert [(e.kind, e.audience.kind, e.audience.who) for e in events] == [("bid", "player", "dog")]
    public = json.dumps(game.view()["public"])
    assert "77" not in public and game.view()["public"]["auction"]["answered"] == ["dog"]
    assert "77" not in json.dumps(game.view("car"))
    kit.answer(game, "bid", 12, "car")
    events = kit.answer(game, "bid", 0, "hat")
    reveal = [e for e in events if e.kind == "bids"]
    assert len(reveal) == 1 and reveal[0].audience.kind == "public"
    assert reveal[0].data["bids"] == {"car": 12, "dog": 77, "hat": 0}
    assert game.state.owner_of(BALTIC) == "dog"


def test_o2_open_bids_reopen_the_others_until_all_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling MN3: open auctions
    game, _ = kit.new(monkeypatch, players=3, auction="open")
    run(game, {"step": "auction", "space": BALTIC})
    assert sorted(kit.waiting(game)) == [("open_bid", "car"), ("open_bid", "dog"), ("open_bid", "hat")]
    assert not kit.decision(game, "open_bid", "car").secret
    kit.answer(game, "open_bid", 0, "hat")  # passes on no bid
    events = kit.answer(game, "open_bid", 50, "car")
    assert kit.of(events, "bid") == [{"player": "car", "amount": 50}]
    assert sorted(kit.waiting(game)) == [("open_bid", "dog"), ("open_bid", "hat")], "the hat may come back in"
    with pytest.raises(IllegalAnswer, match=r"high bid is \$50"):
        kit.answer(game, "open_bid", 50, "dog")
    kit.answer(game, "open_bid", 60, "dog")
    assert sorted(kit.waiting(game)) == [("open_bid", "car"), ("open_bid", "hat")], "a late bid extends the close"
    kit.answer(game, "open_bid", 0, "car")
    assert game.state.owner_of(BALTIC) is None
    cash = game.state.cash["dog"]
    events = kit.answer(game, "open_bid", 0, "hat")
    assert kit.of(events, "auction_won")[0] == {"player": "dog", "space": BALTIC, "building": None, "amount": 60}
    assert game.state.owner_of(BALTIC) == "dog" and game.state.cash["dog"] == cash - 60
