"""Houses and hotels (M9): whole unmortgaged groups, even building and selling, hotels, the bank's stock, the
bank's last building auctioned when several players want it (MN18). Also the helpers the other E2 tests use."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Event, IllegalAnswer
from engine.monopoly.game import Game
from tests.engine.monopoly import kit

BROWN, LIGHT_BLUE, DARK_BLUE = (1, 3), (6, 8, 9), (37, 39)


def own(game: Game, player: str, *spaces: int, houses: int = 0) -> None:
    for space in spaces:
        game.state.owner[str(space)] = player
        if houses:
            game.state.houses[str(space)] = houses


def manage(game: Game, player: str, action: Any) -> list[Event]:
    return game.submit(player, f"manage:{player}", action)


def refused(game: Game, player: str, action: Any, words: str) -> None:
    """The action is refused with a message naming ``words``, and nothing changed."""
    before = game.to_dict()
    with pytest.raises(IllegalAnswer, match=words):
        manage(game, player, action)
    assert game.to_dict() == before


def run(game: Game, *steps: dict[str, Any]) -> list[Event]:
    """Run these agenda steps now (the open questions dropped), until the next question."""
    game.state.asks = {}
    game.events = []
    game.push(*steps)
    game.advance()
    events, game.events = game.events, []
    return events


def test_m9_1_houses_need_the_whole_unmortgaged_group(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    own(game, "car", 37)
    own(game, "dog", 39)
    refused(game, "car", {"build": 37}, "whole colour group")
    own(game, "car", 39)
    game.state.mortgaged = [39]
    refused(game, "car", {"build": 37}, "Lift every mortgage")
    game.state.mortgaged = []
    cash = game.state.cash["car"]
    events = manage(game, "car", {"build": 37})
    assert game.state.buildings(37) == 1 and game.state.cash["car"] == cash - 200
    assert kit.of(events, "build") == [{"player": "car", "space": 37, "buildings": 1, "amount": 200}]
    refused(game, "car", {"build": 5}, "no street")


def test_m9_2_building_is_even(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    own(game, "car", *LIGHT_BLUE)
    manage(game, "car", {"build": 6})
    refused(game, "car", {"build": 6}, "Build evenly")
    manage(game, "car", {"build": 8})
    manage(game, "car", {"build": 9})
    manage(game, "car", {"build": 6})
    assert [game.state.buildings(s) for s in LIGHT_BLUE] == [2, 1, 1]


def test_m9_3_hotel_needs_four_houses_everywhere_and_returns_them(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    own(game, "car", 37, houses=4)
    own(game, "car", 39, houses=3)
    refused(game, "car", {"build": 37}, "Build evenly")
    manage(game, "car", {"build": 39})
    houses = game.state.bank_houses(game.board)
    assert houses == 32 - 8
    manage(game, "car", {"build": 37})
    assert game.state.buildings(37) == 5
    assert game.state.bank_houses(game.board) == houses + 4 and game.state.bank_hotels(game.board) == 11
    refused(game, "car", {"build": 37}, "already has its hotel")


def test_m9_4_sell_half_price_evenly_hotel_as_one_step(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch)
    own(game, "car", 37, houses=5)
    own(game, "car", 39, houses=4)
    refused(game, "car", {"sell_building": 39}, "Sell evenly")
    cash = game.state.cash["car"]
    manage(game, "car", {"sell_building": 37})
    assert game.state.buildings(37) == 4 and game.state.cash["car"] == cash + 100
    manage(game, "car", {"sell_building": 39})
    assert game.state.buildings(39) == 3 and game.state.cash["car"] == cash + 200


def test_m9_4_hotel_sold_whole_when_the_bank_lacks_houses(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling MN19: a hotel sold without houses in the bank
    game, _ = kit.new(monkeypatch, players=3)
    own(game, "car", 37, 39, houses=5)
    own(game, "dog", 1, 3, 16, 18, 19, 21, 23, 24, houses=4)  # 32 houses: the bank has none
    assert game.state.bank_houses(game.board) == 0
    cash = game.state.cash["car"]
    events = manage(game, "car", {"sell_building": 39})
    assert game.state.buildings(39) == 0 and game.state.cash["car"] == cash + 5 * 100
    assert kit.of(events, "sell_building")[0]["amount"] == 500


def test_m9_5_no_building_when_the_bank_is_out(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch, players=3)
    own(game, "dog", 1, 3, 16, 18, 19, 21, 23, 24, houses=4)  # all 32 houses
    own(game, "car", *LIGHT_BLUE)
    refused(game, "car", {"build": 6}, "no house left")
    manage(game, "dog", {"sell_building": 1})
    game.state.cash["dog"] = 0  # no rival able to build: the house comes back to the first who asks
    manage(game, "car", {"build": 6})
    assert game.state.buildings(6) == 1 and game.state.bank_houses(game.board) == 0
    own(game, "hat", 26, 27, 29, 31, 32, 34, 37, 39, 11, 13, 14, 5, houses=5)  # 12 hotels (5: no street)
    game.state.houses.pop("5")
    own(game, "hat", 12, houses=5)
    game.state.houses.pop("12")
    game.state.houses.update({"16": 5})
    assert game.state.bank_hotels(game.board) == 0
    own(game, "hat", 21, 23, 24, houses=4)
    refused(game, "hat", {"build": 21}, "no hotel left")


def test_m9_6_the_banks_last_house_is_auctioned_between_builders(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = kit.new(monkeypatch, players=3)
    own(game, "hat", 16, 18, 19, 21, 23, 24, houses=4)
    own(game, "hat", 11, 13, houses=2)
    own(game, "hat", 14, houses=3)  # 31 houses out: one left
    own(game, "car", *BROWN)
    own(game, "dog", *DARK_BLUE)
    events = manage(game, "car", {"build": 1})
    assert game.state.buildings(1) == 0, "not built at once: auctioned"
    assert sorted(d.player for d in game.open_decisions() if d.kind == "bid") == ["car", "dog", "hat"]
    with pytest.raises(IllegalAnswer, match="at least its cost"):
        kit.answer(game, "bid", 20, "dog")
    kit.answer(game, "bid", 60, "car")
    kit.answer(game, "bid", 250, "dog")
    cash = game.state.cash["dog"]
    events = kit.answer(game, "bid", 0, "hat")
    assert kit.of(events, "auction_won")[0]["player"] == "dog"
    events = kit.answer(game, "place_building", 39, "dog")
    assert game.state.buildings(39) == 1 and game.state.cash["dog"] == cash - 250
    assert game.state.bank_houses(game.board) == 0
    assert kit.waiting(game) == [("turn", "car")]
