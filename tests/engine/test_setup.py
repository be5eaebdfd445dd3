"""Checklist section 1: set-up for 3-6 players."""

import pytest

from engine.agot import Game, Settings
from engine.agot.board import board
from engine.agot.world import controller, victory_points


@pytest.mark.parametrize("count", [2, 9])
def test_1_1_three_to_six_players(count):  # 7 and 8 players play Mother of Dragons (tests/engine/mod)
    with pytest.raises(ValueError, match="3 to 6"):
        Game.new(count, seed=1)


def test_1_3_wildling_deck_shuffled_and_threat_at_2():
    g = Game.new(6, seed=1)
    assert sorted(g.state.wildling_deck) == sorted(c["id"] for c in board().wildling_cards)
    assert len(g.state.wildling_deck) == 9
    assert g.state.wildling_threat == 2
    orders = {tuple(Game.new(6, seed=s).state.wildling_deck) for s in range(8)}
    assert len(orders) > 1, "the deck is shuffled with the seed"


def test_1_4_three_westeros_decks_of_ten():
    g = Game.new(6, seed=2)
    assert [len(d) for d in g.state.westeros_decks] == [10, 10, 10]
    assert g.state.westeros_decks[0].count("supply") == 3
    assert g.state.westeros_decks[2].count("wildlings-attack") == 3


def test_1_6_game_starts_in_round_1_planning():
    g = Game.new(4, seed=1)
    assert g.state.round == 1 and g.state.phase == "planning"
    assert {d.kind for d in g.open_decisions()} == {"orders"}


@pytest.mark.parametrize("count,houses", [
    (3, {"stark", "lannister", "baratheon"}),
    (4, {"stark", "lannister", "baratheon", "greyjoy"}),
    (5, {"stark", "lannister", "baratheon", "greyjoy", "tyrell"}),
    (6, {"stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell"}),
])
def test_1_7_houses_by_player_count(count, houses):
    assert set(Game.new(count, seed=1).state.houses) == houses


def test_1_7_houses_assigned_to_players_by_choice_or_at_random():
    from engine.agot.game import assign_houses

    players = ["ann", "bob", "cid", "dee"]
    chosen = assign_houses(players, seed=5, wishes={"ann": "greyjoy", "bob": "stark"})
    assert chosen["ann"] == "greyjoy" and chosen["bob"] == "stark"
    assert set(chosen.values()) == {"stark", "lannister", "baratheon", "greyjoy"}
    assert assign_houses(players, seed=5) == assign_houses(players, seed=5)
    with pytest.raises(ValueError, match="not in a 4-player game"):
        assign_houses(players, seed=1, wishes={"ann": "martell"})
    with pytest.raises(ValueError, match="twice"):
        assign_houses(players, seed=1, wishes={"ann": "stark", "bob": "stark"})


def test_1_8_each_house_has_seven_cards_and_fifteen_orders():
    g = Game.new(6, seed=1)
    for house, hs in g.state.houses.items():
        assert len(hs.hand) == 7 and hs.discard == []
        assert all(board().card_by_id[c]["house"] == house for c in hs.hand)
    assert len(g.view("stark")["private"]["unused_orders"]) == 15


def test_1_9_supply_and_victory_computed_from_the_board():
    g = Game.new(6, seed=1)
    assert {h: s.supply for h, s in g.state.houses.items()} == {
        "stark": 1, "greyjoy": 2, "lannister": 2, "baratheon": 2, "tyrell": 2, "martell": 2}
    vp = {h: victory_points(g.board, g.state, h) for h in g.state.houses}
    assert vp == {"stark": 2, "greyjoy": 1, "lannister": 1, "baratheon": 1, "tyrell": 1, "martell": 1}  # C4


def test_1_10_tracks_slide_left_with_fewer_players():
    g = Game.new(3, seed=1)
    assert g.state.iron_throne == ["baratheon", "lannister", "stark"]
    assert g.state.fiefdoms == ["stark", "baratheon", "lannister"]
    assert g.state.kings_court == ["lannister", "stark", "baratheon"]


def test_1_11_dominance_tokens_to_first_places_unused():
    v = Game.new(6, seed=1).view(None)
    assert v["dominance"] == {"iron_throne": "baratheon", "valyrian_steel_blade": "greyjoy",
                              "messenger_raven": "lannister"}
    assert v["blade_used"] is False and v["raven_used"] is False


def test_1_12_starting_units_and_garrisons():
    g = Game.new(6, seed=1)
    a = g.state.areas
    assert sorted(u.kind for u in a["winterfell"].units) == ["footman", "knight"]
    assert a["winterfell"].garrison == 2 and a["sunspear"].garrison == 2
    assert [u.kind for u in a["port-of-lannisport"].units] == ["ship"]  # errata (1.12), C11


def test_1_12_c11_no_lannister_port_ship_with_three_players():
    g = Game.new(3, seed=1)
    assert not g.state.areas["port-of-lannisport"].units


def test_1_13_five_power_each():
    g = Game.new(5, seed=1)
    assert all(hs.power == 5 for hs in g.state.houses.values())


def test_1_14_c6_six_players_neutral_forces_only_kings_landing_and_eyrie():
    g = Game.new(6, seed=1)
    neutral = {a: st.neutral for a, st in g.state.areas.items() if st.neutral}
    assert neutral == {"kings-landing": 5, "the-eyrie": 6}


def test_1_15_five_players_nine_neutral_forces_martell_absent():
    g = Game.new(5, seed=1)
    neutral = {a: st.neutral for a, st in g.state.areas.items() if st.neutral}
    assert len(neutral) == 9 and neutral["sunspear"] == 5
    assert g.state.areas["sunspear"].garrison == 0


def test_1_16_four_players_twelve_neutral_forces():
    g = Game.new(4, seed=1)
    neutral = {a: st.neutral for a, st in g.state.areas.items() if st.neutral}
    assert len(neutral) == 12 and neutral["storms-end"] == 4
    assert g.state.areas["highgarden"].garrison == 0 and not g.state.areas["highgarden"].neutral


def test_1_17_three_players_blocked_areas():
    g = Game.new(3, seed=1)
    blocked = {a for a, st in g.state.areas.items() if st.blocked}
    assert {"pyke", "highgarden", "oldtown", "sunspear", "storms-end", "port-of-pyke"} <= blocked
    assert len(blocked) == 16


@pytest.mark.parametrize("count,stars", [(3, [3, 2, 1]), (4, [3, 2, 1, 0]), (5, [3, 3, 2, 1, 0]),
                                         (6, [3, 3, 2, 1, 0, 0])])
def test_1_18_kings_court_overlay_for_three_and_four_players(count, stars):
    from engine.agot.planning import special_limit

    g = Game.new(count, seed=1)
    assert [special_limit(g, h) for h in g.state.kings_court] == stars


def test_1_19_absent_houses_have_nothing_on_the_board():
    g = Game.new(4, seed=1)
    present = set(g.state.houses)
    assert all(st.house in present for st in g.state.areas.values() if st.units)
    assert controller(g.board, g.state, "highgarden") is None  # absent Tyrell's home is nobody's


def test_1_20_tides_of_battle_is_a_setting():
    assert Game.new(3, seed=1, settings=Settings(tides_of_battle=True)).state.settings["tides_of_battle"] is True
    assert Game.new(3, seed=1).state.settings["tides_of_battle"] is False


@pytest.mark.parametrize("count,neutral,blocked", [(3, 2, 16), (4, 12, 0), (5, 9, 0), (6, 2, 0)])
def test_1_2_1_5_setup_places_the_tokens_of_its_player_count(count, neutral, blocked):
    g = Game.new(count, seed=1)
    s = g.state
    assert sum(1 for st in s.areas.values() if st.neutral) == neutral
    assert sum(1 for st in s.areas.values() if st.blocked) == blocked
    assert s.round == 1 and s.wildling_threat == 2 and len(s.wildling_deck) == 9
    assert all(sum(len(st.units) for st in s.areas.values() if st.house == h) >= 4 for h in s.houses)
