"""Influence tracks and Dominance tokens (checklist section 6; rulings A20) as the Westeros phase uses them.

Items 6.10-6.12 and 6.14 in the Planning phase are in ``test_planning.py``; here they are checked
from the wildling side. The Blade in combat (6.5, 6.7) is covered in depth by the combat tests (9.31,
9.52, 10.2); here only its token state is checked.
"""

from __future__ import annotations

from engine.agot import tracks
from engine.agot.rounds import clean_up
from tests.engine.combat_kit import board, fight, put
from tests.engine.scenario import answer, decision, scenario
from tests.engine.westeros_scenario import bid, finish_phase, open_kinds, public, settle_ties, westeros


def test_6_1_iron_throne_track_is_the_turn_order_for_mustering():
    game = scenario(players=4)
    game.state.iron_throne = ["greyjoy", "stark", "baratheon", "lannister"]
    westeros(game, "mustering", "game-of-thrones", "sea-of-storms")
    order = []
    while any(d.kind == "muster" for d in game.open_decisions()):
        d = game.open_decisions()[0]
        order.append(d.player)
        game.submit(d.player, d.id, [])
    assert order == ["greyjoy", "stark", "baratheon", "lannister"] == game.turn_order()


def test_6_2_each_dominance_token_belongs_to_first_place():
    game = scenario(players=6)
    westeros(game, "supply", "clash-of-kings", "sea-of-storms")
    bid(game, martell=3)
    finish_phase(game)
    view = game.view(None)
    s = game.state
    assert view["dominance"] == {"iron_throne": s.iron_throne[0], "valyrian_steel_blade": s.fiefdoms[0],
                                 "messenger_raven": s.kings_court[0]}
    assert view["dominance"]["iron_throne"] == "martell"


def test_6_3_iron_throne_holder_breaks_a_wildling_tie():
    game = scenario(players=4)
    tracks.move_to(game, "iron_throne", "greyjoy", 0)
    westeros(game, "supply", "game-of-thrones", "wildlings-attack", threat=4, wildlings=["silence-at-the-wall"])
    bid(game, stark=2, lannister=2)
    assert open_kinds(game) == [("greyjoy", "break_tie")]
    d = decision(game, "greyjoy")
    assert sorted(d.options) == ["lannister", "stark"] and "highest" in d.prompt


def test_6_4_fiefdoms_bidding_ties_go_to_the_iron_throne_not_the_blade():
    game = scenario(players=3)  # Stark holds the Blade, Baratheon the Iron Throne
    westeros(game, "supply", "clash-of-kings", "sea-of-storms")
    bid(game, baratheon=1)  # Baratheon keeps the Iron Throne
    answer(game, "baratheon", "stark")
    bid(game)  # Fiefdoms: all tied at 0
    assert open_kinds(game) == [("baratheon", "break_tie")]


def test_6_5_the_blade_gives_its_holder_one_once_a_round_and_the_state_stays_with_the_token():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "knight")
    g.state.fiefdoms = ["tyrell", "greyjoy", "martell", "stark", "baratheon", "lannister"]
    put(g, "pyke", "greyjoy", "footman", order="M0")  # a March order left: the Blade may matter later
    events = fight(g, "tyrell", "the-reach", {"blackwater": ["knight"]}, answers={"blade": True},
                   cards={"tyrell": "alester-florent", "lannister": "ser-kevan-lannister"})
    result = next(e for e in events if e.kind == "combat_result").data
    assert result["parts"]["tyrell"]["blade"] == 1 and result["parts"]["lannister"]["blade"] == 0
    assert result["strength"] == {"tyrell": 4, "lannister": 3}
    assert g.state.blade_used
    tracks.move_to(g, "fiefdoms", "greyjoy", 0)
    assert g.view(None)["dominance"]["valyrian_steel_blade"] == "greyjoy" and g.view(None)["blade_used"]


def test_6_7_no_blade_against_a_neutral_force():
    g = board(players=5)
    g.state.areas["yronwood"].neutral = 0
    put(g, "yronwood", "tyrell", "knight", "knight")
    g.state.fiefdoms = ["tyrell", "greyjoy", "stark", "baratheon", "lannister"]
    log: list[tuple[str, str]] = []
    fight(g, "tyrell", "yronwood", {"sunspear": ["knight", "knight"]}, log=log)
    assert not any(kind == "blade" for _, kind in log) and not g.state.blade_used


def test_6_6_blade_and_raven_refresh_at_clean_up_whoever_holds_them():
    game = scenario(players=3)
    game.state.blade_used = game.state.raven_used = True
    tracks.move_to(game, "fiefdoms", "lannister", 0)  # the used Blade changes hands (A20)
    assert game.view(None)["dominance"]["valyrian_steel_blade"] == "lannister"
    assert game.view(None)["blade_used"] is True
    clean_up(game)
    assert game.state.blade_used is False and game.state.raven_used is False


def test_6_8_kings_court_position_sets_the_special_orders_allowed():
    game = scenario(players=6)
    westeros(game, "supply", "clash-of-kings", "sea-of-storms")
    bid(game)
    finish_phase(game)
    info = {d.player: d.info["special_limit"] for d in game.open_decisions()}
    stars = [3, 3, 2, 1, 0, 0]
    assert info == {h: stars[i] for i, h in enumerate(game.state.kings_court)}


def test_6_9_star_counts_by_player_count():
    assert scenario(players=6).board.special_order_stars(6) == [3, 3, 2, 1, 0, 0]
    assert scenario(players=5).board.special_order_stars(5) == [3, 3, 2, 1, 0, 0]
    assert scenario(players=4).board.special_order_stars(4) == [3, 2, 1, 0]
    assert scenario(players=3).board.special_order_stars(3) == [3, 2, 1, 0]


def test_6_10_raven_peek_kept_on_top_is_the_next_wildling_card_drawn():
    game = scenario(players=3)
    top = game.state.wildling_deck[0]
    game.state.raven_peek = {"house": "lannister", "card": top}  # kept on top in the last Planning
    westeros(game, "supply", "game-of-thrones", "wildlings-attack", threat=2)
    assert game.view("lannister")["private"]["raven_peek"] == top
    events = bid(game, baratheon=2, stark=1)
    assert public(events, "wildling_card")[0].data["card"] == top
    assert game.state.raven_peek is None  # the deck's top has changed
    assert game.view("lannister")["private"]["raven_peek"] is None


def test_6_11_raven_card_buried_means_the_next_card_is_drawn():
    game = scenario(players=3)
    deck = list(game.state.wildling_deck)
    game.state.wildling_deck = deck[1:] + deck[:1]  # what the Raven's "bottom" does
    westeros(game, "supply", "game-of-thrones", "wildlings-attack", threat=2)
    events = bid(game, baratheon=2, stark=1)
    assert public(events, "wildling_card")[0].data["card"] == deck[1]
    assert game.state.wildling_deck[-1] == deck[1] and game.state.wildling_deck[-2] == deck[0]


def test_6_12_used_raven_stays_used_when_a_clash_of_kings_moves_it():
    game = scenario(players=3)
    game.state.raven_used = True  # (as if used already; it is refreshed only at Clean Up)
    westeros(game, "supply", "clash-of-kings", "sea-of-storms")
    bid(game, stark=3, lannister=1)
    bid(game, baratheon=2, lannister=1)
    bid(game, stark=2, lannister=1)
    assert game.state.kings_court[0] == "stark"
    assert game.view(None)["raven_used"] is True


def test_6_13_shift_outside_bidding_moves_others_and_hands_the_token_over_as_it_is():
    game = scenario(players=6)  # King's Court: lannister, stark, martell, baratheon, tyrell, greyjoy
    game.state.raven_used = True
    westeros(game, "supply", "game-of-thrones", "wildlings-attack", threat=2, wildlings=["a-king-beyond-the-wall"])
    bid(game, tyrell=3)
    assert open_kinds(game) == [("tyrell", "top_of_track")]
    answer(game, "tyrell", "kings_court")
    assert game.state.kings_court == ["tyrell", "lannister", "stark", "martell", "baratheon", "greyjoy"]
    assert game.view(None)["dominance"]["messenger_raven"] == "tyrell"
    assert game.view(None)["raven_used"] is True  # handed over in its used state (6.13, A20)


def test_6_14_a_kings_court_shift_in_westeros_sets_the_coming_limit():
    game = scenario(players=6)
    westeros(game, "supply", "game-of-thrones", "wildlings-attack", threat=10, wildlings=["a-king-beyond-the-wall"])
    bid(game, baratheon=1, lannister=1, stark=1, martell=1, tyrell=1)  # Greyjoy bids least; 5 < 10
    assert game.state.kings_court[-1] == game.state.iron_throne[-1] == game.state.fiefdoms[-1] == "greyjoy"
    while open_kinds(game) and open_kinds(game)[0][1] == "bottom_of_one":
        answer(game, open_kinds(game)[0][0], "fiefdoms")
    assert game.state.kings_court[-1] == "greyjoy"
    info = {d.player: d.info["special_limit"] for d in game.open_decisions()}
    assert info["greyjoy"] == 0 and info[game.state.kings_court[3]] == 1


def test_6_15_power_bid_is_lost_never_given_and_tokens_follow_first_places():
    game = scenario(players=4)
    before = {h: hs.power for h, hs in game.state.houses.items()}
    westeros(game, "supply", "clash-of-kings", "sea-of-storms")
    events = bid(game, stark=4, greyjoy=1)
    events += settle_ties(game)
    events += bid(game, lannister=2, baratheon=1)
    finish_phase(game)
    spent = {h: 0 for h in before}
    for e in public(events, "bids_revealed"):
        for h, n in e.data["bids"].items():
            spent[h] += n
    assert {h: hs.power for h, hs in game.state.houses.items()} == {h: before[h] - spent[h] for h in before}
    assert game.state.iron_throne[0] == "stark" and game.state.fiefdoms[0] == "lannister"
