"""Setting up Mother of Dragons games (issue 18, engine step 2; facts section 8 items 1, 2, 4-6; M1, M4, M8, M10):
the set-up of each player count, the right board, vassals for the houses nobody holds, and random games on both
maps."""

from __future__ import annotations

import pytest

from engine.agot import Game, Settings
from engine.agot.game import assign_houses
from engine.agot.planning import check_orders
from engine.core import IllegalAnswer
from engine.simulate import play

BASE = ("stark", "greyjoy", "lannister", "baratheon", "tyrell", "martell")
TRACKS = {  # facts section 2, the printed order of each set-up
    "iron_throne": ["baratheon", "lannister", "stark", "martell", "greyjoy", "tyrell", "arryn", "targaryen"],
    "fiefdoms": ["greyjoy", "tyrell", "martell", "arryn", "stark", "baratheon", "lannister", "targaryen"],
    "kings_court": ["lannister", "stark", "martell", "tyrell", "arryn", "baratheon", "greyjoy", "targaryen"],
}


def test_1_seven_houses_add_arryn_and_the_vale_on_the_westeros_board() -> None:  # M10
    g = Game.new(7, seed=1)
    assert sorted(g.state.houses) == sorted(BASE + ("arryn",)) and len(g.state.areas) == 61
    assert {"the-bite", "the-vale-of-arryn", "port-of-the-eyrie"} <= set(g.state.areas)
    assert g.state.settings["setup"] == "7" and g.board.setup == "7" and "the-bite" in g.state.areas
    assert "pentos" not in g.state.areas
    assert g.state.iron_throne[-1] == "arryn"
    arryn = g.state.areas["the-eyrie"]
    assert (arryn.house, [u.kind for u in arryn.units], arryn.garrison) == ("arryn", ["knight", "knight"], 4)
    assert g.state.areas["kings-landing"].neutral == 5 and g.state.areas["the-eyrie"].neutral == 0
    assert {h: hs.power for h, hs in g.state.houses.items()} == dict.fromkeys(g.state.houses, 5)  # M1
    assert g.state.houses["arryn"].supply == 1 and g.state.houses["arryn"].hand[0] == "lysa-arryn-mod"


def test_1_eight_houses_add_targaryen_and_essos() -> None:  # M10
    g = Game.new(8, seed=1)
    s = g.state
    assert sorted(s.houses) == sorted(BASE + ("arryn", "targaryen"))
    assert {"braavos", "pentos", "volantis", "the-bite", "the-vale-of-arryn"} <= set(s.areas)
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


@pytest.mark.parametrize("players", [7, 8])
def test_4_kings_landing_keeps_its_neutral_force_and_the_eyrie_has_none(players: int) -> None:
    for settings in (Settings(), Settings(setup=str(players), vassals=("stark", "greyjoy"))):
        g = Game.new(players - len(settings.vassals), seed=1, settings=settings)
        neutral = {a: st.neutral for a, st in g.state.areas.items() if st.neutral}
        assert neutral == ({"kings-landing": 5} if players == 7 else {"kings-landing": 5, "braavos": 5})
        assert g.state.areas["the-eyrie"].house == "arryn"  # a home now, no longer a neutral castle


@pytest.mark.parametrize("players", [7, 8])
def test_5_starting_tracks_units_and_power(players: int) -> None:  # M1
    g = Game.new(players, seed=1)
    s = g.state
    houses = set(s.houses)
    for track, printed in TRACKS.items():
        assert getattr(s, track) == [h for h in printed if h in houses], track
    placed: dict[str, dict[str, list[str]]] = {}
    for area, st in s.areas.items():
        if st.units:
            placed.setdefault(str(st.house), {})[area] = sorted(u.kind for u in st.units)
    assert placed == {h: {a: sorted(k) for a, k in units.items()}
                      for h, units in g.board.setups[str(players)]["units"].items()}
    assert placed["arryn"] == {"port-of-the-eyrie": ["ship"], "the-eyrie": ["knight", "knight"],
                               "the-vale-of-arryn": ["knight"]}
    assert placed["stark"] == {"the-shivering-sea": ["ship"], "white-harbor": ["footman"],
                               "winterfell": ["footman", "knight"]}
    if players == 8:
        assert placed["targaryen"] == {"bay-of-pentos": ["ship", "ship"], "myr": ["knight"], "norvos": ["dragon"],
                                       "pentos": ["footman", "knight"], "port-of-pentos": ["ship"],
                                       "the-rhoyne": ["dragon", "dragon"]}
    assert {h: hs.power for h, hs in s.houses.items()} == {h: 7 if h == "targaryen" else 5 for h in houses}


@pytest.mark.parametrize("players,stars", [(7, [3, 3, 2, 1, 0, 0, 0]), (8, [3, 3, 2, 1, 0, 0, 0, 3])])
def test_6_special_orders_by_kings_court_position(players: int, stars: list[int]) -> None:  # M4
    g = Game.new(players, seed=1)
    limits = {d.player: d.info["special_limit"] for d in g.open_decisions() if d.kind == "orders"}
    assert [limits[h] for h in g.state.kings_court] == stars
    before = g.to_dict()
    with pytest.raises(IllegalAnswer, match=r"star limit reached \(you may place 0\)"):
        check_orders(g, "arryn", {"the-eyrie": "D+2*", "the-vale-of-arryn": "M0", "port-of-the-eyrie": "S0a"})
    assert g.to_dict() == before
    assert check_orders(g, "tyrell", {"highgarden": "D+2*", "dornish-marches": "M0", "redwyne-straights": "S0a"})
    if players == 8:  # the 8th space gives 3
        three = {"myr": "M+1*", "norvos": "D+2*", "pentos": "CP*", "the-rhoyne": "M0", "port-of-pentos": "S0a",
                 "bay-of-pentos": "SS0"}
        assert check_orders(g, "targaryen", three) == three
        with pytest.raises(IllegalAnswer, match=r"star limit reached \(you may place 3\)"):
            check_orders(g, "targaryen", {**three, "the-rhoyne": "R*"})
