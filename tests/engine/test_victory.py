"""Checklist 2 (round structure) and 19 (winning), rulings C3, C4, C5, A18."""

from engine.agot import Game, Settings
from engine.agot.world import victory_points
from tests.engine.scenario import answer, clear, put, scenario, start

CASTLES = ["winterfell", "white-harbor", "moat-cailin", "seagard", "riverrun", "harrenhal", "the-eyrie",
           "crackclaw-point", "pyke", "lannisport", "flints-finger"]


def test_2_2_round_one_has_no_westeros_phase():
    g = Game.new(6, seed=4)
    assert g.state.round == 1 and g.state.phase == "planning" and g.state.westeros_revealed == []


def test_2_5_action_steps_in_order_raids_marches_consolidate():
    g = scenario(6)
    clear(g)
    put(g, "the-reach", "lannister", "footman", order="Ra")
    put(g, "highgarden", "tyrell", "footman", order="CPa")
    put(g, "dornish-marches", "tyrell", "footman", order="M0")
    events = start(g, "raids")
    # Lannister's raid comes first and can still hit the Consolidate Power order
    assert g.state.stack[-1]["step"] == "raids"
    events = answer(g, "lannister", {"area": "the-reach", "target": "highgarden"})
    kinds = [e.kind for e in events]
    assert "consolidate" not in kinds
    answer(g, "tyrell", {"from": "dornish-marches", "moves": {}})
    assert g.state.houses["tyrell"].power == 4  # pillaged, and no consolidate left to resolve


def test_2_6_the_game_lasts_ten_rounds():
    from engine.simulate import play

    result = play(3, seed=12)
    assert result.error is None and result.winner is not None
    assert result.rounds <= 10


def test_2_8_20_5_turn_order_is_the_iron_throne_track():
    g = scenario(6)
    clear(g)
    g.state.iron_throne = ["martell", "stark", "lannister", "baratheon", "greyjoy", "tyrell"]
    put(g, "dragonstone", "baratheon", "footman", order="M0")
    put(g, "sunspear", "martell", "footman", order="M0")
    start(g, "marches")
    assert [d.player for d in g.open_decisions()] == ["martell"]


def test_19_1_c4_victory_counts_areas_with_castle_or_stronghold():
    g = scenario(6)
    clear(g)
    put(g, "winterfell", "stark", "footman")  # stronghold: 1 point, not 2
    put(g, "moat-cailin", "stark", "footman")  # castle
    put(g, "karhold", "stark", "footman")  # neither
    g.state.areas["seagard"].power_token = "stark"  # held by a token
    assert victory_points(g.board, g.state, "stark") == 3


def _six_castles(g, house="stark"):
    for area in CASTLES[:6]:
        put(g, area, house, "footman")


def test_2_9_19_2_c5_seventh_castle_wins_at_once_mid_march():
    g = scenario(6)
    clear(g, keep_neutral=False)
    _six_castles(g)
    put(g, "the-mountains-of-the-moon", "stark", "footman", order="M0")
    put(g, "lannisport", "lannister", "footman", order="M0")
    g.state.iron_throne = ["stark", "lannister", "baratheon", "martell", "greyjoy", "tyrell"]
    start(g, "marches")
    events = answer(g, "stark", {"from": "the-mountains-of-the-moon", "moves": {"the-eyrie": ["footman"]}})
    assert g.over and g.state.winner == "stark"
    assert events[-1].kind == "game_over"
    assert g.state.areas["lannisport"].order is not None  # Lannister never got to march
    assert g.open_decisions() == []


def test_a18_16_3_home_area_reverting_mid_march_can_win_for_its_owner():
    g = scenario(6)
    clear(g, keep_neutral=False)
    for area in ["white-harbor", "moat-cailin", "seagard", "riverrun", "harrenhal", "the-eyrie"]:
        put(g, area, "stark", "footman")
    put(g, "winterfell", "greyjoy", "footman", order="M0")  # Greyjoy occupies Stark's home
    g.state.iron_throne = ["greyjoy", "stark", "lannister", "baratheon", "martell", "tyrell"]
    start(g, "marches")
    answer(g, "greyjoy", {"from": "winterfell", "moves": {"the-stony-shore": ["footman"]}})
    assert g.over and g.state.winner == "stark"  # the shield takes Winterfell back: Stark's 7th


def test_19_3_c3_end_of_round_ten_tie_breakers_rb2():
    g = scenario(3)
    clear(g)
    g.state.round = 10
    put(g, "winterfell", "stark", "footman")  # Stark: Winterfell (stronghold) + White Harbor
    put(g, "white-harbor", "stark", "footman")
    put(g, "lannisport", "lannister", "footman")  # Lannister: Lannisport (stronghold) + Riverrun (stronghold)
    put(g, "riverrun", "lannister", "footman")
    put(g, "dragonstone", "baratheon", "footman")
    start(g, "consolidate")
    assert g.state.ranking[:2] == ["lannister", "stark"]  # 2 points each; more strongholds wins


def _tied_game(tiebreak, **power):
    g = scenario(3, tiebreak=tiebreak)
    clear(g)
    g.state.round = 10
    put(g, "winterfell", "stark", "footman")
    put(g, "karhold", "stark", "footman")
    put(g, "castle-black", "stark", "footman")
    put(g, "lannisport", "lannister", "footman")
    put(g, "dragonstone", "baratheon", "footman")
    for house, value in power.items():
        g.state.houses[house].power = value
    for house in g.state.houses:
        g.state.houses[house].supply = 1
    return g


def test_19_3_rb2_then_supply_then_power_then_throne():
    g = _tied_game("rb2", stark=1, lannister=3, baratheon=2)
    start(g, "consolidate")
    assert g.state.ranking == ["lannister", "baratheon", "stark"]  # 1 stronghold each, same supply: power
    g = _tied_game("rb2", stark=2, lannister=2, baratheon=2)
    g.state.houses["stark"].supply = 2
    start(g, "consolidate")
    assert g.state.ranking == ["stark", "baratheon", "lannister"]  # supply, then the Iron Throne track


def test_19_3_faq_setting_land_areas_then_supply_then_throne():
    g = _tied_game("faq", stark=0, lannister=9, baratheon=9)
    start(g, "consolidate")
    assert g.state.ranking[0] == "stark"  # three land areas beat one


def test_19_4_settings_are_validated():
    import pytest

    with pytest.raises(ValueError):
        Game.new(3, seed=1, settings=Settings(tiebreak="coin-flip"))


def test_2_1_2_3_2_4_phases_and_their_steps_come_in_order():
    from tests.engine.drive import step

    g = Game.new(3, seed=8)
    kinds: list[str] = []
    while g.state.round < 3 and not g.over:
        kinds += [e.kind for e in step(g, seed=8)[1]]
    # Planning (2.4): orders placed, revealed together, then the Raven
    first = {k: kinds.index(k) for k in ("orders_submitted", "orders_revealed", "clean_up", "round",
                                        "westeros_revealed")}
    raven = min(i for i, k in enumerate(kinds) if k.startswith("raven"))
    assert first["orders_submitted"] < first["orders_revealed"] < raven < first["clean_up"]
    # Action then a new round whose Westeros phase (2.3) reveals cards before anything is placed again
    assert first["clean_up"] < first["round"] < first["westeros_revealed"]
    after = kinds[first["westeros_revealed"]:]
    assert after.index("westeros_revealed") < after.index("orders_revealed")
