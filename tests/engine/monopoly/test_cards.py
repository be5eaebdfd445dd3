"""M6: Chance and Community Chest: the top card, done and put to the bottom; movement, money and jail cards."""

from typing import Any

import pytest

from engine.monopoly.state import HOTEL
from tests.engine.monopoly import kit


def drawing(monkeypatch: pytest.MonkeyPatch, card: str, start: int, throw: kit.Throw, players: int = 2,
            **state: Any) -> tuple[Any, kit.Dice, list[Any]]:
    """``car`` throws from ``start`` onto a card space whose deck has ``card`` on top."""
    game, script = kit.new(monkeypatch, players=players)
    s = game.state
    deck = "chance" if card.startswith("chance") else "community_chest"
    s.decks[deck].remove(card)
    s.decks[deck].insert(0, card)
    s.position["car"] = start
    for key, value in state.items():
        setattr(s, key, value)
    kit.reask(game)
    return game, script, kit.roll(game, script, throw)


def test_m6_1_the_top_card_is_done_and_goes_to_the_bottom(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _, events = drawing(monkeypatch, "chance_bank_dividend", 0, (3, 4))
    deck = game.state.decks["chance"]
    assert kit.of(events, "card") == [{"player": "car", "deck": "chance", "card": "chance_bank_dividend"}]
    assert deck[-1] == "chance_bank_dividend" and len(deck) == 16
    assert game.state.cash["car"] == 2550


def test_m6_2_a_card_moves_the_token_and_the_landing_is_resolved(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _, events = drawing(monkeypatch, "chance_advance_to_illinois", 0, (3, 4))
    assert game.state.position["car"] == 24 and "pass_go" not in kit.kinds(events)
    assert kit.waiting(game) == [("buy", "car")]


def test_m6_2_back_three_spaces_pays_no_salary_and_resolves(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _, events = drawing(monkeypatch, "chance_go_back_three", 0, (3, 4))
    assert game.state.position["car"] == 4 and kit.waiting(game) == [("income_tax", "car")]


def test_m6_2_the_nearest_railroad_charges_double_rent(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _, events = drawing(monkeypatch, "chance_nearest_railroad_1", 19, (1, 2), owner={"25": "dog"})
    assert game.state.position["car"] == 25
    assert kit.of(events, "rent")[0]["amount"] == 50 and game.state.cash["dog"] == 2550


def test_m6_2_the_nearest_utility_unowned_may_be_bought(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _, events = drawing(monkeypatch, "chance_nearest_utility", 33, (1, 2), owner={"28": "dog"})
    assert game.state.position["car"] == 12 and len(kit.of(events, "pass_go")) == 1
    assert kit.waiting(game) == [("buy", "car")]


def test_m6_2_the_nearest_utility_charges_ten_times_a_fresh_white_throw(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script, _ = drawing(monkeypatch, "chance_nearest_utility", 33, (1, 2, "bus"), owner={"12": "dog"},
                              speed=["car"])
    script.queue.append((3, 4))  # the card's throw: white dice only (ruling MN10)
    events = kit.answer(game, "bus", 3)
    assert game.state.position["car"] == 12
    assert [r["white"] for r in kit.of(events, "roll")] == [[3, 4]]
    assert kit.of(events, "rent")[0]["amount"] == 70 and game.state.cash["dog"] == 2570


def test_m6_3_money_from_and_to_the_bank(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _, _ = drawing(monkeypatch, "cc_doctor_fee", 14, (1, 2))
    assert game.state.cash["car"] == 2450


def test_m6_3_pay_every_other_player(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _, _ = drawing(monkeypatch, "chance_chairman", 0, (3, 4), players=3)
    assert game.state.cash == {"car": 2400, "dog": 2550, "hat": 2550}


def test_m6_3_every_other_player_pays(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _, _ = drawing(monkeypatch, "cc_opera_opening", 14, (1, 2), players=3)
    assert game.state.cash == {"car": 2600, "dog": 2450, "hat": 2450}


def test_m6_3_repairs_by_houses_and_hotels(monkeypatch: pytest.MonkeyPatch) -> None:
    owner = {str(d): "car" for d in (1, 3, 6, 8, 9)}
    game, _, events = drawing(monkeypatch, "cc_street_repairs", 14, (1, 2), owner=owner,
                              houses={"1": 2, "3": 2, "6": HOTEL})
    assert kit.of(events, "repairs")[0] == {"player": "car", "houses": 4, "hotels": 1, "amount": 275}
    assert game.state.cash["car"] == 2500 - 275


def test_m6_4_a_jail_card_is_kept_until_used_then_goes_back(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script, _ = drawing(monkeypatch, "cc_get_out_of_jail_free", 14, (1, 2))
    s = game.state
    assert s.jail_cards["car"] == ["cc_get_out_of_jail_free"] and len(s.decks["community_chest"]) == 15
    assert game.view()["public"]["players"][0]["jail_cards"] == 1
    s.turn, s.jailed, s.position["car"] = "car", {"car": 0}, 10
    kit.reask(game)
    assert kit.decision(game, "jail").options == ["roll", "pay", "card"]
    script.queue.append((2, 3))
    kit.answer(game, "jail", "card")
    assert s.jail_cards["car"] == [] and s.decks["community_chest"][-1] == "cc_get_out_of_jail_free"
    assert "car" not in s.jailed and s.position["car"] == 15
