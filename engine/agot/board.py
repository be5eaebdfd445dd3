"""The static board and rules tables, loaded once from ``data/``.

The files there are converted from the shared reference facts by
``tools/convert_facts.py``; this module only reads them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parents[2] / "data"

LAND, SEA, PORT = "land", "sea", "port"
HOUSES = ("stark", "greyjoy", "lannister", "baratheon", "tyrell", "martell")
UNIT_KINDS = ("footman", "knight", "siege_engine", "ship")
LAND_UNITS = ("footman", "knight", "siege_engine")


def load_json(name: str) -> Any:
    return json.loads((DATA_DIR / name).read_text(encoding="utf-8"))


@dataclass(frozen=True)
class AreaInfo:
    id: str
    name: str
    kind: str
    castle: int  # 0 none, 1 castle, 2 stronghold
    supply: int
    power: int
    home: str | None
    adjacent: tuple[str, ...]
    port: str | None = None  # land: its port area
    port_land: str | None = None  # port: its land area
    port_sea: str | None = None  # port: its sea area


@dataclass(frozen=True)
class OrderToken:
    id: str
    type: str
    modifier: int
    special: bool


class Board:
    """Areas, adjacency and the rules tables. Immutable; shared by every game."""

    def __init__(self) -> None:
        raw = load_json("board.json")
        self.houses: dict[str, dict[str, str]] = raw["houses"]
        self.areas: dict[str, AreaInfo] = {}
        for a in raw["areas"]:
            self.areas[a["id"]] = AreaInfo(
                id=a["id"], name=a["name"], kind=a["kind"], castle=a["castle"], supply=a["supply"],
                power=a["power"], home=a["home"], adjacent=tuple(a["adjacent"]), port=a.get("port"),
                port_land=a.get("port_land"), port_sea=a.get("port_sea"),
            )
        self.area_order: list[str] = list(self.areas)  # the canonical order of every map keyed by area
        self.adjacent: dict[str, frozenset[str]] = {k: frozenset(v.adjacent) for k, v in self.areas.items()}
        self.tables: dict[str, Any] = load_json("tables.json")
        self.setups: dict[str, Any] = load_json("setups.json")
        self.order_tokens: dict[str, OrderToken] = {
            t["id"]: OrderToken(t["id"], t["type"], t["modifier"], t["special"]) for t in self.tables["order_tokens"]
        }
        self.house_cards: dict[str, list[dict[str, Any]]] = load_json("house_cards.json")
        self.card_by_id: dict[str, dict[str, Any]] = {
            c["id"]: {**c, "house": h} for h, cards in self.house_cards.items() for c in cards
        }
        self.westeros_cards: dict[str, list[dict[str, Any]]] = load_json("westeros_cards.json")
        self.wildling_cards: list[dict[str, Any]] = load_json("wildling_cards.json")
        self.tides_of_battle: list[dict[str, Any]] = load_json("tides_of_battle.json")
        self.home_of: dict[str, str] = {h: v["home"] for h, v in self.houses.items()}
        self.castle_areas: tuple[str, ...] = tuple(a for a, info in self.areas.items() if info.castle)

    def kind(self, area: str) -> str:
        return self.areas[area].kind

    def is_land(self, area: str) -> bool:
        return self.areas[area].kind == LAND

    def is_sea(self, area: str) -> bool:
        return self.areas[area].kind == SEA

    def is_port(self, area: str) -> bool:
        return self.areas[area].kind == PORT

    def supply_limits(self, position: int) -> list[int]:
        return list(self.tables["supply_track"][max(0, min(6, position))])

    def special_order_stars(self, player_count: int) -> list[int]:
        return list(self.tables["special_orders"]["3-4" if player_count <= 4 else "5-6"])

    def pairs(self) -> set[tuple[str, str]]:
        return {tuple(sorted((a, b))) for a, ns in self.adjacent.items() for b in ns}  # type: ignore[misc]

    def to_json(self) -> list[dict[str, Any]]:
        """The areas as the printed board shows them (for ``python -m engine.board``)."""
        out = []
        for a in self.areas.values():
            item: dict[str, Any] = {
                "id": a.id, "name": a.name, "kind": a.kind, "castle": a.castle,
                "castle_name": {0: None, 1: "castle", 2: "stronghold"}[a.castle],
                "supply": a.supply, "power": a.power, "home": a.home, "adjacent": sorted(a.adjacent),
            }
            if a.port:
                item["port"] = a.port
            if a.kind == PORT:
                item["port_land"], item["port_sea"] = a.port_land, a.port_sea
            out.append(item)
        return out


@lru_cache(maxsize=1)
def board() -> Board:
    return Board()
