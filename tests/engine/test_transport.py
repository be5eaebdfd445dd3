"""Checklist section 13 (Ship transport, RB2 p.23, ruling A10), section 17 (islands, rivers, area types, RB2 p.27)
and the rulebook's Example of Ship Transport.

Combat is another issue's work: marches here never start one, except where a test checks that a march *would*
be an attack (and that a March starts at most one).
"""

from functools import partial

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

_game = partial(empty_board, all_supply=6)


def _tyrell_fleet(g, seas=("redwyne-straights", "west-summer-sea", "east-summer-sea")):
    for sea in seas:
        put(g, sea, "tyrell", "ship")


def _marches(g, house, area, token="M0"):
    order(g, area, token, house)
    run_step(g, "marches")
    return decision(g, house, "march").info["orders"][area]


# --- 13.1 and the worked example --------------------------------------------------------------------


def test_ship_transport_example_highgarden_to_sunspear():
    """RB2 p.23 "Example of Ship Transport": Tyrell ships in the Redwyne Straights, the West Summer Sea and the
    East Summer Sea let any Tyrell unit in Highgarden move directly to Sunspear (or any other coastal area
    adjacent to those ships) with a single March Order. Sunspear is left empty (no Martell units, no garrison)
    so the march is no attack."""
    g = _game()
    g.state.areas["sunspear"].garrison = 0
    _tyrell_fleet(g)
    put(g, "highgarden", "tyrell", "footman", "knight")
    info = _marches(g, "tyrell", "highgarden")
    reachable = set(info["land_destinations"])
    assert {"sunspear", "salt-shore", "starfall", "storms-end", "the-arbor", "three-towers", "oldtown",
            "searoad-marches"} <= reachable
    assert "sunspear" not in g.board.adjacent["highgarden"]
    answer(g, "tyrell", {"from": "highgarden", "moves": {"sunspear": ["knight"]}})
    assert units(g, "sunspear") == ["knight"] and units(g, "highgarden") == ["footman"]
    assert world.controller(g.board, g.state, "sunspear") == "tyrell"


def test_13_1_every_sea_of_the_chain_needs_a_friendly_ship():
    g = _game()
    g.state.areas["sunspear"].garrison = 0
    _tyrell_fleet(g, seas=("redwyne-straights", "east-summer-sea"))  # the West Summer Sea is a gap
    put(g, "highgarden", "tyrell", "footman")
    info = _marches(g, "tyrell", "highgarden")
    assert "sunspear" not in info["land_destinations"]
    assert "the-arbor" in info["land_destinations"]  # the Redwyne Straights alone still carry
    msg = refused(g, "tyrell", {"from": "highgarden", "moves": {"sunspear": ["footman"]}})
    assert msg == ("A footman cannot march from Highgarden to Sunspear: not adjacent, and no chain of your "
                   "ships links the two.")


# --- 13.2 -----------------------------------------------------------------------------------------


def test_13_2_one_march_may_use_the_ships_for_several_destinations():
    g = _game()
    g.state.areas["sunspear"].garrison = 0
    _tyrell_fleet(g)
    put(g, "highgarden", "tyrell", "footman", "footman", "knight")
    _marches(g, "tyrell", "highgarden")
    answer(g, "tyrell", {"from": "highgarden", "moves": {"sunspear": ["knight"], "the-arbor": ["footman"],
                                                          "storms-end": ["footman"]}})
    assert (units(g, "sunspear"), units(g, "the-arbor"), units(g, "storms-end")) == (
        ["knight"], ["footman"], ["footman"])
    assert units(g, "highgarden") == []


def test_13_2_ships_can_be_used_again_in_the_same_round():
    g = _game()
    _tyrell_fleet(g, seas=("west-summer-sea",))
    put(g, "highgarden", "tyrell", "footman")
    put(g, "three-towers", "tyrell", "footman")
    order(g, "highgarden", "M0")
    order(g, "three-towers", "M-1")
    run_step(g, "marches")
    answer(g, "tyrell", {"from": "highgarden", "moves": {"starfall": ["footman"]}})
    answer(g, "tyrell", {"from": "three-towers", "moves": {"the-arbor": ["footman"]}})
    assert units(g, "starfall") == ["footman"] and units(g, "the-arbor") == ["footman"]


def test_13_2_never_another_houses_ships():
    g = _game()
    g.state.areas["sunspear"].garrison = 0
    put(g, "redwyne-straights", "tyrell", "ship")
    put(g, "west-summer-sea", "martell", "ship")  # Martell's ship, even if Martell agrees
    put(g, "east-summer-sea", "tyrell", "ship")
    put(g, "highgarden", "tyrell", "footman")
    info = _marches(g, "tyrell", "highgarden")
    assert "sunspear" not in info["land_destinations"] and "starfall" not in info["land_destinations"]
    assert "cannot march from Highgarden to Starfall" in refused(
        g, "tyrell", {"from": "highgarden", "moves": {"starfall": ["footman"]}})


# --- 13.3 -----------------------------------------------------------------------------------------


def test_13_3_ships_transport_whatever_their_order_and_even_routed():
    g = _game()
    g.state.areas["sunspear"].garrison = 0
    put(g, "redwyne-straights", "tyrell", "ship")
    order(g, "redwyne-straights", "Ra", "tyrell")
    put(g, "west-summer-sea", "tyrell", "ship", routed=True)
    put(g, "east-summer-sea", "tyrell", "ship")
    order(g, "east-summer-sea", "D+1a", "tyrell")
    put(g, "highgarden", "tyrell", "footman")
    order(g, "highgarden", "M0")
    run_step(g, "marches")
    answer(g, "tyrell", {"from": "highgarden", "moves": {"sunspear": ["footman"]}})
    assert units(g, "sunspear") == ["footman"]


# --- 13.4 -----------------------------------------------------------------------------------------


def test_13_4_transported_units_may_attack_but_start_only_one_combat():
    """A transported march into enemy units is an attack (combat itself is another issue's work); one March
    order may still start only one combat, however the units travel."""
    g = _game()
    _tyrell_fleet(g)
    put(g, "sunspear", "martell", "footman")
    put(g, "starfall", "martell", "footman")
    put(g, "highgarden", "tyrell", "footman", "knight")
    info = _marches(g, "tyrell", "highgarden")
    assert {"sunspear", "starfall"} <= set(info["hostile"])
    msg = refused(g, "tyrell", {"from": "highgarden", "moves": {"sunspear": ["knight"], "starfall": ["footman"]}})
    assert msg == "A March order may start only one combat (8.14)."


# --- 13.5 -----------------------------------------------------------------------------------------


def test_13_5_ships_cannot_move_by_ship_transport():
    g = _game()
    _tyrell_fleet(g)
    put(g, "redwyne-straights", "tyrell", "ship")
    info = _marches(g, "tyrell", "redwyne-straights")
    assert info["land_destinations"] == []
    assert "east-summer-sea" not in info["ship_destinations"]  # two seas away, even along its own fleet
    msg = refused(g, "tyrell", {"from": "redwyne-straights", "moves": {"east-summer-sea": ["ship"]}})
    assert msg == "A ship cannot march from Redwyne Straights to East Summer Sea: not adjacent."
    assert "cannot march" in refused(g, "tyrell", {"from": "redwyne-straights", "moves": {"the-arbor": ["ship"]}})


# --- 13.6 -----------------------------------------------------------------------------------------


def test_13_6_transport_adjacency_is_not_used_for_raids():
    g = _game()
    _tyrell_fleet(g)
    put(g, "highgarden", "tyrell", "footman")
    order(g, "highgarden", "Ra")
    put(g, "sunspear", "martell", "footman")
    order(g, "sunspear", "CPa")
    put(g, "dornish-marches", "martell", "footman")
    order(g, "dornish-marches", "S0a")
    put(g, "pyke", "greyjoy", "footman", order="M0")  # a March still to come: raiding a Support may matter
    run_step(g, "raids")
    d = decision(g, "tyrell", "raid")
    assert d.options == [{"area": "highgarden", "target": "dornish-marches"}, {"area": "highgarden", "target": None}]
    assert "not legal" in refused(g, "tyrell", {"area": "highgarden", "target": "sunspear"})


# --- 13.7 -----------------------------------------------------------------------------------------


def test_13_7_ships_in_a_port_never_link_a_chain():  # A10
    g = _game()
    put(g, "port-of-winterfell", "stark", "ship", "ship")
    put(g, "winterfell", "stark", "footman")
    info = _marches(g, "stark", "winterfell")
    assert "flints-finger" not in info["land_destinations"]  # across the Bay of Ice: needs a ship in the sea
    assert "cannot march from Winterfell to Flint's Finger" in refused(
        g, "stark", {"from": "winterfell", "moves": {"flints-finger": ["footman"]}})
    # a ship in the Bay of Ice itself does carry
    g = _game()
    put(g, "bay-of-ice", "stark", "ship")
    put(g, "winterfell", "stark", "footman")
    _marches(g, "stark", "winterfell")
    answer(g, "stark", {"from": "winterfell", "moves": {"flints-finger": ["footman"]}})
    assert units(g, "flints-finger") == ["footman"]


# --- 13.8 and 17.4 ----------------------------------------------------------------------------------


def test_13_8_islands_need_ship_transport():
    g = _game()
    put(g, "pyke", "greyjoy", "footman", "footman")
    put(g, "port-of-pyke", "greyjoy", "ship")  # a ship in the port does not carry (A10)
    put(g, "seagard", "greyjoy", "footman", order="M-1")  # another March, so that Greyjoy is asked
    info = _marches(g, "greyjoy", "pyke")
    assert info["land_destinations"] == []
    assert "cannot march from Pyke to Riverrun" in refused(
        g, "greyjoy", {"from": "pyke", "moves": {"riverrun": ["footman"]}})
    g = _game()
    put(g, "pyke", "greyjoy", "footman", "footman")
    put(g, "ironmans-bay", "greyjoy", "ship")
    info = _marches(g, "greyjoy", "pyke")
    assert set(info["land_destinations"]) == {"flints-finger", "greywater-watch", "riverrun", "seagard"}
    answer(g, "greyjoy", {"from": "pyke", "moves": {"seagard": ["footman"]}})
    assert units(g, "seagard") == ["footman"]


def test_17_4_units_reach_an_island_only_by_ship():
    g = _game()
    g.state.areas["dragonstone"].garrison = 0
    put(g, "kingswood", "baratheon", "footman")
    put(g, "crackclaw-point", "baratheon", "footman")
    order(g, "kingswood", "M0")
    order(g, "crackclaw-point", "M-1")
    put(g, "shipbreaker-bay", "baratheon", "ship")
    run_step(g, "marches")
    info = decision(g, "baratheon", "march").info["orders"]
    assert "dragonstone" in info["kingswood"]["land_destinations"]
    answer(g, "baratheon", {"from": "kingswood", "moves": {"dragonstone": ["footman"]}})
    assert units(g, "dragonstone") == ["footman"]
    # The Arbor: adjacent to Highgarden's seas only
    g = _game()
    put(g, "highgarden", "tyrell", "footman")
    info = _marches(g, "tyrell", "highgarden")
    assert "the-arbor" not in info["land_destinations"]


# --- 17.1, 17.2, 17.3, 17.5 -------------------------------------------------------------------------


def test_17_1_land_units_stay_on_land_and_ships_at_sea():
    g = _game()
    put(g, "winterfell", "stark", "footman")
    put(g, "bay-of-ice", "stark", "ship")
    order(g, "winterfell", "M0")
    order(g, "bay-of-ice", "M-1")
    run_step(g, "marches")
    info = decision(g, "stark", "march").info["orders"]
    assert all(g.board.is_land(a) for a in info["winterfell"]["land_destinations"])
    assert all(not g.board.is_land(a) for a in info["bay-of-ice"]["ship_destinations"])
    assert "cannot march from Winterfell to The Shivering Sea" in refused(
        g, "stark", {"from": "winterfell", "moves": {"the-shivering-sea": ["footman"]}})
    assert "cannot march from Winterfell to Port of Winterfell" in refused(
        g, "stark", {"from": "winterfell", "moves": {"port-of-winterfell": ["footman"]}})
    assert "cannot march from Bay of Ice to Flint's Finger" in refused(
        g, "stark", {"from": "bay-of-ice", "moves": {"flints-finger": ["ship"]}})


def test_17_2_areas_divided_by_a_river_are_not_adjacent():
    g = _game()
    put(g, "winterfell", "stark", "footman")
    order(g, "winterfell", "M0")
    put(g, "starfall", "martell", "footman")
    order(g, "starfall", "Ra")
    put(g, "three-towers", "tyrell", "footman")
    order(g, "three-towers", "CPa")
    events = run_step(g, "raids")
    # no raid across the river between Starfall and Three Towers: the raid's only option, no effect, is forced
    assert [e.data["target"] for e in events if e.kind == "raid"] == [None]
    assert g.state.areas["three-towers"].order is not None
    run_step(g, "marches")
    info = decision(g, "stark", "march").info["orders"]["winterfell"]
    assert "greywater-watch" not in info["land_destinations"]
    assert "cannot march from Winterfell to Greywater Watch" in refused(
        g, "stark", {"from": "winterfell", "moves": {"greywater-watch": ["footman"]}})


def test_17_3_areas_that_also_share_a_land_border_stay_adjacent():
    """Moat Cailin-Winterfell and Prince's Pass-Three Towers touch along a river and also across a land
    border (agot-facts.md): adjacent for every purpose. The reference data carries no separate bridge list."""
    g = _game()
    put(g, "moat-cailin", "stark", "footman")
    order(g, "moat-cailin", "M0")
    put(g, "princes-pass", "martell", "footman")
    order(g, "princes-pass", "Ra")
    put(g, "three-towers", "tyrell", "footman")
    order(g, "three-towers", "CPa")
    run_step(g, "raids")
    answer(g, "martell", {"area": "princes-pass", "target": "three-towers"})
    assert g.state.areas["three-towers"].order is None
    run_step(g, "marches")
    answer(g, "stark", {"from": "moat-cailin", "moves": {"winterfell": ["footman"]}})
    assert units(g, "winterfell") == ["footman"]


def test_17_5_only_the_three_bordered_islands_are_areas():
    g = _game()
    islands = {a for a in g.board.areas if g.board.is_land(a) and not any(g.board.is_land(n)
                                                                            for n in g.board.adjacent[a])}
    assert islands == {"pyke", "dragonstone", "the-arbor"}
    assert sum(g.board.is_land(a) for a in g.board.areas) == 38
