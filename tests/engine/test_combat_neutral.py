"""Neutral forces (checklist section 10, ruling A8) and home areas and garrisons (section 16)."""

import pytest

from engine.agot.action import march_info
from engine.agot.world import controller, victory_points
from engine.core import IllegalAnswer
from tests.engine.combat_kit import asked, board, fight, kinds_of, march, note, order, put, resolve, routed
from tests.engine.scenario import answer, decision, units


def _yronwood(*kinds):
    g = board(players=5)
    g.state.areas["yronwood"].neutral = 0
    put(g, "yronwood", "tyrell", *kinds)
    return g


def test_neutral_force_example_rb2_p26():
    """Tyrell (Knight, Footman, March +1) and a supporting Ship in the Sea of Dorne destroy Sunspear's 5."""
    g = _yronwood("knight", "footman")
    put(g, "sea-of-dorne", "tyrell", "ship")
    order(g, "sea-of-dorne", "S0a")
    events = fight(g, "tyrell", "yronwood", {"sunspear": ["knight", "footman"]}, token="M+1*")
    assert kinds_of(events, "neutral_destroyed")[0].data["strength"] == 5
    assert g.state.areas["sunspear"].neutral == 0 and units(g, "sunspear") == ["footman", "knight"]
    assert controller(g.board, g.state, "sunspear") == "tyrell"


def test_10_1_a_neutral_force_is_not_a_unit_and_plays_no_card():
    g = _yronwood("knight", "knight", "footman")
    assert g.state.areas["sunspear"].units == [] and controller(g.board, g.state, "sunspear") is None
    log: list[tuple[str, str]] = []
    fight(g, "tyrell", "yronwood", {"sunspear": ["knight", "knight", "footman"]}, log=log)
    assert not any(k == "house_card" for _, k in log)


def test_10_2_siege_engines_count_against_a_castle_and_the_march_modifier_applies():
    g = _yronwood("knight", "siege_engine")
    events = fight(g, "tyrell", "yronwood", {"sunspear": ["knight", "siege_engine"]}, token="M-1")
    assert kinds_of(events, "neutral_destroyed")[0].data["strength"] == 5  # 2 + 4 - 1
    g = board(players=5)
    put(g, "dornish-marches", "tyrell", "knight", "siege_engine")
    events = fight(g, "tyrell", "dornish-marches", {"princes-pass": ["knight", "siege_engine"]})
    assert kinds_of(events, "neutral_holds")[0].data["strength"] == 2  # no castle: the engine gives 0


def test_10_2_no_blade_against_a_neutral_force():
    g = _yronwood("knight", "knight")
    g.state.fiefdoms = ["tyrell", "greyjoy", "stark", "baratheon", "lannister"]
    log: list[tuple[str, str]] = []
    events = fight(g, "tyrell", "yronwood", {"sunspear": ["knight", "knight"]}, log=log)
    assert log == [] and kinds_of(events, "neutral_holds") and not g.state.blade_used


def test_10_3_the_token_is_removed_for_good_and_the_area_is_taken():
    g = _yronwood("knight", "knight", "footman", "footman")
    before = victory_points(g.board, g.state, "tyrell")
    fight(g, "tyrell", "yronwood", {"sunspear": ["knight", "knight", "footman"]})
    assert g.state.areas["sunspear"].neutral == 0 and victory_points(g.board, g.state, "tyrell") == before + 1


def test_10_4_a_neutral_force_counts_as_the_marchs_one_attack():
    g = _yronwood("knight", "knight", "footman")
    put(g, "salt-shore", "stark", "footman")
    g.state.areas["salt-shore"].neutral = 0
    with pytest.raises(IllegalAnswer, match="only one combat"):
        march(g, "tyrell", "yronwood", {"sunspear": ["knight", "knight"], "salt-shore": ["footman"]})


def test_10_5_a8_a_march_that_falls_short_stays_home_and_the_order_is_spent():
    g = _yronwood("knight", "footman")
    put(g, "sea-of-dorne", "stark", "ship")
    order(g, "sea-of-dorne", "S0a")
    march(g, "tyrell", "yronwood", {"sunspear": ["knight", "footman"]}, token="M+1*")
    assert decision(g, "stark", "support").options == ["attacker", "none"]
    events = answer(g, "stark", "none", "support")
    assert kinds_of(events, "neutral_holds")[0].data["strength"] == 4
    assert units(g, "yronwood") == ["footman", "knight"] and routed(g, "yronwood") == [False, False]
    assert g.state.areas["yronwood"].order is None and g.state.areas["sunspear"].neutral == 5


def test_10_6_blocked_areas_can_never_be_entered():
    g = board(players=3)
    put(g, "the-reach", "baratheon", "knight")
    assert "highgarden" not in march_info(g, "baratheon", "the-reach")["land_destinations"]
    with pytest.raises(IllegalAnswer):
        march(g, "baratheon", "the-reach", {"highgarden": ["knight"]})


def test_10_7_units_never_retreat_into_a_neutral_force():
    g = board(players=5)
    g.state.areas["the-boneway"].neutral = 0
    put(g, "the-boneway", "baratheon", "knight", "knight")
    put(g, "kingswood", "tyrell", "footman", "footman")
    put(g, "storms-end", "baratheon", "footman")
    march(g, "baratheon", "the-boneway", {"kingswood": ["knight", "knight"]})
    resolve(g, {"baratheon": "melisandre", "tyrell": "margaery-tyrell"},
            until=lambda game: ("tyrell", "retreat") in asked(game) or not note(game))
    assert units(g, "the-reach") == ["footman", "footman"]  # the only legal area: King's Landing holds 5


def test_16_1_an_empty_home_area_is_its_houses_and_counts_as_its_power_token():
    g = board()
    assert controller(g.board, g.state, "winterfell") == "stark"
    assert victory_points(g.board, g.state, "stark") == 1


def test_16_2_16_5_an_empty_home_is_defended_by_its_garrison_and_its_house_card():
    g = board()
    put(g, "karhold", "lannister", "knight", "knight")
    march(g, "lannister", "karhold", {"winterfell": ["knight", "knight"]})
    assert note(g)["defender"] == "stark" and note(g)["initial"] == {"lannister": 4, "stark": 2}
    assert ("stark", "house_card") in asked(g)
    resolve(g, {"lannister": "ser-jaime-lannister", "stark": "roose-bolton"})
    assert controller(g.board, g.state, "winterfell") == "lannister"
    assert g.state.areas["winterfell"].garrison == 0


def test_16_3_an_enemy_home_left_without_a_power_token_reverts_at_once():
    g = board()
    put(g, "winterfell", "lannister", "knight")
    g.state.areas["winterfell"].garrison = 0
    assert controller(g.board, g.state, "winterfell") == "lannister"
    g.state.houses["lannister"].power = 0
    march(g, "lannister", "winterfell", {"castle-black": ["knight"]})
    assert controller(g.board, g.state, "winterfell") == "stark"


def test_16_4_garrisons_are_not_units_and_never_support():
    g = board()
    g.state.areas["winterfell"].garrison = 2
    put(g, "castle-black", "stark", "footman")
    put(g, "karhold", "lannister", "knight")
    march(g, "lannister", "karhold", {"castle-black": ["knight"]})
    assert note(g)["initial"] == {"lannister": 2, "stark": 1}
    assert g.state.areas["winterfell"].units == []


def test_16_6_a_garrison_defeated_with_its_units_is_removed_too():
    g = board()
    put(g, "karhold", "lannister", "knight", "knight", "footman")
    put(g, "winterfell", "stark", "footman")
    fight(g, "lannister", "karhold", {"winterfell": ["knight", "knight", "footman"]},
          cards={"lannister": "tywin-lannister", "stark": "the-blackfish"}, answers={"retreat": "castle-black"})
    assert g.state.areas["winterfell"].garrison == 0
    assert units(g, "castle-black") == ["footman"] and units(g, "winterfell") == ["footman", "knight", "knight"]


def test_16_6_a_garrison_that_wins_stays():
    g = board()
    put(g, "karhold", "lannister", "knight")
    fight(g, "lannister", "karhold", {"winterfell": ["knight"]},
          cards={"lannister": "cersei-lannister", "stark": "eddard-stark"})
    assert g.state.areas["winterfell"].garrison == 2 and units(g, "karhold") == []


def test_16_8_an_enemy_home_shield_blocks_retreats():
    g = board()
    put(g, "karhold", "baratheon", "knight", "knight")
    put(g, "castle-black", "lannister", "footman", "footman")
    put(g, "the-shivering-sea", "lannister", "ship")
    march(g, "baratheon", "karhold", {"castle-black": ["knight", "knight"]})
    resolve(g, {"baratheon": "melisandre", "lannister": "cersei-lannister"},
            until=lambda game: ("lannister", "retreat") in asked(game))
    assert decision(g, "lannister", "retreat").options == ["white-harbor", "widows-watch"]  # never Winterfell


def test_10_5_a8_units_that_stay_home_respect_supply():
    g = board()
    g.state.houses["stark"].supply = 1  # armies 3 and 2
    put(g, "winterfell", "stark", "footman", "footman", "footman")
    put(g, "white-harbor", "stark", "footman")
    put(g, "karhold", "stark", "footman", "footman")
    g.state.areas["castle-black"].neutral = 5
    events = fight(g, "stark", "winterfell", {"castle-black": ["footman"], "white-harbor": ["footman"]})
    assert kinds_of(events, "neutral_holds")
    assert kinds_of(events, "units_destroyed")[0].data["units"] == ["footman"]
    assert units(g, "winterfell") == ["footman"] and g.state.areas["castle-black"].neutral == 5
