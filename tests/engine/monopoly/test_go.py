"""M3: the GO salary: once per trip by dice or card, twice for the double example, never on the way to Jail."""

import pytest

from tests.engine.monopoly import kit


def test_m3_1_passing_go_by_dice_pays_the_salary_once(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch)
    game.state.position["car"] = 36
    game.state.owner["1"] = "car"
    kit.reask(game)
    events = kit.roll(game, script, (2, 3))
    assert game.state.position["car"] == 1 and game.state.cash["car"] == 2700
    assert kit.of(events, "pass_go") == [{"player": "car", "amount": 200}]


def test_m3_1_landing_on_go_pays_the_salary(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch)
    game.state.position["car"] = 34
    kit.reask(game)
    kit.roll(game, script, (2, 4))
    assert game.state.position["car"] == 0 and game.state.cash["car"] == 2700


def test_m3_1_a_card_past_go_pays_the_salary(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch)
    s = game.state
    s.position["car"] = 33
    s.owner["11"] = "car"
    s.decks["chance"].remove("chance_advance_to_st_charles")
    s.decks["chance"].insert(0, "chance_advance_to_st_charles")
    kit.reask(game)
    events = kit.roll(game, script, (1, 2))
    assert s.position["car"] == 11 and s.cash["car"] == 2700 and len(kit.of(events, "pass_go")) == 1


def test_m3_2_passing_go_onto_a_chest_that_sends_to_go_pays_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch)
    s = game.state
    s.position["car"] = 37
    s.decks["community_chest"].remove("cc_advance_to_go")
    s.decks["community_chest"].insert(0, "cc_advance_to_go")
    kit.reask(game)
    events = kit.roll(game, script, (2, 3))
    assert kit.of(events, "card")[0]["card"] == "cc_advance_to_go"
    assert s.position["car"] == 0 and s.cash["car"] == 2900
    assert len(kit.of(events, "pass_go")) == 2


def test_m3_3_going_to_jail_from_the_corner_pays_no_salary(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch)
    game.state.position["car"] = 25
    kit.reask(game)
    events = kit.roll(game, script, (2, 3))
    assert game.state.position["car"] == 10 and game.state.cash["car"] == 2500
    assert "pass_go" not in kit.kinds(events) and "car" in game.state.jailed


def test_m3_3_a_jail_card_pays_no_salary(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch)
    s = game.state
    s.position["car"] = 33
    s.decks["chance"].remove("chance_go_to_jail")
    s.decks["chance"].insert(0, "chance_go_to_jail")
    kit.reask(game)
    events = kit.roll(game, script, (1, 2))
    assert s.position["car"] == 10 and s.cash["car"] == 2500 and "pass_go" not in kit.kinds(events)
