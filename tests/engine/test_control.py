"""Checklist section 15 (Controlling areas, Power tokens on the board, RB2 p.24) and the non-combat items of
section 16 (home areas: 16.1-16.3), with rulings A7 and A18.

Skipped: 16.4-16.7 (garrisons act only in combat) and 16.8 (retreats happen only after a combat).
"""

from engine.agot import world
from tests.engine.scenario import (
    answer,
    clear,
    decision,
    order,
    put,
    refused,
    run_step,
    scenario,
    units,
)


def _game(garrisons=True):
    g = scenario(6)
    clear(g, keep_neutral=garrisons)
    for house in g.state.houses:
        g.state.houses[house].supply = 6
    return g


def _ctrl(g, area):
    return world.controller(g.board, g.state, area)


def _march(g, house, source, moves, token=False, order_token="M0"):
    order(g, source, order_token, house)
    run_step(g, "marches")
    return answer(g, house, {"from": source, "moves": moves, "leave_power_token": token})


# --- 15.1 -----------------------------------------------------------------------------------------


def test_15_1_a_footman_knight_or_siege_engine_controls_a_land_area():
    g = _game()
    put(g, "harrenhal", "lannister", "siege_engine")  # a siege engine alone is enough (RB2; not in RB1)
    put(g, "riverrun", "lannister", "knight")
    put(g, "stoney-sept", "lannister", "footman")
    put(g, "the-golden-sound", "lannister", "ship")
    view = g.view(None)["areas"]
    assert [view[a]["controller"] for a in ("harrenhal", "riverrun", "stoney-sept")] == ["lannister"] * 3
    assert _ctrl(g, "searoad-marches") is None  # next to Lannister's ship, but ships control no land
    assert world.victory_points(g.board, g.state, "lannister") == 3  # Lannisport (home), Harrenhal, Riverrun
    assert world.supply_from_barrels(g.board, g.state, "lannister") == 3  # Lannisport 2 + Riverrun 1


# --- 15.2 -----------------------------------------------------------------------------------------


def test_15_2_no_house_establishes_control_of_a_sea():
    g = _game()
    put(g, "the-golden-sound", "lannister", "ship")
    order(g, "the-golden-sound", "M0")
    run_step(g, "marches")
    assert decision(g, "lannister").info["orders"]["the-golden-sound"]["can_leave_power_token"] is False
    msg = refused(g, "lannister", {"from": "the-golden-sound", "moves": {"sunset-sea": ["ship"]},
                                   "leave_power_token": True})
    assert msg.startswith("You cannot leave a Power token there (not a land area")
    answer(g, "lannister", {"from": "the-golden-sound", "moves": {"sunset-sea": ["ship"]}})
    assert _ctrl(g, "the-golden-sound") is None  # the empty sea is nobody's
    assert g.state.areas["the-golden-sound"].power_token is None
    assert _ctrl(g, "sunset-sea") == "lannister"  # a sea is friendly only while the ships are there


# --- 15.3 -----------------------------------------------------------------------------------------


def test_15_3_leaving_a_power_token_keeps_control():
    g = _game()
    put(g, "white-harbor", "stark", "footman", "knight")
    events = _march(g, "stark", "white-harbor", {"winterfell": ["footman", "knight"]}, token=True)
    assert g.state.areas["white-harbor"].power_token == "stark"
    assert g.state.houses["stark"].power == 4  # from the five available
    assert world.power_on_board(g.state, "stark") == 1
    assert _ctrl(g, "white-harbor") == "stark"
    assert world.victory_points(g.board, g.state, "stark") == 2  # Winterfell and White Harbor
    assert "Stark leaves a Power token in White Harbor." in [e.text for e in events]


# --- 15.4 -----------------------------------------------------------------------------------------


def test_15_4_a_token_only_when_the_last_unit_marches_out():
    g = _game()
    put(g, "white-harbor", "stark", "footman", "knight")
    order(g, "white-harbor", "M0")
    run_step(g, "marches")
    msg = refused(g, "stark", {"from": "white-harbor", "moves": {"winterfell": ["footman"]}, "leave_power_token": True})
    assert msg == "A Power token can only be left in an area all your units leave."
    msg = refused(g, "stark", {"from": "white-harbor", "moves": {}, "leave_power_token": True})
    assert msg == "A Power token can only be left in an area all your units leave."


def test_15_4_a_routed_unit_left_behind_keeps_the_area_so_no_token():
    g = _game()
    put(g, "white-harbor", "stark", "footman")
    put(g, "white-harbor", "stark", "knight", routed=True)
    order(g, "white-harbor", "M0")
    run_step(g, "marches")
    assert "all your units leave" in refused(g, "stark", {"from": "white-harbor", "moves": {"winterfell": ["footman"]},
                                                           "leave_power_token": True})


def test_15_4_no_token_without_available_power():
    g = _game()
    g.state.houses["stark"].power = 0
    put(g, "white-harbor", "stark", "footman")
    order(g, "white-harbor", "M0")
    run_step(g, "marches")
    assert decision(g, "stark").info["orders"]["white-harbor"]["can_leave_power_token"] is False
    msg = refused(g, "stark", {"from": "white-harbor", "moves": {"winterfell": ["footman"]}, "leave_power_token": True})
    assert "you have no Power available" in msg
    answer(g, "stark", {"from": "white-harbor", "moves": {"winterfell": ["footman"]}})
    assert _ctrl(g, "white-harbor") is None


def test_15_4_one_power_token_per_area():
    g = _game()
    g.state.areas["karhold"].power_token = "stark"
    put(g, "karhold", "stark", "footman")
    order(g, "karhold", "M0")
    run_step(g, "marches")
    assert "already holds one" in refused(g, "stark", {"from": "karhold", "moves": {"winterfell": ["footman"]},
                                                        "leave_power_token": True})
    answer(g, "stark", {"from": "karhold", "moves": {"winterfell": ["footman"]}})
    # the token already there keeps establishing control
    assert g.state.areas["karhold"].power_token == "stark" and _ctrl(g, "karhold") == "stark"
    assert g.state.houses["stark"].power == 5


# --- 15.5 -----------------------------------------------------------------------------------------


def test_15_5_friendly_units_returning_leave_the_token_in_place():
    g = _game()
    g.state.areas["karhold"].power_token = "stark"
    put(g, "winterfell", "stark", "footman")
    _march(g, "stark", "winterfell", {"karhold": ["footman"]})
    assert units(g, "karhold") == ["footman"]
    assert g.state.areas["karhold"].power_token == "stark"
    assert g.state.houses["stark"].power == 5 and world.power_on_board(g.state, "stark") == 1


# --- 15.6 -----------------------------------------------------------------------------------------


def test_15_6_an_opponent_marching_in_returns_the_token_to_the_pool():
    g = _game()
    g.state.areas["karhold"].power_token = "stark"
    put(g, "castle-black", "greyjoy", "footman")
    events = _march(g, "greyjoy", "castle-black", {"karhold": ["footman"]})
    assert [e.kind for e in events][:1] == ["power_token_removed"]
    assert g.state.areas["karhold"].power_token is None
    assert _ctrl(g, "karhold") == "greyjoy"
    assert g.state.houses["stark"].power == 5  # back to the Power Pool, not to Stark's available power
    assert world.power_on_board(g.state, "stark") == 0
    assert "combat" not in " ".join(e.text for e in events).lower()


# --- 15.7 -----------------------------------------------------------------------------------------


def test_15_7_a_power_token_is_not_a_power_icon():
    g = _game()
    g.state.areas["karhold"].power_token = "stark"  # Karhold prints one Power icon
    put(g, "karhold", "stark", "footman")
    order(g, "karhold", "CPa")
    events = run_step(g, "consolidate")
    assert [e.data["gained"] for e in events if e.kind == "consolidate"] == [2]  # 1 + the printed icon
    assert g.state.houses["stark"].power == 7


# --- 15.8 -----------------------------------------------------------------------------------------


def test_15_8_only_available_power_can_be_placed():
    g = _game()
    g.state.houses["stark"].power = 0
    for area in ("karhold", "castle-black", "the-stony-shore"):
        g.state.areas[area].power_token = "stark"  # on the board: not available
    put(g, "white-harbor", "stark", "footman")
    order(g, "white-harbor", "M0")
    run_step(g, "marches")
    assert "no Power available" in refused(g, "stark", {"from": "white-harbor", "moves": {"winterfell": ["footman"]},
                                                         "leave_power_token": True})
    assert g.view(None)["houses"]["stark"]["power"] == 0
    assert g.view(None)["houses"]["stark"]["power_on_board"] == 3


# --- 15.9 -----------------------------------------------------------------------------------------


def test_15_9_an_area_whose_units_are_destroyed_becomes_uncontrolled():
    """Units destroyed by something other than a March (a wildling penalty, for instance): no Power token can be
    left, so the area is nobody's - except a home area or an area that already holds the house's token."""
    g = _game()
    put(g, "karhold", "stark", "footman")
    put(g, "castle-black", "stark", "footman")
    g.state.areas["castle-black"].power_token = "stark"
    put(g, "winterfell", "stark", "knight")
    for area in ("karhold", "castle-black", "winterfell"):
        world.remove_units(g.state, area, [units(g, area)[0]])
    assert _ctrl(g, "karhold") is None and g.state.areas["karhold"].power_token is None
    assert _ctrl(g, "castle-black") == "stark"
    assert _ctrl(g, "winterfell") == "stark"


# --- 16.1 -----------------------------------------------------------------------------------------


def test_16_1_a_house_controls_its_home_area_from_the_start():
    g = scenario(6)
    for house in g.state.houses:
        home = g.board.home_of[house]
        assert _ctrl(g, home) == house and g.board.areas[home].home == house
    clear(g)
    # no units and no token on the board: the shield still holds each home area
    for house in g.state.houses:
        assert _ctrl(g, g.board.home_of[house]) == house
        assert world.victory_points(g.board, g.state, house) == 1
    assert _ctrl(g, "highgarden") == "tyrell"


def test_16_1_the_shield_acts_as_a_power_token_in_the_home_area():
    g = _game()
    put(g, "winterfell", "stark", "footman")
    order(g, "winterfell", "M0")
    run_step(g, "marches")
    assert decision(g, "stark").info["orders"]["winterfell"]["can_leave_power_token"] is False
    assert "your own home area" in refused(g, "stark", {"from": "winterfell", "moves": {"karhold": ["footman"]},
                                                         "leave_power_token": True})
    answer(g, "stark", {"from": "winterfell", "moves": {"karhold": ["footman"]}})
    assert _ctrl(g, "winterfell") == "stark" and g.state.houses["stark"].power == 5


def test_16_1_a_home_area_of_a_house_not_in_play_is_nobodys():
    g = scenario(3)
    clear(g)
    assert _ctrl(g, "highgarden") is None and _ctrl(g, "sunspear") is None and _ctrl(g, "pyke") is None


# --- 16.2 -----------------------------------------------------------------------------------------


def test_16_2_an_enemy_controls_a_home_area_with_units_or_a_token_over_the_shield():
    g = _game(garrisons=False)  # Winterfell's garrison is gone: entering is no attack
    put(g, "karhold", "greyjoy", "footman")
    _march(g, "greyjoy", "karhold", {"winterfell": ["footman"]})
    assert _ctrl(g, "winterfell") == "greyjoy"
    assert world.victory_points(g.board, g.state, "stark") == 0
    assert world.victory_points(g.board, g.state, "greyjoy") == 2  # Pyke and Winterfell
    _march(g, "greyjoy", "winterfell", {"castle-black": ["footman"]}, token=True)
    assert g.state.areas["winterfell"].power_token == "greyjoy"
    assert _ctrl(g, "winterfell") == "greyjoy"
    assert g.view(None)["areas"]["winterfell"] == {"controller": "greyjoy", "power_token": "greyjoy"}


# --- 16.3 -----------------------------------------------------------------------------------------


def test_16_3_control_of_an_abandoned_home_area_reverts_at_once():
    g = _game(garrisons=False)
    put(g, "winterfell", "greyjoy", "footman")
    put(g, "port-of-winterfell", "greyjoy", "ship")
    _march(g, "greyjoy", "winterfell", {"karhold": ["footman"]})
    assert _ctrl(g, "winterfell") == "stark"
    assert world.victory_points(g.board, g.state, "stark") == 1
    assert units(g, "port-of-winterfell") == []  # A7: Greyjoy no longer owns the port
    # Stark's supply position waits for the next Supply card (11.6); only the barrel count changed
    assert world.supply_from_barrels(g.board, g.state, "stark") == 1


def test_16_3_a_reverting_home_area_can_win_the_game_mid_march():  # A18, C5
    g = _game(garrisons=False)
    for area in ("white-harbor", "moat-cailin", "seagard", "flints-finger", "riverrun", "harrenhal"):
        put(g, area, "stark", "footman")
    put(g, "winterfell", "greyjoy", "footman")
    assert world.victory_points(g.board, g.state, "stark") == 6
    events = _march(g, "greyjoy", "winterfell", {"karhold": ["footman"]})
    assert g.state.winner == "stark" and g.over
    assert events[-1].kind == "game_over" and events[-1].data["victory_points"]["stark"] == 7
    assert g.open_decisions() == []


def test_20_4_garrisons_and_neutral_forces_are_not_units():
    from engine.agot.planning import areas_needing_orders

    g = scenario(6)
    clear(g)
    put(g, "white-harbor", "stark", "footman")
    # Winterfell holds only its garrison: no order there, nothing counted for supply
    assert areas_needing_orders(g, "stark") == ["white-harbor"]
    assert g.state.areas["winterfell"].garrison == 2
    assert world.army_sizes(g.state, "stark") == []
    assert world.unit_counts(g.state, "stark")["footman"] == 1
    assert world.controller(g.board, g.state, "kings-landing") is None  # a neutral force controls nothing
