"""Checklist section 18 (Component limits, RB2 p.2 and p.4).

Skipped: 18.5's port takeovers and card swaps (combat, House and Wildling cards are other issues' work).
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
    scenario,
    units,
)

_game = partial(empty_board, all_supply=6)


def _reserve(g, house):
    return g.view(None)["houses"][house]["reserve"]


# --- 18.1 -----------------------------------------------------------------------------------------


def test_18_1_each_house_has_its_components():
    g = scenario(6)
    b = g.board
    assert b.tables["unit_limits"] == {"footman": 10, "knight": 5, "ship": 6, "siege_engine": 2}
    assert len(b.order_tokens) == 15
    assert b.tables["power_token_limit"] == 20
    setup = b.setups["6"]["units"]
    for house, hs in g.state.houses.items():
        assert len(hs.hand) == 7 and hs.discard == []
        assert hs.power == 5
        placed = {k: sum(kinds.count(k) for kinds in setup[house].values()) for k in b.tables["unit_limits"]}
        assert _reserve(g, house) == {k: n - placed[k] for k, n in b.tables["unit_limits"].items()}
        assert g.view(house)["private"]["unused_orders"] == list(b.order_tokens)
    garrisons = [a for a, st in g.state.areas.items() if st.garrison]
    assert sorted(b.areas[a].home for a in garrisons) == sorted(g.state.houses)  # one garrison each, at home


# --- 18.2 and 18.4 ----------------------------------------------------------------------------------


def test_18_2_no_unit_beyond_the_components_in_play():
    g = _game()
    for area in ("winterfell", "karhold", "castle-black", "the-stony-shore", "widows-watch"):
        put(g, area, "stark", "knight")  # all five knights
    run_step(g, "mustering", houses=["stark"], areas=None, source="test")
    assert _reserve(g, "stark")["knight"] == 0
    assert refused(g, "stark", [{"area": "winterfell", "unit": "knight"}]) == \
        "You have no knight left in your reserve."


def test_18_2_destroyed_units_become_available_again():
    g = _game()
    put(g, "winterfell", "stark", "knight", "knight", "knight")
    put(g, "karhold", "stark", "knight", "knight")
    assert _reserve(g, "stark")["knight"] == 0
    g.state.houses["stark"].supply = 0  # {2, 2}: one knight too many at Winterfell
    run_step(g, "reconcile", houses=["stark"])
    answer(g, "stark", [["winterfell", "knight"]])
    assert _reserve(g, "stark")["knight"] == 1  # the destroyed knight is back in the reserve
    g.state.houses["stark"].supply = 6
    run_step(g, "mustering", houses=["stark"], areas=None, source="test")
    answer(g, "stark", [{"area": "winterfell", "unit": "knight"}])
    assert units(g, "winterfell") == ["knight"] * 3 and _reserve(g, "stark")["knight"] == 0


def test_18_4_ships_destroyed_with_their_port_return_to_the_reserve():
    g = _game()
    for sea in ("bay-of-ice", "the-shivering-sea", "the-narrow-sea"):
        put(g, sea, "stark", "ship")
    put(g, "port-of-white-harbor", "stark", "ship", "ship", "ship")
    put(g, "white-harbor", "stark", "footman")
    assert _reserve(g, "stark")["ship"] == 0
    order(g, "white-harbor", "M0")
    run_step(g, "marches")
    answer(g, "stark", {"from": "white-harbor", "moves": {"widows-watch": ["footman"]}})
    assert units(g, "port-of-white-harbor") == [] and _reserve(g, "stark")["ship"] == 3


# --- 18.3 -----------------------------------------------------------------------------------------


def test_18_3_power_never_exceeds_20_tokens():
    g = _game()
    g.state.houses["stark"].power = 17
    for area in ("castle-black", "the-stony-shore"):
        g.state.areas[area].power_token = "stark"  # 17 available + 2 on the board = 19
    put(g, "karhold", "stark", "footman")
    order(g, "karhold", "CPa")  # Karhold would give 1 + 1
    events = run_step(g, "consolidate")
    assert [e.data["gained"] for e in events if e.kind == "consolidate"] == [1]
    assert g.state.houses["stark"].power == 18
    assert g.state.houses["stark"].power + world.power_on_board(g.state, "stark") == 20
    assert world.gain_power(g.board, g.state, "stark", 3) == 0 and g.state.houses["stark"].power == 18


def test_18_3_a_pillage_beyond_20_gains_nothing():
    g = _game()
    g.state.houses["stark"].power = 20
    put(g, "karhold", "stark", "footman")
    order(g, "karhold", "Ra")
    put(g, "castle-black", "greyjoy", "footman")
    order(g, "castle-black", "CPa")
    run_step(g, "raids")
    events = answer(g, "stark", {"area": "karhold", "target": "castle-black"})
    assert g.state.houses["stark"].power == 20
    assert g.state.houses["greyjoy"].power == 4
    assert "Pillage: Stark gains 0, Greyjoy loses 1." in events[0].text


# --- 18.5 -----------------------------------------------------------------------------------------


def test_18_5_an_upgrade_needs_an_available_unit_of_the_new_type():
    g = _game()
    put(g, "winterfell", "stark", "footman")
    put(g, "karhold", "stark", "siege_engine")
    put(g, "castle-black", "stark", "siege_engine")  # both siege engines in play
    for area in ("the-stony-shore", "widows-watch", "white-harbor", "moat-cailin", "greywater-watch"):
        put(g, area, "stark", "knight")  # all five knights in play
    run_step(g, "mustering", houses=["stark"], areas=["winterfell"], source="test")
    d = decision(g, "stark", "muster")
    assert d.info["pool"]["knight"] == 0 and d.info["pool"]["siege_engine"] == 0
    for kind in ("knight", "siege_engine"):
        msg = refused(g, "stark", [{"area": "winterfell", "upgrade": kind}])
        assert msg == f"You have no {kind.replace('_', ' ')} left in your reserve."
    assert units(g, "winterfell") == ["footman"]
