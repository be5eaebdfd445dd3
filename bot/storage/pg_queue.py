"""The SQL of the queue (issue 29) for the PostgreSQL store, mixed into ``PostgresRepo``: the rows and semantics
of ``sqlite_queue.py``."""

from __future__ import annotations

from datetime import datetime

from bot.storage.pg_base import PgUnit, _fields, _t
from bot.storage.queue_rows import QueueEntry

_ENTRY = ("guild_id, user_id, game, channel_id, name, players, words, settings, hours, joined_at, check_game, "
          "ready_at")


class PgQueue(PgUnit):
    async def add_queue_entry(self, e: QueueEntry) -> None:
        await self._write(f"INSERT INTO queue_entries ({_ENTRY}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, "
                          "$11, $12)", e.guild_id, e.user_id, e.game, e.channel_id, e.name, e.players, e.words,
                          e.settings, e.hours, _t(e.joined_at), e.check_game, _t(e.ready_at))

    async def queue_entries(self, guild_id: int, user_id: int | None = None) -> list[QueueEntry]:
        rows = await self._all(f"SELECT {_ENTRY} FROM queue_entries WHERE guild_id = $1 "
                               "AND ($2::bigint IS NULL OR user_id = $2) ORDER BY joined_at, user_id, game",
                               guild_id, user_id)
        return [QueueEntry(**_fields(r)) for r in rows]

    async def check_entries(self, check_game: int) -> list[QueueEntry]:
        rows = await self._all(f"SELECT {_ENTRY} FROM queue_entries WHERE check_game = $1 ORDER BY joined_at, user_id",
                               check_game)
        return [QueueEntry(**_fields(r)) for r in rows]

    async def remove_queue_entry(self, guild_id: int, user_id: int, game: str) -> None:
        await self._write("DELETE FROM queue_entries WHERE guild_id = $1 AND user_id = $2 AND game = $3",
                          guild_id, user_id, game)

    async def set_queue_check(self, guild_id: int, game: str, user_ids: list[int], check_game: int | None) -> None:
        await self._write("UPDATE queue_entries SET check_game = $1, ready_at = NULL WHERE guild_id = $2 AND game = $3 "
                          "AND user_id = ANY($4::bigint[])", check_game, guild_id, game, user_ids)

    async def set_queue_ready(self, check_game: int, user_id: int, now: datetime) -> None:
        await self._write("UPDATE queue_entries SET ready_at = $1 WHERE check_game = $2 AND user_id = $3",
                          _t(now), check_game, user_id)

    async def end_queue_check(self, check_game: int) -> None:
        await self._write("DELETE FROM queue_entries WHERE check_game = $1", check_game)

    async def set_game_channel(self, game_id: int, channel_id: int) -> None:
        await self._write("UPDATE games SET channel_id = $1 WHERE id = $2", channel_id, game_id)
