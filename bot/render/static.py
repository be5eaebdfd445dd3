"""The static data the renderer draws with, read once per map from the repository's data/ files.

Three maps: the base board (3-6 houses, ``data/map_render.json`` with ``data/board.json``), and the Mother of
Dragons boards for 7 houses (``data/mod/map_render7.json`` with ``data/mod/board7.json``) and 8 houses
(``map_render8.json`` with ``board8.json``: Westeros with Essos), converted by ``tools/convert_mod_facts.py``.
Which one a render uses follows its view (``map_of``): every entry point that takes a view runs under ``use_map``
(``for_view``), and ``static()`` answers for the map in use (a context variable, so threads and tasks never see
each other's). Everything is immutable after loading (frozen dataclasses, tuples, read-only mappings), so
render threads share it freely. Coordinates are already in output pixels of the board image (``style.SCALE``,
under the ``style.MAP_TOP`` header).

The 8-house map is drawn in two panels, so that it stays about as wide as the base map and reads at Discord's
550 px preview: Westeros on top (cut at the east edge of its own seas) and Essos under its east half, with the Iron
Bank's loan row, the dragons and the loyalty count in the box beside Essos.
"""

from __future__ import annotations

import contextlib
import functools
import json
import threading
from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Concatenate, ParamSpec, TypeVar

from PIL import ImageColor

from bot.render import style

DATA_DIR = Path(__file__).resolve().parents[2] / "data"

Point = tuple[float, float]
Rect = tuple[float, float, float, float]


@dataclass(frozen=True)
class Slot:
    """A rectangle given by its centre and size, in output pixels."""

    cx: float
    cy: float
    w: float
    h: float


@dataclass(frozen=True)
class AreaGeo:
    id: str
    name: str
    kind: str  # land, sea or port
    castle: int  # 0 none, 1 castle, 2 stronghold
    supply: int  # barrels
    power: int  # crowns
    home: str | None
    port_land: str | None
    adjacent: tuple[str, ...]
    label: Point
    units: Slot
    order: Slot
    power_token: Slot
    rings: tuple[tuple[Point, ...], ...]
    bbox: tuple[int, int, int, int]  # x0, y0, x1, y1 (exclusive) covering every ring


@dataclass(frozen=True)
class Border:
    a: str
    b: str | None  # None: a river bank (land) or the map's edge (sea)
    points: tuple[Point, ...]


@dataclass(frozen=True)
class OrderToken:
    id: str
    type: str  # march, defense, support, raid, consolidate_power
    modifier: int
    special: bool
    sea: bool = False  # a sea order (Mother of Dragons)


@dataclass(frozen=True)
class Card:
    id: str
    house: str
    name: str
    strength: int


@dataclass(frozen=True)
class StaticData:
    map_id: str  # "base", "7" or "8"
    width: int  # the board image in pixels, header strip included
    height: int
    areas: MappingProxyType[str, AreaGeo]
    borders: tuple[Border, ...]
    house_names: MappingProxyType[str, str]
    house_colours: MappingProxyType[str, style.RGB]
    house_order: tuple[str, ...]
    order_tokens: MappingProxyType[str, OrderToken]
    cards: MappingProxyType[str, Card]
    supply_track: tuple[tuple[int, ...], ...]
    wildling_max: int
    wildling_step: int
    max_rounds: int
    frames: tuple[Rect, ...] = ()  # where the map's panels lie (the rest is the dark background)
    captions: tuple[tuple[str, Rect], ...] = ()  # panel titles drawn on the bare map (text: lines, box)
    info: Rect | None = None  # the box for the Iron Bank, the dragons and the loyalty count (8 houses)
    loyalty: bool = False  # land areas get a slot for loyalty tokens (8 houses)
    bank: bool = False  # the Iron Bank plays (8 houses, ruling M10): land areas get a slot for the loans' marks
    loan_names: MappingProxyType[str, str] = field(default_factory=lambda: MappingProxyType({}))  # loan id -> name
    westeros_names: MappingProxyType[str, str] = field(default_factory=lambda: MappingProxyType({}))  # card -> name
    loan_costs: tuple[int, ...] = ()  # Power per loan slot, newest first
    dragon_strength: tuple[int, ...] = ()  # by round, from round 1
    loyalty_to_win: int = 0


@dataclass(frozen=True)
class Panel:
    """Where a group of areas goes on the board image: data coordinates with ``x <= clip_x`` kept (None: all),
    moved by ``offset`` (data units)."""

    areas: frozenset[str] | None  # None: every area no other panel takes
    clip_x: float | None
    offset: Point


@dataclass(frozen=True)
class MapSpec:
    render: str  # under data/
    board: str  # the rules board giving the area facts and houses
    size: Point  # the drawn part, in data units
    panels: tuple[Panel, ...] = (Panel(None, None, (0.0, 0.0)),)
    frames: tuple[Rect, ...] = ()  # in data units; () is the whole map
    captions: tuple[tuple[str, Rect], ...] = ()  # in data units
    info: Rect | None = None  # in data units


ESSOS = frozenset({"bay-of-pentos", "braavos", "braavosian-coastlands", "myr", "norvos", "pentos", "port-of-braavos",
                   "port-of-pentos", "port-of-volantis", "sea-of-myrth", "the-disputed-lands", "the-orange-shore",
                   "the-rhoyne", "volantis"})
WEST_EDGE = 816.0  # 8 houses: Westeros' own seas end here (data units); the rest of The Shivering Sea is cut off
ESSOS_BOX = (731.0, 364.0, 1204.0, 1378.0)  # Essos' extent in the 8-house map's data
ESSOS_GAP = 44.0  # the strip between the panels, with Essos' title
ESSOS_TOP = 1378.0 + ESSOS_GAP
ESSOS_LEFT = WEST_EDGE - (ESSOS_BOX[2] - ESSOS_BOX[0])
MAPS: dict[str, MapSpec] = {
    "base": MapSpec("map_render.json", "board.json", (741.0, 1378.0)),
    "7": MapSpec("mod/map_render7.json", "mod/board7.json", (741.0, 1378.0)),
    "8": MapSpec(
        "mod/map_render8.json", "mod/board8.json", (WEST_EDGE, ESSOS_TOP + ESSOS_BOX[3] - ESSOS_BOX[1]),
        panels=(Panel(ESSOS, None, (ESSOS_LEFT - ESSOS_BOX[0], ESSOS_TOP - ESSOS_BOX[1])),
                Panel(None, WEST_EDGE, (0.0, 0.0))),
        frames=((0.0, 0.0, WEST_EDGE, 1378.0),
                (ESSOS_LEFT, ESSOS_TOP, WEST_EDGE, ESSOS_TOP + ESSOS_BOX[3] - ESSOS_BOX[1])),
        captions=(("Essos", (ESSOS_LEFT, 1378.0, ESSOS_LEFT + 110, ESSOS_TOP)),
                  ("its seas border The Shivering Sea, The Narrow Sea,\nShipbreaker Bay and the East Summer Sea",
                   (ESSOS_LEFT + 118, 1378.0 + 6, WEST_EDGE, ESSOS_TOP - 4))),
        info=(8.0, ESSOS_TOP + 8, ESSOS_LEFT - 12, ESSOS_TOP + 620)),
}


def _clip_ring(ring: list[Point], x_max: float) -> list[Point]:
    """The ring cut to ``x <= x_max`` (Sutherland-Hodgman against one edge)."""
    out: list[Point] = []
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
        if x0 <= x_max:
            out.append((x0, y0))
        if (x0 <= x_max) != (x1 <= x_max):
            out.append((x_max, y0 + (y1 - y0) * (x_max - x0) / (x1 - x0)))
    return out


def _clip_line(line: list[Point], x_max: float) -> list[list[Point]]:
    """The polyline's pieces with ``x <= x_max``."""
    pieces: list[list[Point]] = [[]]
    for (x0, y0), (x1, y1) in zip(line, line[1:]):
        if x0 <= x_max:
            pieces[-1].append((x0, y0))
        if (x0 <= x_max) != (x1 <= x_max):
            pieces[-1].append((x_max, y0 + (y1 - y0) * (x_max - x0) / (x1 - x0)))
            if x0 <= x_max:
                pieces.append([])
    if line and line[-1][0] <= x_max:
        pieces[-1].append(line[-1])
    return [p for p in pieces if len(p) >= 2]


def _px(p: Point | list[float], offset: Point = (0.0, 0.0)) -> Point:
    return ((p[0] + offset[0]) * style.SCALE, (p[1] + offset[1]) * style.SCALE + style.MAP_TOP)


def _slot(raw: list[float], offset: Point) -> Slot:
    x, y = _px(raw, offset)
    return Slot(x, y, raw[2] * style.SCALE, raw[3] * style.SCALE)


def _rect(r: Rect) -> Rect:
    (x0, y0), (x1, y1) = _px((r[0], r[1])), _px((r[2], r[3]))
    return (x0, y0, x1, y1)


def _read(name: str) -> Any:
    return json.loads((DATA_DIR / name).read_text(encoding="utf-8"))


def _panel_of(spec: MapSpec, area: str) -> Panel:
    return next(p for p in spec.panels if p.areas is None or area in p.areas)


def _build(map_id: str) -> StaticData:
    spec = MAPS[map_id]
    board, geo, tables, cards = (_read(n) for n in (spec.board, spec.render, "tables.json", "house_cards.json"))
    mod_tables: dict[str, Any] = {}
    loans: dict[str, Any] = {}
    westeros = {c["type"]: c["name"] for deck in _read("westeros_cards.json").values() for c in deck}
    if map_id != "base":  # Mother of Dragons: its order tokens, House cards, loans and Westeros deck IV
        mod_tables, mod_cards, loans = (_read(n) for n in ("mod/tables.json", "mod/house_cards.json",
                                                            "mod/loans.json"))
        westeros |= {c["id"]: c["name"] for c in _read("mod/westeros_iv.json")}
        cards = {**cards, **mod_cards}
        tables = {**tables, "order_tokens": tables["order_tokens"] + mod_tables["sea_order_tokens"]
                  + mod_tables["vassal_order_tokens"]}
    areas: dict[str, AreaGeo] = {}
    for raw in board["areas"]:
        g = geo["areas"][raw["id"]]
        panel = _panel_of(spec, raw["id"])
        cut = [_clip_ring([(p[0], p[1]) for p in ring], panel.clip_x) if panel.clip_x else ring
               for ring in g["outline"]]
        rings = tuple(tuple(_px(p, panel.offset) for p in ring) for ring in cut if len(ring) >= 3)
        xs = [x for ring in rings for x, _ in ring]
        ys = [y for ring in rings for _, y in ring]
        bbox = (int(min(xs)) - 1, int(min(ys)) - 1, int(max(xs)) + 2, int(max(ys)) + 2)
        areas[raw["id"]] = AreaGeo(
            id=raw["id"], name=raw["name"], kind=raw["kind"], castle=raw.get("castle", 0),
            supply=raw.get("supply", 0), power=raw.get("power", 0), home=raw.get("home"),
            port_land=raw.get("port_land"), adjacent=tuple(raw.get("adjacent", ())),
            label=_px(g["label"], panel.offset), units=_slot(g["units"], panel.offset),
            order=_slot(g["order"], panel.offset), power_token=_slot(g["power_token"], panel.offset), rings=rings,
            bbox=bbox)
    borders = []
    for b in geo["borders"]:
        for panel in spec.panels:  # a border between two panels' areas is drawn in both
            sides = [s for s in (b["from"], b.get("to")) if s is not None]
            if not any(_panel_of(spec, s) is panel for s in sides):
                continue
            line = [(p[0], p[1]) for p in b["points"]]
            for piece in (_clip_line(line, panel.clip_x) if panel.clip_x else [line]):
                borders.append(Border(b["from"], b.get("to"), tuple(_px(p, panel.offset) for p in piece)))
    houses = board["houses"]
    tokens = {t["id"]: OrderToken(t["id"], t["type"], t["modifier"], t["special"], bool(t.get("sea")))
              for t in tables["order_tokens"]}
    card_map = {c["id"]: Card(c["id"], h, c["name"], c["strength"]) for h, cs in cards.items() for c in cs}
    width, height = _px(spec.size)
    return StaticData(
        map_id=map_id,
        width=round(width),
        height=round(height),
        areas=MappingProxyType(areas),
        borders=tuple(borders),
        house_names=MappingProxyType({h: v["name"] for h, v in houses.items()}),
        house_colours=MappingProxyType({h: style.HOUSE_COLOURS.get(h) or ImageColor.getrgb(v["color"])[:3]
                                        for h, v in houses.items()}),
        house_order=tuple(houses),
        order_tokens=MappingProxyType(tokens),
        cards=MappingProxyType(card_map),
        supply_track=tuple(tuple(x) for x in tables["supply_track"]),
        wildling_max=tables["wildling_track"]["max"],
        wildling_step=tables["wildling_track"]["step"],
        max_rounds=tables["max_rounds"],
        frames=tuple(_rect(box) for box in spec.frames or ((0.0, 0.0, *spec.size),)),
        captions=tuple((text, _rect(box)) for text, box in spec.captions),
        info=_rect(spec.info) if spec.info else None,
        loyalty=map_id == "8",
        bank=map_id == "8",
        loan_names=MappingProxyType({c["id"]: c["name"] for c in loans.get("cards", [])}),
        loan_costs=tuple(loans.get("slot_costs", ())),
        westeros_names=MappingProxyType(westeros),
        dragon_strength=tuple(mod_tables.get("dragon_strength_by_round", ())),
        loyalty_to_win=int(mod_tables.get("loyalty_to_win", 0)),
    )


_lock = threading.Lock()
_static: dict[str, StaticData] = {}
_current: ContextVar[str] = ContextVar("agot_render_map", default="base")


def static() -> StaticData:
    """The static data of the map in use (``use_map``), loaded once per process (under a lock, immutable)."""
    map_id = _current.get()
    found = _static.get(map_id)
    if found is None:
        with _lock:
            found = _static.get(map_id)
            if found is None:
                found = _static[map_id] = _build(map_id)
    return found


def map_of(view: Mapping[str, Any]) -> str:
    """The map a view is drawn on: its ``map`` key or its Mother of Dragons set-up (``mod["setup"]``) when it
    names one, else its areas (Essos: 8 houses; The Bite: the 7-house board), else the base map."""
    named = view.get("map", (view.get("mod") or {}).get("setup"))
    if isinstance(named, str) and named in MAPS:
        return named
    areas = view.get("areas") or {}
    if "pentos" in areas:
        return "8"
    if "the-bite" in areas:
        return "7"
    return "base"


@contextlib.contextmanager
def use_map(map_id: str) -> Iterator[None]:
    """Draw on ``map_id`` inside the block (this thread or task only)."""
    if map_id not in MAPS:
        raise ValueError(f"unknown map {map_id!r}: one of {', '.join(MAPS)}")
    token = _current.set(map_id)
    try:
        yield
    finally:
        _current.reset(token)


P = ParamSpec("P")
R = TypeVar("R")


def for_view(fn: Callable[Concatenate[Mapping[str, Any], P], R]) -> Callable[Concatenate[Mapping[str, Any], P], R]:
    """Run ``fn(view, ...)`` on the map of its view."""
    @functools.wraps(fn)
    def run(view: Mapping[str, Any], *args: P.args, **kwargs: P.kwargs) -> R:
        with use_map(map_of(view)):
            return fn(view, *args, **kwargs)
    return run
