"""A house may replace its orders, its bid or its House card until the last answer of the reveal group is in;
the change reaches nobody else, and the same answer again is "already submitted"."""

import json

import pytest

from engine.agot import Game
from engine.core import AlreadySubmitted, StaleDecision
from tests.engine.combat_kit import board, march, put
from tests.engine.scenario import answer, decision, scenario
from tests.engine.westeros_scenario import public, westeros


def _others(game: Game, house: str) -> str:
    return json.dumps([game.view(v) for v in [None, *game.state.houses] if v != house], sort_keys=True)


def test_orders_can_be_replaced_until_the_last_house_is_in_and_nobody_else_learns_of_it():
    g = Game.new(3, seed=4)
    d = decision(g, "stark", "orders")
    first = d.default
    g.submit("stark", d.id, first)
    again = next(x for x in g.open_decisions(submitted=True) if x.player == "stark")
    assert again.id == d.id and again.submitted and "stark" not in g.view(None)["waiting_for"]
    assert [x["submitted"] for x in g.view("stark")["private"]["decisions"]] == [True]
    others_before = _others(g, "stark")
    changed = dict(first)
    area = sorted(changed)[0]
    changed[area] = next(t for t in ("M0", "M-1", "Ra", "S0a") if t not in first.values())
    events = g.submit("stark", d.id, changed)
    assert events and all(e.audience.kind == "player" and e.audience.who == "stark" for e in events)
    assert _others(g, "stark") == others_before  # nothing about the change reaches anyone else
    with pytest.raises(AlreadySubmitted):
        g.submit("stark", d.id, changed)
    events = []
    for x in g.open_decisions():
        events += g.submit(x.player, x.id, x.default)
    revealed = public(events, "orders_revealed")[0].data["orders"]
    assert revealed[area] == ["stark", changed[area]]
    with pytest.raises(StaleDecision, match="expired"):
        g.submit("stark", d.id, first)


def test_a_bid_can_be_replaced_before_the_reveal():
    g = scenario(players=3)
    westeros(g, "supply", "clash-of-kings", "sea-of-storms", threat=0)
    d = decision(g, "stark", "bid")
    g.submit("stark", d.id, 3)
    others_before = _others(g, "stark")
    events = g.submit("stark", d.id, 1)
    assert [e.kind for e in events] == ["bid_recorded"] and events[0].data["bid"] == 1
    assert _others(g, "stark") == others_before
    with pytest.raises(AlreadySubmitted):
        g.submit("stark", d.id, 1)
    events = []
    for x in [x for x in g.open_decisions() if x.kind == "bid"]:
        events += g.submit(x.player, x.id, 0)
    assert public(events, "bids_revealed")[0].data["bids"]["stark"] == 1


def test_a_house_card_can_be_replaced_before_the_other_is_chosen():
    g = board()
    put(g, "winterfell", "stark", "footman")
    put(g, "castle-black", "lannister", "footman")
    march(g, "stark", "winterfell", {"castle-black": ["footman"]})
    while not any(x.kind == "house_card" for x in g.open_decisions()):
        x = g.open_decisions()[0]
        g.submit(x.player, x.id, x.default)
    d = decision(g, "stark", "house_card")
    answer(g, "stark", "eddard-stark", "house_card")
    others_before = _others(g, "stark")
    events = g.submit("stark", d.id, "the-blackfish")
    assert all(e.audience.who == "stark" for e in events)
    assert _others(g, "stark") == others_before
    events = answer(g, "lannister", "cersei-lannister", "house_card")
    played = {e.data["house"]: e.data["card"] for e in events if e.kind == "house_card_played"}
    assert played == {"stark": "the-blackfish", "lannister": "cersei-lannister"}
    assert "eddard-stark" in g.state.houses["stark"].hand


def test_a_change_of_mind_leaves_no_trace_in_the_public_event_numbers():
    """A change before the reveal moves no public ``seq``: the public feed of a game where Stark changed its
    orders twice is the same, number for number, as one where it answered once (docs/events.md)."""
    games = [Game.new(3, seed=9), Game.new(3, seed=9)]
    feeds: list[list[dict]] = [[], []]
    for i, g in enumerate(games):
        d = decision(g, "stark", "orders")
        feeds[i] += [e.to_dict() for e in g.submit("stark", d.id, d.default) if e.audience.kind == "public"]
        if i == 1:
            changed = dict(d.default)
            area = sorted(changed)[0]
            changed[area] = next(t for t in ("M0", "M-1", "Ra", "S0a") if t not in d.default.values())
            g.submit("stark", d.id, changed)
            g.submit("stark", d.id, d.default)
        for x in g.open_decisions():
            feeds[i] += [e.to_dict() for e in g.submit(x.player, x.id, x.default) if e.audience.kind == "public"]
    assert feeds[0] == feeds[1] and feeds[0]
    assert games[0].to_dict() == games[1].to_dict()
