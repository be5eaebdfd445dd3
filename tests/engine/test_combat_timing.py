"""Abilities that meet in one combat: cancel before immediately, passive texts together, the Blackfish,
Robb Stark and ship transport, hand refreshes, Doran during marches (RB2 p.19; A9, A16, A17, A19, A20)."""

import pytest

from tests.engine.combat_kit import asked, board, fight, hand, kinds_of, march, order, put, resolve, routed
from tests.engine.scenario import answer, decision, units
from tests.engine.test_combat_house_cards import STARK, duel, parts, winner
from tests.engine.test_combat_tides import rig

# --- Tyrion against every 'immediately' card --------------------------------------------------------------


def _tyrion_against(card, house, d=("footman", "footman"), **answers):
    g = duel(house, "lannister", a=("knight", "knight"), d=d)
    put(g, "stoney-sept", "lannister", "footman")
    order(g, "stoney-sept", "S0a")
    log: list[tuple[str, str]] = []
    events = fight(g, house, "the-reach", {"blackwater": ["knight", "knight"]}, log=log,
                   cards={house: card, "lannister": "tyrion-lannister"}, answers={"tyrion": True, **answers})
    return g, events, log


@pytest.mark.parametrize("card,house,asks", [("doran-martell", "martell", "doran"), ("mace-tyrell", "tyrell", "mace"),
                                             ("queen-of-thorns", "tyrell", "queen_of_thorns"),
                                             ("aeron-damphair", "greyjoy", "aeron")])
def test_tyrion_cancels_an_immediate_card_before_it_acts(card, house, asks):
    g, events, log = _tyrion_against(card, house)
    assert (house, asks) not in log
    assert not [e for e in kinds_of(events, "house_card_ability") if e.data["card"] == card]
    assert card in hand(g, house)  # back in hand, never discarded
    assert g.state.houses["greyjoy"].power == 5 and g.state.iron_throne[0] == "baratheon"
    if card == "queen-of-thorns":
        assert g.state.areas["stoney-sept"].order is not None


def test_after_tyrion_the_new_cards_immediate_text_still_resolves():
    g = duel("tyrell", "lannister", a=("knight", "knight"), d=("footman", "footman"))
    put(g, "stoney-sept", "lannister", "footman")
    order(g, "stoney-sept", "S0a")
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]},
          cards={"tyrell": "mace-tyrell", "lannister": "tyrion-lannister"},
          answers={"tyrion": True, ("tyrell", "house_card"): "queen-of-thorns"})
    assert g.state.areas["stoney-sept"].order is None  # the Queen of Thorns, chosen again, acts


# --- Balon against the cards whose own text adds strength ------------------------------------------------


def test_balon_against_stannis_leaves_his_own_bonus():
    g = duel("baratheon", "greyjoy")
    g.state.iron_throne = ["greyjoy", "baratheon", "lannister", "stark", "martell", "tyrell"]
    events = fight(g, "baratheon", "the-reach", {"blackwater": ["knight"]},
                   cards={"baratheon": "stannis-baratheon", "greyjoy": "balon-greyjoy"})
    assert parts(events, "baratheon")["card"] == 1


def test_balon_against_davos_leaves_his_own_bonus_and_sword():
    g = duel("baratheon", "greyjoy", a=("knight", "knight"), d=("footman", "footman"))
    g.state.houses["baratheon"].hand.remove("stannis-baratheon")
    g.state.houses["baratheon"].discard = ["stannis-baratheon"]
    events = fight(g, "baratheon", "the-reach", {"blackwater": ["knight", "knight"]},
                   cards={"baratheon": "ser-davos-seaworth", "greyjoy": "balon-greyjoy"})
    assert parts(events, "baratheon")["card"] == 1 and winner(events) == "baratheon"  # 4+1 against 2+2
    assert kinds_of(events, "casualties")[0].data["units"] == ["footman"]


# Balon and Theon are both Greyjoy cards: they never face each other. Theon's own bonus against another
# strength-zeroing effect cannot arise in the base game either, so there is no Balon-Theon test.


# --- Salladhor Saan against Victarion --------------------------------------------------------------------


@pytest.mark.parametrize("throne", [["greyjoy", "baratheon", "lannister", "stark", "martell", "tyrell"],
                                    ["baratheon", "greyjoy", "lannister", "stark", "martell", "tyrell"]])
def test_salladhor_saan_sinks_victarions_ships_in_any_order(throne):
    g = duel("greyjoy", "baratheon", a=("ship", "ship"), d=("ship",), src="the-narrow-sea", dst="shipbreaker-bay")
    put(g, "port-of-dragonstone", "baratheon", "ship")
    order(g, "port-of-dragonstone", "S0a")
    g.state.iron_throne = throne
    events = fight(g, "greyjoy", "the-narrow-sea", {"shipbreaker-bay": ["ship", "ship"]},
                   cards={"greyjoy": "victarion-greyjoy", "baratheon": "salladhor-saan"})
    assert parts(events, "greyjoy")["units"] == 0 and parts(events, "baratheon")["units"] == 1


# --- The Blackfish against Mace and skulls ---------------------------------------------------------------


def test_the_blackfish_stops_mace_tyrell():
    g = duel("tyrell", "stark", d=("footman", "footman"))
    events = fight(g, "tyrell", "the-reach", {"blackwater": ["knight"]},
                   cards={"tyrell": "mace-tyrell", "stark": "the-blackfish"}, answers={"retreat": "harrenhal"})
    ability = [e for e in kinds_of(events, "house_card_ability") if e.data["card"] == "mace-tyrell"]
    assert ability[0].data["destroyed"] is None
    assert units(g, "harrenhal") == ["footman", "footman"]  # Tyrell won 6-3 but killed nobody


def test_the_blackfish_stops_skulls_and_swords_together():
    g = board(tides_of_battle=True)
    put(g, "the-reach", "lannister", "knight", "knight", "knight")
    put(g, "blackwater", "stark", "footman", "footman")
    rig(g, "skull", "zero")
    events = fight(g, "lannister", "the-reach", {"blackwater": ["knight", "knight", "knight"]},
                   cards={"lannister": "ser-gregor-clegane", "stark": "the-blackfish"},
                   answers={"retreat": "harrenhal"})
    assert all(not e.data["units"] for e in kinds_of(events, "casualties"))
    assert units(g, "harrenhal") == ["footman", "footman"]


# --- Robb Stark and retreats by ship ----------------------------------------------------------------------


def test_robb_may_send_the_loser_along_its_own_ship_chain():
    g = duel("stark", "lannister", a=("knight", "knight"), d=("footman", "footman"), src="winterfell",
             dst="castle-black")
    put(g, "the-shivering-sea", "lannister", "ship")
    march(g, "stark", "winterfell", {"castle-black": ["knight", "knight"]})
    resolve(g, {"stark": "robb-stark", "lannister": "cersei-lannister"},
            until=lambda game: ("stark", "robb") in asked(game))
    assert decision(g, "stark", "robb").options == ["karhold", "white-harbor", "widows-watch", None]
    answer(g, "stark", "widows-watch", "robb")
    assert units(g, "widows-watch") == ["footman", "footman"] and routed(g, "widows-watch") == [True, True]


def test_robb_must_pick_among_the_areas_that_cost_the_fewest_units():
    g = duel("stark", "lannister", a=("knight", "knight", "knight"), d=("footman", "footman", "footman"))
    g.state.houses["lannister"].supply = 0  # armies {2, 2}
    put(g, "riverrun", "lannister", "footman", "footman")  # one army already
    put(g, "stoney-sept", "lannister", "footman")
    march(g, "stark", "the-reach", {"blackwater": ["knight", "knight", "knight"]})
    resolve(g, {"stark": "robb-stark", "lannister": "cersei-lannister"},
            until=lambda game: ("stark", "robb") in asked(game))
    d = decision(g, "stark", "robb")
    assert d.info["options"] == {"crackclaw-point": 1, "harrenhal": 1, "searoad-marches": 1, "stoney-sept": 2}
    assert d.options == ["crackclaw-point", "harrenhal", "searoad-marches", None]


def test_robb_passing_lets_the_loser_choose():
    g = duel("stark", "lannister", a=("knight", "knight"), d=("footman", "footman"))
    march(g, "stark", "the-reach", {"blackwater": ["knight", "knight"]})
    resolve(g, {"stark": "robb-stark", "lannister": "cersei-lannister"}, answers={"robb": None},
            until=lambda game: ("lannister", "retreat") in asked(game))
    answer(g, "lannister", "stoney-sept", "retreat")
    assert units(g, "stoney-sept") == ["footman", "footman"]


# --- Roose Bolton, Patchface and the hand refresh ---------------------------------------------------------


def test_roose_played_as_the_last_card_takes_everything_back_and_no_refresh_follows():
    g = duel("lannister", "stark", a=("knight", "knight"))
    g.state.houses["stark"].hand = ["roose-bolton"]
    g.state.houses["stark"].discard = [c for c in STARK if c != "roose-bolton"]
    events = fight(g, "lannister", "the-reach", {"blackwater": ["knight", "knight"]},
                   cards={"lannister": "tywin-lannister"})
    assert hand(g, "stark") == STARK and not [e for e in kinds_of(events, "hand_refreshed")
                                              if e.data["house"] == "stark"]


def test_patchface_discarding_the_last_card_refreshes_the_hand_without_it():
    g = duel("baratheon", "stark")
    g.state.houses["stark"].hand = ["robb-stark", "catelyn-stark"]
    g.state.houses["stark"].discard = ["eddard-stark", "roose-bolton", "greatjon-umber", "ser-rodrick-cassel",
                                       "the-blackfish"]
    march(g, "baratheon", "the-reach", {"blackwater": ["knight"]})
    resolve(g, {"baratheon": "patchface", "stark": "catelyn-stark"},
            until=lambda game: ("baratheon", "patchface") in asked(game))
    assert hand(g, "stark") == ["robb-stark"]
    answer(g, "baratheon", "robb-stark", "patchface")
    assert g.state.houses["stark"].discard == ["robb-stark"]
    assert hand(g, "stark") == [c for c in STARK if c != "robb-stark"]


def test_roose_then_patchface_in_the_same_combat():
    g = duel("baratheon", "stark", a=("knight", "knight"))
    g.state.fiefdoms = ["baratheon", "greyjoy", "tyrell", "martell", "stark", "lannister"]
    g.state.houses["stark"].hand = ["roose-bolton", "eddard-stark"]
    g.state.houses["stark"].discard = ["robb-stark", "greatjon-umber", "ser-rodrick-cassel", "the-blackfish",
                                       "catelyn-stark"]
    fight(g, "baratheon", "the-reach", {"blackwater": ["knight", "knight"]},
          cards={"baratheon": "patchface", "stark": "roose-bolton"}, answers={"patchface": "eddard-stark"})
    assert hand(g, "stark") == [c for c in STARK if c != "eddard-stark"]
    assert g.state.houses["stark"].discard == ["eddard-stark"]


# --- Doran during marches ---------------------------------------------------------------------------------


def _doran_then_next_march(track):
    g = duel("martell", "baratheon")
    for area, house in (("seagard", "greyjoy"), ("highgarden", "tyrell")):
        put(g, area, house, "footman")
        order(g, area, "M0")
    fight(g, "martell", "the-reach", {"blackwater": ["knight"]},
          cards={"martell": "doran-martell", "baratheon": "brienne-of-tarth"}, answers={"doran": track})
    return g


def test_a19_doran_moving_the_iron_throne_continues_from_the_current_position():
    g = _doran_then_next_march("iron_throne")
    assert g.state.iron_throne == ["lannister", "stark", "martell", "greyjoy", "tyrell", "baratheon"]
    assert asked(g) == [("tyrell", "march")]  # Greyjoy moved up into the turn just played: it waits a cycle


def test_a19_without_a_throne_change_the_next_house_plays():
    g = _doran_then_next_march("kings_court")
    assert asked(g) == [("greyjoy", "march")]


def test_a20_doran_takes_the_blade_from_a_combatant_before_its_step():
    g = duel("martell", "greyjoy")
    log: list[tuple[str, str]] = []
    fight(g, "martell", "the-reach", {"blackwater": ["knight"]}, log=log,
          cards={"martell": "doran-martell", "greyjoy": "dagmar-cleftjaw"}, answers={"doran": "fiefdoms"})
    assert g.state.fiefdoms[0] == "tyrell" and not any(k == "blade" for _, k in log)
