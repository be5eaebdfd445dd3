"""Clash of Kings bidding (checklist section 5), the RB2 p.10 example, and the bidding mechanism itself."""

from __future__ import annotations

import pytest

from engine.agot import Game
from engine.core import IllegalAnswer
from tests.engine.scenario import answer, decision, scenario
from tests.engine.westeros_scenario import bid, finish_phase, open_kinds, planning_open, public, westeros

CLASH = ("supply", "clash-of-kings", "put-to-the-sword")


def clash(game: Game, **kw) -> list:
    return westeros(game, *CLASH, threat=0, **kw)


def bid_track(game: Game) -> str:
    return game.open_decisions()[0].info["track"]


def test_5_1_every_influence_token_is_placed_anew_from_the_bids():
    game = scenario(players=3)  # before: IT baratheon, lannister, stark
    clash(game)
    bid(game, stark=3, lannister=2, baratheon=1)
    bid(game, baratheon=2, lannister=1)
    bid(game, stark=1)
    answer(game, "stark", "baratheon", "break_tie")  # King's Court: Lannister and Baratheon tie at 0
    s = game.state
    assert s.iron_throne == ["stark", "lannister", "baratheon"]
    assert s.fiefdoms == ["baratheon", "lannister", "stark"]
    assert s.kings_court == ["stark", "baratheon", "lannister"]


def test_5_2_tracks_are_bid_on_in_order_iron_throne_fiefdoms_kings_court():
    game = scenario(players=3)
    clash(game)
    seen = []
    while any(d.kind == "bid" for d in game.open_decisions()):
        seen.append(bid_track(game))
        bid(game, baratheon=1, lannister=2, stark=0) if seen[-1] == "iron_throne" else bid(game, lannister=1, stark=2)
    assert seen == ["iron_throne", "fiefdoms", "kings_court"]


def test_5_3_all_houses_bid_secretly_at_once_one_track_at_a_time():
    game = scenario(players=4)
    clash(game)
    ds = game.open_decisions()
    assert sorted(d.player for d in ds) == sorted(game.state.houses)
    assert all(d.kind == "bid" and d.secret for d in ds)
    assert len({d.reveal_group for d in ds}) == 1
    group = ds[0].reveal_group
    events = bid(game, stark=2)
    assert not [e for e in events if e.audience.kind == "sealed"] and group not in game.state.sealed
    reveal = public(events, "bids_revealed")
    assert len(reveal) == 1 and reveal[0].data["bids"]["stark"] == 2
    assert events.index(reveal[0]) > max(events.index(e) for e in events if e.kind == "bid_submitted")
    nxt = [d for d in game.open_decisions() if d.kind == "bid"]
    assert nxt == [] or nxt[0].reveal_group != group


def test_5_4_highest_bid_takes_first_place_every_house_is_placed():
    game = scenario(players=5)
    clash(game)
    bid(game, tyrell=5, greyjoy=4, stark=3, lannister=2, baratheon=1)
    assert game.state.iron_throne == ["tyrell", "greyjoy", "stark", "lannister", "baratheon"]
    assert len(game.state.iron_throne) == 5  # the sixth position stays empty


def test_5_5_iron_throne_holder_orders_the_tied_houses_on_the_best_free_places():
    game = scenario(players=5)
    clash(game)
    bid(game, stark=4, greyjoy=2, tyrell=2, lannister=2, baratheon=0)
    d = decision(game, "baratheon", "break_tie")  # the current Iron Throne holder
    assert sorted(d.options) == ["greyjoy", "lannister", "tyrell"] and d.info["position"] == 2
    answer(game, "baratheon", "tyrell")
    d = decision(game, "baratheon", "break_tie")
    assert sorted(d.options) == ["greyjoy", "lannister"] and d.info["position"] == 3
    answer(game, "baratheon", "lannister")
    assert game.state.iron_throne == ["stark", "tyrell", "lannister", "greyjoy", "baratheon"]


def test_5_6_old_holder_breaks_iron_throne_ties_new_holder_the_later_ones():
    game = scenario(players=3)
    clash(game)
    bid(game)  # 0-0-0 on the Iron Throne track
    assert open_kinds(game) == [("baratheon", "break_tie")]  # Baratheon holds the Iron Throne, even tied
    answer(game, "baratheon", "stark")
    answer(game, "baratheon", "lannister")
    assert game.state.iron_throne == ["stark", "lannister", "baratheon"]
    bid(game)  # Fiefdoms, again all tied
    assert open_kinds(game) == [("stark", "break_tie")]  # the new holder
    answer(game, "stark", "baratheon")
    answer(game, "stark", "stark")
    assert game.state.fiefdoms == ["baratheon", "stark", "lannister"]


def test_5_7_bids_are_lost_after_each_track_later_tracks_use_what_is_left():
    game = scenario(players=3)
    clash(game)
    bid(game, stark=5, lannister=3)
    assert game.state.houses["stark"].power == 0 and game.state.houses["lannister"].power == 2
    ds = {d.player: d for d in game.open_decisions()}
    assert "stark" not in ds  # no Power left: bids 0 without being asked
    assert ds["lannister"].options == [0, 1, 2]
    with pytest.raises(IllegalAnswer):
        answer(game, "lannister", 3, "bid")
    events = bid(game, lannister=2, baratheon=1)
    assert public(events, "bids_revealed")[0].data["bids"] == {"baratheon": 1, "lannister": 2, "stark": 0}


def test_5_8_first_place_takes_the_dominance_token_before_the_next_track():
    game = scenario(players=3)
    clash(game)
    assert game.view(None)["dominance"]["valyrian_steel_blade"] == "stark"
    bid(game, lannister=2)
    answer(game, "baratheon", "stark")  # tie at 0 between Baratheon and Stark for second place
    view = game.view(None)
    assert view["dominance"]["iron_throne"] == "lannister"  # during the Fiefdoms bid already
    assert view["dominance"]["valyrian_steel_blade"] == "stark"  # not bid on yet
    bid(game, baratheon=1)
    answer(game, "lannister", "lannister")
    assert game.view(None)["dominance"]["valyrian_steel_blade"] == "baratheon"


def test_5_9_remaining_power_is_shown_again_after_the_kings_court_track():
    game = scenario(players=3)
    clash(game)
    assert game.view("stark")["houses"]["lannister"]["power"] is None
    bid(game, baratheon=3, lannister=2, stark=1)
    assert game.view("stark")["houses"]["lannister"]["power"] is None  # hidden through all three tracks
    bid(game, baratheon=1, lannister=2, stark=3)
    events = bid(game, lannister=1)
    assert game.view("stark")["houses"]["lannister"]["power"] is None  # a tie is still open
    events += answer(game, "baratheon", "stark")
    over = public(events, "clash_over")
    assert over[0].data["power"] == {"baratheon": 1, "lannister": 0, "stark": 1}
    assert game.view("stark")["houses"]["lannister"]["power"] == 0
    assert game.view(None)["houses"]["stark"]["power"] == 1


def test_5_10_new_turn_order_and_kings_court_limits_apply_at_once():
    game = scenario(players=6)
    clash(game, wildlings=None)
    bid(game, tyrell=5, martell=4, greyjoy=3, stark=2, lannister=1)  # baratheon 0
    bid(game, tyrell=0)  # Fiefdoms all 0: ties by the new holder, Tyrell
    assert open_kinds(game)[0] == ("tyrell", "break_tie")
    finish_phase_bids(game, kings_court={"baratheon": 5, "lannister": 4, "stark": 3, "martell": 0,
                                         "greyjoy": 0, "tyrell": 0})
    assert game.turn_order() == ["tyrell", "martell", "greyjoy", "stark", "lannister", "baratheon"]
    assert game.state.kings_court[:3] == ["baratheon", "lannister", "stark"]
    blade = game.state.fiefdoms[0]
    assert blade != "greyjoy"  # it held the Blade before the Clash
    assert open_kinds(game) == [(blade, "westeros_choice")]  # Put to the Sword asks the new Blade holder
    answer(game, blade, "none")
    info = {d.player: d.info for d in game.open_decisions()}
    stars = game.board.special_order_stars(6)
    assert all(info[h]["special_limit"] == stars[game.state.kings_court.index(h)] for h in info)
    assert info["baratheon"]["special_limit"] == 3 and info["greyjoy"]["special_limit"] == 0


def finish_phase_bids(game: Game, kings_court: dict[str, int]) -> None:
    """Answer remaining Fiefdoms ties with defaults, then bid on King's Court."""
    while not any(d.kind == "bid" for d in game.open_decisions()):
        d = game.open_decisions()[0]
        game.submit(d.player, d.id, d.default)
    bid(game, **kings_court)
    while any(d.kind == "break_tie" for d in game.open_decisions()):
        d = game.open_decisions()[0]
        game.submit(d.player, d.id, d.default)


def test_rb2_p10_influence_track_bidding_example():
    """Five players; Greyjoy has just won the Iron Throne; the Fiefdoms bids of the rulebook."""
    game = scenario(players=5)
    clash(game)
    bid(game, greyjoy=1)
    while open_kinds(game)[0][1] == "break_tie":  # Baratheon orders the four houses tied at 0
        answer(game, "baratheon", decision(game, "baratheon").options[0])
    assert game.state.iron_throne[0] == "greyjoy"
    events = bid(game, lannister=4, baratheon=3, stark=3, tyrell=2, greyjoy=0)
    d = decision(game, "greyjoy", "break_tie")  # Greyjoy now holds the Iron Throne token
    assert sorted(d.options) == ["baratheon", "stark"] and d.info["position"] == 2
    events += answer(game, "greyjoy", "baratheon")
    assert game.state.fiefdoms == ["lannister", "baratheon", "stark", "tyrell", "greyjoy"]
    assert game.view(None)["dominance"]["valyrian_steel_blade"] == "lannister"
    assert {h: game.state.houses[h].power for h in ("lannister", "baratheon", "stark", "tyrell")} == \
        {"lannister": 1, "baratheon": 2, "stark": 2, "tyrell": 3}
    assert public(events, "tie_broken")[0].data["chosen"] == "baratheon"


def test_bidding_state_round_trips_mid_clash():
    game = scenario(players=4)
    clash(game)
    bid(game, stark=2, greyjoy=1)
    answer(game, "baratheon", "lannister")
    copy = Game.from_dict(game.to_dict())
    for g in (game, copy):
        bid(g, lannister=3)
        finish_phase(g)
    assert game.to_dict() == copy.to_dict()
    assert planning_open(copy)
