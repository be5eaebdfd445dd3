"""Support in combat (checklist 9B; rulings A11) and the rulebook's Support Example (RB2 p.18)."""

import pytest

from engine.core import IllegalAnswer
from tests.engine.combat_kit import asked, board, fight, kinds_of, march, note, order, put, resolve
from tests.engine.scenario import answer, decision, units


def _until_initial(g):
    resolve(g, until=lambda game: bool(note(game).get("initial")))
    return note(g)["initial"]


def test_support_example_rb2_p18():
    """Tyrell 2 Knights (+1 March) into Blackwater; support from King's Landing, Stoney Sept and Harrenhal."""
    g = board()
    put(g, "the-reach", "tyrell", "knight", "knight")
    put(g, "blackwater", "lannister", "footman")
    order(g, "blackwater", "M-1")
    put(g, "kings-landing", "tyrell", "knight")
    order(g, "kings-landing", "S0a")
    put(g, "stoney-sept", "lannister", "footman", "knight")
    order(g, "stoney-sept", "S0a")
    put(g, "harrenhal", "baratheon", "knight")
    order(g, "harrenhal", "S0a")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]}, token="M+1*")
    log: list[tuple[str, str]] = []
    resolve(g, answers={("baratheon", "support"): "defender"}, log=log,
            until=lambda game: bool(note(game).get("initial")))
    assert note(g)["initial"] == {"lannister": 6, "tyrell": 7}
    assert note(g)["support"] == {"harrenhal": {"house": "baratheon", "side": "defender"},
                                  "kings-landing": {"house": "tyrell", "side": "attacker"},
                                  "stoney-sept": {"house": "lannister", "side": "defender"}}


def test_9_6_a_supporter_gives_the_full_strength_of_its_area_to_one_side_or_nothing():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "footman")
    put(g, "harrenhal", "baratheon", "knight", "footman")
    order(g, "harrenhal", "S0a")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight"]})
    d = decision(g, "baratheon", "support")
    assert d.options == ["attacker", "defender", "none"]
    answer(g, "baratheon", "attacker", "support")
    assert _until_initial(g) == {"lannister": 1, "tyrell": 5}


def test_9_6_support_refused_by_its_owner_gives_nothing():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "footman")
    put(g, "harrenhal", "baratheon", "knight", "footman")
    order(g, "harrenhal", "S0a")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight"]})
    answer(g, "baratheon", "none", "support")
    assert _until_initial(g) == {"lannister": 1, "tyrell": 2}


def test_9_7_support_is_declared_one_house_at_a_time_in_iron_throne_order():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "footman")
    for area, house in (("kings-landing", "tyrell"), ("stoney-sept", "lannister"), ("harrenhal", "baratheon"),
                        ("crackclaw-point", "stark")):
        put(g, area, house, "footman")
        order(g, area, "S0a")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight"]})
    log: list[tuple[str, str]] = []
    resolve(g, log=log, until=lambda game: bool(note(game).get("initial")))
    assert [h for h, k in log if k == "support"] == ["baratheon", "lannister", "stark", "tyrell"]


def test_9_8_a_house_may_support_a_combat_between_two_others_and_itself():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "footman")
    put(g, "stoney-sept", "lannister", "footman")
    order(g, "stoney-sept", "S0a")
    put(g, "crackclaw-point", "stark", "knight")
    order(g, "crackclaw-point", "S0a")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight"]})
    assert decision(g, "lannister", "support").options == ["defender", "none"]
    resolve(g, answers={("stark", "support"): "attacker"}, until=lambda game: bool(note(game).get("initial")))
    assert note(g)["initial"] == {"lannister": 2, "tyrell": 4}


def test_9_9_never_support_the_opponent_of_your_own_units():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "footman")
    put(g, "kings-landing", "tyrell", "footman")
    order(g, "kings-landing", "S0a")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight"]})
    assert decision(g, "tyrell", "support").options == ["attacker", "none"]
    with pytest.raises(IllegalAnswer):
        answer(g, "tyrell", "defender", "support")


def test_9_10_a_combatant_may_refuse_support_declared_for_him():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "footman")
    put(g, "harrenhal", "baratheon", "knight")
    order(g, "harrenhal", "S0a")
    put(g, "crackclaw-point", "stark", "knight")
    order(g, "crackclaw-point", "S0a")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight"]})
    resolve(g, answers={("baratheon", "support"): "defender", ("stark", "support"): "defender"},
            until=lambda game: ("lannister", "refuse") in asked(game))
    assert decision(g, "lannister", "refuse").options == [[], ["baratheon"], ["stark"], ["baratheon", "stark"]]
    answer(g, "lannister", ["stark"], "refuse")
    assert _until_initial(g) == {"lannister": 3, "tyrell": 2}
    assert note(g)["refused"] == ["stark"]


def test_9_10_refusal_is_not_asked_when_only_own_support_is_declared():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "footman")
    put(g, "stoney-sept", "lannister", "knight")
    order(g, "stoney-sept", "S0a")
    log: list[tuple[str, str]] = []
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight"]}, log=log,
          cards={"tyrell": "margaery-tyrell", "lannister": "the-hound"})
    assert not any(k == "refuse" for _, k in log)


def test_9_11_a_support_order_stays_and_supports_every_adjacent_combat_that_round():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "footman")
    put(g, "kings-landing", "baratheon", "footman")
    order(g, "kings-landing", "S0a")
    put(g, "kingswood", "lannister", "footman")
    put(g, "the-boneway", "martell", "knight")
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight"]}, answers={("baratheon", "support"): "defender"},
          cards={"tyrell": "ser-garlan-tyrell", "lannister": "tyrion-lannister"})
    assert g.state.areas["kings-landing"].order is not None
    march(g, "martell", "the-boneway", {"kingswood": ["knight"]})
    resolve(g, answers={("baratheon", "support"): "attacker"}, until=lambda game: bool(note(game).get("initial")))
    assert note(g)["initial"] == {"lannister": 1, "martell": 3}


def test_9_12_a_support_order_gives_nothing_to_its_own_area():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "footman")
    order(g, "blackwater", "S+1*")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight"]})
    assert not any(k == "support" for _, k in asked(g))
    assert note(g)["initial"]["lannister"] == 1


def test_9_13_ships_support_land_and_sea_but_land_units_never_support_at_sea():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "kingswood", "lannister", "footman")
    put(g, "blackwater-bay", "lannister", "ship")
    order(g, "blackwater-bay", "S0a")
    march(g, "tyrell", "the-reach", {"kingswood": ["knight"]})
    assert _until_initial(g)["lannister"] == 2
    g = board()
    put(g, "shipbreaker-bay", "baratheon", "ship", "ship")
    put(g, "blackwater-bay", "lannister", "ship")
    put(g, "kings-landing", "lannister", "knight")
    order(g, "kings-landing", "S0a")
    put(g, "kingswood", "lannister", "knight")
    order(g, "kingswood", "S0b")
    march(g, "baratheon", "shipbreaker-bay", {"blackwater-bay": ["ship", "ship"]})
    assert not any(k == "support" for _, k in asked(g))
    assert note(g)["initial"] == {"baratheon": 2, "lannister": 1}


def test_9_14_ships_in_a_port_support_only_their_own_sea():
    g = board()
    put(g, "kingswood", "tyrell", "knight")
    put(g, "storms-end", "baratheon", "footman")
    put(g, "port-of-storms-end", "baratheon", "ship")
    order(g, "port-of-storms-end", "S0a")
    march(g, "tyrell", "kingswood", {"storms-end": ["knight"]})
    assert _until_initial(g)["baratheon"] == 1  # never its own land area
    g = board()
    put(g, "east-summer-sea", "martell", "ship", "ship")
    put(g, "shipbreaker-bay", "tyrell", "ship")
    put(g, "port-of-storms-end", "baratheon", "ship")
    g.state.areas["storms-end"].power_token = "baratheon"  # the port's owner controls its land area (A7)
    order(g, "port-of-storms-end", "S0a")
    march(g, "martell", "east-summer-sea", {"shipbreaker-bay": ["ship", "ship"]})
    assert decision(g, "baratheon", "support").options == ["attacker", "defender", "none"]
    answer(g, "baratheon", "defender", "support")
    assert _until_initial(g) == {"martell": 2, "tyrell": 2}


def test_9_15_a_supporting_siege_engine_counts_only_for_an_attack_on_a_castle():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "highgarden", "lannister", "footman")
    put(g, "dornish-marches", "baratheon", "siege_engine")
    order(g, "dornish-marches", "S0a")
    march(g, "tyrell", "the-reach", {"highgarden": ["knight"]})
    answer(g, "baratheon", "attacker", "support")
    assert _until_initial(g) == {"lannister": 1, "tyrell": 6}
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "highgarden", "lannister", "footman")
    put(g, "dornish-marches", "baratheon", "siege_engine")
    order(g, "dornish-marches", "S0a")
    march(g, "tyrell", "the-reach", {"highgarden": ["knight"]})
    answer(g, "baratheon", "defender", "support")
    assert _until_initial(g) == {"lannister": 1, "tyrell": 2}


def test_9_16_special_support_adds_one_even_when_its_units_give_nothing():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "footman")
    put(g, "kings-landing", "tyrell", "footman")
    order(g, "kings-landing", "S+1*")
    put(g, "searoad-marches", "baratheon", "siege_engine")
    order(g, "searoad-marches", "S+1*")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight"]})
    resolve(g, answers={("baratheon", "support"): "defender"}, until=lambda game: bool(note(game).get("initial")))
    assert note(g)["initial"] == {"lannister": 2, "tyrell": 4}


def test_9_17_support_counts_adjacency_to_the_embattled_area_not_to_the_source():
    g = board()
    put(g, "kings-landing", "tyrell", "knight")
    put(g, "kingswood", "lannister", "footman")
    put(g, "crackclaw-point", "tyrell", "knight")  # next to King's Landing, not to the Kingswood
    order(g, "crackclaw-point", "S0a")
    put(g, "the-boneway", "tyrell", "knight")  # next to the Kingswood
    order(g, "the-boneway", "S0a")
    march(g, "tyrell", "kings-landing", {"kingswood": ["knight"]})
    assert _until_initial(g) == {"lannister": 1, "tyrell": 4}
    assert set(note(g)["support"]) == {"the-boneway"}


def test_9_17_ship_transport_gives_no_adjacency_for_support():
    g = board()
    put(g, "castle-black", "stark", "knight")
    put(g, "karhold", "lannister", "footman")
    put(g, "the-shivering-sea", "stark", "ship")
    put(g, "widows-watch", "stark", "knight")  # reaches Karhold only by ship
    order(g, "widows-watch", "S0a")
    march(g, "stark", "castle-black", {"karhold": ["knight"]})
    assert not any(k == "support" for _, k in asked(g))


def test_9_18_support_against_a_neutral_force_goes_to_the_attacker_only():
    g = board(players=5)
    g.state.areas["yronwood"].neutral = 0
    put(g, "yronwood", "tyrell", "knight", "footman")
    put(g, "sea-of-dorne", "stark", "ship")
    order(g, "sea-of-dorne", "S0a")
    march(g, "tyrell", "yronwood", {"sunspear": ["knight", "footman"]}, token="M+1*")
    assert decision(g, "stark", "support").options == ["attacker", "none"]
    events = resolve(g, answers={("stark", "support"): "attacker"})
    assert kinds_of(events, "neutral_destroyed") and units(g, "sunspear") == ["footman", "knight"]
