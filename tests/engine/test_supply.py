"""Checklist section 11 (Supply, RB2 p.8) with rulings C7, A13 and A21, and the rulebook's Supply Example.

Reconciliation runs as the ``reconcile`` step on its own; a Supply card is ``supply.update_supply``.
"""

import re

import pytest

from engine.agot import supply, world
from tests.engine.scenario import (
    answer,
    decision,
    empty_board,
    order,
    put,
    refused,
    run_effect,
    run_step,
    units,
)

_game = empty_board


def _reconcile(g, *houses):
    return run_step(g, "reconcile", houses=list(houses))


def _armies(g, house):
    return world.army_sizes(g.state, house)


# --- 11.1 -----------------------------------------------------------------------------------------


def test_11_1_a_lone_unit_is_not_an_army():
    g = _game(stark=0)  # flags {2, 2}
    for area in ("winterfell", "karhold", "castle-black", "the-stony-shore", "white-harbor"):
        put(g, area, "stark", "footman")
    put(g, "moat-cailin", "stark", "footman", "footman")
    put(g, "widows-watch", "stark", "footman", "knight")
    before = g.to_dict()["areas"]
    _reconcile(g, "stark")
    assert g.open_decisions() == []  # seven areas, but only two armies: nothing to reconcile
    assert g.to_dict()["areas"] == before
    assert _armies(g, "stark") == [2, 2]
    # with both flags used, a lone unit still marches freely into an empty area
    g.state.areas["winterfell"].units = []
    g.state.areas["winterfell"].house = None
    order(g, "karhold", "M0")
    run_step(g, "marches")
    answer(g, "stark", {"from": "karhold", "moves": {"winterfell": ["footman"]}})
    assert units(g, "winterfell") == ["footman"] and _armies(g, "stark") == [2, 2]


# --- 11.2 -----------------------------------------------------------------------------------------


def test_11_2_supply_track_flags():
    g = _game()
    table = [[2, 2], [3, 2], [3, 2, 2], [3, 2, 2, 2], [3, 3, 2, 2], [4, 3, 2, 2], [4, 3, 2, 2, 2]]
    assert [g.board.supply_limits(level) for level in range(7)] == table
    g.state.houses["stark"].supply = 4
    assert g.view(None)["houses"]["stark"]["army_limits"] == [3, 3, 2, 2]


@pytest.mark.parametrize("position, armies, must_destroy", [
    (2, [3, 2, 2], 0),        # exactly the flags {3, 2, 2}
    (2, [3, 3], 1),           # two armies of 3 but only one 3-flag
    (2, [3, 2, 2, 2], 1),     # four armies, three flags: one army must shrink to a lone unit
    (0, [3, 3, 3], 4),        # {2, 2}: 3->2, 3->2, 3->1
    (5, [4, 3, 2, 2], 0),
    (1, [4], 1),
])
def test_11_2_armies_must_fit_the_flags(position, armies, must_destroy):
    g = _game(lannister=position)
    areas = ["lannisport", "riverrun", "harrenhal", "stoney-sept", "searoad-marches"]
    for area, size in zip(areas, armies):
        put(g, area, "lannister", *["footman"] * size)
    _reconcile(g, "lannister")
    if must_destroy == 0:
        assert g.open_decisions() == []
        return
    d = decision(g, "lannister", "reconcile")
    assert d.info["must_destroy"] == must_destroy
    assert d.info["limits"] == g.board.supply_limits(position)
    answer(g, "lannister", d.default)
    assert world.fits_supply(g.board.supply_limits(position), _armies(g, "lannister"))
    assert sum(_armies(g, "lannister")) + sum(1 for _, st in world.units_of(g.state, "lannister")
                                              if len(st.units) == 1) == sum(armies) - must_destroy


def test_11_2_a_march_may_not_make_an_army_the_flags_do_not_allow():
    g = _game(lannister=2)  # {3, 2, 2}
    put(g, "lannisport", "lannister", "footman", "footman", "knight")
    put(g, "stoney-sept", "lannister", "footman", "footman")
    put(g, "harrenhal", "lannister", "footman", "footman")
    order(g, "stoney-sept", "M0")
    run_step(g, "marches")
    # 3 + 2 + 2 fits; moving one footman from Stoney Sept to Harrenhal makes 3 + 3 + lone: two 3s, one 3-flag
    msg = refused(g, "lannister", {"from": "stoney-sept", "moves": {"harrenhal": ["footman"]}})
    assert "supply limit" in msg
    answer(g, "lannister", {"from": "stoney-sept", "moves": {"blackwater": ["footman"]}})  # 3 + 2 + lone + lone
    assert _armies(g, "lannister") == [3, 2]


# --- 11.3 -----------------------------------------------------------------------------------------


def test_11_3_fewer_and_smaller_armies_are_always_allowed():
    g = _game(tyrell=6, martell=0)  # Tyrell's flags {4, 3, 2, 2, 2}, one small army; Martell has none
    put(g, "highgarden", "tyrell", "footman", "knight")
    put(g, "oldtown", "tyrell", "footman")
    put(g, "sunspear", "martell", "footman")
    before = g.to_dict()["areas"]
    _reconcile(g, "tyrell", "martell")
    assert g.open_decisions() == []
    assert g.to_dict()["areas"] == before


# --- 11.4 -----------------------------------------------------------------------------------------


def test_11_4_knights_siege_engines_and_routed_units_count_as_one_each():
    g = _game(lannister=1)  # {3, 2}
    put(g, "riverrun", "lannister", "knight", "siege_engine")
    put(g, "riverrun", "lannister", "footman", routed=True)
    put(g, "harrenhal", "lannister", "knight", "knight")
    put(g, "stoney-sept", "lannister", "footman")
    assert _armies(g, "lannister") == [3, 2]  # a knight, a siege engine and a routed footman are an army of 3
    order(g, "stoney-sept", "M0")
    run_step(g, "marches")
    msg = refused(g, "lannister", {"from": "stoney-sept", "moves": {"riverrun": ["footman"]}})
    assert "supply limit" in msg
    # at supply 0 ({2, 2}) the same army of 3 must lose one unit
    g.state.houses["lannister"].supply = 0
    _reconcile(g, "lannister")
    d = decision(g, "lannister", "reconcile")
    assert d.info["must_destroy"] == 1
    answer(g, "lannister", [["riverrun", "footman"]])
    assert units(g, "riverrun") == ["knight", "siege_engine"]


# --- 11.5 -----------------------------------------------------------------------------------------


def test_11_5_supply_counts_the_barrels_of_controlled_land_areas():
    g = _game(lannister=0)
    # Lannisport (2 barrels): home shield, no units. Searoad Marches (1): a Power token only.
    g.state.areas["searoad-marches"].power_token = "lannister"
    put(g, "stoney-sept", "lannister", "footman")          # controlled, 0 barrels
    put(g, "the-golden-sound", "lannister", "ship")        # a sea never counts
    put(g, "riverrun", "greyjoy", "footman")               # 1 barrel, but Greyjoy's
    put(g, "port-of-lannisport", "lannister", "ship")
    assert world.supply_from_barrels(g.board, g.state, "lannister") == 3
    events = run_effect(g, supply.update_supply)
    assert g.state.houses["lannister"].supply == 3
    assert g.state.houses["greyjoy"].supply == 2  # Pyke (home shield) + Riverrun
    assert any(e.kind == "supply" and e.data == {"house": "lannister", "before": 0, "after": 3} for e in events)
    assert g.view(None)["houses"]["lannister"]["supply"] == 3


def test_11_5_supply_track_stops_at_6():  # A13
    g = _game(tyrell=2)
    for area in ("blackwater", "kingswood", "searoad-marches", "three-towers", "princes-pass"):
        put(g, area, "tyrell", "footman")
    # Highgarden 2 + Blackwater 2 + Kingswood, Searoad Marches, Three Towers, Prince's Pass 1 each = 8 barrels
    assert sum(g.board.areas[a].supply for a in g.board.areas
               if world.controller(g.board, g.state, a) == "tyrell" and g.board.is_land(a)) == 8
    run_effect(g, supply.update_supply)
    assert g.state.houses["tyrell"].supply == 6


# --- 11.6 -----------------------------------------------------------------------------------------


def test_11_6_armies_are_reconciled_only_when_the_track_is_adjusted():
    g = _game(stark=2)  # barrels: Winterfell 1 + Widow's Watch 1; flags {3, 2, 2}
    put(g, "winterfell", "stark", "footman", "footman", "knight")
    put(g, "karhold", "stark", "footman", "footman")
    put(g, "white-harbor", "stark", "footman")
    put(g, "widows-watch", "stark", "footman")
    order(g, "widows-watch", "M0")
    run_step(g, "marches")
    answer(g, "stark", {"from": "widows-watch", "moves": {"white-harbor": ["footman"]}})  # no Power token left
    assert world.controller(g.board, g.state, "widows-watch") is None
    assert world.supply_from_barrels(g.board, g.state, "stark") == 1
    # the track has not moved, so nothing is reconciled: 3 + 2 + 2 still stands at position 2
    assert g.state.houses["stark"].supply == 2
    assert g.open_decisions() == [] and _armies(g, "stark") == [3, 2, 2]
    # the next Supply card moves Stark to 1 ({3, 2}): now one army must break up
    run_effect(g, supply.update_supply)
    assert g.state.houses["stark"].supply == 1
    assert decision(g, "stark", "reconcile").info["must_destroy"] == 1


# --- 11.7 -----------------------------------------------------------------------------------------


def test_11_7_no_march_may_exceed_the_current_limit():  # C7
    g = _game(stark=0, greyjoy=3)
    # Stark controls 4 barrels but its track still reads 0 ({2, 2}); the track is what counts
    for area in ("the-stony-shore", "widows-watch", "greywater-watch"):
        put(g, area, "stark", "footman")
    put(g, "winterfell", "stark", "footman", "footman")
    put(g, "white-harbor", "stark", "footman", "footman")
    put(g, "moat-cailin", "stark", "footman")
    order(g, "moat-cailin", "M0")
    # Greyjoy controls only Pyke's barrel but stands at 3 ({3, 2, 2, 2})
    put(g, "seagard", "greyjoy", "footman", "footman")
    put(g, "riverrun", "greyjoy", "footman")
    order(g, "riverrun", "M0")
    g.state.iron_throne = ["stark", "greyjoy", "lannister", "baratheon", "tyrell", "martell"]
    run_step(g, "marches")
    assert world.supply_from_barrels(g.board, g.state, "stark") == 4
    before = g.to_dict()
    msg = refused(g, "stark", {"from": "moat-cailin", "moves": {"winterfell": ["footman"]}})
    assert msg == "That march would put you over your supply limit: armies of 3, 2 where your supply allows 2, 2."
    assert g.to_dict() == before
    answer(g, "stark", {"from": "moat-cailin", "moves": {"the-twins": ["footman"]}})
    answer(g, "greyjoy", {"from": "riverrun", "moves": {"seagard": ["footman"]}})
    assert units(g, "seagard") == ["footman"] * 3


def test_11_7_no_muster_may_exceed_the_current_limit():  # C7, see also 12.8
    g = _game(stark=0)
    put(g, "winterfell", "stark", "footman", "footman")
    put(g, "white-harbor", "stark", "footman", "footman")
    run_step(g, "mustering", houses=["stark"], areas=None, source="test")
    msg = refused(g, "stark", [{"area": "winterfell", "unit": "footman"}])
    assert "supply limit" in msg


# --- 11.8 -----------------------------------------------------------------------------------------


def _over_by_two():
    g = _game(lannister=1)  # {3, 2}
    put(g, "lannisport", "lannister", "footman", "footman", "knight", "knight")
    put(g, "riverrun", "lannister", "footman", "footman", "knight")
    put(g, "stoney-sept", "lannister", "footman")
    put(g, "seagard", "greyjoy", "footman", "footman")
    _reconcile(g, "lannister")
    return g


def test_11_8_the_owner_chooses_which_units_to_destroy():  # A21
    g = _over_by_two()
    d = decision(g, "lannister", "reconcile")
    assert d.info["must_destroy"] == 2
    assert d.info["armies"] == {"lannisport": ["footman", "footman", "knight", "knight"],
                                "riverrun": ["footman", "footman", "knight"]}
    # the player's choice, not the default one: both losses from Lannisport, knights at that
    answer(g, "lannister", [["lannisport", "knight"], ["lannisport", "knight"]])
    assert units(g, "lannisport") == ["footman", "footman"]
    assert units(g, "riverrun") == ["footman", "footman", "knight"]
    assert g.state.houses["lannister"].supply == 1
    assert g.open_decisions() == []


@pytest.mark.parametrize("removal, message", [
    ([["lannisport", "footman"]], "exactly 2 unit"),                                       # too few
    ([["lannisport", "footman"]] * 3, "exactly 2 unit"),                                   # more than the fewest
    ([["lannisport", "footman"], ["stoney-sept", "footman"]], "still break your supply limit"),
    ([["seagard", "footman"], ["lannisport", "footman"]], "do not have 1 footman in Seagard"),
    ([["lannisport", "siege_engine"], ["lannisport", "footman"]], "do not have 1 siege engine in Lannisport"),
    ("lannisport", r"\[area, unit\] pairs"),
])
def test_11_8_a_reconciliation_must_destroy_exactly_the_fewest_units(removal, message):  # A21
    g = _over_by_two()
    msg = refused(g, "lannister", removal)
    assert re.search(message, msg), msg


def test_11_8_houses_reconcile_in_turn_order():
    g = _game(stark=0, lannister=0)
    put(g, "winterfell", "stark", "footman", "footman", "footman")
    put(g, "lannisport", "lannister", "footman", "footman", "footman")
    _reconcile(g, "lannister", "stark")  # Iron Throne order of the 6-player set-up
    assert [d.player for d in g.open_decisions()] == ["lannister"]
    events = answer(g, "lannister", [["lannisport", "footman"]])
    assert [e.text for e in events if e.kind == "reconcile"] == [
        "Lannister destroys Footman in Lannisport to respect supply."]
    assert [d.player for d in g.open_decisions()] == ["stark"]
    answer(g, "stark", decision(g, "stark").default)
    assert (units(g, "winterfell"), units(g, "lannisport")) == (["footman"] * 2, ["footman"] * 2)


# --- 11.9 -----------------------------------------------------------------------------------------


def test_11_9_ships_at_sea_and_in_ports_form_armies():
    g = _game(greyjoy=0)  # {2, 2}
    put(g, "ironmans-bay", "greyjoy", "ship", "ship", "ship")
    _reconcile(g, "greyjoy")
    assert decision(g, "greyjoy", "reconcile").info["must_destroy"] == 1
    answer(g, "greyjoy", [["ironmans-bay", "ship"]])
    assert units(g, "ironmans-bay") == ["ship", "ship"]

    g = _game(greyjoy=0)
    put(g, "port-of-pyke", "greyjoy", "ship", "ship")
    put(g, "sunset-sea", "greyjoy", "ship", "ship")
    put(g, "pyke", "greyjoy", "footman", "footman")
    _reconcile(g, "greyjoy")  # three armies for two flags
    d = decision(g, "greyjoy", "reconcile")
    assert d.info["must_destroy"] == 1 and "port-of-pyke" in d.info["armies"]
    answer(g, "greyjoy", [["port-of-pyke", "ship"]])
    assert units(g, "port-of-pyke") == ["ship"] and _armies(g, "greyjoy") == [2, 2]


# --- the rulebook's worked example ------------------------------------------------------------------


def test_supply_example_lannister_drops_from_5_to_3():
    """RB2 p.8 "Supply Example": Lannister lost Riverrun and Seagard to Greyjoy; a Supply card moves him from
    5 to 3; his armies of 4, 3, 2 and 2 must fit {3, 2, 2, 2}: one Footman at The Twins and one at Harrenhal go.

    The example names only The Twins and Harrenhal; the two armies of 2 (Lannisport, Searoad Marches) and the
    single units are placed so that Lannister's barrels come to exactly 3.
    """
    g = _game(lannister=5)
    put(g, "the-twins", "lannister", "footman", "footman", "footman", "knight")
    put(g, "harrenhal", "lannister", "footman", "footman", "knight")
    put(g, "lannisport", "lannister", "footman", "knight")
    put(g, "searoad-marches", "lannister", "footman", "footman")
    put(g, "stoney-sept", "lannister", "footman")  # single units: no supply consideration
    put(g, "the-reach", "lannister", "knight")
    put(g, "riverrun", "greyjoy", "footman")
    put(g, "seagard", "greyjoy", "footman")
    assert _armies(g, "lannister") == [4, 3, 2, 2]
    events = run_effect(g, supply.update_supply)
    assert "Lannister supply: 5 -> 3." in [e.text for e in events]
    d = decision(g, "lannister", "reconcile")
    assert d.info["limits"] == [3, 2, 2, 2] and d.info["must_destroy"] == 2
    answer(g, "lannister", [["the-twins", "footman"], ["harrenhal", "footman"]])
    assert units(g, "the-twins") == ["footman", "footman", "knight"]
    assert units(g, "harrenhal") == ["footman", "knight"]
    assert (units(g, "stoney-sept"), units(g, "the-reach")) == (["footman"], ["knight"])
    assert _armies(g, "lannister") == [3, 2, 2, 2]
    assert g.open_decisions() == []
