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
VASSAL_DECK = "vassal"  # the shared House card deck of the vassals (Mother of Dragons)


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
    """Areas, adjacency and the rules tables. Immutable; shared by every game.

    ``setup`` names the board: ``""`` the base game's (3-6 houses), ``"7"`` or ``"8"`` the Mother of Dragons
    set-ups (``engine.agot.mod.data`` adds their files under ``data/mod/``)."""

    def __init__(self, setup: str = "") -> None:
        self.setup = setup
        raw = load_json("board.json") if not setup else load_json(f"mod/board{setup}.json")
        self.houses: dict[str, dict[str, Any]] = raw["houses"]
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
        self.mod: dict[str, Any] = {}  # the expansion's own tables (engine.agot.mod.data), empty for the base game
        if setup:
            self._extend(setup)
            self.mod["regains_garrison"] = sorted(a["id"] for a in raw["areas"] if a.get("regains_garrison"))
        self.home_of: dict[str, str] = {h: v["home"] for h, v in self.houses.items()}
        self.castle_areas: tuple[str, ...] = tuple(a for a, info in self.areas.items() if info.castle)
        # each castle area with its printed home shield (all of them land areas: see ``world.castle_holders``)
        self.castle_homes: tuple[tuple[str, str | None], ...] = tuple((a, self.areas[a].home)
                                                                      for a in self.castle_areas)
        assert all(self.areas[a].kind == "land" for a in self.castle_areas), "a castle or stronghold off land"

    def _extend(self, setup: str) -> None:
        """The Mother of Dragons tables, set-up, cards and decks of the set-up ``setup`` (``data/mod/``)."""
        mod = load_json("mod/tables.json")
        chosen = load_json("mod/setups.json")[setup]
        self.setups = {setup: chosen}
        self.tables["special_orders"]["7-8"] = mod["special_orders"]["7-8"]
        kinds = dict(self.tables["unit_limits"])
        for house in self.houses.values():
            kinds.update({k: kinds.get(k, 0) for k in house["unit_limits"]})
        self.tables["unit_limits"] = kinds  # every kind some house owns; ``unit_limit`` has each house's own
        self.tables["unit_strength"] = {**self.tables["unit_strength"], "dragon": 0}  # by round: engine.agot.mod
        self.tables["starting_power"] = chosen["starting_power"]
        for t in mod["sea_order_tokens"] + mod["vassal_order_tokens"]:
            self.order_tokens[t["id"]] = OrderToken(t["id"], t["type"], t["modifier"], t["special"])
        cards = load_json("mod/house_cards.json")
        self.house_cards = {h: c for h, c in self.house_cards.items() if h in self.houses}
        for deck in ("arryn", "targaryen", "targaryen_b", VASSAL_DECK):
            if deck.split("_")[0] in self.houses or deck == VASSAL_DECK:
                self.house_cards[deck] = cards[deck]
        self.card_by_id = {c["id"]: {**c, "house": h} for h, deck in self.house_cards.items() for c in deck}
        self.mod = {**mod, "westeros_iv": load_json("mod/westeros_iv.json") if chosen["westeros_deck_iv"] else [],
                    "loans": load_json("mod/loans.json")}

    def kind(self, area: str) -> str:
        return self.areas[area].kind

    def is_land(self, area: str) -> bool:
        return self.areas[area].kind == LAND

    def is_sea(self, area: str) -> bool:
        return self.areas[area].kind == SEA

    def is_port(self, area: str) -> bool:
        return self.areas[area].kind == PORT

    def unit_limit(self, house: str, kind: str) -> int:
        """How many units of ``kind`` ``house`` owns in all (0 for a kind it has none of)."""
        limits = self.houses[house].get("unit_limits") or self.tables["unit_limits"]
        return int(limits.get(kind, 0))

    def supply_limits(self, position: int) -> list[int]:
        return list(self.tables["supply_track"][max(0, min(6, position))])

    def special_order_stars(self, player_count: int) -> list[int]:
        if player_count > 6:
            return list(self.tables["special_orders"]["7-8"][:player_count])
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


@lru_cache(maxsize=4)
def board(setup: str = "") -> Board:
    return Board(setup)
