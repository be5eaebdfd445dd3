"""Casualties, retreats and routing, combat clean up (checklist 9F, 9G, 9H; rulings A6, A12, A14, A15)."""

import pytest

from engine.agot.action import march_info, resolve_march
from engine.agot.rounds import clean_up
from engine.core import IllegalAnswer
from tests.engine.combat_kit import asked, board, fight, kinds_of, march, note, order, put, resolve, routed
from tests.engine.scenario import answer, decision, units

WIN = {"tyrell": "ser-garlan-tyrell", "lannister": "cersei-lannister"}  # Tyrell 2 + 2 swords, Lannister 0
LOSE = {"tyrell": "margaery-tyrell", "lannister": "tywin-lannister"}


def _blackwater(*defenders, **kw):
    """Tyrell marches from The Reach into Blackwater, held by Lannister ``defenders``."""
    g = board()
    put(g, "the-reach", "tyrell", *kw.get("attackers", ("knight", "knight")))
    put(g, "blackwater", "lannister", *defenders)
    return g


def test_9_34_a14_only_the_loser_takes_casualties_swords_minus_fortifications():
    g = _blackwater("footman", "footman", "footman")
    events = fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]},
                   cards={"tyrell": "ser-garlan-tyrell", "lannister": "tyrion-lannister"})
    assert [e.data["units"] for e in kinds_of(events, "casualties")] == [["footman", "footman"]]
    assert units(g, "blackwater") == ["knight", "knight"]
    g = _blackwater("knight", "knight")
    events = fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]},
                   cards={"tyrell": "alester-florent", "lannister": "ser-gregor-clegane"})  # 3 swords - 1 fort
    assert [(e.data["house"], e.data["units"]) for e in kinds_of(events, "casualties")] == \
        [("tyrell", ["knight", "knight"])]
    assert units(g, "blackwater") == ["knight", "knight"] and units(g, "the-reach") == []


def test_9_35_the_loser_chooses_one_unit_per_casualty_never_routed_or_supporting_units():
    g = _blackwater("footman", "footman", "knight")
    put(g, "blackwater", "lannister", "footman", routed=True)
    put(g, "stoney-sept", "lannister", "footman")
    order(g, "stoney-sept", "S0a")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]})
    resolve(g, {"tyrell": "ser-garlan-tyrell", "lannister": "cersei-lannister"},
            until=lambda game: ("lannister", "casualties") in asked(game))
    d = decision(g, "lannister", "casualties")
    assert d.options == [["footman", "footman"], ["footman", "knight"]]
    answer(g, "lannister", ["knight", "footman"], "casualties")
    resolve(g, answers={"retreat": "harrenhal"})
    assert units(g, "stoney-sept") == ["footman"] and routed(g, "stoney-sept") == [False]
    assert units(g, "harrenhal") == ["footman"]  # the routed Footman could not retreat


def test_9_35_a_knight_may_be_chosen_as_the_single_casualty():
    g = _blackwater("footman", "knight")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]})
    resolve(g, {"tyrell": "randyll-tarly", "lannister": "cersei-lannister"},
            until=lambda game: ("lannister", "casualties") in asked(game))
    assert decision(g, "lannister", "casualties").options == [["footman"], ["knight"]]
    answer(g, "lannister", ["knight"], "casualties")
    resolve(g, answers={"retreat": "stoney-sept"})
    assert units(g, "stoney-sept") == ["footman"]


def test_9_36_16_6_a_defeated_garrison_is_removed_whatever_the_icons():
    g = board()
    put(g, "riverrun", "stark", "knight", "knight", "knight")
    g.state.areas["lannisport"].garrison = 2
    events = fight(g, "stark", "riverrun", {"lannisport": ["knight", "knight", "knight"]},
                   cards={"stark": "catelyn-stark", "lannister": "the-hound"})
    assert kinds_of(events, "garrison_removed") and g.state.areas["lannisport"].garrison == 0
    assert units(g, "lannisport") == ["knight", "knight", "knight"]


def test_9_37_supporting_units_never_retreat():
    g = _blackwater("footman")
    put(g, "stoney-sept", "lannister", "knight")
    order(g, "stoney-sept", "S0a")
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]}, cards=WIN, answers={"retreat": "harrenhal"})
    assert units(g, "stoney-sept") == ["knight"] and routed(g, "stoney-sept") == [False]
    assert units(g, "harrenhal") == []  # the only defender died to the swords


def test_9_38_a_losing_attacker_goes_back_to_where_it_marched_from_routed():
    g = _blackwater("knight", "knight", attackers=("footman", "knight", "knight"))
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "footman"]}, cards=LOSE)
    assert units(g, "the-reach") == ["footman", "knight", "knight"]
    assert sorted(routed(g, "the-reach")) == [False, True, True]
    assert units(g, "blackwater") == ["knight", "knight"]


def test_9_39_the_defender_retreats_to_an_empty_or_friendly_adjacent_area_never_the_attackers_source():
    g = _blackwater("knight", "knight")
    put(g, "crackclaw-point", "baratheon", "footman")  # enemy units
    g.state.areas["harrenhal"].power_token = "baratheon"  # enemy Power token
    put(g, "stoney-sept", "lannister", "footman")  # friendly
    march(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]})
    resolve(g, {"tyrell": "alester-florent", "lannister": "cersei-lannister"},
            until=lambda game: ("lannister", "retreat") in asked(game))
    # King's Landing holds a neutral force (A6); The Reach is where the attack came from (9.39c)
    assert decision(g, "lannister", "retreat").options == ["searoad-marches", "stoney-sept"]
    answer(g, "lannister", "stoney-sept", "retreat")
    assert units(g, "stoney-sept") == ["footman", "knight", "knight"]


def test_9_39a_all_retreating_units_go_to_one_area():
    g = _blackwater("knight", "footman")
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]},
          cards={"tyrell": "alester-florent", "lannister": "cersei-lannister"}, answers={"retreat": "harrenhal"})
    assert units(g, "harrenhal") == ["footman", "knight"] and routed(g, "harrenhal") == [True, True]


def test_9_39d_ships_retreat_to_seas_and_own_ports_never_to_land():
    g = board()
    put(g, "shipbreaker-bay", "baratheon", "ship", "ship", "ship")
    put(g, "the-narrow-sea", "stark", "ship")
    put(g, "white-harbor", "stark", "footman")
    march(g, "baratheon", "shipbreaker-bay", {"the-narrow-sea": ["ship", "ship", "ship"]})
    resolve(g, {"baratheon": "salladhor-saan", "stark": "catelyn-stark"},
            until=lambda game: ("stark", "retreat") in asked(game))
    assert decision(g, "stark", "retreat").options == ["port-of-white-harbor", "the-shivering-sea"]
    answer(g, "stark", "port-of-white-harbor", "retreat")
    assert units(g, "port-of-white-harbor") == ["ship"] and routed(g, "port-of-white-harbor") == [True]


def test_9_39e_a_retreat_that_breaks_supply_is_legal_only_when_every_retreat_does():
    g = _blackwater("footman", "footman")
    g.state.houses["lannister"].supply = 0  # armies {2, 2}
    put(g, "stoney-sept", "lannister", "footman")
    put(g, "searoad-marches", "lannister", "footman", "footman")
    put(g, "crackclaw-point", "baratheon", "footman")
    put(g, "harrenhal", "baratheon", "footman")
    events = fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]},
                   cards={"tyrell": "alester-florent", "lannister": "cersei-lannister"})
    # Stoney Sept needs one loss (an army of 3 does not fit); Searoad Marches cannot take them at all
    assert kinds_of(events, "units_destroyed")[0].data["units"] == ["footman"]
    assert kinds_of(events, "retreat")[0].data["area"] == "stoney-sept"
    assert units(g, "stoney-sept") == ["footman", "footman"]


def test_9_39e_a_lossless_area_excludes_the_others():
    g = _blackwater("footman", "footman")
    g.state.houses["lannister"].supply = 0
    put(g, "stoney-sept", "lannister", "footman")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]})
    resolve(g, {"tyrell": "alester-florent", "lannister": "cersei-lannister"},
            until=lambda game: ("lannister", "retreat") in asked(game))
    d = decision(g, "lannister", "retreat")
    assert d.options == ["crackclaw-point", "harrenhal", "searoad-marches"]


def test_9_39f_no_legal_area_destroys_every_retreating_unit():
    g = _blackwater("footman", "knight")
    for area in ("crackclaw-point", "harrenhal", "searoad-marches", "stoney-sept"):
        put(g, area, "baratheon", "footman")
    events = fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]},
                   cards={"tyrell": "alester-florent", "lannister": "cersei-lannister"})
    assert kinds_of(events, "units_destroyed")[0].data["units"] == ["footman", "knight"]
    assert not kinds_of(events, "retreat")


def test_a6_an_enemy_home_area_a_neutral_force_and_a_blocked_area_are_closed_to_retreats():
    g = board(players=3)
    put(g, "searoad-marches", "baratheon", "knight", "knight")
    put(g, "the-reach", "lannister", "footman", "footman")
    march(g, "baratheon", "searoad-marches", {"the-reach": ["knight", "knight"]})
    resolve(g, {"baratheon": "melisandre", "lannister": "cersei-lannister"},
            until=lambda game: ("lannister", "retreat") in asked(game))
    # The Reach: Blackwater, Dornish Marches (blocked), Highgarden (blocked), King's Landing (neutral force),
    # Kingswood, The Boneway (blocked), Searoad Marches (the attacker's source)
    assert decision(g, "lannister", "retreat").options == ["blackwater", "kingswood"]
    g = board()
    put(g, "searoad-marches", "greyjoy", "footman", "footman")
    put(g, "the-reach", "stark", "knight", "knight")
    march(g, "stark", "the-reach", {"searoad-marches": ["knight", "knight"]})
    resolve(g, {"stark": "greatjon-umber", "greyjoy": "aeron-damphair"}, answers={"aeron": "keep"},
            until=lambda game: ("greyjoy", "retreat") in asked(game))
    assert decision(g, "greyjoy", "retreat").options == ["blackwater", "stoney-sept"]  # not Lannisport, Highgarden


def test_9_40_retreated_units_are_routed_and_a_routed_unit_that_must_retreat_again_dies():
    g = _blackwater("knight", "footman")
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]},
          cards={"tyrell": "alester-florent", "lannister": "cersei-lannister"}, answers={"retreat": "harrenhal"})
    assert routed(g, "harrenhal") == [True, True]
    put(g, "crackclaw-point", "baratheon", "knight")
    march(g, "baratheon", "crackclaw-point", {"harrenhal": ["knight"]})
    assert note(g)["initial"] == {"baratheon": 2, "lannister": 0}
    events = resolve(g, {"baratheon": "brienne-of-tarth", "lannister": "tywin-lannister"})
    assert kinds_of(events, "combat_result")[0].data["winner"] == "baratheon"
    assert sorted(kinds_of(events, "units_destroyed")[0].data["units"]) == ["footman", "knight"]
    assert units(g, "harrenhal") == ["knight"]


def test_9_40_routed_units_cannot_march():
    g = _blackwater("knight", "footman")
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]},
          cards={"tyrell": "alester-florent", "lannister": "cersei-lannister"}, answers={"retreat": "harrenhal"})
    order(g, "harrenhal", "M0", "lannister")
    assert march_info(g, "lannister", "harrenhal")["units"] == []
    with pytest.raises(IllegalAnswer, match="routed units cannot march"):
        resolve_march(g, "lannister", {"from": "harrenhal", "moves": {"stoney-sept": ["knight"]}})


def test_9_41_a15_siege_engines_cannot_retreat_but_may_be_chosen_as_casualties():
    g = _blackwater("siege_engine", "footman", "footman")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]})
    resolve(g, {"tyrell": "randyll-tarly", "lannister": "cersei-lannister"},
            until=lambda game: ("lannister", "casualties") in asked(game))
    assert ["siege_engine"] in decision(g, "lannister", "casualties").options
    answer(g, "lannister", ["siege_engine"], "casualties")
    resolve(g, answers={"retreat": "stoney-sept"})
    assert units(g, "stoney-sept") == ["footman", "footman"]
    g = _blackwater("siege_engine", "footman")
    events = fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]},
                   cards={"tyrell": "alester-florent", "lannister": "cersei-lannister"},
                   answers={"retreat": "stoney-sept"})
    assert kinds_of(events, "units_destroyed")[0].data["units"] == ["siege_engine"]
    assert units(g, "stoney-sept") == ["footman"]


def test_9_42_routed_units_stand_up_at_clean_up():
    g = _blackwater("knight")
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]},
          cards={"tyrell": "alester-florent", "lannister": "cersei-lannister"}, answers={"retreat": "harrenhal"})
    assert routed(g, "harrenhal") == [True]
    clean_up(g)
    assert routed(g, "harrenhal") == [False]


def test_9_43_a12_an_empty_victory_still_drives_the_defender_out():
    g = board()
    put(g, "sunspear", "martell", "footman")
    put(g, "salt-shore", "martell", "knight")
    order(g, "salt-shore", "S+1*")
    put(g, "yronwood", "tyrell", "footman", "footman")
    g.state.areas["yronwood"].power_token = "tyrell"
    g.state.fiefdoms = ["martell", "greyjoy", "tyrell", "stark", "baratheon", "lannister"]
    events = fight(g, "martell", "sunspear", {"yronwood": ["footman"]},
                   cards={"martell": "areo-hotah", "tyrell": "mace-tyrell"}, answers={"retreat": "the-boneway"})
    result = kinds_of(events, "combat_result")[0]
    assert result.data["winner"] == "martell" and result.data["strength"] == {"martell": 6, "tyrell": 6}
    assert units(g, "sunspear") == [] and units(g, "yronwood") == []
    assert g.state.areas["yronwood"].power_token is None
    assert units(g, "the-boneway") == ["footman", "footman"] and routed(g, "the-boneway") == [True, True]


def test_9_44_retreat_by_ship_transport():
    g = board()
    put(g, "castle-black", "lannister", "knight", "knight")
    put(g, "karhold", "stark", "footman")
    put(g, "the-shivering-sea", "stark", "ship")
    put(g, "winterfell", "baratheon", "footman")
    march(g, "lannister", "castle-black", {"karhold": ["knight", "knight"]})
    resolve(g, {"lannister": "ser-jaime-lannister", "stark": "ser-rodrick-cassel"},
            until=lambda game: ("stark", "retreat") in asked(game))
    assert decision(g, "stark", "retreat").options == ["white-harbor", "widows-watch"]
    answer(g, "stark", "white-harbor", "retreat")
    assert units(g, "white-harbor") == ["footman"] and routed(g, "white-harbor") == [True]


def test_9_45_9_46_the_winner_takes_the_area_and_the_defenders_tokens_go():
    g = _blackwater("footman")
    order(g, "blackwater", "D+1a")
    g.state.areas["blackwater"].power_token = "lannister"
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]}, cards=WIN)
    st = g.state.areas["blackwater"]
    assert st.house == "tyrell" and st.order is None and st.power_token is None
    assert g.state.areas["the-reach"].order is None and units(g, "the-reach") == []


def test_9_47_a_winning_defender_keeps_its_order_and_power_token():
    g = _blackwater("knight", "knight")
    order(g, "blackwater", "D+1a")
    g.state.areas["blackwater"].power_token = "lannister"
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]}, cards=LOSE)
    st = g.state.areas["blackwater"]
    assert st.order is not None and st.order.token == "D+1a" and st.power_token == "lannister"
    assert g.state.areas["the-reach"].order is None


def test_9_48_after_clean_up_the_march_step_continues():
    g = _blackwater("footman")
    put(g, "winterfell", "stark", "footman")
    order(g, "winterfell", "M0")
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]}, cards=WIN)
    assert asked(g) == [("stark", "march")]
    assert g.state.houses["tyrell"].discard == ["ser-garlan-tyrell"]


def test_9_49_the_victory_track_updates_at_once_and_a_seventh_castle_ends_the_game():
    g = board()
    g.state.areas["the-eyrie"].neutral = 0
    for area in ("winterfell", "white-harbor", "moat-cailin", "the-eyrie", "riverrun", "seagard"):
        put(g, area, "stark", "footman")
    g.state.areas["lannisport"].garrison = 0
    put(g, "searoad-marches", "stark", "knight", "knight")
    put(g, "lannisport", "lannister", "footman")
    put(g, "winterfell", "stark", "footman")
    order(g, "winterfell", "M-1")
    fight(g, "stark", "searoad-marches", {"lannisport": ["knight", "knight"]},
          cards={"stark": "eddard-stark", "lannister": "cersei-lannister"})
    assert g.over and g.state.winner == "stark"


def test_9_49_orders_left_in_areas_without_units_are_removed():
    g = _blackwater("footman")
    order(g, "blackwater", "D+1a")
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]},
          cards={"tyrell": "alester-florent", "lannister": "the-hound"})
    assert g.state.areas["the-reach"].order is None and units(g, "the-reach") == []


def test_retreating_and_routing_example_rb2_p21():
    g = board()
    put(g, "kings-landing", "baratheon", "knight", "knight")
    put(g, "kingswood", "tyrell", "footman", "knight")
    put(g, "storms-end", "tyrell", "footman")
    fight(g, "baratheon", "kings-landing", {"kingswood": ["knight", "knight"]},
          cards={"baratheon": "brienne-of-tarth", "tyrell": "randyll-tarly"},
          answers={"casualties": ["footman"], "retreat": "storms-end"})
    # 1. Tyrell loses a Footman and retreats the Knight to Storm's End, next to his Footman; it is routed
    assert units(g, "storms-end") == ["footman", "knight"] and sorted(routed(g, "storms-end")) == [False, True]
    # 2. Baratheon attacks Storm's End from The Boneway: Tyrell's routed Knight gives no strength
    put(g, "the-boneway", "baratheon", "knight", "knight")
    march(g, "baratheon", "the-boneway", {"storms-end": ["knight", "knight"]})
    assert note(g)["initial"]["tyrell"] == 1
    events = resolve(g, {"baratheon": "renly-baratheon", "tyrell": "alester-florent"})
    # the routed Knight may not retreat again: it is destroyed
    assert kinds_of(events, "units_destroyed")[0].data["units"] == ["knight"]
    assert units(g, "storms-end") == ["knight", "knight"]


def _overstretched_stark(g):
    """Stark (supply 1: armies 3 and 2) holds 3 Footmen in Winterfell, 1 in White Harbor, 2 in Karhold."""
    g.state.houses["stark"].supply = 1
    put(g, "winterfell", "stark", "footman", "footman", "footman")
    put(g, "white-harbor", "stark", "footman")
    put(g, "karhold", "stark", "footman", "footman")


def test_9_38_a6_a_losing_attacker_back_where_it_marched_from_sheds_what_breaks_supply():
    g = board()
    _overstretched_stark(g)
    put(g, "castle-black", "lannister", "knight", "knight")
    events = fight(g, "stark", "winterfell", {"castle-black": ["footman"], "white-harbor": ["footman"]},
                   cards={"stark": "catelyn-stark", "lannister": "cersei-lannister"})
    # it marched as if both left (armies 2, 2); back home it would make three armies of 2: one must die
    assert kinds_of(events, "units_destroyed")[0].data["units"] == ["footman"]
    assert units(g, "winterfell") == ["footman"] and routed(g, "winterfell") == [False]
    assert units(g, "white-harbor") == ["footman", "footman"]
