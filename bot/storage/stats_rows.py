"""The rows the statistics read (issue 29): plain dataclasses, no SQL. ``sqlite_stats.py`` and ``pg_stats.py``
fill them through indexes (a player's seats, answers and seat log by user, a game's answers by its key); the
service's ``stats.py`` turns them into figures."""

from __future__ import annotations

from dataclasses import dataclass, field

# what the seat log records (seat_log.kind): an absence declared, the seat opened by a kick (a manager or a table
# vote) or after too many missed deadlines, the seat handed to another member by a manager
SEAT_LOG_KINDS = ("away", "kicked", "dropped", "replaced")


def seconds(wait: float) -> float:
    """A time to answer as both stores give it: to the millisecond (SQLite's julianday arithmetic is a few
    microseconds off), never negative."""
    return round(max(0.0, float(wait)), 3)


@dataclass(frozen=True)
class Played:
    """One game's figures for a player: games started with them seated, and those that ended with them still in
    their seat."""

    game: str
    played: int
    finished: int


@dataclass(frozen=True)
class Placed:
    """How often a player ended a game of ``game`` as ``house`` in ``place`` (1: won; a side shares its place)."""

    game: str
    house: str
    place: int
    games: int


@dataclass
class PlayerRows:
    played: list[Played] = field(default_factory=list)
    placed: list[Placed] = field(default_factory=list)
    waits: list[float] = field(default_factory=list)  # seconds from the prompt to the player's first answer
    missed: int = 0  # decisions given their default at the deadline
    logged: dict[str, int] = field(default_factory=dict)  # seat log kind -> times (away) or games (the others)


@dataclass(frozen=True)
class SeatWait:
    """One decision of a game's seat answered after a prompt: who answered, how (player or deadline), how long
    after the prompt."""

    house: str
    user_id: int | None
    source: str
    wait: float  # seconds
