"""S1-S8: the Speed Die."""

from typing import Any

import pytest

from tests.engine.monopoly import kit


def speedy(monkeypatch: pytest.MonkeyPatch, start: int = 0, **state: Any) -> tuple[Any, kit.Dice]:
    game, script = kit.new(monkeypatch)
    s = game.state
    s.position["car"], s.speed = start, ["car"]
    for key, value in state.items():
        setattr(s, key, value)
    kit.reask(game)
    return game, script


def test_s1_the_speed_die_starts_once_the_player_reaches_go(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling MN7: when the Speed Die starts
    game, script = kit.new(monkeypatch)
    s = game.state
    s.position.update(car=36, dog=36)
    s.owner.update({"1": "car", "3": "car", "39": "car"})
    kit.reask(game)
    assert kit.decision(game, "turn").info["speed_die"] is False
    events = kit.roll(game, script, (2, 3))  # no Speed Die yet (the kit fails on an unexpected one)
    assert s.speed == ["car"] and "speed_die" in kit.kinds(events)
    kit.roll(game, script, (1, 2))  # the dog has not reached GO
    kit.roll(game, script, (1, 2, "1"))
    assert s.position["car"] == 1 + 4
    assert game.view()["public"]["players"][0]["speed_die"] is True


def test_s2_a_number_adds_to_the_white_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = speedy(monkeypatch, owner={"6": "car"})
    events = kit.roll(game, script, (1, 2, "3"))
    assert game.state.position["car"] == 6 and kit.of(events, "move")[0]["steps"] == 6


def test_s3_the_bus_moves_by_one_die_the_other_or_both(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = speedy(monkeypatch, owner={"5": "car"})
    kit.roll(game, script, (1, 5, "bus"))
    d = kit.decision(game, "bus")
    assert d.options == [1, 5, 6] and d.default == 6
    kit.answer(game, "bus", "5")
    assert game.state.position["car"] == 5 and kit.waiting(game) == [("turn", "dog")]


def test_s4_mr_monopoly_moves_on_to_the_next_deed_the_bank_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = speedy(monkeypatch, owner={"5": "dog"})
    kit.roll(game, script, (1, 2, "mr_monopoly"))
    assert game.state.position["car"] == 3 and kit.waiting(game) == [("buy", "car")]
    kit.answer(game, "buy", "buy")  # the first landing is resolved first
    assert game.state.position["car"] == 6 and kit.waiting(game) == [("buy", "car")]  # Reading is the dog's


def test_s4_with_nothing_in_the_bank_to_the_next_rent_owed(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch)
    s = game.state
    s.owner = {str(d): "car" for d in game.board.deeds}
    s.owner.update({"11": "dog", "13": "dog"})
    s.mortgaged = [11]
    s.speed = ["car"]
    s.decks["chance"].remove("chance_bank_dividend")
    s.decks["chance"].insert(0, "chance_bank_dividend")
    kit.reask(game)
    events = kit.roll(game, script, (3, 4, "mr_monopoly"))  # Chance at 7: the card first, then on
    assert kit.of(events, "card")[0]["card"] == "chance_bank_dividend"
    assert game.state.position["car"] == 13  # St. Charles Place is mortgaged: no rent owed there
    assert kit.of(events, "rent")[-1] == {"player": "car", "owner": "dog", "space": 13, "amount": 10}


def test_s4_with_no_deed_in_the_bank_and_no_rent_owed_the_token_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = speedy(monkeypatch, owner={str(d): "car" for d in range(40)})
    events = kit.roll(game, script, (2, 4, "mr_monopoly"))
    assert game.state.position["car"] == 6 and "mr_monopoly" in kit.kinds(events)


def test_s5_doubles_are_read_from_the_white_dice_only(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling MN8: doubles with the Speed Die
    game, script = speedy(monkeypatch, owner={"6": "car", "9": "car"})
    kit.roll(game, script, (2, 3, "1"))
    assert kit.waiting(game) == [("turn", "dog")]
    game, script = speedy(monkeypatch, owner={"6": "car", "9": "car"})
    kit.roll(game, script, (3, 3, "3"))  # three of a kind counts as doubles too
    kit.answer(game, "triples", 9)
    assert kit.waiting(game) == [("turn", "car")]
    game, script = speedy(monkeypatch, owner={"3": "car"})
    kit.roll(game, script, (3, 3, "bus"))
    kit.answer(game, "bus", 3)
    assert kit.waiting(game) == [("turn", "car")]


def test_s6_three_of_a_kind_moves_to_any_space(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = speedy(monkeypatch, start=5, owner={"6": "dog"})
    kit.roll(game, script, (2, 2, "2"))
    d = kit.decision(game, "triples")
    assert d.options == list(range(40)) and d.default == 8  # the first deed the bank holds ahead
    events = kit.answer(game, "triples", 1)
    assert game.state.position["car"] == 1 and kit.of(events, "pass_go")
    assert kit.waiting(game) == [("buy", "car")]


def test_s7_sent_to_jail_the_speed_die_effect_is_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = speedy(monkeypatch, start=25)
    events = kit.roll(game, script, (2, 3, "mr_monopoly"))
    assert game.state.position["car"] == 10 and "car" in game.state.jailed
    assert "mr_monopoly" not in kit.kinds(events) and kit.waiting(game) == [("turn", "dog")]


def test_s8_only_the_white_dice_are_thrown_in_jail(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = speedy(monkeypatch, start=10, jailed={"car": 0})
    script.queue.append((1, 2))  # the kit fails if the Speed Die is thrown
    events = kit.answer(game, "jail", "roll")
    assert kit.of(events, "roll")[0]["speed"] is None and game.state.jailed == {"car": 1}


def test_o4_without_the_speed_die_1500_each_and_two_dice_only(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch, speed_die=False)
    s = game.state
    assert set(s.cash.values()) == {1500}
    s.position["car"] = 36
    s.owner.update({"1": "car", "3": "car", "5": "car"})
    kit.reask(game)
    events = kit.roll(game, script, (2, 3))
    assert s.cash["car"] == 1700 and s.speed == [] and "speed_die" not in kit.kinds(events)
    kit.roll(game, script, (1, 2))  # the dog, onto the car's Baltic Avenue
    kit.roll(game, script, (1, 3))  # the kit fails on a Speed Die
    assert s.position["car"] == 5


def test_s4_after_a_card_moved_the_token_mr_monopoly_goes_on_from_there(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = speedy(monkeypatch, start=4)
    s = game.state
    s.decks["chance"].remove("chance_advance_to_illinois")
    s.decks["chance"].insert(0, "chance_advance_to_illinois")
    kit.roll(game, script, (1, 2, "mr_monopoly"))
    assert s.position["car"] == 24 and kit.waiting(game) == [("buy", "car")]
    kit.answer(game, "buy", "buy")
    assert s.position["car"] == 25 and kit.waiting(game) == [("buy", "car")]  # ruling MN9


def test_s6_naming_the_space_the_token_is_on_resolves_it_again(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = speedy(monkeypatch, start=35, owner={"38": "dog"})
    kit.roll(game, script, (1, 1, "1"))
    events = kit.answer(game, "triples", 35)  # ruling MN11: no move, no salary, the space again
    assert game.state.position["car"] == 35 and "pass_go" not in kit.kinds(events)
    assert kit.waiting(game) == [("buy", "car")]
