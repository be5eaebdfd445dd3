"""The SQL of the queue (issue 29) for the SQLite store, mixed into ``SqliteRepo``: a server's entries (its
primary key's prefix), a ready check's (the ``queue_checks`` index)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from datetime import datetime
from typing import Any, Protocol

from bot.storage.queue_rows import QueueEntry
from bot.storage.sqlite_rows import build
from bot.storage.sqlite_rows import to_json as _json

_ENTRY = ("guild_id, user_id, game, channel_id, name, players, words, settings, hours, joined_at, check_game, "
          "ready_at")


class _Unit(Protocol):
    def _write(self, sql: str, args: Iterable[Any] = ()) -> None: ...
    async def _all(self, sql: str, args: Iterable[Any] = ()) -> list[sqlite3.Row]: ...


class SqliteQueue:
    async def add_queue_entry(self: _Unit, e: QueueEntry) -> None:
        self._write(f"INSERT INTO queue_entries ({_ENTRY}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (e.guild_id, e.user_id, e.game, e.channel_id, e.name, e.players, e.words, _json(e.settings),
                     e.hours, e.joined_at, e.check_game, e.ready_at))

    async def queue_entries(self: _Unit, guild_id: int, user_id: int | None = None) -> list[QueueEntry]:
        rows = await self._all(f"SELECT {_ENTRY} FROM queue_entries WHERE guild_id = ? AND (? IS NULL OR user_id = ?) "
                               "ORDER BY joined_at, user_id, game", (guild_id, user_id, user_id))
        return [build(QueueEntry, r, ("settings",)) for r in rows]

    async def check_entries(self: _Unit, check_game: int) -> list[QueueEntry]:
        rows = await self._all(f"SELECT {_ENTRY} FROM queue_entries WHERE check_game = ? ORDER BY joined_at, user_id",
                               (check_game,))
        return [build(QueueEntry, r, ("settings",)) for r in rows]

    async def remove_queue_entry(self: _Unit, guild_id: int, user_id: int, game: str) -> None:
        self._write("DELETE FROM queue_entries WHERE guild_id = ? AND user_id = ? AND game = ?",
                    (guild_id, user_id, game))

    async def set_queue_check(self: _Unit, guild_id: int, game: str, user_ids: list[int],
                              check_game: int | None) -> None:
        marks = ",".join("?" for _ in user_ids)
        self._write(f"UPDATE queue_entries SET check_game = ?, ready_at = NULL WHERE guild_id = ? AND game = ? "
                    f"AND user_id IN ({marks})", (check_game, guild_id, game, *user_ids))

    async def set_queue_ready(self: _Unit, check_game: int, user_id: int, now: datetime) -> None:
        self._write("UPDATE queue_entries SET ready_at = ? WHERE check_game = ? AND user_id = ?",
                    (now, check_game, user_id))

    async def end_queue_check(self: _Unit, check_game: int) -> None:
        self._write("DELETE FROM queue_entries WHERE check_game = ?", (check_game,))

    async def set_game_channel(self: _Unit, game_id: int, channel_id: int) -> None:
        self._write("UPDATE games SET channel_id = ? WHERE id = ?", (channel_id, game_id))
