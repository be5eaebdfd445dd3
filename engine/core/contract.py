"""The game contract: what the table service may ask of any game (design.md, "Many games at one table").

A game is a package beside ``engine/agot`` that imports only ``engine/core`` and exports one ``GameRules``
object; ``engine.registry`` names them. The table service, its storage and its tools reach a game only through
these two shapes:

- ``GameRules``: the game as a product on the shelf: its name, player counts, settings with their defaults,
  the players (roles) of a table of a given size, and how to start or load a game.
- ``GameState``: one game being played: its open decisions (engine/core/protocol.Decision), ``submit`` (a
  refusal raises an ``EngineError`` and changes nothing), the views of one player and of the public (a
  whitelist: never the raw state), canonical plain data (``to_dict``: the same bytes after any reload), whether
  it is over and its standings.

Players are the game's own ids (AGoT: houses; Whitechapel: ``jack`` and the detectives): the service seats
members on them, the engine never sees a member.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from engine.core.protocol import Decision, Event


@dataclass(frozen=True)
class Standing:
    """One player's place at the end (1 = first; ties share a place) and a short public reason."""

    player: str
    place: int
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "place": self.place, "note": self.note}


class GameState(Protocol):
    """One game in play. Every method is deterministic: same state and answers, same results, byte for byte."""

    events: list[Event]  # events emitted outside ``submit`` (at the start, when ended now): the table takes them
    spoiled: bool  # refused half-way with ``rollback=False``: to be thrown away and loaded again

    @property
    def over(self) -> bool: ...

    def players(self) -> list[str]:
        """The game's players in seat order."""
        ...

    def open_decisions(self, submitted: bool = False, player: str | None = None) -> list[Decision]:
        """The decisions waiting for an answer, by id (with ``submitted``: also those that may still change)."""
        ...

    def open_decision(self, decision_id: str) -> Decision | None:
        """The open decision with this id (an answered one that may still change included), or None."""
        ...

    def standing_decisions(self, player: str) -> list[Decision]:
        """The questions ``player`` may answer at any time without being asked (Monopoly's build, sell, mortgage
        and trade): never listed by ``open_decisions``, never prompted, no deadline, no default played;
        ``open_decision(id)`` finds them and ``submit`` takes their answers (or refuses them while closed). Most
        games have none."""
        ...

    def submit(self, player: str, decision_id: str, answer: Any, rollback: bool = True) -> list[Event]:
        """Apply one answer; raise ``EngineError`` (state unchanged) if it is refused. With ``rollback=False`` a
        refusal may leave the game spoiled: the caller throws it away and loads the stored one again."""
        ...

    def view(self, player: str | None = None) -> dict[str, Any]:
        """What ``player`` (``None``: the public) may see, built from a written whitelist."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data; ``GameRules.load`` of it continues identically."""
        ...

    def settle(self) -> None:
        """Put the state in its canonical order (after a load, after every answer)."""
        ...

    def standings(self) -> list[Standing]:
        """Places once the game is over (empty before)."""
        ...

    def end_now(self) -> None:
        """End the game at once with standings from the current position (a table's vote); its events go to
        ``events``. Raise ``EngineError`` if the game has no such end."""
        ...

    def stage(self) -> tuple[int, str]:
        """How far the game is, public: (round, phase) in AGoT, (night, phase) in Whitechapel. The table keeps it
        with the game's row and shows it in the status line."""
        ...

    def name_of(self, player: str) -> str:
        """A player's name for people ("Stark", "Jack the Ripper")."""
        ...


class GameRules(Protocol):
    """A game on the shelf: the object a game package exports and the registry names."""

    name: str  # the stored name: never changes once games are stored under it
    title: str  # for people
    rules_version: int  # raised when a change of rules makes stored answers replay differently
    min_players: int
    max_players: int

    def default_settings(self) -> dict[str, Any]:
        """Every table setting with its default (plain JSON values)."""
        ...

    def check_settings(self, settings: Mapping[str, Any], player_count: int) -> dict[str, Any]:
        """The settings completed with defaults and checked for a table of ``player_count``; raise
        ``EngineError`` with a one-line reason for an unknown key or a bad value."""
        ...

    def roles(self, player_count: int, settings: Mapping[str, Any]) -> list[str]:
        """The players of a table of that size, in seat order (before any random assignment)."""
        ...

    def new(self, player_count: int, settings: Mapping[str, Any], seed: int | bytes | None = None) -> GameState:
        """A new game; ``seed`` None draws an unpredictable secret, an int or a 32-byte secret replays."""
        ...

    def load(self, raw: dict[str, Any]) -> GameState:
        """A stored game (``GameState.to_dict``), settled."""
        ...

    def describe(self, player: str) -> str:
        """A player's name for people ("Stark", "Jack the Ripper")."""
        ...
