"""M2: a turn: throw, move, resolve; doubles throw again; the third doubles go to Jail; tokens share spaces."""

import pytest

from tests.engine.monopoly import kit


def test_m2_1_the_player_throws_moves_and_the_space_is_resolved(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch)
    events = kit.roll(game, script, (2, 3))
    assert kit.of(events, "roll")[0]["white"] == [2, 3]
    assert kit.of(events, "move") == [{"player": "car", "start": 0, "to": 5, "steps": 5}]
    assert game.state.position["car"] == 5
    assert kit.decision(game, "buy").info["price"] == 200  # Reading Railroad: the landing is resolved


def test_m2_1_without_doubles_the_turn_passes_to_the_left(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch, players=3)
    game.state.owner["5"] = "car"
    kit.reask(game)
    events = kit.roll(game, script, (2, 3))
    assert kit.waiting(game) == [("turn", "dog")]
    assert kit.of(events, "turn_start") == [{"player": "dog", "round": 1}]


def test_m2_2_doubles_throw_again_after_the_space_is_resolved(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch)
    kit.roll(game, script, (3, 3))
    assert game.state.position["car"] == 6
    assert kit.waiting(game) == [("buy", "car")]
    kit.answer(game, "buy", "buy")
    assert game.state.owner_of(6) == "car"
    assert kit.waiting(game) == [("turn", "car")]
    assert kit.decision(game, "turn").info["doubles"] == 1
    game.state.owner["11"] = "car"
    events = kit.roll(game, script, (1, 4))
    assert game.state.position["car"] == 11
    assert kit.waiting(game) == [("turn", "dog")] and kit.of(events, "turn_start")[0]["player"] == "dog"


def test_m2_3_the_third_doubles_go_straight_to_jail_without_moving(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch)
    for space in (6, 14):
        game.state.owner[str(space)] = "car"
    kit.reask(game)
    kit.roll(game, script, (3, 3))
    kit.roll(game, script, (4, 4))
    assert game.state.position["car"] == 14
    events = kit.roll(game, script, (5, 5))
    assert game.state.position["car"] == 10 and game.state.jailed == {"car": 0}
    assert "move" not in kit.kinds(events) and kit.of(events, "jail")[0]["player"] == "car"
    assert game.state.cash["car"] == 2500
    assert kit.waiting(game) == [("turn", "dog")]


def test_m2_4_several_tokens_share_a_space(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch, players=3)
    game.state.position.update(dog=8, hat=8)
    game.state.owner["8"] = "car"
    kit.reask(game)
    kit.roll(game, script, (3, 5))
    assert [p["position"] for p in game.view()["public"]["players"]] == [8, 8, 8]
    assert kit.waiting(game) == [("turn", "dog")]


def test_o3_the_short_game_ends_after_its_last_round_the_richest_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling MN4: net worth
    game, script = kit.new(monkeypatch, players=3, turn="hat", rounds=10)
    s = game.state
    s.round = 10
    s.owner.update({"5": "hat", "39": "dog"})
    kit.reask(game)
    events = kit.roll(game, script, (2, 3))  # the last player of round 10
    assert game.over and s.reason == "round 10 was the last; the richest player wins"
    assert [[st.player, st.place] for st in game.standings()] == [["dog", 1], ["hat", 2], ["car", 3]]
    assert kit.of(events, "game_over")[0]["ranking"] == [["dog"], ["hat"], ["car"]]


def test_o3_before_the_last_round_play_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch, players=2, turn="dog", rounds=10)
    game.state.round = 9
    game.state.owner["5"] = "dog"
    kit.reask(game)
    events = kit.roll(game, script, (2, 3))
    assert not game.over and game.state.round == 10 and kit.of(events, "round") == [{"round": 10}]
    assert kit.waiting(game) == [("turn", "car")]


def test_m2_1_before_the_throw_the_player_may_manage_then_throw(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling MN15: the turn question is always asked
    game, script = kit.new(monkeypatch)
    s = game.state
    s.owner.update({"1": "car", "3": "car", "5": "car"})
    kit.reask(game)
    first = kit.decision(game, "turn").id
    kit.answer(game, "turn", {"mortgage": 1})
    assert s.cash["car"] == 2530 and 1 in s.mortgaged
    again = kit.decision(game, "turn")
    assert again.id != first and again.player == "car" and s.position["car"] == 0
    kit.roll(game, script, (2, 3))
    assert s.position["car"] == 5 and kit.waiting(game) == [("turn", "dog")]
