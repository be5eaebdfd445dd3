"""Checklist 8C (Consolidate Power, 8.24-8.28), 8D (Clean Up, 8.29-8.30) and the CP example (RB2 p.16)."""

from tests.engine.scenario import answer, clear, decision, put, scenario, start, units


def _board(players=6):
    g = scenario(players)
    clear(g)
    return g


def test_rulebook_consolidate_power_example():
    g = _board()
    put(g, "dragonstone", "baratheon", "footman", order="CPa")
    start(g, "consolidate")  # a single option is resolved without asking
    assert g.state.houses["baratheon"].power == 7  # 1 + the crown of Dragonstone


def test_8_24_one_order_per_turn_in_turn_order():
    g = _board()
    put(g, "dragonstone", "baratheon", "footman", order="CP*")
    put(g, "kingswood", "baratheon", "footman", order="CPb")
    put(g, "lannisport", "lannister", "footman", order="CPa")
    start(g, "consolidate")
    d = decision(g, "baratheon")
    assert {(o["area"], o["muster"]) for o in d.options} == {
        ("dragonstone", False), ("dragonstone", True), ("kingswood", False)}
    answer(g, "baratheon", {"area": "kingswood", "muster": False})
    assert g.state.houses["lannister"].power == 6  # its only order: resolved without asking
    answer(g, "baratheon", {"area": "dragonstone", "muster": False})
    assert g.state.houses["baratheon"].power == 5 + 2 + 2


def test_plain_consolidations_are_not_asked_about():
    g = _board()
    put(g, "dragonstone", "baratheon", "footman", order="CPa")
    put(g, "kingswood", "baratheon", "footman", order="CPb")
    start(g, "consolidate")  # in whatever order, the result is the same: nothing to ask
    assert g.state.houses["baratheon"].power == 5 + 2 + 2


def test_8_25_power_tokens_on_the_board_are_not_icons():
    g = _board()
    put(g, "karhold", "stark", "footman", order="CPa")
    g.state.areas["karhold"].power_token = "stark"
    start(g, "consolidate")
    assert g.state.houses["stark"].power == 5 + 2


def test_8_26_sea_gives_nothing_port_gives_one_unless_enemy_ships_in_its_sea():
    g = _board()
    put(g, "bay-of-ice", "stark", "ship", order="CPa")
    put(g, "winterfell", "stark", "footman")
    put(g, "port-of-winterfell", "stark", "ship", order="CPb")
    start(g, "consolidate")
    assert g.state.houses["stark"].power == 5 + 0 + 1
    g2 = _board()
    put(g2, "lannisport", "lannister", "footman")
    put(g2, "port-of-lannisport", "lannister", "ship", order="CPa")
    put(g2, "the-golden-sound", "greyjoy", "ship")
    start(g2, "consolidate")
    assert g2.state.houses["lannister"].power == 5


def test_8_27_special_consolidate_may_muster_in_its_castle_only():
    g = _board()
    g.state.houses["stark"].supply = 3
    put(g, "winterfell", "stark", "footman", order="CP*")
    put(g, "white-harbor", "stark", "footman")
    start(g, "consolidate")
    d = decision(g, "stark")
    assert {"area": "winterfell", "muster": True} in d.options
    answer(g, "stark", {"area": "winterfell", "muster": True})
    m = decision(g, "stark", "muster")
    assert list(m.info["areas"]) == ["winterfell"]  # White Harbor's castle does not muster
    answer(g, "stark", [{"area": "winterfell", "unit": "footman"}, {"area": "winterfell", "upgrade": "knight"}],
           "muster")
    assert units(g, "winterfell") == ["footman", "knight"]
    assert g.state.houses["stark"].power == 5  # mustering instead of power


def test_8_27_special_consolidate_in_a_port_or_without_castle_only_gathers_power():
    g = _board()
    put(g, "winterfell", "stark", "footman")
    put(g, "port-of-winterfell", "stark", "ship", order="CP*")
    put(g, "karhold", "stark", "footman", order="CPa")
    events = start(g, "consolidate")  # no muster option anywhere: both simply collect
    assert not any(e.kind == "muster" for e in events)
    assert g.state.houses["stark"].power == 5 + 1 + 2


def test_8_28_power_never_beyond_twenty_tokens():
    g = _board()
    g.state.houses["baratheon"].power = 19
    g.state.areas["kingswood"].power_token = "baratheon"
    put(g, "dragonstone", "baratheon", "footman", order="CPa")
    start(g, "consolidate")
    assert g.state.houses["baratheon"].power == 19


def test_8_29_clean_up_removes_orders_rallies_routed_units_and_refreshes_tokens():
    g = _board()
    put(g, "winterfell", "stark", "footman", routed=True, order="D+1a")
    put(g, "karhold", "stark", "footman", order="S0a")
    g.state.blade_used = g.state.raven_used = True
    start(g, "consolidate")
    assert g.state.round == 2
    assert all(st.order is None for st in g.state.areas.values())
    assert not g.state.areas["winterfell"].units[0].routed
    assert not g.state.blade_used and not g.state.raven_used


def test_8_30_2_7_clean_up_of_round_ten_ends_the_game():
    g = _board()
    g.state.round = 10
    put(g, "winterfell", "stark", "footman")
    put(g, "white-harbor", "stark", "footman")
    put(g, "lannisport", "lannister", "footman")
    events = start(g, "consolidate")
    assert g.over and g.state.winner == "stark"
    assert any(e.kind == "game_over" for e in events)
    assert g.open_decisions() == []
