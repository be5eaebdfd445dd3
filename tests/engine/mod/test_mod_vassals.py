"""Vassals (issue 18; facts section 8 items 21-23, rulings M8 and M14): claimed each Planning phase, the
commander decides everything for them, the shared vassal deck, no Power, no dominance token, cannot win."""

from __future__ import annotations

import pytest

from engine.agot import Game, Settings, world
from engine.agot.position import Position
from engine.agot.supply import update_supply
from engine.core import Audience, IllegalAnswer, NotYourDecision
from tests.engine.drive import drive

VASSALS = ("martell", "arryn", "targaryen")


def five() -> Game:
    return Game.new(5, seed=3, settings=Settings(setup="8", vassals=VASSALS))


def claim(game: Game, house: str, answer: str) -> None:
    d = next(d for d in game.open_decisions() if d.kind == "claim_vassal")
    assert d.player == house
    game.submit(house, d.id, answer)


def test_22_claim_vassals_in_iron_throne_order_last_takes_the_rest() -> None:  # M14
    g = five()
    players = [h for h in g.state.iron_throne if h not in VASSALS]
    assert players == ["baratheon", "lannister", "stark", "greyjoy", "tyrell"]
    d = g.open_decisions()
    assert [(x.player, x.kind) for x in d] == [("baratheon", "claim_vassal")]
    assert d[0].options == ["martell", "arryn", "targaryen", "pass"] and d[0].default == "pass"
    claim(g, "baratheon", "arryn")
    claim(g, "lannister", "pass")
    claim(g, "stark", "targaryen")
    claim(g, "greyjoy", "pass")
    # Tyrell, last in order, takes what is left without being asked
    assert g.state.mod["commanders"] == {"arryn": "baratheon", "targaryen": "stark", "martell": "tyrell"}
    assert all(d.kind == "orders" for d in g.open_decisions())


def test_22_a_vassal_claimed_out_of_turn_or_twice_is_refused() -> None:  # M14
    g = five()
    d = g.open_decisions()[0]
    before = g.to_dict()
    with pytest.raises(NotYourDecision):
        g.submit("lannister", d.id, "arryn")
    with pytest.raises(IllegalAnswer, match="unclaimed vassals"):
        g.submit("baratheon", d.id, "stark")
    assert g.to_dict() == before
    claim(g, "baratheon", "arryn")
    d = g.open_decisions()[0]
    with pytest.raises(IllegalAnswer):
        g.submit("lannister", d.id, "arryn")


def test_22_the_commander_places_the_vassals_orders() -> None:  # M8
    g = five()
    for house in ("baratheon", "lannister", "stark", "greyjoy"):
        claim(g, house, "pass")
    orders = {d.info.get("vassal"): d for d in g.open_decisions() if d.kind == "orders"}
    assert set(orders) == {None, *VASSALS}
    for vassal in VASSALS:
        d = orders[vassal]
        assert d.player == "tyrell" and d.prompt.startswith("For your vassal")
        with pytest.raises(NotYourDecision):
            g.submit(vassal, d.id, d.default)
    g.submit("tyrell", orders["arryn"].id, orders["arryn"].default)
    # the commander sees the vassal's face-down orders as its owner would; nobody else does
    placed = [a for a, st in g.view("tyrell")["areas"].items() if st.get("order", {}).get("house") == "arryn"]
    assert placed and all("token" in g.view("tyrell")["areas"][a]["order"] for a in placed)
    assert all("token" not in g.view("stark")["areas"][a]["order"] for a in placed)
    assert "tyrell" in g.view(None)["waiting_for"] and "arryn" not in g.view(None)["waiting_for"]
    assert any(w.get("vassal") == "martell" and w["house"] == "tyrell" for w in g.view(None)["waiting"])


def test_21_vassals_hold_no_power_and_use_the_shared_deck() -> None:  # M8, MP3
    g = five()
    s = g.state
    deck = [c["id"] for c in g.board.house_cards["vassal"]]
    assert all(s.houses[v].power == 0 and s.houses[v].hand == deck for v in VASSALS)
    drive(g, seed=5, decisions=1500)
    assert all(s.houses[v].power == 0 for v in VASSALS)
    hands = {tuple(s.houses[v].hand) for v in VASSALS}
    discards = {tuple(s.houses[v].discard) for v in VASSALS}
    assert len(hands) == 1 and len(discards) == 1  # one shared deck
    assert sorted(next(iter(hands)) + next(iter(discards))) == sorted(deck)


def test_23_vassals_never_hold_a_dominance_token() -> None:  # M8
    g = Game.new(6, seed=2, settings=Settings(setup="8", vassals=("baratheon", "greyjoy")))
    # Baratheon (a vassal) tops the Iron Throne track as printed, but then drops to the bottom (M8)
    dominance = g.view(None)["dominance"]
    assert "baratheon" not in dominance.values() and "greyjoy" not in dominance.values()
    g.state.iron_throne.remove("greyjoy")
    g.state.iron_throne.insert(0, "greyjoy")  # even on top later, a vassal hands the token to the first player
    assert g.view(None)["dominance"]["iron_throne"] == g.state.iron_throne[1]


def test_23_vassals_cannot_win_and_rank_after_every_player() -> None:  # M8, M9
    g = five()
    g.finish()
    assert g.state.ranking[-3:] == sorted(VASSALS, key=g.state.ranking.index)
    assert set(g.state.ranking[-3:]) == set(VASSALS) and g.state.winner not in VASSALS


def test_23_a_vassal_at_seven_castles_does_not_win() -> None:  # M8
    g = five()
    castles = [a for a, i in g.board.areas.items() if i.castle and not g.state.areas[a].units][:7]
    for area in castles:
        g.state.areas[area].neutral = 0
        g.state.areas[area].garrison = 0
        g.state.areas[area].power_token = "martell"
    g.castles_seen = None
    g.check_victory()
    assert g.state.winner is None


def test_21_vassal_private_events_reach_the_commander() -> None:  # M8, MP2
    g = five()
    for house in ("baratheon", "lannister", "stark", "greyjoy"):
        claim(g, house, "pass")
    g.emit("secret_for_vassal", "only the vassal's side may know", Audience.player("martell"))
    assert g.events[-1].audience == Audience.player("tyrell")


def test_mp6_a_vassal_short_of_orders_places_all_four_and_nobody_waits() -> None:  # MP6
    g = five()
    for house in ("baratheon", "lannister", "stark", "greyjoy"):
        claim(g, house, "pass")
    targaryen = next(d for d in g.open_decisions() if d.info.get("vassal") == "targaryen")
    assert targaryen.info["must_place"] == 4 < len(targaryen.info["areas"])
    assert len(g.open_decisions()) == 8  # everybody at once (A5 does not apply)


def test_mp4_a_vassal_starts_at_supply_4_then_follows_its_barrels() -> None:  # MP4
    g = five()
    s = g.state
    assert all(s.houses[v].supply == 4 for v in VASSALS)
    barrels = {v: world.supply_from_barrels(g.board, s, v) for v in VASSALS}
    assert barrels["martell"] != 4  # the printed 4 is not its barrels
    Position(g).run_effect(update_supply)
    assert {v: s.houses[v].supply for v in VASSALS} == barrels
