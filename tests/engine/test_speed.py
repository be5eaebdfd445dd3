"""The shortcuts taken for speed keep the results: Game.copy, the view's one pass, the victory check."""

import json

from engine.agot import Game, world
from engine.simulate import play
from tests.engine.combat_kit import board, fight, put
from tests.engine.drive import drive


def test_copy_shares_the_board_only_and_continues_identically():
    g = drive(Game.new(6, seed=5), seed=2, decisions=150)
    c = g.copy()
    assert c.board is g.board and c.state is not g.state and c.to_dict() == g.to_dict()
    drive(c, seed=9, decisions=50)
    assert c.to_dict() != g.to_dict()  # independent
    drive(g, seed=9, decisions=50)
    assert json.dumps(c.to_dict()) == json.dumps(g.to_dict())


def test_the_view_counts_agree_with_the_world_functions():
    for seed in (1, 2, 3):
        g = play(6, seed, until_round=4).game
        b, s = g.board, g.state
        v = g.view(None)
        for h in s.houses:
            assert v["houses"][h]["victory_points"] == world.victory_points(b, s, h)
            assert v["houses"][h]["power_on_board"] == world.power_on_board(s, h)
            assert v["houses"][h]["reserve"] == {k: world.pool(b, s, h, k) for k in b.tables["unit_limits"]}
        assert {a: e["controller"] for a, e in v["areas"].items()} == {a: world.controller(b, s, a) for a in s.areas}


def test_a_seventh_castle_taken_in_combat_still_ends_the_game_at_once():
    g = board()
    castles = [a for a in g.board.castle_areas if g.board.areas[a].kind == "land" and a != "harrenhal"
               and a != "stoney-sept" and g.state.areas[a].garrison == 0 and not g.state.areas[a].neutral][:6]
    for area in castles:
        g.state.areas[area].power_token = "lannister"
    put(g, "stoney-sept", "lannister", "knight", "knight")
    put(g, "harrenhal", "stark", "footman")
    while world.victory_points(g.board, g.state, "lannister") > 6:
        g.state.areas[castles.pop()].power_token = None
    g.check_victory()
    assert not g.over and world.victory_points(g.board, g.state, "lannister") == 6
    fight(g, "lannister", "stoney-sept", {"harrenhal": ["knight", "knight"]},
          cards={"lannister": "tywin-lannister", "stark": "catelyn-stark"})
    assert g.over and g.state.winner == "lannister"


def test_the_view_counts_attackers_standing_in_a_combat_and_does_not_need_the_areas_in_order():
    from tests.engine.combat_kit import in_combat, march

    g = board()
    put(g, "winterfell", "stark", "footman", "knight")
    put(g, "castle-black", "lannister", "footman")
    march(g, "stark", "winterfell", {"castle-black": ["footman", "knight"]})
    assert in_combat(g)
    b, s = g.board, g.state
    v = g.view("stark")
    assert v["areas"]["castle-black"]["attacking"]["house"] == "stark"
    assert v["houses"]["stark"]["reserve"] == world.reserve(b, s, "stark")
    s.areas = dict(reversed(s.areas.items()))  # not settled: the view still walks the board's order
    assert json.dumps(g.view("stark")) == json.dumps(v)
