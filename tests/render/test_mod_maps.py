"""The Mother of Dragons maps' drawing data (data/mod/map_render7.json, map_render8.json, written by
tools/convert_mod_facts.py): outlines chained from the borders, slots inside their areas, and a fully loaded board
of either map with nothing overlapping (the base map's overlap test, tests/render/test_overlap.py)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.render import build_layout
from bot.render import items as it
from bot.render.base import places
from bot.render.placement import area_mask, capacity
from bot.render.static import ESSOS, MAPS, map_of, static, use_map
from tests.render.overlap import collisions

ROOT = Path(__file__).resolve().parents[2]
MOD = {"7": ROOT / "data" / "mod" / "map_render7.json", "8": ROOT / "data" / "mod" / "map_render8.json"}
SIZES = {"7": (741, 1378), "8": (1204, 1378)}
NEW_AREAS = {"7": {"the-bite", "the-vale-of-arryn", "port-of-the-eyrie"},
             "8": {"the-bite", "the-vale-of-arryn", "port-of-the-eyrie"} | ESSOS}
MAX_GAP = 50.0  # data units: the facts lack a few short coast pieces (The Eyrie, The Mountains of the Moon)
NEAR = 16  # data units: how far outside its area a slot's centre may lie (ports' orders sit in the sea)
SLACK = 80  # pixels: the base map puts the ships of Port of Pyke 60 px off the port
ARMY = {"land": ["knight", "footman", "siege_engine", "footman"], "sea": ["ship"] * 4, "port": ["ship"] * 3}


def _load(map_id: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(MOD[map_id].read_text(encoding="utf-8"))
    return data


def _ring_area(ring: list[list[float]]) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]))) / 2


def _mask(area: dict[str, Any], size: tuple[int, int]) -> Image.Image:
    img = Image.new("1", size, 0)
    for ring in area["outline"]:
        layer = Image.new("1", size, 0)
        ImageDraw.Draw(layer).polygon([(x, y) for x, y in ring], fill=1)
        img = ImageChops.logical_xor(img, layer)
    return img


@pytest.mark.parametrize("map_id", ["7", "8"])
def test_every_area_has_a_closed_outline_from_its_borders(map_id: str) -> None:
    data = _load(map_id)
    assert (data["width"], data["height"]) == SIZES[map_id]
    assert NEW_AREAS[map_id] <= set(data["areas"])
    assert len(data["areas"]) == {"7": 61, "8": 75}[map_id]
    for area, g in data["areas"].items():
        assert g["outline"] and all(len(r) >= 3 and _ring_area(r) > 50 for r in g["outline"]), area
        mine = [b["points"] for b in data["borders"] if area in (b["from"], b["to"])]
        on_borders = {(round(x, 3), round(y, 3)) for line in mine for x, y in line}
        points = [(x, y) for r in g["outline"] for x, y in r]
        assert set(points) <= on_borders, f"{area}: its outline is made of its borders' points"
        for line in mine:  # every border is on it (a joint point closer than 6 to the previous one may merge)
            assert all(min(math.dist(end, p) for p in points) < 6 for end in (line[0], line[-1])), area
        for ring in g["outline"]:  # closed: the last point comes back near the first
            assert math.dist(ring[-1], ring[0]) <= MAX_GAP, area
    islands = {a for a, g in data["areas"].items() if len(g["outline"]) > 1}
    assert islands == {"ironmans-bay", "shipbreaker-bay"}  # Pyke and Dragonstone with their ports


@pytest.mark.parametrize("map_id", ["7", "8"])
def test_outlines_tile_the_map(map_id: str) -> None:
    """Areas overlap only along their shared borders, and cover the map but for rivers (and, on the 8-house map,
    the Iron Bank's box)."""
    data = _load(map_id)
    size = SIZES[map_id]
    count = Image.new("L", size, 0)
    for g in data["areas"].values():
        count = ImageChops.add(count, _mask(g, size).convert("L").point(lambda v: 1 if v else 0))
    hist = count.histogram()
    total = size[0] * size[1]
    assert sum(hist[2:]) / total < 0.015
    if "iron_bank" in data:  # the corner under the Iron Bank's box and loan row is no area's
        corner = count.crop((786, 164, size[0], 372)).histogram()[0]
        assert corner > 0.95 * (size[0] - 786) * (372 - 164)
        hist[0] -= corner
    assert hist[0] / total < 0.01


@pytest.mark.parametrize("map_id", ["7", "8"])
def test_slots_lie_in_their_areas(map_id: str) -> None:
    """Label, unit, order and Power-token slots are inside their area; a port's order token beside it, in the
    sea, and a few labels on the coast, stay within NEAR."""
    data = _load(map_id)
    size = SIZES[map_id]
    outside = []
    for area, g in data["areas"].items():
        mask = _mask(g, size)
        for key in ("label", "units", "order", "power_token"):
            x, y = int(g[key][0]), int(g[key][1])
            near = next((r for r in range(NEAR + 1)
                         if mask.crop((x - r, y - r, x + r + 1, y + r + 1)).getbbox()), None)
            assert near is not None, f"{area} {key} is far from its area"
            if near > 0:
                outside.append((area, key))
    assert all(key == "order" and a.startswith("port-of-") or a in ("seagard", "sunspear")
               for a, key in outside), outside


@pytest.mark.parametrize("map_id", ["7", "8"])
def test_placed_slots_touch_their_areas(map_id: str) -> None:
    """Every placed name, order, army, Power, loyalty and home block overlaps its own area, or lies within SLACK
    pixels of it (the placement's last resort where an area is too small, as on the base map). The stored slot of a
    loan's mark is exempt: a mark goes to the free spot nearest its area's name at render time, and to its stored
    slot only when a board is too full for any (test_mod_board)."""
    with use_map(map_id):
        data = static()
        for area, p in places().items():
            geo = data.areas[area]
            mask = area_mask(geo)
            x0, y0 = geo.bbox[0], geo.bbox[1]
            rects = [p.label.rect, p.armies[0].rect]
            for centre in (p.order, p.power, p.loyalty, p.home):
                if centre:
                    rects.append((centre[0] - 8, centre[1] - 8, centre[0] + 8, centre[1] + 8))
            for r in rects:
                crop = mask.crop((round(r[0] - x0) - SLACK, round(r[1] - y0) - SLACK, round(r[2] - x0) + SLACK,
                                  round(r[3] - y0) + SLACK))
                assert crop.getbbox() is not None, f"{area}: {r}"


def loaded_board(map_id: str) -> dict[str, Any]:
    """Every area of the map holding the most it can show (as tests/render/test_overlap.py), and on every land area
    of the 8-house map two loyalty tokens and a loan's mark (a castle lowered, a power and a supply improvement)."""
    with use_map(map_id):
        view: dict[str, Any] = {"map": map_id, "areas": {}}
        for area, geo in static().areas.items():
            kinds = ARMY[geo.kind][: capacity(geo)]
            st: dict[str, Any] = {"house": "arryn", "controller": "arryn", "order": {"house": "arryn", "token": "M+1*"},
                                  "units": [{"kind": k, "routed": k == "footman"} for k in kinds]}
            if geo.kind == "land":
                st["power_token"] = "targaryen"
                st["loyalty"] = 2
                if geo.home:
                    st["garrison"] = 2
            view["areas"][area] = st
        lands = sorted(a for a, g in static().areas.items() if g.kind == "land")
        view["mod"] = {"iron_bank": {"castles": {a: -1 for a in lands}, "improvements": {
            "power": {a: 1 for a in lands}, "supply": {a: 2 for a in lands}}}}
    return view


@pytest.mark.parametrize("map_id", ["7", "8"])
def test_a_fully_loaded_mod_board_has_no_overlap(map_id: str) -> None:
    view = loaded_board(map_id)
    assert map_of(view) == map_id and map_of({"areas": view["areas"]}) == map_id
    layout = build_layout(view)
    assert collisions(layout, map_id) == []
    marks = [i for i in layout if isinstance(i, it.Improvement)]
    assert len(marks) == (46 if map_id == "8" else 0)
    for st in view["areas"].values():
        if st["units"][0]["kind"] != "ship":
            st.pop("units"), st.pop("house")
            st["neutral"] = 5
    assert collisions(build_layout(view), map_id) == []


@pytest.mark.parametrize("map_id", ["7", "8"])
def test_attackers_in_any_embattled_mod_area_overlap_nothing(map_id: str) -> None:
    with use_map(map_id):
        areas = dict(static().areas)
    for area, geo in areas.items():
        if geo.kind == "port":
            continue
        view = loaded_board(map_id)
        st = view["areas"][area]
        kind = "ship" if geo.kind == "sea" else "knight"
        st["units"] = st["units"] + [{"kind": kind, "routed": False, "house": "targaryen"}] * 4
        view["notes"] = {"combat": {"area": area, "attacker": "targaryen", "defender": "arryn"}}
        assert collisions(build_layout(view), map_id) == [], f"combat in {area}"


def test_every_map_is_known() -> None:
    assert set(MAPS) == {"base", "7", "8"}
    assert map_of({}) == "base" and map_of({"map": "8"}) == "8" and map_of({"map": "nonsense"}) == "base"
