"""House card texts of Baratheon, Lannister and Stark (Appendix C; agot-facts section 4; A16, A17).

Each card: one test where its text changes the outcome, one where it does not apply.
"""

from tests.engine.combat_kit import asked, board, fight, hand, kinds_of, march, order, put, resolve, routed
from tests.engine.scenario import answer, decision, units

LANNISTER = ["tywin-lannister", "ser-gregor-clegane", "ser-jaime-lannister", "the-hound", "ser-kevan-lannister",
             "tyrion-lannister", "cersei-lannister"]
STARK = ["eddard-stark", "robb-stark", "roose-bolton", "greatjon-umber", "ser-rodrick-cassel", "the-blackfish",
         "catelyn-stark"]


def duel(attacker, defender, a=("knight",), d=("knight",), src="the-reach", dst="blackwater"):
    g = board()
    put(g, src, attacker, *a)
    put(g, dst, defender, *d)
    return g


def winner(events):
    return kinds_of(events, "combat_result")[0].data["winner"]


def parts(events, house):
    return kinds_of(events, "combat_result")[0].data["parts"][house]


# --- Baratheon -------------------------------------------------------------------------------------------


def test_stannis_gains_one_when_the_opponent_sits_higher_on_the_iron_throne():
    g = duel("baratheon", "lannister")
    order(g, "blackwater", "D+1a", "lannister")
    g.state.iron_throne = ["lannister", "baratheon", "stark", "martell", "greyjoy", "tyrell"]
    events = fight(g, "baratheon", "the-reach", {"blackwater": ["knight"]},
                   cards={"baratheon": "stannis-baratheon", "lannister": "tywin-lannister"})
    assert parts(events, "baratheon")["card"] == 5 and winner(events) == "baratheon"  # 7-7, Fiefdoms


def test_stannis_gains_nothing_from_the_top_of_the_iron_throne():
    g = duel("baratheon", "lannister")
    order(g, "blackwater", "D+1a", "lannister")
    events = fight(g, "baratheon", "the-reach", {"blackwater": ["knight"]},
                   cards={"baratheon": "stannis-baratheon", "lannister": "tywin-lannister"})
    assert parts(events, "baratheon")["card"] == 4 and winner(events) == "lannister"


def test_renly_upgrades_a_footman_of_his_army_after_winning():
    g = duel("baratheon", "stark", a=("footman", "knight"), d=("footman",))
    march(g, "baratheon", "the-reach", {"blackwater": ["footman", "knight"]})
    resolve(g, {"baratheon": "renly-baratheon", "stark": "catelyn-stark"},
            until=lambda game: ("baratheon", "renly") in asked(game))
    assert decision(g, "baratheon", "renly").options == ["blackwater", None]  # A26: the army stands there
    answer(g, "baratheon", "blackwater", "renly")
    resolve(g)
    assert units(g, "blackwater") == ["knight", "knight"]


def test_renly_does_nothing_for_a_loser():
    g = duel("baratheon", "stark", a=("footman",), d=("knight", "knight"))
    order(g, "blackwater", "D+1a", "stark")
    log: list[tuple[str, str]] = []
    events = fight(g, "baratheon", "the-reach", {"blackwater": ["footman"]}, log=log,
                   cards={"baratheon": "renly-baratheon", "stark": "catelyn-stark"})
    assert winner(events) == "stark" and ("baratheon", "renly") not in log
    assert units(g, "the-reach") == ["footman"]


def test_davos_gains_strength_and_a_sword_with_stannis_discarded():
    g = duel("baratheon", "stark", d=("knight", "knight"))
    g.state.houses["baratheon"].hand.remove("stannis-baratheon")
    g.state.houses["baratheon"].discard = ["stannis-baratheon"]
    events = fight(g, "baratheon", "the-reach", {"blackwater": ["knight"]},
                   cards={"baratheon": "ser-davos-seaworth", "stark": "catelyn-stark"})
    assert winner(events) == "baratheon" and kinds_of(events, "casualties")[0].data["units"] == ["knight"]


def test_davos_is_plain_with_stannis_in_hand():
    g = duel("baratheon", "stark", d=("knight", "knight"))
    events = fight(g, "baratheon", "the-reach", {"blackwater": ["knight"]},
                   cards={"baratheon": "ser-davos-seaworth", "stark": "catelyn-stark"})
    assert parts(events, "baratheon")["card"] == 2 and winner(events) == "stark"  # 4-4, Stark higher


def _salladhor(supported: bool):
    g = duel("baratheon", "lannister", d=("footman",), src="kings-landing", dst="kingswood")
    put(g, "blackwater-bay", "lannister", "ship", "ship")
    order(g, "blackwater-bay", "S0a")
    if supported:
        put(g, "the-reach", "baratheon", "footman")
        order(g, "the-reach", "S0a")
    return fight(g, "baratheon", "kings-landing", {"kingswood": ["knight"]},
                 cards={"baratheon": "salladhor-saan", "lannister": "ser-jaime-lannister"})


def test_salladhor_saan_sinks_the_other_ships_when_supported():
    events = _salladhor(supported=True)
    assert parts(events, "lannister")["support"] == 0 and winner(events) == "baratheon"


def test_salladhor_saan_does_nothing_without_support():
    events = _salladhor(supported=False)
    assert parts(events, "lannister")["support"] == 2 and winner(events) == "lannister"


def test_patchface_discards_a_card_of_the_opponents_choice_after_the_combat():
    g = duel("baratheon", "lannister")
    march(g, "baratheon", "the-reach", {"blackwater": ["knight"]})
    resolve(g, {"baratheon": "patchface", "lannister": "the-hound"},
            until=lambda game: ("baratheon", "patchface") in asked(game))
    assert g.state.houses["lannister"].discard == ["the-hound"]  # the combat is already cleaned up
    answer(g, "baratheon", "tywin-lannister", "patchface")
    assert "tywin-lannister" not in hand(g, "lannister")
    assert g.state.houses["lannister"].discard == ["tywin-lannister", "the-hound"]


def test_patchface_cancelled_by_tyrion_never_acts():
    g = duel("baratheon", "lannister")
    log: list[tuple[str, str]] = []
    fight(g, "baratheon", "the-reach", {"blackwater": ["knight"]}, log=log,
          cards={"baratheon": "patchface", "lannister": "tyrion-lannister"},
          answers={"tyrion": True, ("baratheon", "house_card"): "brienne-of-tarth"})
    assert ("baratheon", "patchface") not in log
    assert hand(g, "lannister") == [c for c in LANNISTER if c != "tyrion-lannister"]


# --- Lannister -------------------------------------------------------------------------------------------


def test_tywin_gains_two_power_for_a_win():
    g = duel("lannister", "stark")
    events = fight(g, "lannister", "the-reach", {"blackwater": ["knight"]},
                   cards={"lannister": "tywin-lannister", "stark": "catelyn-stark"})
    assert winner(events) == "lannister" and g.state.houses["lannister"].power == 7


def test_tywin_gains_nothing_for_a_loss():
    g = duel("lannister", "stark", d=("knight", "knight", "knight"))
    events = fight(g, "lannister", "the-reach", {"blackwater": ["knight"]},
                   cards={"lannister": "tywin-lannister", "stark": "eddard-stark"})
    assert winner(events) == "stark" and g.state.houses["lannister"].power == 5


def test_kevan_doubles_the_attacking_and_supporting_lannister_footmen():
    g = duel("lannister", "stark", a=("footman", "footman"), d=("knight", "knight"))
    order(g, "blackwater", "D+1a", "stark")
    put(g, "stoney-sept", "lannister", "footman")
    order(g, "stoney-sept", "S0a")
    events = fight(g, "lannister", "the-reach", {"blackwater": ["footman", "footman"]},
                   cards={"lannister": "ser-kevan-lannister", "stark": "ser-rodrick-cassel"})
    assert parts(events, "lannister")["units"] == 4 and parts(events, "lannister")["support"] == 2
    assert winner(events) == "lannister"  # 4 + 2 + 1 against 4 + 1 + 1


def test_kevan_does_nothing_for_a_defender():
    g = duel("stark", "lannister", d=("footman", "footman"))
    events = fight(g, "stark", "the-reach", {"blackwater": ["knight"]},
                   cards={"lannister": "ser-kevan-lannister", "stark": "ser-rodrick-cassel"})
    assert parts(events, "lannister")["units"] == 2


def test_tyrion_cancels_the_opponents_card_who_must_choose_another():
    g = duel("stark", "lannister")
    events = fight(g, "stark", "the-reach", {"blackwater": ["knight"]},
                   cards={"stark": "eddard-stark", "lannister": "tyrion-lannister"},
                   answers={"tyrion": True, ("stark", "house_card"): "catelyn-stark"})
    assert parts(events, "stark")["card"] == 0 and winner(events) == "lannister"
    assert "eddard-stark" in hand(g, "stark") and g.state.houses["stark"].discard == ["catelyn-stark"]


def test_tyrion_declined_leaves_the_card_in_play():
    g = duel("stark", "lannister")
    events = fight(g, "stark", "the-reach", {"blackwater": ["knight"]},
                   cards={"stark": "eddard-stark", "lannister": "tyrion-lannister"}, answers={"tyrion": False})
    assert parts(events, "stark")["card"] == 4 and winner(events) == "stark"


def test_cersei_removes_one_of_the_losers_orders_anywhere():
    g = duel("lannister", "stark", a=("knight", "knight"))
    put(g, "white-harbor", "stark", "footman")
    order(g, "white-harbor", "CPa")
    march(g, "lannister", "the-reach", {"blackwater": ["knight", "knight"]})
    resolve(g, {"lannister": "cersei-lannister", "stark": "the-blackfish"},
            until=lambda game: ("lannister", "cersei") in asked(game))
    assert decision(g, "lannister", "cersei").options == ["white-harbor", None]
    answer(g, "lannister", "white-harbor", "cersei")
    assert g.state.areas["white-harbor"].order is None


def test_cersei_does_nothing_for_a_loser():
    g = duel("lannister", "stark", d=("knight", "knight"))
    put(g, "white-harbor", "stark", "footman")
    order(g, "white-harbor", "CPa")
    log: list[tuple[str, str]] = []
    fight(g, "lannister", "the-reach", {"blackwater": ["knight"]}, log=log,
          cards={"lannister": "cersei-lannister", "stark": "the-blackfish"})
    assert ("lannister", "cersei") not in log and g.state.areas["white-harbor"].order is not None


# --- Stark -----------------------------------------------------------------------------------------------


def test_robb_chooses_where_the_loser_retreats():
    g = duel("stark", "lannister", a=("knight", "knight"), d=("footman", "footman"))
    march(g, "stark", "the-reach", {"blackwater": ["knight", "knight"]})
    resolve(g, {"stark": "robb-stark", "lannister": "cersei-lannister"},
            until=lambda game: ("stark", "robb") in asked(game))
    assert decision(g, "stark", "robb").options == ["crackclaw-point", "harrenhal", "searoad-marches",
                                                    "stoney-sept", None]
    answer(g, "stark", "harrenhal", "robb")
    assert units(g, "harrenhal") == ["footman", "footman"] and routed(g, "harrenhal") == [True, True]


def test_robb_cannot_move_a_losing_attacker_elsewhere():
    g = duel("lannister", "stark", a=("knight",), d=("knight", "knight"))
    log: list[tuple[str, str]] = []
    fight(g, "lannister", "the-reach", {"blackwater": ["knight"]}, log=log,
          cards={"lannister": "cersei-lannister", "stark": "robb-stark"})
    assert ("stark", "robb") not in log
    assert units(g, "the-reach") == ["knight"] and routed(g, "the-reach") == [True]


def test_roose_takes_the_whole_discard_pile_back_after_a_loss():
    g = duel("lannister", "stark", a=("knight", "knight"))
    g.state.houses["stark"].hand = ["roose-bolton", "greatjon-umber"]
    g.state.houses["stark"].discard = ["eddard-stark", "robb-stark", "ser-rodrick-cassel", "the-blackfish",
                                       "catelyn-stark"]
    events = fight(g, "lannister", "the-reach", {"blackwater": ["knight", "knight"]},
                   cards={"lannister": "tywin-lannister", "stark": "roose-bolton"})
    assert winner(events) == "lannister"
    assert hand(g, "stark") == STARK and g.state.houses["stark"].discard == []


def test_roose_is_discarded_like_any_card_after_a_win():
    g = duel("lannister", "stark", d=("knight", "knight"))
    events = fight(g, "lannister", "the-reach", {"blackwater": ["knight"]},
                   cards={"lannister": "cersei-lannister", "stark": "roose-bolton"})
    assert winner(events) == "stark" and g.state.houses["stark"].discard == ["roose-bolton"]


def test_the_blackfish_takes_no_casualties():
    g = duel("lannister", "stark", a=("knight", "knight", "knight"), d=("footman", "footman", "footman"))
    events = fight(g, "lannister", "the-reach", {"blackwater": ["knight", "knight", "knight"]},
                   cards={"lannister": "ser-gregor-clegane", "stark": "the-blackfish"},
                   answers={"retreat": "harrenhal"})
    assert winner(events) == "lannister" and units(g, "harrenhal") == ["footman", "footman", "footman"]


def test_the_blackfish_does_not_save_routed_units_that_must_retreat():
    g = duel("lannister", "stark", a=("knight", "knight", "knight"), d=("footman",))
    put(g, "blackwater", "stark", "footman", routed=True)
    events = fight(g, "lannister", "the-reach", {"blackwater": ["knight", "knight", "knight"]},
                   cards={"lannister": "ser-gregor-clegane", "stark": "the-blackfish"},
                   answers={"retreat": "harrenhal"})
    assert kinds_of(events, "units_destroyed")[0].data["units"] == ["footman"]
    assert units(g, "harrenhal") == ["footman"]


def test_catelyn_doubles_the_defense_order():
    g = duel("lannister", "stark")
    order(g, "blackwater", "D+1a", "stark")
    events = fight(g, "lannister", "the-reach", {"blackwater": ["knight"]},
                   cards={"lannister": "ser-kevan-lannister", "stark": "catelyn-stark"})
    assert parts(events, "stark")["order"] == 2 and winner(events) == "stark"  # 3 against 4


def test_catelyn_does_nothing_for_an_attacker():
    g = duel("stark", "lannister")
    order(g, "blackwater", "D+1a", "lannister")
    events = fight(g, "stark", "the-reach", {"blackwater": ["knight"]},
                   cards={"lannister": "ser-kevan-lannister", "stark": "catelyn-stark"})
    assert parts(events, "stark")["order"] == 0 and parts(events, "lannister")["order"] == 1
