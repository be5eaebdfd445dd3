"""The rows the repositories read and write: plain dataclasses, no SQL."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any


def iso(moment: datetime) -> str:
    """A fixed-width UTC text form of a time: it sorts as text."""
    if moment.tzinfo is None:
        raise ValueError("times must be timezone-aware")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def from_iso(text: str) -> datetime:
    return datetime.fromisoformat(text)


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
    state_hash: str | None
    note: str | None
    created_at: str
    updated_at: str
    started_at: str | None
    finished_at: str | None


@dataclass
class SeatRow:
    game_id: int
    user_id: int
    name: str
    house: str | None
    joined_at: str
    missed: int = 0
    state: str = "player"  # player, autopilot (away, the autopilot answers), open (nobody: the autopilot answers)
    away_from: str | None = None  # a declared absence (ISO times)
    away_until: str | None = None


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
    state_hash: str
    at: str
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
    created_at: str
    sent_at: str | None = None
    message_id: str | None = None
    attempts: int = 0
    retry_at: str | None = None
    failed_at: str | None = None
    error: str | None = None
    said_at: str | None = None  # given up (failed_at), then said in a later post of its destination at this time
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
    deadline_at: str | None
    opened_at: str


@dataclass
class TimerRow:
    id: int
    game_id: int
    kind: str  # reminder, deadline
    due_at: str | None
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
    at: str


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
    opened_at: str
    closes_at: str
    closed_at: str | None = None
