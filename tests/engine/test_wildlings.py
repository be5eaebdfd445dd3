"""Wildling attacks: checklist section 4 (rulings A1, A2, A22, C2)."""

from __future__ import annotations

import pytest

from engine.agot import world
from engine.core import IllegalAnswer
from tests.engine.scenario import answer, clear, decision, put, scenario
from tests.engine.westeros_scenario import (
    bid,
    in_attack,
    open_kinds,
    planning_open,
    public,
    settle_ties,
    westeros,
    wildling_attack,
)


def test_4_1_the_threat_reaching_12_and_the_card_both_trigger_an_attack():
    game = scenario(players=3)
    events = westeros(game, "last-days-of-summer", "game-of-thrones", "wildlings-attack", threat=10,
                      wildlings=["silence-at-the-wall", "skinchanger-scout"])
    assert [e.data["source"] for e in public(events, "wildling_attack")] == ["threat"]
    events = bid(game, baratheon=5, lannister=4, stark=3)
    assert [e.data["source"] for e in public(events, "wildling_attack")] == ["card"]


def test_4_2_strength_is_the_threat_on_the_track():
    game = scenario(players=3)
    events = westeros(game, "supply", "game-of-thrones", "wildlings-attack", threat=8)
    assert public(events, "wildling_attack")[0].data["strength"] == 8
    assert all(d.info["strength"] == 8 for d in game.open_decisions())


def test_4_3_each_house_bids_0_to_its_available_power():
    game = scenario(players=3)
    game.state.houses["stark"].power = 3
    wildling_attack(game, 6)
    d = decision(game, "stark", "bid")
    assert d.options == [0, 1, 2, 3] and d.default == 0 and d.secret
    for bad in (4, -1, 1.5, "2", True):
        with pytest.raises(IllegalAnswer):
            answer(game, "stark", bad, "bid")
    answer(game, "stark", 3, "bid")
    assert "stark" not in [d.player for d in game.open_decisions()]


def test_4_4_bids_are_revealed_together_and_summed():
    game = scenario(players=3)
    wildling_attack(game, 10, ["silence-at-the-wall"])
    events = answer(game, "stark", 4, "bid")
    assert public(events, "bids_revealed") == []
    events = bid(game, baratheon=3, lannister=2)
    assert public(events, "bids_revealed")[0].data["bids"] == {"baratheon": 3, "lannister": 2, "stark": 4}
    assert public(events, "wildling_outcome")[0].data["total"] == 9


def test_4_5_c2_night_watch_wins_on_an_equal_total():
    game = scenario(players=3)
    events = wildling_attack(game, 6, ["silence-at-the-wall"])
    events = bid(game, baratheon=3, lannister=2, stark=1)
    assert public(events, "wildling_outcome")[0].data == {"total": 6, "strength": 6, "nights_watch": True}
    game = scenario(players=3)
    wildling_attack(game, 6, ["silence-at-the-wall"])
    events = bid(game, baratheon=3, lannister=2)
    assert public(events, "wildling_outcome")[0].data["nights_watch"] is False


def test_4_6_the_top_wildling_card_is_drawn_after_the_outcome():
    game = scenario(players=3)
    top = game.state.wildling_deck[0]
    events = wildling_attack(game, 4)
    assert public(events, "wildling_card") == [] and game.state.wildling_deck[0] == top
    events = bid(game, baratheon=3, lannister=1)
    kinds = [e.kind for e in events]
    assert kinds.index("wildling_outcome") < kinds.index("wildling_card")
    assert public(events, "wildling_card")[0].data["card"] == top


def test_4_7_reward_to_the_highest_penalties_to_the_lowest_and_everyone_else():
    game = scenario(players=3)
    wildling_attack(game, 6, ["skinchanger-scout"])
    bid(game, baratheon=4, lannister=3)  # 7 >= 6: Baratheon, the highest, takes its 4 back
    assert game.state.houses["baratheon"].power == 5 and game.state.houses["lannister"].power == 2
    game = scenario(players=3)
    wildling_attack(game, 12, ["skinchanger-scout"])
    bid(game, baratheon=1, lannister=2)  # the wildlings win; Stark (0) is the lowest
    s = game.state
    assert s.houses["stark"].power == 0  # all of it
    assert s.houses["baratheon"].power == 2 and s.houses["lannister"].power == 1  # 2 each


def test_4_8_iron_throne_breaks_lowest_bidder_tie_before_the_card_is_drawn():
    game = scenario(players=4)  # Iron Throne: Baratheon
    wildling_attack(game, 12, ["mammoth-riders"])
    events = bid(game, baratheon=2, lannister=1, stark=1, greyjoy=1)
    d = decision(game, "baratheon", "break_tie")
    assert open_kinds(game) == [("baratheon", "break_tie")]
    assert sorted(d.options) == ["greyjoy", "lannister", "stark"] and "lowest" in d.prompt
    assert public(events, "wildling_card") == []
    assert game.state.wildling_deck[0] == "mammoth-riders"  # not drawn yet (A2)
    events = answer(game, "baratheon", "stark")
    assert public(events, "wildling_card")[0].data == {"card": "mammoth-riders", "nights_watch": False,
                                                       "house": "stark"}
    assert public(events, "wildling_bidder")[0].data == {"house": "stark", "role": "lowest"}


def test_4_8_iron_throne_breaks_highest_bidder_tie():
    game = scenario(players=3)
    wildling_attack(game, 4, ["skinchanger-scout"])
    bid(game, lannister=3, stark=3)
    d = decision(game, "baratheon", "break_tie")
    assert sorted(d.options) == ["lannister", "stark"] and "highest" in d.prompt
    answer(game, "baratheon", "stark")
    assert game.state.houses["stark"].power == 5 and game.state.houses["lannister"].power == 2


def test_4_9_lowest_bidder_first_then_everyone_else_in_turn_order():
    game = scenario(players=4)
    game.state.iron_throne = ["stark", "greyjoy", "baratheon", "lannister"]
    wildling_attack(game, 12, ["mammoth-riders"])
    bid(game, stark=1, greyjoy=1, lannister=1)  # Baratheon is the lowest bidder
    asked = []
    while in_attack(game):
        d = game.open_decisions()[0]
        asked.append((d.player, d.info["count"]))
        game.submit(d.player, d.id, d.default)
    assert asked == [("baratheon", 3), ("stark", 2), ("greyjoy", 2), ("lannister", 2)]


def test_4_10_the_used_card_goes_to_the_bottom_of_the_deck():
    game = scenario(players=3)
    deck = list(game.state.wildling_deck)
    wildling_attack(game, 2)
    bid(game, baratheon=2)
    settle_ties(game)
    while in_attack(game):
        d = game.open_decisions()[0]
        game.submit(d.player, d.id, d.default)
    assert game.state.wildling_deck == deck[1:] + deck[:1]


@pytest.mark.parametrize("threat,bids,after", [
    (8, {"baratheon": 5, "lannister": 3}, 0),  # the Night's Watch wins: back to 0
    (12, {"baratheon": 1}, 8),  # the wildlings win: down 4
    (2, {}, 0),  # ... never below 0 (at 2 with no bid the wildlings win: 2 - 4 -> 0)
])
def test_4_11_a1_track_reset_or_lowered(threat, bids, after):
    game = scenario(players=3)
    westeros(game, "supply", "game-of-thrones", "wildlings-attack", threat=threat, wildlings=["silence-at-the-wall"])
    bid(game, **bids)
    settle_ties(game)
    assert game.state.wildling_threat == after


def test_4_12_all_bid_power_goes_to_the_pool():
    game = scenario(players=3)
    wildling_attack(game, 12, ["silence-at-the-wall"])
    bid(game, baratheon=5, lannister=4, stark=3)
    assert {h: hs.power for h, hs in game.state.houses.items()} == {"baratheon": 0, "lannister": 1, "stark": 2}


def test_4_13_units_lost_to_wildlings_never_keep_control_of_the_area():
    game = scenario(players=3)
    clear(game)
    put(game, "karhold", "stark", "footman")
    put(game, "lannisport", "stark", "footman")  # an enemy home area, held by units alone
    put(game, "winterfell", "stark", "knight")
    put(game, "dragonstone", "baratheon", "footman", "footman", "footman")
    put(game, "stoney-sept", "lannister", "footman", "footman", "footman")
    wildling_attack(game, 12, ["mammoth-riders"])
    bid(game, baratheon=1, lannister=1)  # Stark is the lowest: it loses 3 units, all it has
    s = game.state
    assert world.controller(game.board, s, "karhold") is None and s.areas["karhold"].power_token is None
    assert world.controller(game.board, s, "lannisport") == "lannister"  # the home shield again
    assert world.controller(game.board, s, "winterfell") == "stark"  # Stark's own home, by its shield


def test_4_14_bids_and_available_power_stay_hidden_until_the_reveal():
    game = scenario(players=3)
    wildling_attack(game, 10, ["silence-at-the-wall"])
    assert game.view("stark")["houses"]["lannister"]["power"] is None
    assert game.view("stark")["houses"]["stark"]["power"] == 5
    events = answer(game, "lannister", 4, "bid")
    for e in events:
        if e.audience.reaches("stark") or e.audience.reaches(None):
            assert "bid" not in e.data and "4" not in e.text
    bid(game, stark=1, baratheon=1)
    assert game.view("stark")["houses"]["lannister"]["power"] == 1  # public again once revealed


def test_4_15_a22_strength_0_the_night_watch_wins_and_the_throne_picks_among_zero_bids():
    game = scenario(players=3)
    westeros(game, "supply", "game-of-thrones", "wildlings-attack", threat=0, wildlings=["skinchanger-scout"])
    events = bid(game)
    assert public(events, "wildling_outcome")[0].data == {"total": 0, "strength": 0, "nights_watch": True}
    d = decision(game, "baratheon", "break_tie")
    assert sorted(d.options) == ["baratheon", "lannister", "stark"] and "highest" in d.prompt
    events = answer(game, "baratheon", "lannister")
    assert public(events, "wildling_card")[0].data["house"] == "lannister"
    assert game.state.wildling_threat == 0


def test_4_16_an_attack_in_step_3_spends_power_before_a_clash_of_kings():
    game = scenario(players=3)
    westeros(game, "last-days-of-summer", "clash-of-kings", "sea-of-storms", threat=8,
             wildlings=["silence-at-the-wall"])
    assert all(d.kind == "bid" and d.info["purpose"] == "wildlings" for d in game.open_decisions())
    bid(game, baratheon=5, lannister=4, stark=3)
    ds = {d.player: d for d in game.open_decisions()}
    assert all(d.info["purpose"] == "clash-of-kings" for d in ds.values())
    assert "baratheon" not in ds  # nothing left: bids 0 at once
    assert ds["lannister"].options == [0, 1] and ds["stark"].options == [0, 1, 2]
    assert not planning_open(game)


def test_a_saved_game_continues_identically_in_the_middle_of_a_wildling_card():
    from engine.agot import Game

    game = scenario(players=4)
    wildling_attack(game, 4, ["preemptive-raid", "mammoth-riders"])
    bid(game, stark=4)  # second attack at 6 without Stark
    bid(game, greyjoy=1)
    copy = Game.from_dict(game.to_dict())
    for g in (game, copy):
        while in_attack(g):
            d = g.open_decisions()[0]
            g.submit(d.player, d.id, d.default)
    assert game.to_dict() == copy.to_dict()
    assert game.state.wildling_deck[-2:] == ["mammoth-riders", "preemptive-raid"]
