"""The stored season (issue 29): what ``Repo.seasons`` returns; both stores build it by column name."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass
class SeasonRow:
    id: int
    guild_id: int
    channel_id: int
    name: str
    game: str | None  # None: every game the bot hosts
    per_game: bool  # a rating per game (else one across the season's games)
    counted: int | None  # a player's best N games count (None: all)
    starts_at: datetime
    ends_at: datetime  # the first instant after the season
    roles: list[dict[str, Any]]  # rank bands: {"top", "role_id", "name", "created", "said"}, narrowest first
    opened_by: int
    opened_at: datetime
    ended_at: datetime | None = None  # archived
    standings: list[dict[str, Any]] | None = None  # the final leaderboard, once archived
