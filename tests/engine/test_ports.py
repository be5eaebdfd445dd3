"""Checklist section 14 (Ports, RB2 p.25, ruling A7) and the rulebook's Example of Port Use.

Skipped here: 14.6's support from a port and 14.7's capture after a won combat (combat is another issue's work),
14.8's Game of Thrones income (a Westeros card, another issue's work).
"""

from functools import partial

from engine.agot import world
from tests.engine.scenario import (
    answer,
    clear,
    decision,
    empty_board,
    order,
    put,
    refused,
    run_step,
    scenario,
    units,
)

_game = partial(empty_board, all_supply=6)


# --- 14.1 and 14.5 ----------------------------------------------------------------------------------


def test_14_1_only_the_controller_of_the_land_area_uses_its_port():
    g = _game()
    put(g, "bay-of-ice", "greyjoy", "ship")
    order(g, "bay-of-ice", "M0")
    put(g, "redwyne-straights", "tyrell", "ship")
    order(g, "redwyne-straights", "M-1")
    g.state.iron_throne = ["greyjoy", "tyrell", "stark", "lannister", "baratheon", "martell"]
    run_step(g, "marches")
    # Winterfell is Stark's (its home shield): its port is closed to Greyjoy, even empty
    assert "port-of-winterfell" not in decision(g, "greyjoy").info["orders"]["bay-of-ice"]["ship_destinations"]
    assert refused(g, "greyjoy", {"from": "bay-of-ice", "moves": {"port-of-winterfell": ["ship"]}}) == (
        "A ship cannot march from Bay of Ice to Port of Winterfell: an enemy port (ships enter only ports of "
        "castles you control).")
    answer(g, "greyjoy", {"from": "bay-of-ice", "moves": {}})
    # Oldtown belongs to nobody: its port is nobody's to use
    assert "port-of-oldtown" not in decision(g, "tyrell").info["orders"]["redwyne-straights"]["ship_destinations"]
    assert "cannot march" in refused(g, "tyrell", {"from": "redwyne-straights",
                                                   "moves": {"port-of-oldtown": ["ship"]}})


def test_14_5_ships_move_between_a_port_and_its_sea_both_ways():
    g = _game()
    g.state.areas["oldtown"].power_token = "tyrell"  # Tyrell owns Oldtown, hence its port
    put(g, "redwyne-straights", "tyrell", "ship", "ship")
    put(g, "port-of-oldtown", "tyrell", "ship")
    order(g, "redwyne-straights", "M0")
    order(g, "port-of-oldtown", "M-1")
    run_step(g, "marches")
    info = decision(g, "tyrell").info["orders"]
    assert info["port-of-oldtown"]["ship_destinations"] == ["redwyne-straights"]
    assert "port-of-oldtown" in info["redwyne-straights"]["ship_destinations"]
    answer(g, "tyrell", {"from": "port-of-oldtown", "moves": {"redwyne-straights": ["ship"]}})
    assert units(g, "redwyne-straights") == ["ship"] * 3 and units(g, "port-of-oldtown") == []
    g = _game()
    g.state.areas["oldtown"].power_token = "tyrell"
    put(g, "redwyne-straights", "tyrell", "ship", "ship")
    order(g, "redwyne-straights", "M0")
    run_step(g, "marches")
    answer(g, "tyrell", {"from": "redwyne-straights", "moves": {"port-of-oldtown": ["ship", "ship"]}})
    assert units(g, "port-of-oldtown") == ["ship", "ship"]


# --- 14.2 -----------------------------------------------------------------------------------------


def test_14_2_only_ships_enter_a_port():
    g = _game()
    put(g, "winterfell", "stark", "footman")
    order(g, "winterfell", "M0")
    run_step(g, "marches")
    assert "port-of-winterfell" not in decision(g, "stark").info["orders"]["winterfell"]["land_destinations"]
    assert refused(g, "stark", {"from": "winterfell", "moves": {"port-of-winterfell": ["footman"]}}) == \
        "A footman cannot march from Winterfell to Port of Winterfell: land units never enter seas or ports."


def test_14_2_a_port_never_holds_more_than_three_ships():
    g = _game()
    put(g, "port-of-winterfell", "stark", "ship", "ship")
    put(g, "bay-of-ice", "stark", "ship", "ship")
    order(g, "bay-of-ice", "M0")
    run_step(g, "marches")
    msg = refused(g, "stark", {"from": "bay-of-ice", "moves": {"port-of-winterfell": ["ship", "ship"]}})
    assert msg == "Port of Winterfell can never hold more than 3 ships."
    answer(g, "stark", {"from": "bay-of-ice", "moves": {"port-of-winterfell": ["ship"]}})
    assert units(g, "port-of-winterfell") == ["ship"] * 3 and units(g, "bay-of-ice") == ["ship"]


def test_14_2_ships_in_a_port_form_an_army():
    g = _game()
    g.state.houses["stark"].supply = 0  # {2, 2}
    put(g, "winterfell", "stark", "footman", "footman")
    put(g, "white-harbor", "stark", "footman", "footman")
    put(g, "port-of-winterfell", "stark", "ship")
    put(g, "bay-of-ice", "stark", "ship")
    order(g, "bay-of-ice", "M0")
    run_step(g, "marches")
    assert "supply limit" in refused(g, "stark", {"from": "bay-of-ice", "moves": {"port-of-winterfell": ["ship"]}})


# --- 14.3 -----------------------------------------------------------------------------------------


def test_14_3_ships_may_be_mustered_in_the_port_despite_enemy_ships_in_its_sea():
    g = _game()
    put(g, "the-narrow-sea", "greyjoy", "ship")
    put(g, "white-harbor", "stark", "footman")
    run_step(g, "mustering", houses=["stark"], areas=["white-harbor"], source="test")
    assert decision(g, "stark").info["areas"]["white-harbor"]["ship_destinations"] == [
        "port-of-white-harbor", "the-shivering-sea"]
    answer(g, "stark", [{"area": "white-harbor", "unit": "ship", "to": "port-of-white-harbor"}])
    assert units(g, "port-of-white-harbor") == ["ship"]


# --- 14.4 -----------------------------------------------------------------------------------------


def test_14_4_ships_in_a_port_need_an_order_and_may_take_defense():
    g = scenario(3)  # three players: quick to drive through the Planning phase
    clear(g)
    put(g, "winterfell", "stark", "footman")
    put(g, "port-of-winterfell", "stark", "ship")
    put(g, "lannisport", "lannister", "footman")
    put(g, "dragonstone", "baratheon", "footman")
    run_step(g, "planning")
    d = decision(g, "stark", "orders")
    assert d.info["areas"] == ["port-of-winterfell", "winterfell"]
    assert "missing Port of Winterfell" in refused(g, "stark", {"winterfell": "M0"}, "orders")
    answer(g, "stark", {"winterfell": "M0", "port-of-winterfell": "D+1"}, "orders")
    answer(g, "lannister", {"lannisport": "D+1"}, "orders")
    answer(g, "baratheon", {"dragonstone": "D+1"}, "orders")
    assert g.state.areas["port-of-winterfell"].order.token == "D+1a"


# --- 14.6 -----------------------------------------------------------------------------------------


def test_14_6_a_port_raids_only_its_sea_and_is_raided_only_from_its_sea():
    g = _game()
    put(g, "port-of-sunspear", "martell", "ship")
    order(g, "port-of-sunspear", "Ra")
    put(g, "sunspear", "martell", "footman")
    order(g, "sunspear", "Rb")
    put(g, "east-summer-sea", "tyrell", "ship")
    order(g, "east-summer-sea", "S0a")
    put(g, "salt-shore", "tyrell", "footman")
    order(g, "salt-shore", "CPa")
    put(g, "sea-of-dorne", "baratheon", "ship")
    order(g, "sea-of-dorne", "CPa")
    g.state.iron_throne = ["martell", "tyrell", "baratheon", "stark", "lannister", "greyjoy"]
    run_step(g, "raids")
    options = decision(g, "martell", "raid").options
    assert [o["target"] for o in options if o["area"] == "port-of-sunspear"] == ["east-summer-sea", None]
    assert "not legal" in refused(g, "martell", {"area": "port-of-sunspear", "target": "salt-shore"})
    # the ships of the connected sea may raid the port
    g = _game()
    put(g, "port-of-sunspear", "martell", "ship")
    order(g, "port-of-sunspear", "CPa")
    put(g, "east-summer-sea", "tyrell", "ship")
    order(g, "east-summer-sea", "Ra")
    run_step(g, "raids")
    assert {"area": "east-summer-sea", "target": "port-of-sunspear"} in decision(g, "tyrell", "raid").options
    power = g.state.houses["martell"].power
    answer(g, "tyrell", {"area": "east-summer-sea", "target": "port-of-sunspear"})
    assert g.state.areas["port-of-sunspear"].order is None
    assert g.state.houses["martell"].power == power - 1  # pillaged


def test_14_6_consolidate_power_in_a_port():
    g = _game()
    put(g, "port-of-sunspear", "martell", "ship")
    order(g, "port-of-sunspear", "CPa")
    power = g.state.houses["martell"].power
    run_step(g, "consolidate")  # the only option is forced
    assert g.state.houses["martell"].power == power + 1  # as a land area with no Power icon
    # with enemy ships in the connected sea the order is removed without effect
    g = _game()
    put(g, "port-of-sunspear", "martell", "ship")
    order(g, "port-of-sunspear", "CPa")
    put(g, "east-summer-sea", "tyrell", "ship")
    events = run_step(g, "consolidate")
    assert g.state.houses["martell"].power == power
    assert g.state.areas["port-of-sunspear"].order is None
    assert [e.data["gained"] for e in events if e.kind == "consolidate"] == [0]


def test_14_6_special_consolidate_power_in_a_port_cannot_muster():
    g = _game()
    put(g, "port-of-sunspear", "martell", "ship")
    order(g, "port-of-sunspear", "CP*")
    put(g, "sunspear", "martell", "footman")
    order(g, "sunspear", "D+1a")
    power = g.state.houses["martell"].power
    events = run_step(g, "consolidate")  # one option only: collect power
    assert [(e.data["area"], e.data.get("muster")) for e in events if e.kind == "consolidate"] == [
        ("port-of-sunspear", None)]
    assert g.state.houses["martell"].power == power + 1
    assert units(g, "sunspear") == ["footman"] and g.open_decisions() == []


# --- 14.7 (without combat) --------------------------------------------------------------------------


def test_14_7_port_ships_are_destroyed_when_their_owner_loses_the_land_without_combat():  # A7
    g = _game()
    put(g, "white-harbor", "stark", "footman")
    put(g, "port-of-white-harbor", "stark", "ship", "ship")
    order(g, "white-harbor", "M0")
    run_step(g, "marches")
    events = answer(g, "stark", {"from": "white-harbor", "moves": {"winterfell": ["footman"]}})
    assert world.controller(g.board, g.state, "white-harbor") is None
    assert units(g, "port-of-white-harbor") == []
    assert world.pool(g.board, g.state, "stark", "ship") == 6
    assert [e.text for e in events if e.kind == "port_lost"] == [
        "Stark no longer controls White Harbor: its 2 ship(s) in Port of White Harbor are destroyed."]


def test_14_7_port_ships_stay_when_the_owner_leaves_a_power_token():
    g = _game()
    put(g, "white-harbor", "stark", "footman")
    put(g, "port-of-white-harbor", "stark", "ship", "ship")
    order(g, "white-harbor", "M0")
    run_step(g, "marches")
    answer(g, "stark", {"from": "white-harbor", "moves": {"winterfell": ["footman"]}, "leave_power_token": True})
    assert world.controller(g.board, g.state, "white-harbor") == "stark"
    assert units(g, "port-of-white-harbor") == ["ship", "ship"]


def test_14_7_port_ships_are_destroyed_when_an_enemy_marches_into_the_token_held_land():  # A7
    g = _game()
    g.state.areas["white-harbor"].power_token = "stark"
    put(g, "port-of-white-harbor", "stark", "ship")
    put(g, "moat-cailin", "greyjoy", "footman")
    order(g, "moat-cailin", "M0")
    run_step(g, "marches")
    answer(g, "greyjoy", {"from": "moat-cailin", "moves": {"white-harbor": ["footman"]}})
    assert world.controller(g.board, g.state, "white-harbor") == "greyjoy"
    assert units(g, "port-of-white-harbor") == []
    assert g.state.areas["white-harbor"].power_token is None


# --- the rulebook's worked example ------------------------------------------------------------------


def test_port_use_example_martell_musters_into_port_of_sunspear_then_raids():
    """RB2 p.25 "Example of Port Use": Martell spends Sunspear's 2 points on a Footman and a Ship; the Ship may
    go to the Port of Sunspear or the Sea of Dorne, not the Tyrell-occupied East Summer Sea; he picks the port.
    Later a Raid in the port cancels a Support Order in the East Summer Sea."""
    g = _game()
    put(g, "east-summer-sea", "tyrell", "ship")
    run_step(g, "mustering", houses=["martell"], areas=None, source="test")
    d = decision(g, "martell", "muster")
    assert d.info["areas"]["sunspear"]["points"] == 2
    assert d.info["areas"]["sunspear"]["ship_destinations"] == ["port-of-sunspear", "sea-of-dorne"]
    assert "without enemy ships" in refused(g, "martell", [{"area": "sunspear", "unit": "ship",
                                                             "to": "east-summer-sea"}])
    answer(g, "martell", [{"area": "sunspear", "unit": "footman"},
                          {"area": "sunspear", "unit": "ship", "to": "port-of-sunspear"}])
    assert units(g, "sunspear") == ["footman"] and units(g, "port-of-sunspear") == ["ship"]
    # Planning: a Raid on the port; Tyrell's ship supports. Action: the raid removes the Support.
    order(g, "port-of-sunspear", "Ra", "martell")
    order(g, "sunspear", "D+1a", "martell")
    order(g, "east-summer-sea", "S0a", "tyrell")
    put(g, "highgarden", "tyrell", "footman", order="M0")  # a March still to come: the Support may matter
    run_step(g, "raids")
    events = answer(g, "martell", {"area": "port-of-sunspear", "target": "east-summer-sea"})
    assert g.state.areas["east-summer-sea"].order is None
    assert g.state.areas["port-of-sunspear"].order is None
    assert events[0].text == ("Martell raids from Port of Sunspear: Tyrell's Support +0 in East Summer Sea "
                              "is removed.")
