"""The calls several processes on one PostgreSQL database need (the ``Repo`` calls a SQLite process has trivially):

- ``lock_game(game_id)``: the game's advisory lock (``pg_advisory_xact_lock``), held until the transaction
  ends, and the game's stored ``seq``: a process whose cached game is behind reloads it and answers again.
- ``claim_messages(owner, now, until)``: the unsent outbox rows of the games whose delivery lease this process
  holds or just took (``FOR UPDATE SKIP LOCKED`` on the lease rows, so claimers never wait for each other). A
  lease is per game, so a game's messages keep their order; a dead owner's lease is taken over once expired.
- ``release_messages(owner, game_ids)``: give the leases back early (the game's rows are done).
- ``claim_timers(owner, now, until)``: the due timers nobody else holds, leased to this process.
- ``lease_shards(owner, shards, now, until)``: one process per Discord shard.
"""

from __future__ import annotations

from datetime import datetime

from bot.storage.pg_base import _LIVE_TIMER, _OUTBOX, _OUTBOX_FROM, _TIMER, _UNSENT, GAME_LOCK, PgUnit, _fields, _t
from bot.storage.records import OutboxRow, TimerRow


class Claims(PgUnit):
    async def lock_game(self, game_id: int) -> int | None:
        """Wait for the game's lock (held until this transaction ends); return its stored seq (None: no game)."""
        await self._write("SELECT pg_advisory_xact_lock($1, $2::integer)", GAME_LOCK, game_id)
        seq = await self._value("SELECT seq FROM games WHERE id = $1", game_id)
        return int(seq) if seq is not None else None

    async def claim_messages(self, owner: str, now: datetime, until: datetime, limit: int = 100) -> list[OutboxRow]:
        """The unsent rows (oldest first, at most ``limit``) of games whose delivery lease ``owner`` holds or
        takes now (free, expired or already its own), leased until ``until``."""
        await self._write(f"INSERT INTO leases (scope, key, owner, until) SELECT DISTINCT 'outbox', game_id, '', "
                          f"'-infinity'::timestamptz FROM outbox WHERE {_UNSENT} ON CONFLICT DO NOTHING")
        claimed = await self._all(
            "WITH mine AS (SELECT l.key FROM leases l WHERE l.scope = 'outbox' AND (l.owner = $1 OR l.until < $2) "
            f"AND l.key IN (SELECT game_id FROM outbox WHERE {_UNSENT}) ORDER BY l.key LIMIT $4 "
            "FOR UPDATE SKIP LOCKED) "
            "UPDATE leases SET owner = $1, until = $3 FROM mine "
            "WHERE leases.scope = 'outbox' AND leases.key = mine.key RETURNING leases.key",
            owner, _t(now), _t(until), limit)
        if not claimed:
            return []
        rows = await self._all(f"SELECT {_OUTBOX} FROM {_OUTBOX_FROM} WHERE o.game_id = ANY($1::bigint[]) "
                               "AND o.sent_at IS NULL AND o.failed_at IS NULL ORDER BY o.id LIMIT $2",
                               [r["key"] for r in claimed], limit)
        return [OutboxRow(**_fields(r)) for r in rows]

    async def release_messages(self, owner: str, game_ids: list[int]) -> None:
        await self._write("UPDATE leases SET until = '-infinity' WHERE scope = 'outbox' AND owner = $1 "
                          "AND key = ANY($2::bigint[])", owner, game_ids)

    async def claim_timers(self, owner: str, now: datetime, until: datetime, limit: int = 100) -> list[TimerRow]:
        """Due timers (as ``due_timers``) that no other process holds, leased to ``owner`` until ``until``."""
        rows = await self._all(
            f"UPDATE timers SET claimed_by = $1, claimed_until = $3 WHERE id IN (SELECT id FROM timers "
            f"WHERE NOT done AND due_at <= $2 AND (claimed_until IS NULL OR claimed_until < $2 OR claimed_by = $1) "
            f"AND {_LIVE_TIMER} ORDER BY due_at, id LIMIT $4 FOR UPDATE SKIP LOCKED) RETURNING {_TIMER}",
            owner, _t(now), _t(until), limit)
        timers = [TimerRow(**_fields(r)) for r in rows]
        return sorted(timers, key=lambda x: (x.due_at.timestamp() if x.due_at else 0.0, x.id))

    async def lease_shards(self, owner: str, shards: list[int], now: datetime, until: datetime) -> list[int]:
        taken = await self._all(
            "INSERT INTO leases (scope, key, owner, until) SELECT 'shard', k, $1, $4 FROM unnest($2::bigint[]) AS k "
            "ON CONFLICT (scope, key) DO UPDATE SET owner = excluded.owner, until = excluded.until "
            "WHERE leases.owner = excluded.owner OR leases.until < $3 RETURNING key", owner, shards, _t(now), _t(until))
        return sorted(set(shards) - {int(r["key"]) for r in taken})

