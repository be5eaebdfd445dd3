"""House card texts of Martell, Greyjoy and Tyrell (Appendix C; agot-facts section 4; A17, A19).

Each card: one test where its text changes the outcome, one where it does not apply.
"""

from tests.engine.combat_kit import asked, fight, kinds_of, march, order, put, resolve, routed
from tests.engine.scenario import answer, decision, units
from tests.engine.test_combat_house_cards import duel, parts, winner

# --- Martell ---------------------------------------------------------------------------------------------


def test_arianne_keeps_the_winning_attacker_out():
    g = duel("tyrell", "martell", a=("knight", "knight"), d=("footman",), src="the-boneway", dst="yronwood")
    events = fight(g, "tyrell", "the-boneway", {"yronwood": ["knight", "knight"]},
                   cards={"tyrell": "alester-florent", "martell": "arianne-martell"},
                   answers={"retreat": "princes-pass"})
    assert winner(events) == "tyrell"
    assert units(g, "the-boneway") == ["knight", "knight"] and routed(g, "the-boneway") == [False, False]
    assert units(g, "yronwood") == [] and units(g, "princes-pass") == ["footman"]
    assert g.state.areas["the-boneway"].order is None  # the March order is spent all the same


def test_arianne_does_nothing_for_an_attacker():
    g = duel("martell", "tyrell", a=("footman",), d=("knight", "knight"), src="sunspear", dst="yronwood")
    events = fight(g, "martell", "sunspear", {"yronwood": ["footman"]},
                   cards={"tyrell": "alester-florent", "martell": "arianne-martell"})
    assert winner(events) == "tyrell" and routed(g, "sunspear") == [True]


def test_nymeria_gains_a_sword_when_attacking():
    g = duel("martell", "tyrell", a=("knight", "knight"), d=("footman", "footman"))
    events = fight(g, "martell", "the-reach", {"blackwater": ["knight", "knight"]},
                   cards={"martell": "nymeria-sand", "tyrell": "queen-of-thorns"})
    assert winner(events) == "martell" and kinds_of(events, "casualties")[0].data["units"] == ["footman"]


def test_nymeria_gains_no_sword_when_defending():
    g = duel("tyrell", "martell", a=("footman",), d=("knight", "knight"))
    events = fight(g, "tyrell", "the-reach", {"blackwater": ["footman"]},
                   cards={"martell": "nymeria-sand", "tyrell": "queen-of-thorns"})
    assert winner(events) == "martell" and not kinds_of(events, "casualties")
    assert units(g, "the-reach") == ["footman"]


def test_nymeria_gains_a_fortification_when_defending():
    g = duel("lannister", "martell", a=("knight", "knight", "knight"), d=("footman", "footman"))
    events = fight(g, "lannister", "the-reach", {"blackwater": ["knight", "knight", "knight"]},
                   cards={"martell": "nymeria-sand", "lannister": "ser-jaime-lannister"})
    assert winner(events) == "lannister" and not kinds_of(events, "casualties")


def test_doran_moves_the_opponent_to_the_bottom_of_a_track_at_once():
    g = duel("martell", "stark")
    g.state.fiefdoms = ["greyjoy", "stark", "martell", "tyrell", "baratheon", "lannister"]
    march(g, "martell", "the-reach", {"blackwater": ["knight"]})
    resolve(g, {"martell": "doran-martell", "stark": "catelyn-stark"},
            until=lambda game: ("martell", "doran") in asked(game))
    assert decision(g, "martell", "doran").options == ["iron_throne", "fiefdoms", "kings_court"]
    events = answer(g, "martell", "fiefdoms", "doran")
    assert g.state.fiefdoms[-1] == "stark"
    events += resolve(g)
    assert winner(events) == "martell"  # 2 against 2: the tie now goes to Martell


def test_doran_cancelled_by_tyrion_moves_nobody():
    g = duel("martell", "lannister")
    before = (list(g.state.iron_throne), list(g.state.fiefdoms), list(g.state.kings_court))
    log: list[tuple[str, str]] = []
    fight(g, "martell", "the-reach", {"blackwater": ["knight"]}, log=log,
          cards={"martell": "doran-martell", "lannister": "tyrion-lannister"},
          answers={"tyrion": True, ("martell", "house_card"): "darkstar"})
    assert ("martell", "doran") not in log
    assert (g.state.iron_throne, g.state.fiefdoms, g.state.kings_court) == before


# --- Greyjoy ---------------------------------------------------------------------------------------------


def test_victarion_doubles_attacking_greyjoy_ships():
    g = duel("greyjoy", "lannister", a=("ship", "ship"), d=("ship", "ship", "ship"), src="ironmans-bay",
             dst="the-golden-sound")
    events = fight(g, "greyjoy", "ironmans-bay", {"the-golden-sound": ["ship", "ship"]},
                   cards={"greyjoy": "victarion-greyjoy", "lannister": "ser-jaime-lannister"})
    assert parts(events, "greyjoy")["units"] == 4 and winner(events) == "greyjoy"  # 7 against 5


def test_victarion_does_nothing_for_a_defender():
    g = duel("lannister", "greyjoy", a=("ship", "ship", "ship"), d=("ship", "ship"), src="the-golden-sound",
             dst="ironmans-bay")
    events = fight(g, "lannister", "the-golden-sound", {"ironmans-bay": ["ship", "ship", "ship"]},
                   cards={"greyjoy": "victarion-greyjoy", "lannister": "ser-jaime-lannister"})
    assert parts(events, "greyjoy")["units"] == 2


def test_balon_sets_the_opponents_printed_strength_to_zero():
    g = duel("greyjoy", "stark")
    events = fight(g, "greyjoy", "the-reach", {"blackwater": ["knight"]},
                   cards={"greyjoy": "balon-greyjoy", "stark": "eddard-stark"})
    assert parts(events, "stark")["card"] == 0 and winner(events) == "greyjoy"


def test_balon_cancelled_by_tyrion_leaves_the_printed_strength():
    g = duel("greyjoy", "lannister")
    events = fight(g, "greyjoy", "the-reach", {"blackwater": ["knight"]},
                   cards={"greyjoy": "balon-greyjoy", "lannister": "tyrion-lannister"},
                   answers={"tyrion": True, ("greyjoy", "house_card"): "dagmar-cleftjaw"})
    assert parts(events, "lannister")["card"] == 1


def test_theon_defending_a_castle_gains_one_and_a_sword():
    g = duel("stark", "greyjoy", src="crackclaw-point", dst="harrenhal")
    events = fight(g, "stark", "crackclaw-point", {"harrenhal": ["knight"]},
                   cards={"greyjoy": "theon-greyjoy", "stark": "greatjon-umber"})
    assert parts(events, "greyjoy")["card"] == 3 and winner(events) == "greyjoy"
    assert kinds_of(events, "casualties")[0].data["house"] == "stark" and units(g, "crackclaw-point") == []


def test_theon_outside_a_castle_is_plain():
    g = duel("stark", "greyjoy")
    events = fight(g, "stark", "the-reach", {"blackwater": ["knight"]},
                   cards={"greyjoy": "theon-greyjoy", "stark": "greatjon-umber"})
    assert parts(events, "greyjoy")["card"] == 2 and not kinds_of(events, "casualties")


def test_asha_without_support_gains_two_swords_and_a_fortification():
    g = duel("greyjoy", "stark", d=("footman", "footman"))
    events = fight(g, "greyjoy", "the-reach", {"blackwater": ["knight"]},
                   cards={"greyjoy": "asha-greyjoy", "stark": "catelyn-stark"})
    assert kinds_of(events, "casualties")[0].data["units"] == ["footman", "footman"]


def test_asha_with_support_is_plain():
    g = duel("greyjoy", "stark", d=("footman", "footman"))
    put(g, "stoney-sept", "greyjoy", "footman")
    order(g, "stoney-sept", "S0a")
    events = fight(g, "greyjoy", "the-reach", {"blackwater": ["knight"]},
                   cards={"greyjoy": "asha-greyjoy", "stark": "catelyn-stark"})
    assert winner(events) == "greyjoy" and not kinds_of(events, "casualties")


def test_aeron_pays_two_power_to_fight_with_another_card():
    g = duel("greyjoy", "stark")
    march(g, "greyjoy", "the-reach", {"blackwater": ["knight"]})
    resolve(g, {"greyjoy": "aeron-damphair", "stark": "greatjon-umber"},
            until=lambda game: ("greyjoy", "aeron") in asked(game))
    assert decision(g, "greyjoy", "aeron").options[0] == "keep"
    events = answer(g, "greyjoy", "euron-crows-eye", "aeron") + resolve(g)
    assert g.state.houses["greyjoy"].power == 3 and winner(events) == "greyjoy"
    assert sorted(g.state.houses["greyjoy"].discard) == ["aeron-damphair", "euron-crows-eye"]


def test_aeron_without_two_power_cannot_swap():
    g = duel("greyjoy", "stark")
    g.state.houses["greyjoy"].power = 1
    log: list[tuple[str, str]] = []
    events = fight(g, "greyjoy", "the-reach", {"blackwater": ["knight"]}, log=log,
                   cards={"greyjoy": "aeron-damphair", "stark": "greatjon-umber"})
    assert ("greyjoy", "aeron") not in log and winner(events) == "stark"
    assert g.state.houses["greyjoy"].power == 1


# --- Tyrell ----------------------------------------------------------------------------------------------


def test_mace_destroys_an_enemy_footman_at_once():
    g = duel("tyrell", "lannister", d=("footman", "knight"))
    order(g, "blackwater", "D+1a", "lannister")
    g.state.fiefdoms = ["greyjoy", "lannister", "tyrell", "stark", "martell", "baratheon"]
    events = fight(g, "tyrell", "the-reach", {"blackwater": ["knight"]},
                   cards={"tyrell": "mace-tyrell", "lannister": "the-hound"})
    assert winner(events) == "tyrell" and parts(events, "lannister")["units"] == 2  # 6 against 5


def test_mace_finds_no_footman_among_knights():
    g = duel("tyrell", "lannister", d=("knight",))
    events = fight(g, "tyrell", "the-reach", {"blackwater": ["knight"]},
                   cards={"tyrell": "mace-tyrell", "lannister": "the-hound"})
    ability = [e for e in kinds_of(events, "house_card_ability") if e.data["card"] == "mace-tyrell"]
    assert ability[0].data["destroyed"] is None and parts(events, "lannister")["units"] == 2


def test_loras_march_order_moves_into_the_conquered_area_and_resolves_again():
    g = duel("tyrell", "lannister", a=("knight", "knight"), d=("footman",))
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]},
          cards={"tyrell": "ser-loras-tyrell", "lannister": "cersei-lannister"})
    order_there = g.state.areas["blackwater"].order
    assert order_there is not None and (order_there.house, order_there.token) == ("tyrell", "M0")
    assert asked(g) == [("tyrell", "march")]
    d = decision(g, "tyrell", "march")
    g.submit("tyrell", d.id, {"from": "blackwater", "moves": {"harrenhal": ["knight", "knight"]}})
    assert units(g, "harrenhal") == ["knight", "knight"]


def test_loras_losing_attack_spends_the_order():
    g = duel("tyrell", "lannister", a=("knight",), d=("knight", "knight"))
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight"]},
          cards={"tyrell": "ser-loras-tyrell", "lannister": "tywin-lannister"})
    assert g.state.areas["blackwater"].order is None and g.state.areas["the-reach"].order is None
    assert asked(g) == []


def test_queen_of_thorns_removes_an_adjacent_enemy_order():
    g = duel("tyrell", "lannister", d=("footman",))
    put(g, "stoney-sept", "lannister", "knight")
    order(g, "stoney-sept", "S0a")
    events = fight(g, "tyrell", "the-reach", {"blackwater": ["knight"]},
                   cards={"tyrell": "queen-of-thorns", "lannister": "cersei-lannister"})
    assert g.state.areas["stoney-sept"].order is None
    assert parts(events, "lannister")["support"] == 0 and winner(events) == "tyrell"  # 2 against 1


def test_queen_of_thorns_cannot_take_the_attacking_march_order():
    g = duel("lannister", "tyrell", d=("footman",))
    events = fight(g, "lannister", "the-reach", {"blackwater": ["knight"]},
                   cards={"tyrell": "queen-of-thorns", "lannister": "cersei-lannister"})
    ability = [e for e in kinds_of(events, "house_card_ability") if e.data["card"] == "queen-of-thorns"]
    assert ability[0].data["removed"] is None
