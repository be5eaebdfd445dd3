"""The calls several processes on one PostgreSQL database need (the ``Repo`` calls a SQLite process has trivially):

- ``lock_game(game_id)``: the game's advisory lock (``pg_advisory_xact_lock``), held until the transaction
  ends, and the game's stored ``seq``: a process whose cached game is behind reloads it and answers again.
- ``claim_messages(owner, now, until)``: the unsent outbox rows of the destinations whose delivery lease this
  process holds or just took (``FOR UPDATE SKIP LOCKED`` on the lease rows, so claimers never wait for each other).
  A lease is per destination, where order is kept (``bot.service.outbox.destination``): one player's DMs across
  all their games (scope ``dm``, the user id) or one game's feed (scope ``feed``, the game id); so one process at
  a time delivers a destination, in id order of the rows committed when it claims them (a game's rows are
  committed in id order, its transactions taking turns; rows of two games are not: a row of another game's
  transaction still running may get a smaller id and follow). A dead owner's lease is taken over once expired.
- ``release_messages(owner)``: give the leases back early (the pass is done).
- ``claim_timers(owner, now, until)``: the due timers nobody else holds, leased to this process.
- ``lease_shards(owner, shards, now, until)``: one process per Discord shard.
"""

from __future__ import annotations

from datetime import datetime

from bot.storage.pg_base import _LIVE_TIMER, _OUTBOX, _OUTBOX_FROM, _TIMER, _UNSENT, GAME_LOCK, PgUnit, _fields, _t
from bot.storage.records import OutboxRow, TimerRow


def _destination(prefix: str) -> tuple[str, str]:
    """The lease scope and key of an outbox row (its columns named with ``prefix``): ('dm', the user) for a
    player's message, ('feed', the game) for a public one."""
    dm = f"{prefix}audience = 'player' AND {prefix}user_id IS NOT NULL"
    return (f"(CASE WHEN {dm} THEN 'dm' ELSE 'feed' END)",
            f"(CASE WHEN {dm} THEN {prefix}user_id ELSE {prefix}game_id END)")


class Claims(PgUnit):
    async def lock_game(self, game_id: int) -> int | None:
        """Wait for the game's lock (held until this transaction ends); return its stored seq (None: no game)."""
        await self._write("SELECT pg_advisory_xact_lock($1, $2::integer)", GAME_LOCK, game_id)
        seq = await self._value("SELECT seq FROM games WHERE id = $1", game_id)
        return int(seq) if seq is not None else None

    async def claim_messages(self, owner: str, now: datetime, until: datetime, limit: int = 100) -> list[OutboxRow]:
        """The unsent rows (oldest first, at most ``limit``) of destinations whose delivery lease ``owner`` holds
        or takes now (free, expired or already its own), leased until ``until``."""
        scope, key = _destination("")
        # the missing lease rows, in one order for every process (two inserting the same keys never deadlock)
        await self._write(f"INSERT INTO leases (scope, key, owner, until) SELECT DISTINCT {scope}, {key}, '', "
                          f"'-infinity'::timestamptz FROM outbox WHERE {_UNSENT} ORDER BY 1, 2 ON CONFLICT DO NOTHING")
        claimed = await self._all(
            "WITH mine AS (SELECT l.scope, l.key FROM leases l WHERE l.scope IN ('dm', 'feed') "
            f"AND (l.owner = $1 OR l.until < $2) AND (l.scope, l.key) IN (SELECT {scope}, {key} FROM outbox "
            f"WHERE {_UNSENT}) ORDER BY l.scope, l.key LIMIT $4 FOR UPDATE SKIP LOCKED) "
            "UPDATE leases SET owner = $1, until = $3 FROM mine "
            "WHERE leases.scope = mine.scope AND leases.key = mine.key RETURNING leases.scope, leases.key",
            owner, _t(now), _t(until), limit)
        if not claimed:
            return []
        scope, key = _destination("o.")
        rows = await self._all(f"SELECT {_OUTBOX} FROM {_OUTBOX_FROM} WHERE o.sent_at IS NULL AND o.failed_at IS NULL "
                               f"AND ({scope}, {key}) IN (SELECT * FROM unnest($1::text[], $2::bigint[])) "
                               "ORDER BY o.id LIMIT $3",
                               [r["scope"] for r in claimed], [r["key"] for r in claimed], limit)
        return [OutboxRow(**_fields(r)) for r in rows]

    async def release_messages(self, owner: str) -> None:
        await self._write("UPDATE leases SET until = '-infinity' WHERE scope IN ('dm', 'feed') AND owner = $1", owner)

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

