"""Checklist 8B: March orders without combat (8.11-8.23) and the rulebook's march example (RB2 p.15)."""

import pytest

from engine.core import IllegalAnswer
from tests.engine.scenario import answer, clear, decision, put, scenario, start, units


def _board(players=6):
    g = scenario(players)
    clear(g)
    return g


def _refused(g, house, value, match):
    before = g.to_dict()
    with pytest.raises(IllegalAnswer, match=match):
        answer(g, house, value, "march")
    assert g.to_dict() == before


def test_8_23_rulebook_march_order_example():
    g = _board()
    g.state.houses["lannister"].supply = 3
    put(g, "lannisport", "lannister", "footman", "footman", "footman", order="M0")
    put(g, "searoad-marches", "lannister", "footman")
    start(g, "marches")
    answer(g, "lannister", {"from": "lannisport", "moves": {"stoney-sept": ["footman"],
                                                            "searoad-marches": ["footman"]}})
    assert units(g, "stoney-sept") == ["footman"]
    assert units(g, "searoad-marches") == ["footman", "footman"]
    assert units(g, "lannisport") == ["footman"]
    assert g.state.areas["lannisport"].order is None  # 8.23: removed, no combat


def test_8_11_marches_cycle_in_turn_order_and_a_march_may_move_nothing():
    g = _board()
    put(g, "lannisport", "lannister", "footman", order="M0")
    put(g, "stoney-sept", "lannister", "footman", order="M-1")
    put(g, "kingswood", "baratheon", "footman", order="M0")
    start(g, "marches")
    assert [d.player for d in g.open_decisions()] == ["baratheon"]  # first on the Iron Throne track
    answer(g, "baratheon", {"from": "kingswood", "moves": {}})
    assert g.state.areas["kingswood"].order is None and units(g, "kingswood") == ["footman"]
    answer(g, "lannister", {"from": "stoney-sept", "moves": {}})
    # Baratheon has no march left: Lannister again
    assert [d.player for d in g.open_decisions()] == ["lannister"]
    answer(g, "lannister", {"from": "lannisport", "moves": {}})
    assert g.state.stack[-1]["step"] != "marches"


def test_8_12_units_split_to_several_areas():
    g = _board()
    put(g, "winterfell", "stark", "footman", "knight", "footman", order="M0")
    g.state.houses["stark"].supply = 3
    start(g, "marches")
    answer(g, "stark", {"from": "winterfell", "moves": [["castle-black", ["footman"]], ["karhold", ["knight"]]]})
    assert units(g, "castle-black") == ["footman"] and units(g, "karhold") == ["knight"]
    assert units(g, "winterfell") == ["footman"]


def test_8_12_a_split_march_resolves_and_reads_the_same_whatever_order_its_moves_were_sent_in():
    """No dict order: the same moves given in two orders (and as pairs) give the same state and the same events."""
    results = []
    for moves in ({"castle-black": ["footman"], "karhold": ["knight"]},
                  {"karhold": ["knight"], "castle-black": ["footman"]},
                  [["karhold", ["knight"]], ["castle-black", ["footman"]]]):
        g = _board()
        put(g, "winterfell", "stark", "footman", "knight", "footman", order="M0")
        g.state.houses["stark"].supply = 3
        start(g, "marches")
        events = answer(g, "stark", {"from": "winterfell", "moves": moves})
        results.append(([e.to_dict() for e in events], g.to_dict()))
    assert results[0] == results[1] == results[2]
    assert "Footman to Castle Black; Knight to Karhold" in str(results[0][0])


def test_8_13_land_units_never_enter_sea_and_ships_never_enter_land():
    g = _board()
    put(g, "winterfell", "stark", "footman", order="M0")
    put(g, "bay-of-ice", "stark", "ship", order="M-1")
    start(g, "marches")
    _refused(g, "stark", {"from": "winterfell", "moves": {"bay-of-ice": ["footman"]}}, "cannot march")
    _refused(g, "stark", {"from": "winterfell", "moves": {"port-of-winterfell": ["footman"]}}, "cannot march")
    _refused(g, "stark", {"from": "bay-of-ice", "moves": {"the-stony-shore": ["ship"]}}, "cannot march")
    answer(g, "stark", {"from": "bay-of-ice", "moves": {"port-of-winterfell": ["ship"]}})  # own port
    assert units(g, "port-of-winterfell") == ["ship"]


def test_8_13_ships_never_enter_another_house_port():
    g = _board()
    put(g, "lannisport", "lannister", "footman")
    put(g, "the-golden-sound", "greyjoy", "ship", order="M0")
    start(g, "marches")
    info = decision(g, "greyjoy").info["orders"]["the-golden-sound"]
    assert "port-of-lannisport" not in info["ship_destinations"]
    _refused(g, "greyjoy", {"from": "the-golden-sound", "moves": {"port-of-lannisport": ["ship"]}}, "cannot march")


def test_8_14_one_attack_per_march():
    g = _board()
    put(g, "winterfell", "stark", "footman", "knight", order="M0")
    put(g, "castle-black", "greyjoy", "footman")
    put(g, "karhold", "greyjoy", "footman")
    start(g, "marches")
    info = decision(g, "stark").info["orders"]["winterfell"]
    assert {"castle-black", "karhold"} <= set(info["hostile"])
    _refused(g, "stark", {"from": "winterfell", "moves": {"castle-black": ["footman"], "karhold": ["knight"]}},
             "only one combat")


def test_8_16_entering_areas_held_only_by_enemy_power_tokens_is_no_attack():
    g = _board()
    put(g, "winterfell", "stark", "footman", "knight", order="M0")
    g.state.areas["castle-black"].power_token = "greyjoy"
    g.state.areas["karhold"].power_token = "lannister"
    start(g, "marches")
    info = decision(g, "stark").info["orders"]["winterfell"]
    assert "castle-black" not in info["hostile"] and "karhold" not in info["hostile"]
    events = answer(g, "stark", {"from": "winterfell", "moves": {"castle-black": ["footman"], "karhold": ["knight"]}})
    assert g.state.areas["castle-black"].power_token is None and g.state.areas["karhold"].power_token is None
    assert sum(e.kind == "power_token_removed" for e in events) == 2
    assert g.state.houses["greyjoy"].power == 5  # the token went back to the pool, not to its owner


def test_8_18_leaving_an_area_empty_loses_it_unless_a_power_token_is_left():
    g = _board()
    put(g, "castle-black", "stark", "footman", order="M0")
    put(g, "karhold", "stark", "footman", order="M-1")
    start(g, "marches")
    answer(g, "stark", {"from": "castle-black", "moves": {"winterfell": ["footman"]}, "leave_power_token": True})
    assert g.state.areas["castle-black"].power_token == "stark" and g.state.houses["stark"].power == 4
    answer(g, "stark", {"from": "karhold", "moves": {"winterfell": ["footman"]}})
    view = g.view(None)["areas"]
    assert view["castle-black"]["controller"] == "stark" and view["karhold"]["controller"] is None


def test_8_18_power_token_only_when_all_units_leave():
    g = _board()
    put(g, "castle-black", "stark", "footman", "footman", order="M0")
    start(g, "marches")
    _refused(g, "stark", {"from": "castle-black", "moves": {"karhold": ["footman"]}, "leave_power_token": True},
             "all your units leave")


def test_8_19_no_march_may_break_supply():
    g = _board()
    g.state.houses["stark"].supply = 0  # armies [2, 2]
    put(g, "winterfell", "stark", "footman", "footman", order="M0")
    put(g, "white-harbor", "stark", "footman", "footman")
    put(g, "karhold", "stark", "footman")
    start(g, "marches")
    _refused(g, "stark", {"from": "winterfell", "moves": {"white-harbor": ["footman"]}}, "supply")


def test_8_20_routed_units_cannot_march():
    g = _board()
    put(g, "winterfell", "stark", "footman", order="M0")
    put(g, "winterfell", "stark", "knight", routed=True)
    start(g, "marches")
    assert decision(g, "stark").info["orders"]["winterfell"]["units"] == ["footman"]
    _refused(g, "stark", {"from": "winterfell", "moves": {"karhold": ["knight"]}}, "routed units cannot march")


def test_8_21_staggered_marches_move_units_twice():
    g = _board()
    put(g, "winterfell", "stark", "knight", order="M0")
    put(g, "castle-black", "stark", "footman", order="M-1")
    start(g, "marches")
    answer(g, "stark", {"from": "winterfell", "moves": {"castle-black": ["knight"]}})
    answer(g, "stark", {"from": "castle-black", "moves": {"karhold": ["knight", "footman"]}})
    assert units(g, "karhold") == ["footman", "knight"]


def test_8_22_blocked_areas_are_never_entered():
    g = _board(3)
    put(g, "kingswood", "baratheon", "footman", order="M0")
    start(g, "marches")
    info = decision(g, "baratheon").info["orders"]["kingswood"]
    assert "storms-end" not in info["land_destinations"] and "the-boneway" not in info["land_destinations"]
    _refused(g, "baratheon", {"from": "kingswood", "moves": {"storms-end": ["footman"]}}, "cannot march")


def test_march_answer_shape_errors_are_clear():
    g = _board()
    put(g, "winterfell", "stark", "footman", order="M0")
    start(g, "marches")
    _refused(g, "stark", "north!", "needs 'from'")
    _refused(g, "stark", {"from": "karhold", "moves": {}}, "no March order of yours")
    _refused(g, "stark", {"from": "winterfell", "moves": {"narnia": ["footman"]}}, "not an area")
    _refused(g, "stark", {"from": "winterfell", "moves": {"karhold": ["knight"]}}, "no movable knight")
    _refused(g, "stark", {"from": "winterfell", "moves": "karhold"}, "must map")


def test_march_moves_given_as_pairs_are_shape_checked():
    g = _board()
    put(g, "winterfell", "stark", "footman", order="M0")
    start(g, "marches")
    _refused(g, "stark", {"from": "winterfell", "moves": [[["karhold"], ["footman"]]]}, "destination")
    _refused(g, "stark", {"from": "winterfell", "moves": [["karhold"]]}, "destination")
    answer(g, "stark", {"from": "winterfell", "moves": [["karhold", ["footman"]]]})
    assert units(g, "karhold") == ["footman"]


def test_c7_a_house_already_over_supply_may_still_march_without_adding_to_the_excess():
    g = _board()
    g.state.houses["stark"].supply = 0  # [2, 2], but three armies stand (e.g. after a lost supply icon)
    put(g, "winterfell", "stark", "footman", "footman", order="M0")
    put(g, "white-harbor", "stark", "footman", "footman")
    put(g, "karhold", "stark", "footman", "footman")
    put(g, "castle-black", "stark", "footman", order="M-1")
    start(g, "marches")
    _refused(g, "stark", {"from": "castle-black", "moves": {"winterfell": ["footman"]}}, "supply")  # 3 armies -> worse
    answer(g, "stark", {"from": "winterfell", "moves": {}})  # the always-legal default stays legal
    assert units(g, "winterfell") == ["footman", "footman"]


def test_8_15_non_combat_moves_are_made_before_the_combat():
    g = _board()
    put(g, "winterfell", "stark", "footman", "knight", order="M0")
    put(g, "castle-black", "greyjoy", "footman")
    start(g, "marches")
    answer(g, "stark", {"from": "winterfell", "moves": {"karhold": ["footman"], "castle-black": ["knight"]}})
    assert any(f["step"] == "combat" for f in g.state.stack)
    assert units(g, "karhold") == ["footman"]  # already there while the combat is fought


@pytest.mark.parametrize("token,strength", [("M-1", 1), ("M0", 2), ("M+1*", 3)])
def test_8_17_the_march_modifier_is_the_attackers_bonus(token, strength):
    from tests.engine.combat_kit import march, note, resolve

    g = _board()
    put(g, "winterfell", "stark", "knight")
    put(g, "castle-black", "greyjoy", "footman")
    march(g, "stark", "winterfell", {"castle-black": ["knight"]}, token=token)
    resolve(g, until=lambda game: bool(note(game).get("initial")))
    assert note(g)["initial"]["stark"] == strength
