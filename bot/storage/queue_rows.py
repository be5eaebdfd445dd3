"""A stored entry of a server's queue (issue 29): what ``Repo.queue_entries`` returns; both stores build it by
column name."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass
class QueueEntry:
    guild_id: int
    user_id: int
    game: str  # the game's stored name (engine/registry)
    channel_id: int  # where the member joined: a game made of the queue plays there
    name: str  # the member's display name (their seat's)
    players: int
    words: str  # the game's settings as typed ("" for none)
    settings: dict[str, Any]  # the table's settings, normalized: entries are compatible when these are equal
    hours: int  # hours per deadline
    joined_at: datetime
    check_game: int | None = None  # the ready check (a game in the lobby) holding the entry; None: waiting
    ready_at: datetime | None = None  # when the member clicked Ready in that check
