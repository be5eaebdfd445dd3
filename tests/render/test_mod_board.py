"""Mother of Dragons on the board image, from engine views of 7- and 8-house games: the map chosen from the view,
Dragons, loyalty tokens, the Iron Bank's loan row, the Dragons' strength and the victory track with Targaryen's
loyalty count, sea and vassal orders, and hidden orders staying hidden. Fields the engine may not expose yet
(``loyalty``, ``iron_bank``, ``dragon_strength``, ``houses[h].loyalty``) are added to the views here: the renderer
reads them when present and draws without them."""

from __future__ import annotations

import copy
import io
import math

import pytest
from PIL import Image

from bot.render import Highlights, build_layout, panel_fields, render, render_changes, render_combat, render_panel
from bot.render import items as it
from bot.render.base import places
from bot.render.layout import order_text
from bot.render.panel import panel_items
from bot.render.places import IMPROVE_W
from bot.render.static import map_of, static, use_map
from engine.agot import Game, Settings
from engine.agot.agent import RandomAgent
from engine.simulate import play
from tests.render.overlap import collisions
from tests.render.scenarios import answer, at_planning, drive, submit_orders, with_mod_fields
from tests.render.test_random_games import collect


def texts(layout: list[it.Item]) -> list[str]:
    return [i.text for i in layout if isinstance(i, it.Text)]


def test_the_map_follows_the_game() -> None:
    for players, expected in ((6, "base"), (7, "7"), (8, "8")):
        view = Game.new(players, 1).view(None)
        assert map_of(view) == expected
        image = Image.open(io.BytesIO(render(view)))
        with use_map(expected):
            assert image.size == (static().width, static().height)
    assert Image.open(io.BytesIO(render(Game.new(8, 1).view(None)))).size == (1306, 3994)


def test_set_up_dragons_and_arryn_are_drawn() -> None:
    layout = build_layout(Game.new(8, 1).view(None))
    dragons = [g for g in layout if isinstance(g, it.UnitGlyph) and g.kind == "dragon"]
    assert {(g.area, g.house) for g in dragons} == {("norvos", "targaryen"), ("the-rhoyne", "targaryen")}
    assert sum(g.count for g in dragons) == 3
    arryn = [g for g in build_layout(Game.new(7, 1).view(None)) if isinstance(g, it.UnitGlyph) and g.house == "arryn"]
    assert arryn and {g.area for g in arryn} <= {"the-eyrie", "the-vale-of-arryn", "the-fingers", "the-narrow-sea",
                                                 "the-mountains-of-the-moon", "port-of-the-eyrie", "the-bite"}


def test_loyalty_tokens_loans_dragons_and_the_victory_track() -> None:
    view = with_mod_fields(Game.new(8, 1).view(None))
    layout = build_layout(view)
    tokens = {i.area: i.count for i in layout if isinstance(i, it.Loyalty)}
    assert tokens == {"kings-landing": 1, "the-reach": 2}
    shown = texts(layout)
    assert {"Iron Bank", "Spymaster", "empty", "Dragon strength", "Victory", "3/7 loyalty"} <= set(shown)
    assert "Full Host" in " ".join(shown)  # on one line or two
    assert "Loans made: supply Dragonstone; castles The Reach +1" in " ".join(shown)
    assert "Loyalty tokens on the board: 3" in shown
    marks = {i.area: (i.castle, i.power, i.supply) for i in layout if isinstance(i, it.Improvement)}
    assert marks == {"dragonstone": (0, 0, 1), "the-reach": (1, 0, 0)}  # the loans' marks on the map
    strength = [i for i in layout if isinstance(i, it.Text) and i.bold and i.text == "2" and i.anchor == "mm"]
    assert strength, "the Dragons' strength is marked on its track"
    assert collisions(layout, "8") == []
    panel = " ".join(i.text for i in panel_items(view)[0] if isinstance(i, it.Text))  # wrapped lines joined
    for expected in ("Iron Bank: 7 Power Spymaster · 4 Power empty · 1 Power Full Host", "Dragon strength 2",
                     "3/7 loyalty", "Loans: Customs Officer", "Loans made: supply Dragonstone",
                     "Loans made: castles The Reach +1", "Loans: Master-at-Arms"):
        assert expected in panel
    fields = "\n".join(f"{n}: {v}" for n, v in panel_fields(view))
    assert "Targaryen · 3/7 loyalty" in fields and "Iron Bank: 7 Power Spymaster" in fields
    assert render_panel(view)[:4] == b"\x89PNG"


def test_missing_mod_fields_still_draw() -> None:
    """Without the view's Mother of Dragons part: no loyalty token, 'no loan on offer', the round's printed
    dragon strength, Targaryen's victory points as its count."""
    view = Game.new(8, 1).view(None)
    view.pop("mod", None)
    assert map_of(view) == "8"
    layout = build_layout(view)
    assert not [i for i in layout if isinstance(i, it.Loyalty)]
    shown = texts(layout)
    assert "no loan on offer" in shown and "Dragon strength" in shown
    assert any(t.endswith("/7 loyalty") for t in shown)
    assert render(view)[:4] == b"\x89PNG"


def test_the_engine_s_own_mod_fields_are_drawn() -> None:
    """The 8-house set-up's loyalty token in King's Landing (engine view["mod"]), and vassals named as such."""
    layout = build_layout(Game.new(8, 1).view(None))
    assert {i.area: i.count for i in layout if isinstance(i, it.Loyalty)} == {"kings-landing": 1}
    assert "Loyalty tokens on the board: 1" in texts(layout) and "0/7 loyalty" in texts(layout)
    view = Game.new(5, 1, Settings(setup="8")).view(None)
    vassals = view["mod"]["vassals"]
    assert len(vassals) == 3
    titles = [n for n, _ in panel_fields(view)]
    for house in vassals:
        assert any(t.startswith(f"{view['houses'][house]['name']} (vassal") for t in titles), titles
    shown = texts(build_layout(view))
    assert sum("(vassal)" in t for t in shown) == 3


def test_sea_and_vassal_orders_read_on_their_tokens() -> None:
    with use_map("8"):
        data = static()
        assert order_text(data, "IB") == ("IB", False)
        assert order_text(data, "SM-1") == ("≈M-1", False)
        assert order_text(data, "SS0") == ("≈S0", False)
        assert order_text(data, "VRS+1") == ("RS+1", False)
        assert order_text(data, "VDM+1") == ("DM+1", False)
        assert order_text(data, "VD+3") == ("D+3", False)


def test_hidden_orders_stay_hidden_on_the_8_house_board() -> None:
    game, agent = at_planning(8, 4, 2)
    houses = sorted(game.state.houses)
    submit_orders(game, agent, houses[:4])
    public = [i for i in build_layout(game.view(None)) if isinstance(i, it.OrderMark)]
    assert public and all(m.face_down and m.text is None for m in public)
    for house in houses[:4] + houses[4:5]:
        for mark in (i for i in build_layout(game.view(house)) if isinstance(i, it.OrderMark)):
            assert (mark.text is not None) == (mark.house == house), (house, mark)


def test_random_7_and_8_house_games_render_without_overlap() -> None:
    """Whole random games (7 and 8 players, 5 players on the 8-house set-up with vassals): every sampled view,
    public and private, laid out without overlap with its panel and fields; every 10th drawn."""
    laid_out = 0
    for players, seed, setup in ((7, 31, ""), (8, 32, "8"), (8, 33, ""), (5, 34, "8")):
        for _, view in collect(players, seed, Settings(setup=setup)):
            map_id = map_of(view)
            assert map_id == ("7" if players == 7 else "8")
            assert collisions(build_layout(view, Highlights.from_view(view)), map_id) == [], (players, seed)
            panel_items(view)
            assert panel_fields(view)
            if laid_out % 10 == 0:
                assert render(view)[:4] == b"\x89PNG"
            laid_out += 1
    assert laid_out > 150


def test_8_house_images_stay_small_and_zoom_on_essos() -> None:
    from tests.render.test_golden import load_view

    view = load_view("mod8_revealed")
    data = render(view)
    assert len(data) < 1 << 20 and Image.open(io.BytesIO(data)).size == (1306, 3994)
    view["notes"] = {"combat": {"area": "pentos", "attacker": "baratheon", "defender": "targaryen",
                                "source": "bay-of-pentos", "units": ["knight"], "initial": {"baratheon": 2,
                                                                                            "targaryen": 4}}}
    combat = render_combat(view)
    assert combat is not None and Image.open(io.BytesIO(combat)).width == 900
    before = load_view("setup8")
    assert render_changes(before, view)[:4] == b"\x89PNG"


def test_a_commander_sees_the_orders_it_placed_for_its_vassal_and_nobody_else_does() -> None:
    """Ruling M8: the commander sees what the vassal's owner would. The view carries the token for the commander
    only; the layout shows it to the commander and draws it blank for anyone else, even if a view carried it."""
    view = Game.new(5, 1, Settings(setup="8")).view("stark")
    vassal = view["mod"]["vassals"][0]
    area = next(a for a, st in view["areas"].items() if st.get("house") == vassal)
    view["areas"][area]["order"] = {"house": vassal, "face_down": True, "token": "VM0"}
    view["mod"]["commanders"] = {vassal: "stark"}
    mark = next(i for i in build_layout(view) if isinstance(i, it.OrderMark) and i.area == area)
    assert mark.text == "M0" and mark.own_secret
    for commander, viewer in (("lannister", "stark"), ("stark", "lannister"), ("stark", None)):
        other = copy.deepcopy(view)
        other["viewer"] = viewer
        other["mod"]["commanders"] = {vassal: commander}
        mark = next(i for i in build_layout(other) if isinstance(i, it.OrderMark) and i.area == area)
        assert mark.text is None and not mark.own_secret, (commander, viewer)


def test_an_engine_commander_s_private_view_shows_its_vassal_s_orders() -> None:
    """Through the engine: a 5-player game on the 8-house set-up; after each house's orders (the commanders place
    the vassals'), each player's image shows its own and its vassals' face-down orders, nobody else's."""
    result = play(5, 3, Settings(setup="8"), until_round=3)
    assert result.game is not None
    game = result.game
    agent = RandomAgent(3)
    drive(game, agent, lambda ds: all(d.kind == "orders" for d in ds))
    seen = 0  # a vassal's order shown to its commander
    for decision in [d for d in game.open_decisions() if d.kind == "orders"]:
        answer(game, decision, agent)
        public = game.view(None)
        commanders = public["mod"]["commanders"]
        for house in sorted(h for h in game.state.houses if h not in public["mod"]["vassals"]):  # the players
            view = game.view(house)
            mine = {house} | {v for v, c in commanders.items() if c == house}
            for mark in (i for i in build_layout(view) if isinstance(i, it.OrderMark) and i.face_down):
                assert (mark.text is not None) == (mark.house in mine), (house, mark)
                seen += mark.text is not None and mark.house != house
        assert all(m.text is None for m in build_layout(public) if isinstance(m, it.OrderMark) and m.face_down)
    assert seen > 0


def test_loans_that_mark_the_board_are_drawn_beside_their_areas_names() -> None:
    """Loans that leave a lasting mark (a castle raised by Master-at-Arms, supply improvements of Savvy Steward and
    Loyal Maester), from the engine's own view: one mark per area, beside its name, inside the area where there is
    room and never over anything; none without an Iron Bank (the 7-house map, ruling M10)."""
    for seed, rnd, expected in ((4, 5, {"crackclaw-point": (1, 0, 0), "harrenhal": (1, 0, 0)}),
                                (5, 5, {"blackwater": (0, 0, 1), "karhold": (0, 0, 1), "the-vale-of-arryn": (0, 0, 1)}),
                                (14, 7, {"seagard": (-1, 1, 0)})):  # Pyromancer: lowered, then improved
        result = play(8, seed, until_round=rnd)
        assert result.game is not None
        view = result.game.view(None)
        layout = build_layout(view)
        marks = [i for i in layout if isinstance(i, it.Improvement)]
        assert {m.area: (m.castle, m.power, m.supply) for m in marks} == expected
        assert collisions(layout, "8") == []
        with use_map("8"):
            for m in marks:
                label = places()[m.area].label
                assert math.dist((m.x, m.y), (label.x, label.icons_y)) < 120, m  # beside the name
                parts = sum(map(bool, (m.castle, m.power, m.supply)))
                assert m.w == (IMPROVE_W if parts == 1 else pytest.approx(97, abs=3))  # two at full size
        image = Image.open(io.BytesIO(render(view)))
        assert image.size == (1306, 3994)
    view = Game.new(7, 1).view(None)
    view["mod"]["iron_bank"] = {"improvements": {"supply": {"riverrun": 1}}, "castles": {"harrenhal": 1}}
    assert not [i for i in build_layout(view) if isinstance(i, it.Improvement)]


def test_the_key_shows_the_loans_marks_on_the_8_house_map_only() -> None:
    from bot.render.legend import legend

    with use_map("8"):
        eight = legend()
    with use_map("7"):
        seven = legend()
    assert eight.height > seven.height  # Dragons, loyalty tokens, and four loan marks in two more rows


def test_the_header_names_who_the_game_waits_for_within_the_image() -> None:
    """Every house at once fits the header of both maps (the names, or their count when they would not fit)."""
    from bot.render.fonts import font
    from bot.render.header import header_items

    for players in (7, 8):
        view = Game.new(players, 1).view(None)
        view["waiting"] = [{"house": h} for h in sorted(view["houses"]) * 2]  # longer than any real list
        line = next(i for i in header_items(view) if isinstance(i, it.Text) and i.text.startswith("Public board"))
        with use_map(map_of(view)):
            assert line.text == f"Public board · waiting for {players * 2} houses"
            assert font(line.size).getlength(line.text) <= static().width - 32
        view["waiting"] = [{"house": h} for h in sorted(view["houses"])]
        line = next(i for i in header_items(view) if isinstance(i, it.Text) and i.text.startswith("Public board"))
        assert "Targaryen" in line.text if players == 8 else "Arryn" in line.text


def test_westeros_cards_are_named_as_printed_in_the_panel_and_fields() -> None:
    """The round's Westeros cards and the last deck IV card by their names (data), not their ids."""
    view = Game.new(8, 1).view(None)
    view["westeros_revealed"] = ["a-throne-of-blades", "clash-of-kings", {"type": "sea-of-storms"}]
    view["mod"]["westeros_iv_revealed"] = "southron-ambitions"
    panel = " ".join(i.text for i in panel_items(view)[0] if isinstance(i, it.Text))
    assert "Westeros: A Throne of Blades · Clash of Kings · Sea of Storms" in panel
    assert "Westeros IV: Southron Ambitions" in panel
    fields = dict(panel_fields(view))
    assert fields["Westeros"] == "A Throne of Blades · Clash of Kings · Sea of Storms"
