"""Ruling A26: during a combat the attackers stand in the embattled area; the board draws them there, beside the
defenders, from the view's ``attacking`` entry."""

from bot.render import build_layout
from bot.render.items import UnitGlyph
from engine.agot import Game


def test_a26_attackers_in_the_embattled_area_are_drawn_there():
    view = Game.new(4, seed=1).view(None)
    area = "kingswood"
    view["areas"][area]["attacking"] = {"house": "lannister", "units": [{"kind": "knight", "routed": False},
                                                                        {"kind": "footman", "routed": False}]}
    glyphs = [i for i in build_layout(view) if isinstance(i, UnitGlyph) and i.area == area]
    assert sorted((g.house, g.kind) for g in glyphs if g.house == "lannister") == [("lannister", "footman"),
                                                                                   ("lannister", "knight")]
    assert any(g.house == "baratheon" for g in glyphs)  # the defenders stay drawn too
