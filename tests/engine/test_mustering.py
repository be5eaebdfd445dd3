"""Checklist section 12 (Mustering, RB2 p.9) and the rulebook's Mustering Example.

Mustering runs as the ``mustering`` step on its own (the Mustering Westeros card is another issue's work);
special Consolidate Power reaches it through the ``consolidate`` step.
"""

from engine.agot import world
from tests.engine.scenario import (
    answer,
    decision,
    empty_board,
    order,
    put,
    refused,
    run_step,
    units,
)

_game = empty_board


def _muster(g, *houses, areas=None):
    return run_step(g, "mustering", houses=list(houses), areas=areas, source="test")


def _pool(g, house):
    return {k: world.pool(g.board, g.state, house, k) for k in ("footman", "knight", "ship", "siege_engine")}


# --- 12.1 -----------------------------------------------------------------------------------------


def test_12_1_special_consolidate_power_musters_in_its_own_area_only():
    g = _game(stark=6)
    put(g, "winterfell", "stark", "footman")
    put(g, "white-harbor", "stark", "footman")
    order(g, "winterfell", "CP*")
    order(g, "white-harbor", "CPa")
    run_step(g, "consolidate")
    d = decision(g, "stark", "consolidate")
    assert {"area": "winterfell", "muster": True} in d.options
    assert {"area": "white-harbor", "muster": True} not in d.options  # a regular Consolidate Power never musters
    answer(g, "stark", {"area": "winterfell", "muster": True})
    d = decision(g, "stark", "muster")
    assert list(d.info["areas"]) == ["winterfell"]  # White Harbor is a castle of Stark's, but not this order's area
    msg = refused(g, "stark", [{"area": "white-harbor", "unit": "footman"}])
    assert msg == "White Harbor is not one of the castles or strongholds where you muster now: Winterfell."
    power = g.state.houses["stark"].power
    events = answer(g, "stark", [{"area": "winterfell", "unit": "knight"}])
    assert units(g, "winterfell") == ["footman", "knight"]
    assert g.state.areas["winterfell"].order is None
    # the regular order in White Harbor (its only option) then resolves: +1; Winterfell's gave no Power
    assert [e.kind for e in events] == ["muster", "forced_choice", "consolidate"]
    assert g.state.houses["stark"].power == power + 1
    assert g.open_decisions() == []


def test_12_1_houses_muster_one_after_another_in_turn_order():
    g = _game(lannister=6, stark=6)
    _muster(g, "lannister", "stark")  # the 6-player Iron Throne order: Lannister before Stark
    assert [d.player for d in g.open_decisions()] == ["lannister"]
    events = answer(g, "lannister", [{"area": "lannisport", "unit": "footman"}])
    assert [e.text for e in events if e.kind == "muster"] == ["Lannister musters a Footman in Lannisport."]
    assert [d.player for d in g.open_decisions()] == ["stark"]
    answer(g, "stark", [])
    assert g.open_decisions() == []


# --- 12.2 -----------------------------------------------------------------------------------------


def test_12_2_castles_give_1_point_strongholds_2_in_controlled_areas():
    g = _game(stark=6)
    put(g, "karhold", "stark", "footman")                  # controlled, but no castle
    g.state.areas["white-harbor"].power_token = "stark"    # a castle held by a Power token only
    put(g, "moat-cailin", "greyjoy", "footman")            # a castle, but Greyjoy's
    _muster(g, "stark")                                    # Winterfell: stronghold, home shield, no units
    d = decision(g, "stark", "muster")
    assert {a: v["points"] for a, v in d.info["areas"].items()} == {"winterfell": 2, "white-harbor": 1}
    assert "only 0 mustering point" in refused(g, "stark", [{"area": "white-harbor", "unit": "footman"}] * 2)
    assert "where you muster now" in refused(g, "stark", [{"area": "karhold", "unit": "footman"}])
    assert "where you muster now" in refused(g, "stark", [{"area": "moat-cailin", "unit": "footman"}])
    answer(g, "stark", [{"area": "winterfell", "unit": "footman"}, {"area": "winterfell", "unit": "footman"},
                        {"area": "white-harbor", "unit": "footman"}])
    assert units(g, "winterfell") == ["footman", "footman"] and units(g, "white-harbor") == ["footman"]
    assert world.controller(g.board, g.state, "white-harbor") == "stark"


def test_12_2_an_uncontrolled_castle_gives_nothing():
    g = _game(tyrell=6)
    g.state.areas["highgarden"].garrison = 0
    # Oldtown is a stronghold nobody controls; Tyrell's home Highgarden is its only mustering area
    _muster(g, "tyrell")
    assert list(decision(g, "tyrell", "muster").info["areas"]) == ["highgarden"]


# --- 12.3 -----------------------------------------------------------------------------------------


def test_12_3_mustering_costs():
    g = _game(stark=6)
    put(g, "white-harbor", "stark", "footman")
    _muster(g, "stark")
    assert decision(g, "stark", "muster").info["costs"] == {
        "footman": 1, "knight": 2, "ship": 1, "siege_engine": 2, "upgrade_knight": 1, "upgrade_siege_engine": 1}
    # Winterfell (2 points): a knight uses both; nothing else fits after it
    assert "only 0 mustering point" in refused(g, "stark", [{"area": "winterfell", "unit": "knight"},
                                                             {"area": "winterfell", "unit": "footman"}])
    assert "only 0 mustering point" in refused(g, "stark", [{"area": "winterfell", "unit": "siege_engine"},
                                                             {"area": "winterfell", "unit": "ship"}])
    # White Harbor (1 point): no knight or siege engine, but an upgrade costs 1
    assert "only 1 mustering point(s) left; a knight costs 2" in refused(
        g, "stark", [{"area": "white-harbor", "unit": "knight"}])
    assert "only 1 mustering point(s) left; a siege_engine costs 2" in refused(
        g, "stark", [{"area": "white-harbor", "unit": "siege_engine"}])
    answer(g, "stark", [{"area": "winterfell", "unit": "ship", "to": "port-of-winterfell"},
                        {"area": "winterfell", "unit": "footman"},
                        {"area": "white-harbor", "upgrade": "siege_engine"}])
    assert units(g, "winterfell") == ["footman"]
    assert units(g, "port-of-winterfell") == ["ship"]
    assert units(g, "white-harbor") == ["siege_engine"]


# --- 12.4 -----------------------------------------------------------------------------------------


def test_12_4_points_are_spent_only_in_their_own_area():
    g = _game(stark=6)
    put(g, "white-harbor", "stark", "footman")
    _muster(g, "stark")
    # Winterfell's second point cannot pay for White Harbor's second footman
    msg = refused(g, "stark", [{"area": "winterfell", "unit": "footman"},
                               {"area": "white-harbor", "unit": "footman"},
                               {"area": "white-harbor", "unit": "footman"}])
    assert msg == "White Harbor has only 0 mustering point(s) left; a footman costs 1."


def test_12_4_a_player_may_muster_nothing_and_unspent_points_are_lost():
    g = _game(stark=6)
    _muster(g, "stark")
    before = g.to_dict()["areas"]
    events = answer(g, "stark", [])
    assert [e.text for e in events if e.kind == "muster"] == ["Stark musters nothing."]
    assert g.to_dict()["areas"] == before
    # one of Winterfell's two points unspent: the next mustering still gives 2, not 3
    _muster(g, "stark")
    answer(g, "stark", [{"area": "winterfell", "unit": "footman"}])
    _muster(g, "stark")
    assert decision(g, "stark", "muster").info["areas"]["winterfell"]["points"] == 2
    assert "only 0 mustering point" in refused(g, "stark", [{"area": "winterfell", "unit": "footman"}] * 3)


# --- 12.5 -----------------------------------------------------------------------------------------


def test_12_5_an_upgrade_replaces_a_footman_and_keeps_the_army_size():
    g = _game(stark=0)  # {2, 2}: both flags in use
    put(g, "winterfell", "stark", "footman", "footman")
    put(g, "karhold", "stark", "footman", "footman")
    _muster(g, "stark")
    assert decision(g, "stark", "muster").info["areas"]["winterfell"]["footmen"] == 2
    pool = _pool(g, "stark")
    assert "supply limit" in refused(g, "stark", [{"area": "winterfell", "unit": "footman"}])
    events = answer(g, "stark", [{"area": "winterfell", "upgrade": "knight"},
                                 {"area": "winterfell", "upgrade": "siege_engine"}])
    assert units(g, "winterfell") == ["knight", "siege_engine"]
    assert world.army_sizes(g.state, "stark") == [2, 2]
    after = _pool(g, "stark")
    assert after["footman"] == pool["footman"] + 2  # the footmen go back to the reserve
    assert after["knight"] == pool["knight"] - 1 and after["siege_engine"] == pool["siege_engine"] - 1
    assert "upgrades a Footman to a Knight in Winterfell" in events[-1].text


def test_12_5_only_a_footman_in_the_mustering_area_can_be_upgraded():
    g = _game(stark=6)
    put(g, "winterfell", "stark", "knight")
    put(g, "karhold", "stark", "footman")  # next door, but Karhold is no mustering area
    _muster(g, "stark")
    assert "no Footman of yours in Winterfell" in refused(g, "stark", [{"area": "winterfell", "upgrade": "knight"}])
    assert "Knight or a Siege Engine" in refused(g, "stark", [{"area": "winterfell", "upgrade": "ship"}])
    assert "where you muster now" in refused(g, "stark", [{"area": "karhold", "upgrade": "knight"}])


def test_12_5_a_footman_mustered_in_the_same_action_may_be_upgraded():
    """Ambiguity 12.5 (settled): actions apply in order, so a Footman just mustered may be upgraded. It costs
    1 + 1, the same as mustering the Knight directly, so the rule gains nothing either way."""
    g = _game(stark=6)
    _muster(g, "stark")
    answer(g, "stark", [{"area": "winterfell", "unit": "footman"}, {"area": "winterfell", "upgrade": "knight"}])
    assert units(g, "winterfell") == ["knight"]
    assert _pool(g, "stark")["footman"] == 10


# --- 12.6 -----------------------------------------------------------------------------------------


def test_12_6_ships_go_to_the_port_or_an_adjacent_sea():
    g = _game(stark=6)
    _muster(g, "stark")
    assert decision(g, "stark", "muster").info["areas"]["winterfell"]["ship_destinations"] == [
        "bay-of-ice", "port-of-winterfell", "the-shivering-sea"]
    msg = refused(g, "stark", [{"area": "winterfell", "unit": "ship", "to": "the-narrow-sea"}])
    assert msg == "A ship mustered in Winterfell must go to its port or an adjacent sea without enemy ships."
    answer(g, "stark", [{"area": "winterfell", "unit": "ship", "to": "the-shivering-sea"},
                        {"area": "winterfell", "unit": "ship", "to": "port-of-winterfell"}])
    assert units(g, "the-shivering-sea") == ["ship"] and units(g, "port-of-winterfell") == ["ship"]


def test_12_6_ships_never_mustered_into_a_sea_with_enemy_ships():
    g = _game(stark=6)
    put(g, "bay-of-ice", "greyjoy", "ship")
    _muster(g, "stark")
    dests = decision(g, "stark", "muster").info["areas"]["winterfell"]["ship_destinations"]
    assert dests == ["port-of-winterfell", "the-shivering-sea"]
    assert "without enemy ships" in refused(g, "stark", [{"area": "winterfell", "unit": "ship", "to": "bay-of-ice"}])
    # the port stays open although its sea holds enemy ships (RB2 p.25)
    answer(g, "stark", [{"area": "winterfell", "unit": "ship", "to": "port-of-winterfell"}])
    assert units(g, "port-of-winterfell") == ["ship"] and units(g, "bay-of-ice") == ["ship"]
    assert g.state.areas["bay-of-ice"].house == "greyjoy"


def test_12_6_no_ships_without_a_port_or_an_eligible_sea():
    g = _game(stark=6, lannister=6)
    put(g, "moat-cailin", "stark", "footman")   # castle whose only sea, the Narrow Sea, holds enemy ships
    put(g, "the-narrow-sea", "greyjoy", "ship")
    put(g, "harrenhal", "lannister", "footman")  # inland castle
    _muster(g, "lannister", "stark")
    assert decision(g, "lannister", "muster").info["areas"]["harrenhal"]["ship_destinations"] == []
    assert "must go to its port" in refused(g, "lannister", [{"area": "harrenhal", "unit": "ship"}])
    answer(g, "lannister", [])
    assert decision(g, "stark", "muster").info["areas"]["moat-cailin"]["ship_destinations"] == []
    assert "must go to its port" in refused(g, "stark", [{"area": "moat-cailin", "unit": "ship"}])


# --- 12.7 -----------------------------------------------------------------------------------------


def test_12_7_land_units_are_never_mustered_into_ports_or_seas():
    g = _game(stark=6)
    _muster(g, "stark")
    for kind in ("footman", "knight", "siege_engine"):
        for where in ("port-of-winterfell", "bay-of-ice"):
            msg = refused(g, "stark", [{"area": "winterfell", "unit": kind, "to": where}])
            assert "never in a port or a sea area" in msg
    answer(g, "stark", [{"area": "winterfell", "unit": "footman", "to": "winterfell"}])
    assert units(g, "winterfell") == ["footman"]
    assert units(g, "port-of-winterfell") == [] and units(g, "bay-of-ice") == []


# --- 12.8 -----------------------------------------------------------------------------------------


def test_12_8_no_muster_may_create_or_enlarge_an_army_beyond_supply():
    g = _game(stark=1)  # {3, 2}
    put(g, "winterfell", "stark", "footman", "footman", "footman")
    put(g, "port-of-white-harbor", "stark", "ship", "ship")  # a fleet counts like any army
    put(g, "white-harbor", "stark", "footman")
    put(g, "the-shivering-sea", "stark", "ship")
    _muster(g, "stark")
    cases = [
        ([{"area": "winterfell", "unit": "footman"}], "Winterfell"),                  # an army of 4
        ([{"area": "white-harbor", "unit": "footman"}], "White Harbor"),              # a third army
        ([{"area": "winterfell", "unit": "ship", "to": "the-shivering-sea"}], "The Shivering Sea"),
        ([{"area": "white-harbor", "unit": "ship", "to": "port-of-white-harbor"}], "Port of White Harbor"),
    ]
    for actions, where in cases:
        assert refused(g, "stark", actions) == f"A new unit in {where} would break your supply limit."
    # a lone ship in an empty sea is no army: allowed
    answer(g, "stark", [{"area": "winterfell", "unit": "ship", "to": "bay-of-ice"},
                        {"area": "winterfell", "upgrade": "knight"}])
    assert units(g, "bay-of-ice") == ["ship"]
    assert world.army_sizes(g.state, "stark") == [3, 2]


# --- 12.9 -----------------------------------------------------------------------------------------


def test_12_9_units_come_only_from_the_unused_pool():
    g = _game(stark=6)
    for area in ("karhold", "castle-black", "the-stony-shore", "widows-watch", "white-harbor", "moat-cailin",
                 "greywater-watch", "flints-finger", "the-twins", "the-fingers"):
        put(g, area, "stark", "footman")  # all 10 footmen, one per area (no army, so supply is no obstacle)
    for sea in ("bay-of-ice", "the-shivering-sea", "the-narrow-sea", "sunset-sea", "ironmans-bay",
                "shipbreaker-bay"):
        put(g, sea, "stark", "ship")  # all 6 ships
    _muster(g, "stark")
    assert decision(g, "stark", "muster").info["pool"] == {"footman": 0, "knight": 5, "ship": 0, "siege_engine": 2}
    assert refused(g, "stark", [{"area": "winterfell", "unit": "footman"}]) == \
        "You have no footman left in your reserve."
    assert refused(g, "stark", [{"area": "winterfell", "unit": "ship", "to": "port-of-winterfell"}]) == \
        "You have no ship left in your reserve."
    answer(g, "stark", [{"area": "winterfell", "unit": "knight"}])
    assert units(g, "winterfell") == ["knight"]


# --- 12.10 ----------------------------------------------------------------------------------------


def test_12_10_a_port_never_holds_more_than_three_ships():
    g = _game(stark=6)
    put(g, "port-of-winterfell", "stark", "ship", "ship")
    _muster(g, "stark")
    msg = refused(g, "stark", [{"area": "winterfell", "unit": "ship", "to": "port-of-winterfell"}] * 2)
    assert msg == "Port of Winterfell already holds 3 ships."
    answer(g, "stark", [{"area": "winterfell", "unit": "ship", "to": "port-of-winterfell"},
                        {"area": "winterfell", "unit": "ship", "to": "bay-of-ice"}])
    assert units(g, "port-of-winterfell") == ["ship"] * 3 and units(g, "bay-of-ice") == ["ship"]


# --- the rulebook's worked example ------------------------------------------------------------------


def test_mustering_example_lannister_with_supply_3():
    """RB2 p.9 "Mustering Example". Lannister (Supply 3, {3, 2, 2, 2}) musters first:

    1. Lannisport: a Footman there and a Ship in the Golden Sound;
    2. Harrenhal: one of its two Footmen upgraded to a Knight (army size unchanged);
    3. Riverrun (three Knights): a Ship into the Golden Sound, making a fleet of 2; its last point cannot be
       used, the supply limit being met;
    4. Stoney Sept is controlled but has no castle: no mustering there.

    The text leaves two facts to the illustration; they are set so that step 3's "met his Supply limit" holds:
    Lannisport already holds one Footman (the new one makes the fourth army), and Greyjoy ships sit in
    Ironman's Bay (Riverrun's other sea).
    """
    g = _game(lannister=3, stark=6)
    put(g, "lannisport", "lannister", "footman")
    put(g, "harrenhal", "lannister", "footman", "footman")
    put(g, "riverrun", "lannister", "knight", "knight", "knight")
    put(g, "stoney-sept", "lannister", "footman")
    put(g, "ironmans-bay", "greyjoy", "ship")
    _muster(g, "lannister", "stark")
    d = decision(g, "lannister", "muster")
    assert {a: v["points"] for a, v in d.info["areas"].items()} == {"harrenhal": 1, "lannisport": 2, "riverrun": 2}
    plan = [{"area": "lannisport", "unit": "footman"},
            {"area": "lannisport", "unit": "ship", "to": "the-golden-sound"},
            {"area": "harrenhal", "upgrade": "knight"},
            {"area": "riverrun", "unit": "ship", "to": "the-golden-sound"}]
    # Riverrun's remaining point: every use breaks supply or enters a sea with enemy ships
    assert "supply limit" in refused(g, "lannister", plan + [{"area": "riverrun", "unit": "footman"}])
    assert "supply limit" in refused(g, "lannister", plan + [{"area": "riverrun", "unit": "ship",
                                                               "to": "the-golden-sound"}])
    assert "without enemy ships" in refused(g, "lannister", plan + [{"area": "riverrun", "unit": "ship",
                                                                      "to": "ironmans-bay"}])
    assert "where you muster now" in refused(g, "lannister", plan + [{"area": "stoney-sept", "unit": "footman"}])
    answer(g, "lannister", plan)
    assert units(g, "lannisport") == ["footman", "footman"]
    assert units(g, "the-golden-sound") == ["ship", "ship"]
    assert units(g, "harrenhal") == ["footman", "knight"]
    assert units(g, "riverrun") == ["knight"] * 3
    assert units(g, "stoney-sept") == ["footman"]
    assert world.army_sizes(g.state, "lannister") == [3, 2, 2, 2]
    assert [d.player for d in g.open_decisions()] == ["stark"]  # then the next house in turn order


# --- malformed answers ------------------------------------------------------------------------------


def test_mustering_answers_of_the_wrong_shape_are_refused():
    g = _game(stark=6)
    _muster(g, "stark")
    cases = [
        ("footman", "Mustering is a list of actions"),
        ({"area": "winterfell", "unit": "footman"}, "Mustering is a list of actions"),
        ([["winterfell", "footman"]], "Each action needs an 'area'"),
        ([{"unit": "footman"}], "Each action needs an 'area'"),
        ([{"area": "winterfell"}], "A mustering action: 'unit' is missing"),
        ([{"area": "winterfell", "unit": "footman", "upgrade": "knight"}], "A mustering action: unknown key \"unit\""),
        ([{"area": "winterfell", "unit": "dragon"}], "The unit must be footman, knight, siege_engine or ship."),
        ([{"area": "winterfell", "unit": "upgrade_knight"}], "The unit must be"),
    ]
    for value, message in cases:
        assert message in refused(g, "stark", value)
