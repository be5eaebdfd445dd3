"""The static data the renderer draws with, read once from the repository's data/ files.

Everything here is immutable after loading (frozen dataclasses, tuples, read-only mappings), so render threads
share it freely. Coordinates are already in output pixels of the board image (``style.SCALE``, under the
``style.MAP_TOP`` header).
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from PIL import ImageColor

from bot.render import style

DATA_DIR = Path(__file__).resolve().parents[2] / "data"

Point = tuple[float, float]


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


@dataclass(frozen=True)
class Card:
    id: str
    house: str
    name: str
    strength: int


@dataclass(frozen=True)
class StaticData:
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


def _scale(p: list[float]) -> Point:
    return (p[0] * style.SCALE, p[1] * style.SCALE + style.MAP_TOP)


def _slot(raw: list[float]) -> Slot:
    return Slot(raw[0] * style.SCALE, raw[1] * style.SCALE + style.MAP_TOP, raw[2] * style.SCALE,
                raw[3] * style.SCALE)


def _read(name: str) -> Any:
    return json.loads((DATA_DIR / name).read_text(encoding="utf-8"))


def _build() -> StaticData:
    board, geo, tables, cards = (_read(n) for n in ("board.json", "map_render.json", "tables.json",
                                                      "house_cards.json"))
    areas: dict[str, AreaGeo] = {}
    for raw in board["areas"]:
        g = geo["areas"][raw["id"]]
        rings = tuple(tuple(_scale(p) for p in ring) for ring in g["outline"])
        xs = [x for ring in rings for x, _ in ring]
        ys = [y for ring in rings for _, y in ring]
        bbox = (int(min(xs)) - 1, int(min(ys)) - 1, int(max(xs)) + 2, int(max(ys)) + 2)
        areas[raw["id"]] = AreaGeo(
            id=raw["id"], name=raw["name"], kind=raw["kind"], castle=raw.get("castle", 0),
            supply=raw.get("supply", 0), power=raw.get("power", 0), home=raw.get("home"),
            port_land=raw.get("port_land"), adjacent=tuple(raw.get("adjacent", ())), label=_scale(g["label"]),
            units=_slot(g["units"]),
            order=_slot(g["order"]), power_token=_slot(g["power_token"]), rings=rings, bbox=bbox)
    borders = tuple(Border(b["from"], b.get("to"), tuple(_scale(p) for p in b["points"])) for b in geo["borders"])
    houses = board["houses"]
    tokens = {t["id"]: OrderToken(t["id"], t["type"], t["modifier"], t["special"]) for t in tables["order_tokens"]}
    card_map = {c["id"]: Card(c["id"], h, c["name"], c["strength"]) for h, cs in cards.items() for c in cs}
    return StaticData(
        areas=MappingProxyType(areas),
        borders=borders,
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
    )


_lock = threading.Lock()
_static: StaticData | None = None


def static() -> StaticData:
    """The static data, loaded once per process (under a lock, immutable afterwards)."""
    global _static
    if _static is None:
        with _lock:
            if _static is None:
                _static = _build()
    return _static
