"""M5: rent: paid to the owner; none when mortgaged or one's own; doubled on a whole group; houses and hotels;
railroads by count; utilities by the dice (all three with the Speed Die, the Bus and Mr. Monopoly at 0)."""

from typing import Any

import pytest

from engine.monopoly.state import HOTEL
from tests.engine.monopoly import kit


def landing(monkeypatch: pytest.MonkeyPatch, start: int, throw: kit.Throw, owner: dict[int, str],
            **state: Any) -> tuple[Any, list[Any]]:
    game, script = kit.new(monkeypatch)
    s = game.state
    s.position["car"] = start
    s.owner.update({str(k): v for k, v in owner.items()})
    for key, value in state.items():
        setattr(s, key, value)
    kit.reask(game)
    return game, kit.roll(game, script, throw)


def test_m5_1_the_player_pays_the_rent_to_the_owner(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling MN1: the bot collects every rent
    game, events = landing(monkeypatch, 0, (2, 4), {6: "dog"})
    assert kit.of(events, "rent") == [{"player": "car", "owner": "dog", "space": 6, "amount": 6}]
    assert game.state.cash == {"car": 2494, "dog": 2506}


def test_m5_2_a_mortgaged_deed_collects_no_rent(monkeypatch: pytest.MonkeyPatch) -> None:
    game, events = landing(monkeypatch, 0, (2, 4), {6: "dog"}, mortgaged=[6])
    assert kit.of(events, "rent")[0]["amount"] == 0
    assert game.state.cash == {"car": 2500, "dog": 2500}


def test_m5_3_a_whole_group_doubles_the_base_rent_even_with_a_mortgage(monkeypatch: pytest.MonkeyPatch) -> None:
    game, events = landing(monkeypatch, 0, (2, 4), {6: "dog", 8: "dog", 9: "dog"}, mortgaged=[8])
    assert kit.of(events, "rent")[0]["amount"] == 12
    partial, events = landing(monkeypatch, 0, (2, 4), {6: "dog", 8: "dog"})
    assert kit.of(events, "rent")[0]["amount"] == 6


@pytest.mark.parametrize(("built", "rent"), [(1, 30), (3, 270), (4, 400), (HOTEL, 550)])
def test_m5_4_houses_and_a_hotel_set_the_rent(monkeypatch: pytest.MonkeyPatch, built: int, rent: int) -> None:
    game, events = landing(monkeypatch, 0, (2, 4), {6: "dog", 8: "dog", 9: "dog"}, houses={"6": built})
    assert kit.of(events, "rent")[0]["amount"] == rent
    assert game.state.cash["dog"] == 2500 + rent


@pytest.mark.parametrize(("held", "rent"), [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_m5_5_railroads_pay_by_how_many_the_owner_holds(monkeypatch: pytest.MonkeyPatch, held: int,
                                                       rent: int) -> None:
    game, events = landing(monkeypatch, 0, (2, 3), {r: "dog" for r in (5, 15, 25, 35)[:held]})
    assert kit.of(events, "rent")[0]["amount"] == rent


def test_m5_6_one_utility_pays_four_times_the_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    game, events = landing(monkeypatch, 5, (3, 4), {12: "dog"})
    assert kit.of(events, "rent")[0]["amount"] == 28


def test_m5_6_both_utilities_pay_ten_times_all_three_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    game, events = landing(monkeypatch, 7, (1, 2, "2"), {12: "dog", 28: "dog"}, speed=["car"])
    assert game.state.position["car"] == 12
    assert kit.of(events, "rent")[0]["amount"] == 50


def test_m5_6_the_bus_counts_zero_at_a_utility(monkeypatch: pytest.MonkeyPatch) -> None:
    game, events = landing(monkeypatch, 9, (1, 2, "bus"), {12: "dog", 28: "dog"}, speed=["car"])
    events = kit.answer(game, "bus", 3)
    assert kit.of(events, "rent")[0]["amount"] == 30


def test_m5_7_no_rent_on_ones_own_deed(monkeypatch: pytest.MonkeyPatch) -> None:
    game, events = landing(monkeypatch, 0, (2, 4), {6: "car", 8: "car", 9: "car"}, houses={"6": HOTEL})
    assert "rent" not in kit.kinds(events) and game.state.cash["car"] == 2500
