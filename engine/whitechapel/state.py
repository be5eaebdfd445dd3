"""The raw state of a game of Letters from Whitechapel: plain data, stored as canonical JSON.

Secrets kept here and never shown except through ``engine.whitechapel.view``: Jack's hideout, his rows (paths),
the marked women, the patrol tokens' identities before their reveal, the Head tiles' order and the RNG.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import Rng
from engine.core.plain import canonical, dump, load

SCHEMA_VERSION = 1
COLOURS = ("blue", "yellow", "brown", "red", "green")
FAKES = ("fake_1", "fake_2")
TOKENS = COLOURS + FAKES
NIGHTS = 4
SPECIALS = {1: (3, 2), 2: (2, 2), 3: (2, 1), 4: (1, 1)}  # night -> (coaches, alleys)  W2.1
WOMEN = {1: (8, 5), 2: (7, 4), 3: (6, 3), 4: (4, 1)}  # night -> (women, marked)  W2.2
LAST_SQUARE = 15  # WR1: the move track reads I, II, III, IV, V, 6 .. 15
LAST_TIME = 5
DOUBLE_EVENT_NIGHT = 3
JACK = "jack"
DETECTIVES = "detectives"


def detective(seat: int) -> str:
    return f"detective_{seat}"


def controllers(player_count: int) -> dict[str, str]:
    """WR5: the policemen dealt to the detectives round robin by seat (blue to detective 1, yellow to 2 ...)."""
    count = player_count - 1
    return {colour: detective(i % count + 1) for i, colour in enumerate(COLOURS)}


@dataclass
class State:
    players: list[str]
    settings: dict[str, Any]
    rng: Rng
    controllers: dict[str, str]  # colour -> detective
    head_tiles: list[str]  # shuffled colours; the tile of night n is head_tiles[n - 1] (W1.3)
    hideout: int | None = None
    night: int = 0
    phase: str = "hideout"
    women: list[int] = field(default_factory=list)  # face-down women's circles
    marked: list[int] = field(default_factory=list)  # secret until the women are turned up
    patrols: dict[str, str] = field(default_factory=dict)  # crossing -> token (secret until revealed)
    revealed: list[str] = field(default_factory=list)  # crossings whose token is face up
    wretched: list[int] = field(default_factory=list)
    time: int = 0  # the Time of the Crime: 1..5 (I..V)
    crimes: list[list[int]] = field(default_factory=list)  # per night, the crime scenes (sorted: public)
    paths: list[list[int]] = field(default_factory=list)  # per night, Jack's row from the crime square on
    specials: list[list[str]] = field(default_factory=list)  # per night, per square after the crime: "", coach, alley
    coaches: int = 0  # tokens left tonight
    alleys: int = 0
    policemen: dict[str, str] = field(default_factory=dict)  # colour -> crossing (on the board)
    clues: list[int] = field(default_factory=list)  # tonight's Clue markers
    false_clues: list[int] = field(default_factory=list)  # tonight's False Clue markers (O1)
    searched: list[int] = field(default_factory=list)  # tonight's circles searched without a clue (public)
    trails: list[list[int]] = field(default_factory=list)  # per night, the clues in the order found (public)
    false_clue_stock: int = 0  # earned and not placed (O1)
    turn: dict[str, Any] = field(default_factory=dict)  # the police round: order, done, named circles, ...
    ask: dict[str, Any] | None = None  # the open decision: id, kind, player and its context
    decision_seq: int = 0
    event_seq: int = 0
    winner: str | None = None  # "jack" or "detectives"
    reason: str = ""
    address_used: bool = False  # O5

    def to_dict(self) -> dict[str, Any]:
        return dump(self, SCHEMA_VERSION)

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> State:
        return load(cls, raw, SCHEMA_VERSION, "Whitechapel")

    def settle(self) -> None:
        """Set-like lists in their canonical order, mappings with sorted keys (as after a reload)."""
        for name in ("women", "marked", "revealed", "wretched", "clues", "false_clues", "searched"):
            getattr(self, name).sort(key=_order)
        self.crimes = [sorted(c) for c in self.crimes]
        for name in ("settings", "controllers", "patrols", "policemen", "turn", "ask"):
            setattr(self, name, canonical(getattr(self, name)))

    def tonight_path(self) -> list[int]:
        return self.paths[self.night - 1] if self.paths and self.night else []

    def clue_found(self, c: int) -> None:
        self.clues.append(c)
        self.trails.extend([] for _ in range(self.night - len(self.trails)))  # older saves lack the field
        self.trails[self.night - 1].append(c)

    def clue_trails(self) -> list[list[int]]:
        """Every night so far, its clues in the order they were found."""
        return [list(self.trails[n]) if n < len(self.trails) else [] for n in range(self.night)]

    def square(self) -> int:
        """The move track square of Jack's last recorded circle tonight (the crime's square is the time's)."""
        return self.time + len(self.tonight_path()) - 1

    def head(self) -> str:
        return self.controllers[self.head_colour()]

    def head_colour(self) -> str:
        return self.head_tiles[self.night - 1]


def _order(value: Any) -> tuple[int, str]:
    return (value, "") if isinstance(value, int) else (0, str(value))

