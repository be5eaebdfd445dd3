"""Combat participants, initial and final strength, the Blade, the victor (checklist 9A, 9C, 9E, 9.33)."""

from engine.agot.state import Order
from tests.engine.combat_kit import asked, board, fight, kinds_of, march, note, order, put, resolve
from tests.engine.scenario import units


def test_9_1_marching_into_enemy_units_starts_a_combat_but_an_enemy_power_token_does_not():
    g = board()
    put(g, "winterfell", "stark", "footman", "footman")
    put(g, "castle-black", "lannister", "footman")
    g.state.areas["karhold"].power_token = "lannister"
    march(g, "stark", "winterfell", {"castle-black": ["footman"], "karhold": ["footman"]})
    assert note(g)["defender"] == "lannister" and note(g)["area"] == "castle-black"
    assert g.state.areas["karhold"].power_token is None and units(g, "karhold") == ["footman"]


def test_9_1_a_garrison_alone_is_attacked():
    g = board()
    put(g, "castle-black", "lannister", "knight", "knight")
    g.state.areas["winterfell"].garrison = 2
    march(g, "lannister", "castle-black", {"winterfell": ["knight", "knight"]})
    assert note(g)["defender"] == "stark"
    assert note(g)["initial"] == {"lannister": 4, "stark": 2}


def test_9_2_attacker_is_the_marcher_defender_the_occupant_supporters_neither():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "footman")
    put(g, "kings-landing", "baratheon", "footman", "footman")
    order(g, "kings-landing", "S0a")
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight"]}, answers={("baratheon", "support"): "defender"},
          cards={"tyrell": "mace-tyrell", "lannister": "ser-gregor-clegane"})
    # Mace destroys the defending footman; the supporting Baratheon footmen are never touched
    assert units(g, "kings-landing") == ["footman", "footman"]
    assert units(g, "blackwater") == ["knight"] and g.state.areas["blackwater"].house == "tyrell"


def test_9_3_the_steps_come_in_the_rulebook_order():
    g = board()
    put(g, "the-reach", "tyrell", "knight", "footman")
    put(g, "blackwater", "stark", "footman", "footman", "footman")
    put(g, "kings-landing", "tyrell", "footman")
    order(g, "kings-landing", "S0a")
    g.state.fiefdoms = ["tyrell", "lannister", "stark", "martell", "greyjoy", "baratheon"]
    put(g, "pyke", "greyjoy", "footman", order="M0")  # a March order left: the Blade may matter later
    events = fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "footman"]},
                   cards={"tyrell": "ser-garlan-tyrell", "stark": "roose-bolton"}, answers={"blade": True})
    sequence = [e.kind for e in events if e.audience.kind == "public"]
    wanted = ["combat", "support_declared", "combat_strength", "house_cards_revealed", "blade_used",
              "combat_result", "house_card_ability", "casualties", "retreat", "move_in", "combat_end"]
    assert [k for k in sequence if k in wanted] == wanted


def test_9_4_unit_strengths_and_siege_engines_against_castles_only():
    g = board()
    put(g, "the-reach", "tyrell", "footman", "knight", "siege_engine")
    put(g, "highgarden", "lannister", "footman")  # a stronghold
    march(g, "tyrell", "the-reach", {"highgarden": ["footman", "knight", "siege_engine"]})
    assert note(g)["initial"]["tyrell"] == 1 + 2 + 4
    g = board()
    put(g, "the-reach", "tyrell", "footman", "knight", "siege_engine")
    put(g, "blackwater", "lannister", "footman")  # no castle
    march(g, "tyrell", "the-reach", {"blackwater": ["footman", "knight", "siege_engine"]})
    assert note(g)["initial"]["tyrell"] == 3
    g = board()
    put(g, "shipbreaker-bay", "baratheon", "ship", "ship")
    put(g, "the-narrow-sea", "stark", "ship")
    march(g, "baratheon", "shipbreaker-bay", {"the-narrow-sea": ["ship", "ship"]})
    assert note(g)["initial"] == {"baratheon": 2, "stark": 1}


def test_9_4_routed_units_give_no_strength():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "knight", routed=True)
    put(g, "blackwater", "lannister", "footman")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight"]})
    assert note(g)["initial"]["lannister"] == 1


def test_9_5_a_defence_of_routed_units_only_still_fights_and_is_destroyed_on_a_loss():
    g = board()
    put(g, "the-reach", "tyrell", "footman")
    put(g, "blackwater", "lannister", "knight", "footman", routed=True)
    fight(g, "tyrell", "the-reach", {"blackwater": ["footman"]},
          cards={"tyrell": "randyll-tarly", "lannister": "cersei-lannister"})
    assert g.state.areas["blackwater"].house == "tyrell"
    assert not any(h == "lannister" for h in (g.state.areas[a].house for a in g.state.areas))


def test_9_19_initial_strength_counts_units_orders_support_and_garrison():
    g = board()
    put(g, "karhold", "lannister", "knight", "knight")
    put(g, "winterfell", "stark", "footman")
    g.state.areas["winterfell"].garrison = 2
    order(g, "winterfell", "D+2*")
    put(g, "white-harbor", "stark", "knight")
    order(g, "white-harbor", "S+1*")
    put(g, "castle-black", "lannister", "footman")
    order(g, "castle-black", "S0a")
    march(g, "lannister", "karhold", {"winterfell": ["knight", "knight"]}, token="M+1*")
    resolve(g, until=lambda game: bool(note(game).get("initial")))
    # Lannister: 4 units + 1 March + 1 support; Stark: 1 unit + 2 Defense + 3 support + 2 garrison
    assert note(g)["initial"] == {"lannister": 6, "stark": 8}


def test_9_20_a_defense_order_helps_against_every_attack_that_round():
    g = board()
    put(g, "castle-black", "stark", "footman")
    order(g, "castle-black", "D+1a")
    put(g, "karhold", "lannister", "footman")
    put(g, "the-shivering-sea", "greyjoy", "ship")
    fight(g, "lannister", "karhold", {"castle-black": ["footman"]},
          cards={"lannister": "cersei-lannister", "stark": "catelyn-stark"})
    assert g.state.areas["castle-black"].house == "stark"  # 1 against 1 + 2 (doubled Defense)
    g.state.areas["karhold"].units = []
    g.state.areas["karhold"].house = None
    put(g, "karhold", "baratheon", "footman")
    march(g, "baratheon", "karhold", {"castle-black": ["footman"]})
    assert note(g)["initial"] == {"baratheon": 1, "stark": 2}


def test_9_21_a_march_order_in_the_embattled_area_adds_nothing():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "footman")
    order(g, "blackwater", "M-1")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight"]})
    assert note(g)["initial"]["lannister"] == 1


def test_9_31_the_blade_holder_may_add_one_and_it_is_spent():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "knight")
    g.state.fiefdoms = ["tyrell", "greyjoy", "martell", "stark", "baratheon", "lannister"]
    put(g, "pyke", "greyjoy", "footman", order="M0")  # a March order left: the Blade may matter later
    march(g, "tyrell", "the-reach", {"blackwater": ["knight"]})
    resolve(g, {"tyrell": "alester-florent", "lannister": "ser-kevan-lannister"},
            until=lambda game: ("tyrell", "blade") in asked(game))
    resolve(g, answers={"blade": True})
    assert g.state.blade_used
    assert g.state.areas["blackwater"].house == "tyrell"


def test_9_31_the_blade_is_not_offered_outside_the_combat_nor_twice_a_round():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "knight")
    log: list[tuple[str, str]] = []
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight"]}, log=log,
          cards={"tyrell": "alester-florent", "lannister": "ser-kevan-lannister"})
    assert ("greyjoy", "blade") not in log  # Greyjoy holds the Blade but does not fight
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "knight")
    g.state.fiefdoms = ["tyrell", "greyjoy", "martell", "stark", "baratheon", "lannister"]
    g.state.blade_used = True
    log = []
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight"]}, log=log,
          cards={"tyrell": "alester-florent", "lannister": "ser-kevan-lannister"})
    assert not any(kind == "blade" for _, kind in log)


def test_9_32_final_strength_is_recalculated_after_a_card_destroys_a_unit():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "footman", "footman")
    g.state.fiefdoms = ["greyjoy", "lannister", "martell", "stark", "baratheon", "tyrell"]
    events = fight(g, "tyrell", "the-reach", {"blackwater": ["knight"]},
                   cards={"tyrell": "mace-tyrell", "lannister": "tywin-lannister"})
    assert kinds_of(events, "combat_strength")[0].data["strength"] == {"lannister": 2, "tyrell": 2}
    assert kinds_of(events, "combat_result")[0].data["strength"] == {"lannister": 5, "tyrell": 6}
    assert g.state.areas["blackwater"].house == "tyrell"


def test_9_33_higher_total_wins_and_a_tie_goes_up_the_fiefdoms_track():
    g = board()
    put(g, "kings-landing", "tyrell", "footman", "knight")
    put(g, "kingswood", "lannister", "footman", "footman")
    g.state.fiefdoms = ["lannister", "greyjoy", "martell", "stark", "baratheon", "tyrell"]
    events = fight(g, "tyrell", "kings-landing", {"kingswood": ["footman", "knight"]},
                   cards={"tyrell": "alester-florent", "lannister": "ser-jaime-lannister"})
    result = kinds_of(events, "combat_result")[0]
    assert result.data["strength"] == {"lannister": 4, "tyrell": 4} and result.data["winner"] == "lannister"


def test_9_33_negative_totals_are_simply_compared():
    g = board()
    put(g, "the-reach", "tyrell", "siege_engine")
    put(g, "blackwater", "lannister", "footman", routed=True)
    g.state.fiefdoms = ["tyrell", "greyjoy", "martell", "stark", "baratheon", "lannister"]
    events = fight(g, "tyrell", "the-reach", {"blackwater": ["siege_engine"]}, token="M-1",
                   cards={"tyrell": "queen-of-thorns", "lannister": "cersei-lannister"})
    result = kinds_of(events, "combat_result")[0]
    assert result.data["strength"] == {"lannister": 0, "tyrell": -1} and result.data["winner"] == "lannister"
    assert units(g, "the-reach") == []  # the siege engine cannot retreat


def test_combat_resolution_example_rb2_p20():
    """Tyrell (Footman, Knight) attacks two Lannister Footmen in the Kingswood: Jaime against Alester Florent."""
    g = board()
    put(g, "kings-landing", "tyrell", "footman", "knight")
    put(g, "kingswood", "lannister", "footman", "footman")
    g.state.fiefdoms = ["greyjoy", "lannister", "tyrell", "stark", "martell", "baratheon"]
    events = fight(g, "tyrell", "kings-landing", {"kingswood": ["footman", "knight"]},
                   cards={"tyrell": "alester-florent", "lannister": "ser-jaime-lannister"})
    assert kinds_of(events, "combat_strength")[0].data["strength"] == {"lannister": 2, "tyrell": 3}
    assert kinds_of(events, "combat_result")[0].data["strength"] == {"lannister": 4, "tyrell": 4}
    assert not kinds_of(events, "casualties")  # one sword against one fortification
    assert units(g, "kingswood") == ["footman", "footman"]
    assert units(g, "kings-landing") == ["footman", "knight"]
    assert all(u.routed for u in g.state.areas["kings-landing"].units)
    assert g.state.areas["kings-landing"].order is None  # the March order is spent
    assert isinstance(g.state.areas["kings-landing"].order, (Order, type(None)))
