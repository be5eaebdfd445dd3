"""Loyalty tokens, Targaryen's victory and Dragons (issue 18; facts section 8 items 2, 10-14; rulings M3, M7,
M12, M13, MP1)."""

from __future__ import annotations

import pytest

from engine.agot import Game
from engine.agot.mod import loyalty
from engine.agot.mod.dragons import dragon_strength
from engine.core import IllegalAnswer
from tests.engine.scenario import answer, clear, put, start


def eight() -> Game:
    g = Game.new(8, seed=1)
    clear(g)
    return g


def test_10_at_most_20_loyalty_tokens_on_the_board() -> None:
    g = eight()
    g.state.mod["loyalty"] = {"riverrun": 19}
    placed = loyalty.place(g, ["seagard", "harrenhal", "the-reach"], "test")
    assert placed == ["seagard"] and loyalty.on_board(g) == 20
    assert g.view(None)["mod"]["loyalty_on_board"] == 20


def test_11_targaryen_gains_the_tokens_of_an_area_it_marches_into() -> None:  # M3, MP1
    g = eight()
    g.state.mod["loyalty"] = {"myr": 2, "kings-landing": 1}
    put(g, "pentos", "targaryen", "footman", order="M0")
    start(g, "marches")
    events = answer(g, "targaryen", {"from": "pentos", "moves": {"myr": ["footman"]}})
    assert g.state.mod["loyalty"] == {"kings-landing": 1}
    assert g.state.mod["loyalty_gained"] == 2
    assert any(e.kind == "loyalty_gained" and e.data["areas"] == ["myr"] for e in events)
    assert g.view("stark")["mod"]["loyalty_gained"] == 2


def test_12_seven_loyalty_tokens_win_at_once() -> None:  # M3
    g = eight()
    g.state.mod["loyalty"] = {"myr": 2}
    g.state.mod["loyalty_gained"] = 5
    put(g, "pentos", "targaryen", "footman", order="M0")
    start(g, "marches")
    answer(g, "targaryen", {"from": "pentos", "moves": {"myr": ["footman"]}})
    assert g.state.winner == "targaryen" and g.state.ranking[0] == "targaryen"


def test_12_targaryen_does_not_win_by_castles() -> None:  # M3
    g = eight()
    castles = [a for a, i in g.board.areas.items() if i.castle and not g.state.areas[a].neutral][:8]
    for area in castles:
        g.state.areas[area].garrison = 0
        g.state.areas[area].power_token = "targaryen"
    g.castles_seen = None
    g.check_victory()
    assert g.state.winner is None


def test_25_ranking_after_round_10_counts_targaryen_loyalty() -> None:  # M9
    g = eight()
    g.state.mod["loyalty_gained"] = 6
    put(g, "winterfell", "stark", "footman")
    g.finish()
    assert g.state.ranking[0] == "targaryen"


def test_13_dragon_strength_by_round() -> None:  # M7
    g = eight()
    strengths = []
    for r in range(1, 11):
        g.state.round = r
        strengths.append(dragon_strength(g.board, g.state))
    assert strengths == [0, 1, 1, 2, 2, 3, 3, 4, 4, 5] == g.board.mod["dragon_strength_by_round"]
    g.state.round = 3
    g.state.mod["dragon_box"] = 1  # Fire Made Flesh moved a token early (M13)
    assert dragon_strength(g.board, g.state) == 2
    g.state.round = 10
    assert dragon_strength(g.board, g.state) == 5  # never above 5


def test_14_dragons_alone_fly_to_any_land_area() -> None:  # M7, M12
    g = eight()
    put(g, "the-rhoyne", "targaryen", "dragon", "dragon", order="M0")
    start(g, "marches")
    d = next(d for d in g.open_decisions() if d.kind == "march")
    assert "winterfell" in d.info["orders"]["the-rhoyne"]["flight_destinations"]
    answer(g, "targaryen", {"from": "the-rhoyne", "moves": {"the-reach": ["dragon", "dragon"]}})
    assert [u.kind for u in g.state.areas["the-reach"].units] == ["dragon", "dragon"]


def test_14_a_dragon_with_other_units_walks() -> None:  # M12
    g = eight()
    put(g, "the-rhoyne", "targaryen", "dragon", "footman", order="M0")
    start(g, "marches")
    before = g.to_dict()
    with pytest.raises(IllegalAnswer, match="Only Dragons moving without other units fly"):
        answer(g, "targaryen", {"from": "the-rhoyne", "moves": {"winterfell": ["dragon", "footman"]}})
    assert g.to_dict() == before
    answer(g, "targaryen", {"from": "the-rhoyne", "moves": {"volantis": ["dragon", "footman"]}})
    assert sorted(u.kind for u in g.state.areas["volantis"].units) == ["dragon", "footman"]


def test_13_dragons_fight_at_the_round_strength() -> None:  # M7
    g = eight()
    g.state.round = 4
    put(g, "the-rhoyne", "targaryen", "dragon", order="M0")
    put(g, "volantis", "martell", "footman")
    start(g, "marches")
    answer(g, "targaryen", {"from": "the-rhoyne", "moves": {"volantis": ["dragon"]}})
    combat = g.state.notes["combat"]
    assert combat["attacker"] == "targaryen"
    from engine.agot.battle import Combat

    c = Combat(g, g.state.stack[-1])
    assert c.unit_value("targaryen", "dragon", False, "attacker") == 2


def test_13_dragons_cannot_be_mustered() -> None:  # M7
    g = eight()
    put(g, "pentos", "targaryen", "footman")
    start(g, "mustering", houses=["targaryen"], areas=None, source="westeros")
    d = next(d for d in g.open_decisions() if d.kind == "muster")
    assert "dragon" not in d.info["costs"]
    with pytest.raises(IllegalAnswer, match="Dragons cannot be mustered"):
        answer(g, "targaryen", [{"area": "pentos", "unit": "dragon"}])


def test_2_pentos_garrison_returns_when_targaryen_retakes_it() -> None:  # M13, MP7
    g = eight()
    g.state.areas["pentos"].garrison = 0
    put(g, "pentos", "lannister", "footman")
    g.check_victory()
    assert g.state.mod["garrisons_lost"] == ["pentos"]
    g.state.areas["pentos"].units = []
    g.state.areas["pentos"].house = None
    g.check_victory()
    assert g.state.areas["pentos"].garrison == 2 and g.state.mod["garrisons_lost"] == []
