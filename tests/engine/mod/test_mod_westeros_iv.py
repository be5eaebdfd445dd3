"""Westeros deck IV (issue 18; facts section 8 items 7-9 and 15; rulings M6, M13)."""

from __future__ import annotations

import pytest

from engine.agot import Game, Settings
from engine.agot.position import Position
from engine.core import IllegalAnswer
from tests.engine.scenario import answer, clear, put, run_step


def eight(top: str, **power: int) -> Game:
    g = Game.new(8, seed=1)
    clear(g)
    deck = g.state.mod["deck_iv"]
    deck.remove(top)
    deck.insert(0, top)
    for house, value in power.items():
        g.state.houses[house].power = value
    return g


def test_7_deck_iv_follows_decks_one_to_three_each_westeros_phase() -> None:  # M6
    g = Game.new(8, seed=1)
    clear(g)
    Position(g).westeros(top=("last-days-of-summer", "last-days-of-summer", "feast-for-crows"))
    g.state.mod["deck_iv"].remove("word-spreads-quickly")
    g.state.mod["deck_iv"].insert(0, "word-spreads-quickly")
    events = Position(g).start("westeros")
    decks = [e.data["deck"] for e in events if e.kind == "westeros_card"]
    assert decks == ["I", "II", "III", "IV"]
    assert g.view(None)["mod"]["westeros_iv_revealed"] == "word-spreads-quickly"
    movers = []
    while g.open_decisions()[0].kind == "iv_move":  # Word Spreads Quickly: in Iron Throne order
        d = g.open_decisions()[0]
        movers.append(d.player)
        g.submit(d.player, d.id, d.default)
    assert movers == g.state.iron_throne
    assert g.state.mod["deck_iv"][-1] == "word-spreads-quickly"  # to the bottom once resolved
    assert "deck_iv" not in g.view("targaryen")["mod"] and g.view(None)["mod"]["westeros_iv_deck_size"] == 10


def test_8_printed_tokens_first_then_targaryen_may_pay_for_one_more() -> None:  # M6
    g = eight("empty-promises")
    events = run_step(g, "westeros_iv")
    assert g.state.mod["loyalty"] == {"kings-landing": 1, "the-stony-shore": 1}
    assert any(e.kind == "loyalty_placed" for e in events)
    d = next(d for d in g.open_decisions() if d.kind == "iv_area")
    assert d.player == "targaryen" and d.options == ["the-mountains-of-the-moon", "moat-cailin", None]
    assert d.default is None
    before = g.to_dict()
    with pytest.raises(IllegalAnswer):
        g.submit("targaryen", d.id, "winterfell")
    assert g.to_dict() == before
    g.submit("targaryen", d.id, "moat-cailin")
    assert g.state.mod["loyalty"]["moat-cailin"] == 1 and g.state.houses["targaryen"].power == 6


def test_8_no_question_without_the_power_to_pay() -> None:  # M6
    g = eight("southron-ambitions", targaryen=0)
    run_step(g, "westeros_iv")
    assert g.state.mod["loyalty"] == {"kings-landing": 1, "searoad-marches": 1, "dornish-marches": 1}
    assert not g.open_decisions()


def test_9_effect_skipped_when_targaryen_is_a_vassal() -> None:  # M6
    g = Game.new(7, seed=1, settings=Settings(setup="8"))
    assert g.vassals() == ("targaryen",)
    clear(g)
    deck = g.state.mod["deck_iv"]
    deck.remove("empty-promises")
    deck.insert(0, "empty-promises")
    run_step(g, "westeros_iv")
    assert g.state.mod["loyalty"] == {"kings-landing": 1, "the-stony-shore": 1}
    assert not g.open_decisions()


def test_10_deck_iv_never_puts_more_than_20_tokens() -> None:
    g = eight("the-long-plan")
    g.state.mod["loyalty"] = {"kings-landing": 19}
    run_step(g, "westeros_iv")
    assert sum(g.state.mod["loyalty"].values()) == 20 and g.state.mod["loyalty"].get("yronwood") is None


def test_8_watering_the_seed_costs_the_victory_position() -> None:
    g = eight("watering-the-seed")
    g.state.mod["loyalty_gained"] = 2
    run_step(g, "westeros_iv")
    d = next(d for d in g.open_decisions() if d.kind == "iv_area")
    assert d.info["cost"] == 2 and "winterfell" in (d.options or [])
    answer(g, "targaryen", "winterfell")
    d = next(d for d in g.open_decisions() if d.kind == "iv_area")
    assert None not in (d.options or []) and "winterfell" not in (d.options or [])  # a second, different area
    answer(g, "targaryen", "riverrun")
    assert g.state.houses["targaryen"].power == 5
    assert g.state.mod["loyalty"]["winterfell"] == 1 and g.state.mod["loyalty"]["riverrun"] == 1


def test_8_the_long_plan_another_player_places_two_tokens() -> None:  # MP8
    g = eight("the-long-plan")
    run_step(g, "westeros_iv")
    answer(g, "targaryen", "stark")
    d = next(d for d in g.open_decisions() if d.kind == "iv_area")
    assert d.player == "stark" and None not in (d.options or [])
    answer(g, "stark", "pentos")  # Targaryen controls Pentos: it gains that token at once (MP1)
    answer(g, "stark", "winterfell")
    assert g.state.mod["loyalty"]["winterfell"] == 1 and "pentos" not in g.state.mod["loyalty"]
    assert g.state.mod["loyalty_gained"] == 1 and g.state.houses["targaryen"].power == 6


def test_8_playing_with_fire_places_a_token_and_a_unit() -> None:
    g = eight("playing-with-fire")
    run_step(g, "westeros_iv")
    answer(g, "targaryen", "the-reach")
    answer(g, "targaryen", "lannister")
    answer(g, "lannister", "knight")
    assert [u.kind for u in g.state.areas["the-reach"].units] == ["knight"]
    assert g.state.mod["loyalty"]["the-reach"] == 1


def test_8_scattering_dissent_moves_with_targaryen_veto() -> None:
    g = eight("scattering-dissent")
    run_step(g, "westeros_iv")
    order = [d.player for d in g.open_decisions()]
    assert order == ["targaryen"]  # reverse Iron Throne order: Targaryen is last on the track, so first
    answer(g, "targaryen", None)
    answer(g, "arryn", {"from": "karhold", "to": "winterfell"})
    d = next(d for d in g.open_decisions() if d.kind == "iv_veto")
    assert d.player == "targaryen" and d.info["cost"] == 1
    answer(g, "targaryen", True)
    assert g.state.mod["loyalty"].get("winterfell") is None and g.state.houses["targaryen"].power == 6
    answer(g, "tyrell", {"from": "oldtown", "to": "three-towers"})
    answer(g, "targaryen", False)
    assert g.state.mod["loyalty"]["three-towers"] == 1 and "oldtown" not in g.state.mod["loyalty"]


def test_15_fire_made_flesh_sacrifice_raises_dragon_strength() -> None:  # M13
    g = eight("fire-made-flesh")
    put(g, "the-rhoyne", "targaryen", "dragon", "dragon")
    run_step(g, "westeros_iv")
    d = next(d for d in g.open_decisions() if d.kind == "fire_made_flesh")
    assert {"action": "sacrifice", "area": "the-rhoyne"} in (d.options or []) and d.default == {"action": "none"}
    answer(g, "targaryen", {"action": "sacrifice", "area": "the-rhoyne"})
    assert g.view(None)["mod"]["dragon_strength"] == 1 and len(g.state.areas["the-rhoyne"].units) == 1


def test_15_fire_made_flesh_brings_a_destroyed_dragon_home() -> None:  # M13
    g = eight("fire-made-flesh")
    put(g, "pentos", "targaryen", "footman")
    run_step(g, "westeros_iv")
    answer(g, "targaryen", {"action": "revive"})
    assert sorted(u.kind for u in g.state.areas["pentos"].units) == ["dragon", "footman"]
