"""The rows the repositories read and write: plain dataclasses, no SQL. Every time in them is an aware
``datetime`` in UTC (the stores convert to and from their own column types)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypedDict


def utc(moment: datetime) -> datetime:
    """The same instant in UTC; a naive time (no zone: which instant?) is refused with ValueError."""
    if not isinstance(moment, datetime):
        raise TypeError(f"a time given to the store must be a datetime, not {type(moment).__name__}")
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"times given to the store must be timezone-aware, not {moment!r}")
    return moment.astimezone(UTC)


@functools.lru_cache(maxsize=256)
def iso(moment: datetime) -> str:
    """A fixed-width UTC text form of a time: it sorts as text (how the SQLite store and JSON payloads keep it).
    Remembered for recent times: one answer writes the same time a dozen times (equal instants share the text,
    whatever their zone; a naive time is refused every time, errors are never remembered)."""
    return utc(moment).isoformat(timespec="microseconds")


@functools.lru_cache(maxsize=256)
def from_iso(text: str) -> datetime:
    """A time written by ``iso`` (or any ISO-8601 text; one without a zone is read as UTC), in UTC. Remembered
    for recent texts: the rows one answer wrote share their time."""
    moment = datetime.fromisoformat(text)
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


# a whisper between houses: "from", "to" (houses), "text", "at" (when it was sent)
Whisper = TypedDict("Whisper", {"from": str, "to": str, "text": str, "at": datetime})


@dataclass
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    creator_id: int
    players: int
    status: str
    settings: dict[str, Any]
    seed: str | None
    seq: int
    round: int | None
    phase: str | None
    state_hash: str | None  # the current state's fingerprint; "": not fingerprinted (see AnswerRow)
    note: str | None
    created_at: datetime
    updated_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    game: str = "agot"  # the game's stored name (engine/registry); games stored before games had names: "agot"


@dataclass
class SeatRow:
    game_id: int
    user_id: int
    name: str
    house: str | None
    joined_at: datetime
    missed: int = 0
    state: str = "player"  # player, autopilot (away, the autopilot answers), open (nobody: the autopilot answers)
    away_from: datetime | None = None  # a declared absence
    away_until: datetime | None = None


@dataclass
class AnswerRow:
    game_id: int
    seq: int
    user_id: int | None
    house: str
    decision_id: str
    kind: str
    answer: Any
    source: str
    round: int
    phase: str
    # SHA-256 of the state after the answer, only where it pays: the answers a snapshot is taken of (every 25th,
    # the last) and older databases' every answer; "" on the others (not fingerprinted, not checked)
    state_hash: str
    at: datetime
    rewound: int | None = None


@dataclass
class EventRow:
    game_id: int
    n: int
    answer_seq: int
    event: dict[str, Any]

    @property
    def audience(self) -> str:
        return str(self.event["audience"]["kind"])


@dataclass
class NewMessage:
    """An outbox row before it is written (the store adds id, key and created_at)."""

    game_id: int
    audience: str  # public, player
    user_id: int | None
    kind: str
    payload: dict[str, Any]


@dataclass
class OutboxRow:
    id: int
    game_id: int
    audience: str
    user_id: int | None
    kind: str
    payload: dict[str, Any]
    key: str
    created_at: datetime
    sent_at: datetime | None = None
    message_id: str | None = None
    attempts: int = 0
    retry_at: datetime | None = None
    failed_at: datetime | None = None
    error: str | None = None
    said_at: datetime | None = None  # given up (failed_at), then said in a later post of its destination at this time
    channel_id: int | None = None  # the game's channel (joined from games)


@dataclass(frozen=True)
class GivenUp:
    """Outbox rows given up and not yet said in a later post of their destination, counted per game, audience and
    user (``Repo.given_up``)."""

    game_id: int
    audience: str
    user_id: int | None
    count: int


@dataclass
class PromptRow:
    game_id: int
    decision_id: str
    house: str
    kind: str
    deadline_at: datetime | None
    opened_at: datetime


@dataclass
class TimerRow:
    id: int
    game_id: int
    kind: str  # reminder, deadline
    due_at: datetime | None
    remaining_ms: int | None
    payload: dict[str, Any]
    done: bool = False


@dataclass
class RewindRow:
    id: int
    game_id: int
    user_id: int
    count: int
    from_seq: int
    to_seq: int
    reason: str
    at: datetime


@dataclass
class VoteRow:
    id: int
    game_id: int
    kind: str  # pause, resume, extend, cancel, kick, undo, end
    house: str | None
    hours: int | None
    opener_id: int
    status: str  # open, passed, failed
    outcome: str | None
    opened_at: datetime
    closes_at: datetime
    closed_at: datetime | None = None
