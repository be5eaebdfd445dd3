"""Where the attackers stand during a combat (ruling A26) and a failed attack on a neutral force (A24)."""

from engine.agot.world import controller, victory_points
from tests.engine.combat_kit import board, fight, kinds_of, march, note, put, resolve, routed
from tests.engine.scenario import units

WEAK_STARK = {"stark": "catelyn-stark", "lannister": "tywin-lannister"}


def test_a26_the_attackers_leave_their_area_before_the_combat_and_the_view_shows_them_in_the_embattled_area():
    g = board()
    put(g, "harrenhal", "lannister", "knight", "footman")
    put(g, "stoney-sept", "stark", "knight")
    reserve = g.view(None)["houses"]["lannister"]["reserve"]
    points = victory_points(g.board, g.state, "lannister")
    march(g, "lannister", "harrenhal", {"stoney-sept": ["knight", "footman"]}, leave_power_token=True)
    assert note(g)["area"] == "stoney-sept"
    for viewer in (None, "lannister", "stark"):
        v = g.view(viewer)
        assert "units" not in v["areas"]["harrenhal"]
        assert v["areas"]["harrenhal"]["power_token"] == "lannister"
        assert v["areas"]["stoney-sept"]["attacking"] == {
            "house": "lannister", "units": [{"kind": "knight", "routed": False}, {"kind": "footman", "routed": False}]}
        assert v["areas"]["stoney-sept"]["units"] == [{"kind": "knight", "routed": False}]  # the defender's
        assert v["houses"]["lannister"]["reserve"] == reserve  # still on the board, not back in the pool
    assert controller(g.board, g.state, "harrenhal") == "lannister"  # by its Power token, placed at once
    assert victory_points(g.board, g.state, "lannister") == points
    resolve(g, {"lannister": "tywin-lannister", "stark": "catelyn-stark"})
    assert units(g, "stoney-sept") == ["footman", "knight"] and g.state.areas["stoney-sept"].attacking == []


def test_a26_an_area_left_empty_is_vacated_at_once():
    g = board()
    put(g, "harrenhal", "lannister", "knight")
    put(g, "stoney-sept", "stark", "footman")
    points = victory_points(g.board, g.state, "lannister")
    march(g, "lannister", "harrenhal", {"stoney-sept": ["knight"]})
    assert controller(g.board, g.state, "harrenhal") is None
    assert victory_points(g.board, g.state, "lannister") == points - 1  # Harrenhal's castle is lost at once
    assert g.view(None)["areas"]["harrenhal"]["controller"] is None


def test_a26_a_losing_attacker_whose_area_reverted_to_its_enemy_home_cannot_retreat_and_is_destroyed():
    g = board()
    g.state.areas["lannisport"].garrison = 0
    put(g, "lannisport", "stark", "footman", "knight")
    put(g, "stoney-sept", "lannister", "knight", "knight")
    march(g, "stark", "lannisport", {"stoney-sept": ["footman", "knight"]})
    assert controller(g.board, g.state, "lannisport") == "lannister"  # the home area reverts at once
    assert g.view(None)["areas"]["lannisport"]["controller"] == "lannister"
    events = resolve(g, WEAK_STARK)
    assert kinds_of(events, "combat_result")[0].data["winner"] == "lannister"
    lost = [e for e in kinds_of(events, "units_destroyed") if e.data.get("reason") == "no_retreat"]
    assert lost and sorted(lost[0].data["units"]) == ["footman", "knight"]
    assert units(g, "lannisport") == [] and units(g, "stoney-sept") == ["knight", "knight"]
    assert g.view(None)["houses"]["stark"]["reserve"]["knight"] == g.board.tables["unit_limits"]["knight"]


def test_a26_a_losing_attacker_whose_area_is_still_legal_goes_back_there_routed():
    g = board()
    put(g, "harrenhal", "lannister", "knight")
    put(g, "stoney-sept", "stark", "knight", "knight")
    fight(g, "lannister", "harrenhal", {"stoney-sept": ["knight"]},
          cards={"lannister": "cersei-lannister", "stark": "catelyn-stark"})
    assert units(g, "harrenhal") == ["knight"] and routed(g, "harrenhal") == [True]


def test_a24_a_march_that_falls_short_against_a_neutral_force_leaves_no_power_token():
    g = board(players=5)
    g.state.areas["yronwood"].neutral = 0
    put(g, "yronwood", "tyrell", "footman")
    power = g.state.houses["tyrell"].power
    events = fight(g, "tyrell", "yronwood", {"sunspear": ["footman"]}, leave_power_token=True)
    assert kinds_of(events, "neutral_holds") and not kinds_of(events, "power_token")
    assert g.state.areas["yronwood"].power_token is None and g.state.houses["tyrell"].power == power
    assert units(g, "yronwood") == ["footman"] and g.state.areas["yronwood"].order is None  # the March is spent


def test_a24_a_march_that_beats_a_neutral_force_leaves_its_power_token_then():
    g = board(players=5)
    g.state.areas["yronwood"].neutral = 0
    put(g, "yronwood", "tyrell", "knight", "knight", "siege_engine")
    power = g.state.houses["tyrell"].power
    events = fight(g, "tyrell", "yronwood", {"sunspear": ["knight", "knight", "siege_engine"]},
                   leave_power_token=True)
    assert [e.kind for e in events].index("neutral_destroyed") < [e.kind for e in events].index("power_token")
    assert g.state.areas["yronwood"].power_token == "tyrell" and g.state.houses["tyrell"].power == power - 1


def test_a26_a7_ships_in_the_port_of_an_area_left_empty_are_lost_at_once():
    g = board()
    put(g, "white-harbor", "stark", "footman", "knight")
    put(g, "port-of-white-harbor", "stark", "ship")
    put(g, "the-narrow-sea", "stark", "ship")  # White Harbor is not a home area: left empty, it is vacated
    put(g, "widows-watch", "greyjoy", "footman")
    events = march(g, "stark", "white-harbor", {"widows-watch": ["footman", "knight"]})
    lost = [e for e in events if e.kind == "port_lost"]
    assert lost and lost[0].data["area"] == "port-of-white-harbor"
    assert units(g, "port-of-white-harbor") == [] and note(g)["area"] == "widows-watch"
