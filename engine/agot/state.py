"""The game state: plain typed dataclasses that round-trip through JSON.

Everything that changes during a game lives here, including the RNG state and
the shuffled decks, so a saved state continues exactly as the original would.
``stack`` holds the pending steps of the game (JSON dicts, one per step, the
innermost last); see ``engine.agot.steps``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.rng import Rng

SCHEMA_VERSION = 2  # 2: the RNG is {"secret", "counter"} (schema 1: one integer, loaded by seeding from it)
SCHEMAS = (1, 2)


@dataclass
class Unit:
    kind: str  # footman, knight, siege_engine, ship
    routed: bool = False

    def to_dict(self) -> list[Any]:
        return [self.kind, self.routed]

    @staticmethod
    def from_dict(raw: list[Any]) -> Unit:
        return Unit(raw[0], bool(raw[1]))


@dataclass
class Order:
    house: str
    token: str  # an order token id, see data/tables.json

    def to_dict(self) -> list[str]:
        return [self.house, self.token]

    @staticmethod
    def from_dict(raw: list[str]) -> Order:
        return Order(raw[0], raw[1])


@dataclass
class AreaState:
    house: str | None = None  # owner of the units (None when there are none)
    units: list[Unit] = field(default_factory=list)
    order: Order | None = None
    power_token: str | None = None  # house whose Power token is here
    garrison: int = 0  # home garrison strength
    neutral: int = 0  # neutral force strength (0 = none)
    blocked: bool = False  # "~" token: never entered
    attacker: str | None = None  # during a combat here: the attacking house (A26)
    attacking: list[Unit] = field(default_factory=list)  # its units, out of the area they marched from

    def to_dict(self, view: bool = False) -> dict[str, Any]:
        """The area's fields, written once: the compact state form, or with ``view`` the form every view shows
        (units and orders as objects; ``engine.agot.view`` adds the controller and hides face-down orders)."""
        out: dict[str, Any] = {}
        if self.units:
            out["house"] = self.house
            out["units"] = ([{"kind": u.kind, "routed": u.routed} for u in self.units] if view
                            else [[u.kind, u.routed] for u in self.units])
        if self.order:
            out["order"] = {"house": self.order.house, "token": self.order.token} if view else self.order.to_dict()
        if self.power_token:
            out["power_token"] = self.power_token
        if self.garrison:
            out["garrison"] = self.garrison
        if self.neutral:
            out["neutral"] = self.neutral
        if self.blocked:
            out["blocked"] = True
        if self.attacker:
            out["attacking"] = {"house": self.attacker, "units": _units(self.attacking, view)}
        return out

    def copy(self) -> AreaState:
        """An independent copy (units are copied; an Order is never changed in place, only replaced)."""
        new = object.__new__(AreaState)
        new.__dict__.update(self.__dict__)
        new.units = [Unit(u.kind, u.routed) for u in self.units] if self.units else []
        new.attacking = [Unit(u.kind, u.routed) for u in self.attacking] if self.attacking else []
        return new

    @staticmethod
    def from_dict(raw: dict[str, Any]) -> AreaState:
        return AreaState(
            house=raw.get("house"),
            units=[Unit.from_dict(u) for u in raw.get("units", [])],
            order=Order.from_dict(raw["order"]) if raw.get("order") else None,
            power_token=raw.get("power_token"),
            garrison=raw.get("garrison", 0),
            neutral=raw.get("neutral", 0),
            blocked=raw.get("blocked", False),
            attacker=raw["attacking"]["house"] if raw.get("attacking") else None,
            attacking=[Unit.from_dict(u) for u in raw["attacking"]["units"]] if raw.get("attacking") else [],
        )


@dataclass
class HouseState:
    power: int  # available Power tokens
    supply: int  # position on the Supply track
    hand: list[str] = field(default_factory=list)  # house card ids
    discard: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"power": self.power, "supply": self.supply, "hand": list(self.hand), "discard": list(self.discard)}

    def copy(self) -> HouseState:
        return HouseState(self.power, self.supply, self.hand[:], self.discard[:])

    @staticmethod
    def from_dict(raw: dict[str, Any]) -> HouseState:
        return HouseState(raw["power"], raw["supply"], list(raw["hand"]), list(raw["discard"]))


@dataclass
class GameState:
    houses: dict[str, HouseState]
    areas: dict[str, AreaState]
    iron_throne: list[str]
    fiefdoms: list[str]
    kings_court: list[str]
    settings: dict[str, Any]
    rng: Rng  # never in a view (engine.agot.view)
    round: int = 1
    phase: str = "planning"
    blade_used: bool = False
    raven_used: bool = False
    wildling_threat: int = 2
    westeros_decks: list[list[str]] = field(default_factory=lambda: [[], [], []])
    westeros_revealed: list[str] = field(default_factory=list)  # this round's cards, public
    wildling_deck: list[str] = field(default_factory=list)  # index 0 is the top card
    raven_peek: dict[str, str] | None = None  # {"house", "card"} while that card stays on top
    restrictions: list[str] = field(default_factory=list)  # order types forbidden this Planning phase
    stack: list[dict[str, Any]] = field(default_factory=list)
    decision_seq: int = 0
    event_seq: int = 0  # the seq of the last event emitted
    winner: str | None = None
    ranking: list[str] = field(default_factory=list)
    notes: dict[str, Any] = field(default_factory=dict)  # public extras of the current step (e.g. combat)
    sealed: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # reveal group -> its sealed events
    mod: dict[str, Any] = field(default_factory=dict)  # Mother of Dragons' own state (engine.agot.mod), plain JSON

    @property
    def players(self) -> list[str]:
        """The houses in play, in Iron Throne order."""
        return list(self.iron_throne)

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA_VERSION,
            "round": self.round,
            "phase": self.phase,
            "houses": {h: s.to_dict() for h, s in self.houses.items()},
            "areas": {a: s.to_dict() for a, s in self.areas.items()},
            "iron_throne": list(self.iron_throne),
            "fiefdoms": list(self.fiefdoms),
            "kings_court": list(self.kings_court),
            "blade_used": self.blade_used,
            "raven_used": self.raven_used,
            "wildling_threat": self.wildling_threat,
            "westeros_decks": [list(d) for d in self.westeros_decks],
            "westeros_revealed": list(self.westeros_revealed),
            "wildling_deck": list(self.wildling_deck),
            "raven_peek": dict(self.raven_peek) if self.raven_peek else None,
            "restrictions": list(self.restrictions),
            "stack": _copy(self.stack),
            "decision_seq": self.decision_seq,
            "event_seq": self.event_seq,
            "winner": self.winner,
            "ranking": list(self.ranking),
            "notes": _copy(self.notes),
            "sealed": _copy(self.sealed),
            **({"mod": _copy(self.mod)} if self.mod else {}),
            "settings": dict(self.settings),
            "rng": self.rng.to_dict(),
        }

    def copy(self) -> GameState:
        """An independent copy, cheaper than a round trip through ``to_dict``/``from_dict``."""
        new = object.__new__(GameState)
        new.__dict__.update(self.__dict__)
        new.houses = {h: hs.copy() for h, hs in self.houses.items()}
        new.areas = {a: st.copy() for a, st in self.areas.items()}
        for name in ("iron_throne", "fiefdoms", "kings_court", "westeros_revealed", "wildling_deck", "restrictions",
                     "ranking"):
            setattr(new, name, getattr(self, name)[:])
        new.westeros_decks = [d[:] for d in self.westeros_decks]
        new.raven_peek = dict(self.raven_peek) if self.raven_peek else None
        new.stack, new.notes, new.sealed = _copy(self.stack), _copy(self.notes), _copy(self.sealed)
        new.mod = _copy(self.mod)
        new.settings = dict(self.settings)
        new.rng = Rng(self.rng.secret, self.rng.counter)
        return new

    @staticmethod
    def from_dict(raw: dict[str, Any]) -> GameState:
        if raw.get("schema") not in SCHEMAS:
            raise ValueError(f"unsupported state schema {raw.get('schema')!r} (expected {SCHEMA_VERSION})")
        rng = Rng(raw["rng"]) if isinstance(raw["rng"], int) else Rng.from_dict(raw["rng"])
        return GameState(
            houses={h: HouseState.from_dict(s) for h, s in raw["houses"].items()},
            areas={a: AreaState.from_dict(s) for a, s in raw["areas"].items()},
            iron_throne=list(raw["iron_throne"]),
            fiefdoms=list(raw["fiefdoms"]),
            kings_court=list(raw["kings_court"]),
            settings=dict(raw["settings"]),
            rng=rng,
            round=raw["round"],
            phase=raw["phase"],
            blade_used=raw["blade_used"],
            raven_used=raw["raven_used"],
            wildling_threat=raw["wildling_threat"],
            westeros_decks=[list(d) for d in raw["westeros_decks"]],
            westeros_revealed=list(raw["westeros_revealed"]),
            wildling_deck=list(raw["wildling_deck"]),
            raven_peek=dict(raw["raven_peek"]) if raw.get("raven_peek") else None,
            restrictions=list(raw["restrictions"]),
            stack=_copy(raw["stack"]),
            decision_seq=raw["decision_seq"],
            event_seq=raw.get("event_seq", 0),
            winner=raw.get("winner"),
            ranking=list(raw.get("ranking", [])),
            notes=_copy(raw.get("notes", {})),
            sealed=_copy(raw.get("sealed", {})),
            mod=_copy(raw.get("mod", {})),
        )


def _units(units: list[Unit], view: bool) -> list[Any]:
    if view:
        return [{"kind": u.kind, "routed": u.routed} for u in units]
    return [[u.kind, u.routed] for u in units]


def _copy(value: Any) -> Any:
    """A deep copy of plain JSON data (faster than ``copy.deepcopy``)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value
