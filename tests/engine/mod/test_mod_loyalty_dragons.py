"""Loyalty tokens, Targaryen's victory and Dragons (issue 18; facts section 8 items 2, 10-14; rulings M3, M7,
M12, M13, MP1)."""

from __future__ import annotations

import pytest

from engine.agot import Game
from engine.agot.mod import loyalty
from engine.agot.mod.dragons import box_next_token, dragon_strength
from engine.agot.position import Position
from engine.core import Event, IllegalAnswer
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
    box_next_token(g.board, g.state)  # Fire Made Flesh moved the round 4 token early (M13)
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
    assert g.state.areas["pentos"].garrison == 0  # not while Lannister holds it
    g.state.areas["pentos"].units = []
    g.state.areas["pentos"].house = None  # left empty: Targaryen's home is Targaryen's again
    g.check_victory()
    assert g.state.areas["pentos"].garrison == 2


def strength_in_round(pos: Position, number: int) -> int:
    """The Dragons' strength once ``number``'s Westeros phase has begun (the round marker moved by the game)."""
    pos.round(number).start("westeros")
    assert pos.game.state.round == number
    return int(pos.game.view(None)["mod"]["dragon_strength"])


def fire_made_flesh_next(pos: Position) -> Position:
    """Fire Made Flesh on top of deck IV, with cards that ask nothing on decks I-III."""
    return pos.wildlings(threat=0).westeros(top=("last-days-of-summer", "last-days-of-summer", "feast-for-crows",
                                                 "fire-made-flesh"))


def test_13_mp14_a_token_fire_made_flesh_moved_counts_once() -> None:  # M7, M13, MP14
    pos = Position.new(players=8, seed=1).clear()
    pos.put("the-rhoyne", "targaryen", "dragon", "dragon")
    strengths = [int(pos.round(1).game.view(None)["mod"]["dragon_strength"])]  # round 1: no Westeros phase
    strengths.append(strength_in_round(pos, 2))
    strength_in_round(fire_made_flesh_next(pos), 3)
    g = pos.game
    d = next(d for d in g.open_decisions() if d.kind == "fire_made_flesh")
    answer(g, "targaryen", {"action": "sacrifice", "area": "the-rhoyne"})
    strengths.append(int(g.view(None)["mod"]["dragon_strength"]))
    strengths += [strength_in_round(pos, r) for r in range(4, 11)]
    # the round 4 token went into the box in round 3: rounds 2, 6, 8 and 10 still raise the strength
    assert strengths == [0, 1, 2, 2, 2, 3, 3, 4, 4, 5]
    assert d.player == "targaryen" and g.view(None)["mod"]["dragon_box"] == 1


def test_15_mp14_fire_made_flesh_moves_the_next_token_still_on_the_track() -> None:  # M13, MP14
    pos = Position.new(players=8, seed=1).clear()
    pos.put("the-rhoyne", "targaryen", "dragon", "dragon").put("norvos", "targaryen", "dragon")
    for sacrificed in ("the-rhoyne", "norvos"):  # in round 3 (the round 4 token), then in round 5 (round 6's)
        strength_in_round(fire_made_flesh_next(pos), 3 if sacrificed == "the-rhoyne" else 5)
        answer(pos.game, "targaryen", {"action": "sacrifice", "area": sacrificed})
    assert [strength_in_round(pos, r) for r in (5, 6, 7, 8, 9, 10)] == [3, 3, 3, 4, 4, 5]
    assert pos.game.view(None)["mod"]["dragon_box"] == 2


def play_out(g: Game) -> list[Event]:
    """Answer every open question with its default until the game waits for nobody; returns the events."""
    events: list[Event] = []
    while g.open_decisions():
        d = g.open_decisions()[0]
        events += g.submit(d.player, d.id, d.default)
    return events


def retake_pentos(pos: Position) -> list[Event]:
    """Targaryen marches two Knights from Norvos into Pentos, held by one Lannister Knight, and wins."""
    pos.put("norvos", "targaryen", "knight", "knight", order="M0")
    pos.house("targaryen", hand=["khal-drogo"]).house("lannister", hand=["cersei-lannister"])
    pos.run("marches")
    events = answer(pos.game, "targaryen", {"from": "norvos", "moves": {"pentos": ["knight", "knight"]}})
    return events + play_out(pos.game)


def test_2_mp7_pentos_garrison_returns_on_the_retake_in_a_played_game() -> None:  # M13, MP7
    pos = Position.new(players=8, seed=1).clear()
    pos.put("pentos", "targaryen", "footman").put("myr", "lannister", "knight", order="M0")
    pos.house("targaryen", hand=["illyrio-mopatis"]).house("lannister", hand=["tywin-lannister"])
    pos.run("marches")
    answer(pos.game, "lannister", {"from": "myr", "moves": {"pentos": ["knight"]}})
    play_out(pos.game)
    s = pos.game.state
    assert (s.areas["pentos"].house, s.areas["pentos"].garrison) == ("lannister", 0)  # lost with the combat
    events = retake_pentos(pos)
    assert (s.areas["pentos"].house, s.areas["pentos"].garrison) == ("targaryen", 2)
    assert [e.data["area"] for e in events if e.kind == "garrison_regained"] == ["pentos"]


def test_2_mp7_pentos_garrison_lost_before_a_built_position_returns_on_the_retake() -> None:  # M13, MP7
    pos = Position.new(players=8, seed=1).clear()
    pos.garrison("pentos", 0).put("pentos", "lannister", "knight")  # taken before the position begins
    events = retake_pentos(pos)
    s = pos.game.state
    assert (s.areas["pentos"].house, s.areas["pentos"].garrison) == ("targaryen", 2)
    assert [e.data["area"] for e in events if e.kind == "garrison_regained"] == ["pentos"]
