"""M1: the set-up: cash, the first player by a throw (ties throw again), the shuffled decks, the bank's stock."""

import json

import pytest

from engine.core import IllegalAnswer
from engine.monopoly.board import board
from engine.monopoly.rules import MONOPOLY
from tests.engine.monopoly import kit


@pytest.mark.parametrize("players", range(2, 9))
def test_m1_1_every_player_starts_on_go_with_the_cash(players: int) -> None:
    speed = MONOPOLY.new(players, MONOPOLY.check_settings({}, players), seed=players)
    plain = MONOPOLY.new(players, MONOPOLY.check_settings({"speed_die": False}, players), seed=players)
    assert speed.players() == ["car", "dog", "hat", "ship", "boot", "iron", "thimble", "wheelbarrow"][:players]
    assert set(speed.state.cash.values()) == {2500} and set(plain.state.cash.values()) == {1500}
    assert set(speed.state.position.values()) == {0}


@pytest.mark.parametrize("players", [1, 9])
def test_m1_1_a_table_of_the_wrong_size_is_refused(players: int) -> None:
    with pytest.raises(IllegalAnswer, match="2 to 8 players"):
        MONOPOLY.check_settings({}, players)


def test_m1_2_the_highest_throw_starts_and_tied_players_throw_again(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling MN6: who starts
    script = kit.Dice(monkeypatch)
    script.queue += [(3, 4), (6, 5), (5, 6), (2, 2), (1, 6)]  # car 7, dog 11, hat 11; dog 4, hat 7
    game = MONOPOLY.new(3, MONOPOLY.check_settings({}, 3), seed=1)
    assert script.queue == []
    assert game.state.order == ["hat", "car", "dog"]
    assert [e.data["players"] for e in game.events if e.kind == "order_tie"] == [["dog", "hat"]]
    assert [e.data["player"] for e in game.events if e.kind == "roll"] == ["car", "dog", "hat", "dog", "hat"]
    assert kit.waiting(game) == [("turn", "hat")]
    assert game.state.round == 1


def test_m1_3_the_decks_are_shuffled_and_their_order_is_never_shown() -> None:
    b = board()
    orders = []
    for seed in range(4):
        game = MONOPOLY.new(2, MONOPOLY.check_settings({}, 2), seed=seed)
        for deck, ids in b.decks.items():
            assert sorted(game.state.decks[deck]) == sorted(ids)
        orders.append(tuple(game.state.decks["chance"]))
        text = json.dumps([game.view(v) for v in [None, *game.players()]])
        assert not any(card in text for card in b.cards)
    assert len(set(orders)) == 4


def test_m1_4_the_bank_holds_every_deed_house_and_hotel() -> None:
    game = MONOPOLY.new(4, MONOPOLY.check_settings({}, 4), seed=2)
    view = game.view()["public"]
    assert len(view["spaces"]) == 28 and all(s["owner"] is None for s in view["spaces"])
    assert view["bank"] == {"houses": 32, "hotels": 12}
