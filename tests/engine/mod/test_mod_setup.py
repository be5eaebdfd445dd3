"""Setting up Mother of Dragons games (issue 18, engine step 2; M1, M8, M10): the set-up of each player count,
the right board, vassals for the houses nobody holds, and random games on both maps."""

from __future__ import annotations

import pytest

from engine.agot import Game, Settings
from engine.agot.game import assign_houses
from engine.simulate import play


def test_seven_players_play_the_seven_house_setup_on_its_board() -> None:
    g = Game.new(7, seed=1)
    assert g.state.settings["setup"] == "7" and g.board.setup == "7" and "the-bite" in g.state.areas
    assert "pentos" not in g.state.areas
    assert g.state.iron_throne[-1] == "arryn"
    arryn = g.state.areas["the-eyrie"]
    assert (arryn.house, [u.kind for u in arryn.units], arryn.garrison) == ("arryn", ["knight", "knight"], 4)
    assert g.state.areas["kings-landing"].neutral == 5 and g.state.areas["the-eyrie"].neutral == 0
    assert {h: hs.power for h, hs in g.state.houses.items()} == dict.fromkeys(g.state.houses, 5)  # M1
    assert g.state.houses["arryn"].supply == 1 and g.state.houses["arryn"].hand[0] == "lysa-arryn-mod"


def test_eight_players_play_with_essos() -> None:
    g = Game.new(8, seed=1)
    s = g.state
    assert g.board.setup == "8" and len(s.areas) == 75
    assert [u.kind for u in s.areas["the-rhoyne"].units] == ["dragon", "dragon"]
    assert (s.areas["pentos"].garrison, s.areas["braavos"].neutral) == (2, 5)
    assert s.houses["targaryen"].power == 7 and s.houses["targaryen"].supply == 4  # M1; supply from barrels
    assert s.mod["loyalty"] == {"kings-landing": 1}
    assert s.houses["targaryen"].hand[0] == "khal-drogo"


def test_the_board_follows_the_state_through_a_save() -> None:
    g = Game.new(8, seed=3)
    again = Game.from_dict(g.to_dict())
    assert again.board.setup == "8" and again.view("targaryen") == g.view("targaryen")


def test_fewer_players_leave_vassals_with_their_own_quantities() -> None:
    g = Game.new(5, seed=2, settings=Settings(setup="8", vassals=("stark", "martell", "targaryen")))
    s = g.state
    assert tuple(s.settings["vassals"]) == ("stark", "martell", "targaryen")
    assert {h: s.houses[h].power for h in ("stark", "martell", "targaryen")} == dict.fromkeys(
        ("stark", "martell", "targaryen"), 0)  # M8: no Power
    assert all(s.houses[h].supply == 4 for h in ("stark", "martell", "targaryen"))
    assert [u.kind for u in s.areas["winterfell"].units] == ["footman", "footman"]  # vassal quantities
    assert s.areas["castle-black"].house == "stark"
    assert [u.kind for u in s.areas["pentos"].units] == ["footman", "footman", "knight"]


def test_vassals_in_the_top_three_drop_to_the_bottom_with_targaryen() -> None:  # M8, checklist 23
    g = Game.new(6, seed=2, settings=Settings(setup="8", vassals=("lannister", "tyrell")))
    s = g.state
    # Iron Throne: baratheon > lannister > ... : Lannister (a vassal) is second, so vassals and Targaryen go down
    assert s.iron_throne == ["baratheon", "stark", "martell", "greyjoy", "arryn", "lannister", "tyrell",
                             "targaryen"]
    # Fiefdoms: greyjoy > tyrell > ...: Tyrell is second
    assert s.fiefdoms == ["greyjoy", "martell", "arryn", "stark", "baratheon", "tyrell", "lannister", "targaryen"]
    # King's Court: lannister first
    assert s.kings_court[-3:] == ["lannister", "tyrell", "targaryen"]


def test_default_vassals_are_the_last_houses_of_the_setup() -> None:
    g = Game.new(6, seed=2, settings=Settings(setup="8"))
    assert tuple(g.state.settings["vassals"]) == ("arryn", "targaryen")


@pytest.mark.parametrize("players,settings,message", [
    (9, Settings(), "3 to 6 players"),
    (3, Settings(setup="7"), "takes 4 to 7 players"),
    (5, Settings(setup="8", vassals=("stark",)), "leave 3 vassals"),
    (6, Settings(setup="7", vassals=("stark", "stark")), "different houses"),
    (6, Settings(setup="9"), "setup must be"),
    (6, Settings(vassals=("stark",)), "only in a Mother of Dragons set-up"),
])
def test_impossible_setups_are_refused(players: int, settings: Settings, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Game.new(players, seed=1, settings=settings)


def test_houses_are_assigned_from_the_chosen_setup() -> None:
    taken = assign_houses(["a", "b", "c", "d", "e"], seed=4, wishes={"a": "targaryen"}, setup="8")
    assert taken["a"] == "targaryen" and len(set(taken.values())) == 5
    with pytest.raises(ValueError):
        assign_houses(["a", "b", "c"], seed=4, setup="8")


@pytest.mark.parametrize("players,setup", [(7, ""), (8, ""), (4, "7"), (5, "8")])
def test_random_games_play_through(players: int, setup: str) -> None:
    for seed in (1, 2):
        result = play(players, seed, Settings(setup=setup))
        assert result.error is None, result.error
        assert result.winner is not None


def test_m1_a_setting_gives_every_player_seven_power_with_the_iron_bank() -> None:  # M1
    g = Game.new(6, seed=1, settings=Settings(setup="8", seven_power=True))
    assert {h: hs.power for h, hs in g.state.houses.items() if h not in g.vassals()} == dict.fromkeys(
        [h for h in g.state.houses if h not in g.vassals()], 7)
    assert all(g.state.houses[v].power == 0 for v in g.vassals())
    assert Game.new(7, seed=1, settings=Settings(seven_power=True)).state.houses["stark"].power == 5  # no bank
