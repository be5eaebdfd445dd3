"""What every PostgreSQL unit of work shares (``pg_repo.py``, ``pg_claims.py``): the connection, the conversion of
asyncpg's errors into ``StorageError``, times (timestamptz, as aware UTC datetimes) and JSON as the SQLite store
gives them, the common columns."""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import asyncpg

from bot.storage.records import utc
from bot.storage.repository import StorageError

GAME_LOCK = 1  # advisory lock class of a game (the two-key form: class, game id)
PRUNE_LOCK = 2  # advisory lock class of the prune (one process at a time)
CHANNELS = {"outbox": "agot_outbox", "timers": "agot_timers"}  # what NOTIFY announces -> its channel



# everything asyncpg or the network raises (asyncpg's InternalClientError, e.g. on a connection the server dropped
# mid-statement, is neither a PostgresError nor an InterfaceError)
DB_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError, OSError, TimeoutError)


def why(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


@contextmanager
def storage_errors(what: str) -> Iterator[None]:
    """Turn anything asyncpg or the network raises into a StorageError (one line, no password)."""
    try:
        yield
    except StorageError:
        raise
    except DB_ERRORS as exc:
        raise StorageError(f"PostgreSQL: {what} failed: {why(exc)}") from exc


def _t(moment: datetime | None) -> datetime | None:
    """A time for a timestamptz parameter: asyncpg would take a naive one as UTC, the interface refuses it
    (ValueError)."""
    return None if moment is None else utc(moment)


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _load(text: str | bytes) -> Any:
    # jsonb keeps keys in its own order; the SQLite store returns them sorted (it writes sort_keys JSON), and so
    # does this one: a reader never sees an order that depends on the database
    return json.loads(text, object_pairs_hook=lambda pairs: dict(sorted(pairs)))


async def setup_connection(conn: asyncpg.Connection) -> None:
    """Every pooled connection: json and jsonb to and from Python values, as the SQLite store writes them."""
    for name in ("json", "jsonb"):
        await conn.set_type_codec(name, encoder=_dump, decoder=_load, schema="pg_catalog")


def _unpack(blob: bytes) -> list[dict[str, Any]]:
    return list(_load(zlib.decompress(blob)))


def _fields(record: asyncpg.Record) -> dict[str, Any]:
    """A row by column name, timestamptz as an aware datetime in UTC."""
    return {k: v.astimezone(UTC) if isinstance(v, datetime) else v for k, v in record.items()}


_OUTBOX = ("o.id, o.game_id, o.audience, o.user_id, o.kind, o.payload, o.key, o.created_at, o.sent_at, o.message_id, "
           "o.attempts, o.retry_at, o.failed_at, o.error, o.said_at, g.channel_id")
_OUTBOX_FROM = "outbox o JOIN games g ON g.id = o.game_id"
_UNSENT = "sent_at IS NULL AND failed_at IS NULL"
_TIMER = "id, game_id, kind, due_at, remaining_ms, payload, done"
_LIVE_TIMER = "(kind IN ('vote', 'ready') OR game_id IN (SELECT id FROM games WHERE status = 'running'))"


class PgUnit:
    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def _all(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        with storage_errors("a query"):
            return list(await self.conn.fetch(sql, *args))

    async def _one(self, sql: str, *args: Any) -> asyncpg.Record | None:
        with storage_errors("a query"):
            return await self.conn.fetchrow(sql, *args)

    async def _value(self, sql: str, *args: Any) -> Any:
        with storage_errors("a query"):
            return await self.conn.fetchval(sql, *args)

    async def _write(self, sql: str, *args: Any) -> None:
        with storage_errors("a write"):
            await self.conn.execute(sql, *args)

