"""What the table service returns to front ends: replies, game summaries, and its one error type."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


class ServiceError(Exception):
    """A refused lobby or management call; the message is a clear sentence for the user."""


class Stale(ServiceError):
    """Another bot process changed the game since this one loaded it (a shared PostgreSQL database): nothing was
    written, and the game is loaded again on its next use."""


@dataclass(frozen=True)
class Reply:
    status: str  # accepted, refused, already
    message: str

    @property
    def accepted(self) -> bool:
        return self.status == "accepted"


@dataclass(frozen=True)
class Seat:
    user_id: int
    name: str
    house: str | None  # the wished house before the start (houses "choose"), the dealt house after it
    missed: int = 0  # deadlines missed
    state: str = "player"  # player, autopilot (away), open (nobody plays it; user_id was its last player)
    away_until: datetime | None = None  # UTC


@dataclass(frozen=True)
class GameInfo:
    id: int
    guild_id: int | None
    channel_id: int
    status: str  # lobby, running, paused, finished, cancelled, frozen
    players: int
    settings: dict[str, Any]
    creator_id: int
    seats: list[Seat] = field(default_factory=list)
    round: int | None = None  # the game's stage (``GameState.stage``): AGoT's round and phase, Whitechapel's night
    phase: str | None = None
    game: str = "agot"  # the game's stored name (engine/registry)

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)
