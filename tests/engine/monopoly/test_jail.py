"""M8: three ways into Jail, Just Visiting, three ways out, the fine after the third failed throw."""

from typing import Any

import pytest

from tests.engine.monopoly import kit


def jailed(monkeypatch: pytest.MonkeyPatch, failed: int = 0, **state: Any) -> tuple[Any, kit.Dice]:
    game, script = kit.new(monkeypatch)
    s = game.state
    s.position["car"], s.jailed = 10, {"car": failed}
    for key, value in state.items():
        setattr(s, key, value)
    kit.reask(game)
    return game, script


def test_m8_1_the_go_to_jail_space(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch)
    game.state.position["car"] = 26
    kit.reask(game)
    kit.roll(game, script, (1, 3))
    assert game.state.position["car"] == 10 and game.state.jailed == {"car": 0}
    assert kit.waiting(game) == [("turn", "dog")]


def test_m8_1_a_go_to_jail_card_ends_the_turn_even_after_doubles(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch)
    s = game.state
    s.position["car"] = 12
    s.decks["community_chest"].remove("cc_go_to_jail")
    s.decks["community_chest"].insert(0, "cc_go_to_jail")
    kit.reask(game)
    kit.roll(game, script, (2, 3))
    assert s.position["car"] == 10 and "car" in s.jailed
    assert kit.waiting(game) == [("turn", "dog")]
    game2, script2 = kit.new(monkeypatch)
    s2 = game2.state
    s2.position["car"] = 13
    s2.decks["community_chest"].remove("cc_go_to_jail")
    s2.decks["community_chest"].insert(0, "cc_go_to_jail")
    kit.reask(game2)
    kit.roll(game2, script2, (2, 2))  # doubles onto the card: no throw again
    assert "car" in s2.jailed and kit.waiting(game2) == [("turn", "dog")]


def test_m8_1_the_third_doubles(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch)
    game.state.doubles = 2
    kit.roll(game, script, (6, 6))
    assert game.state.position["car"] == 10 and "car" in game.state.jailed


def test_m8_2_landing_on_jail_is_just_visiting(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch)
    game.state.position["car"] = 7
    kit.reask(game)
    events = kit.roll(game, script, (1, 2))
    assert game.state.position["car"] == 10 and game.state.jailed == {} and game.state.cash["car"] == 2500
    assert "jail" not in kit.kinds(events) and kit.waiting(game) == [("turn", "dog")]


def test_m8_3_doubles_free_the_player_who_moves_and_does_not_throw_again(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = jailed(monkeypatch, owner={"14": "car"})
    assert kit.decision(game, "jail").options == ["roll", "pay"]
    script.queue.append((2, 2))
    events = kit.answer(game, "jail", "roll")
    assert game.state.position["car"] == 14 and game.state.jailed == {}
    assert kit.of(events, "jail_out")[0]["player"] == "car" and kit.waiting(game) == [("turn", "dog")]


def test_m8_3_a_failed_throw_stays_in_jail(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = jailed(monkeypatch)
    script.queue.append((2, 3))
    kit.answer(game, "jail", "roll")
    assert game.state.position["car"] == 10 and game.state.jailed == {"car": 1}
    assert kit.waiting(game) == [("turn", "dog")]


def test_m8_3_paying_the_fine_then_throwing(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling MN12: leaving Jail by fine or card
    game, script = jailed(monkeypatch, failed=1, owner={"15": "car"})
    script.queue.append((2, 3))
    kit.answer(game, "jail", "pay")
    assert game.state.cash["car"] == 2450 and game.state.position["car"] == 15 and game.state.jailed == {}


def test_m8_3_no_fine_before_the_third_throw_only_the_throw(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = jailed(monkeypatch, failed=2)
    assert kit.decision(game, "jail").options == ["roll"]  # never forced: the manage window stays open


def test_m8_4_the_third_failed_throw_pays_the_fine_and_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = jailed(monkeypatch, failed=2, owner={"13": "car"})
    script.queue.append((1, 2))
    events = kit.answer(game, "jail", "roll")
    assert game.state.cash["car"] == 2450 and game.state.position["car"] == 13 and game.state.jailed == {}
    assert "jail_out" in kit.kinds(events) and kit.waiting(game) == [("turn", "dog")]
