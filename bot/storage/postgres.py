"""The PostgreSQL store (asyncpg): a connection pool, one connection per unit of work, for any number of bot
processes on one database. SQLite (``sqlite.py``) stays the embedded default; this store is selected by a
``postgresql://`` URL and implements the same ``Store``/``Repo`` interface (``pg_repo.py``), with the same
semantics and rows: times are ``timestamptz`` in the database and aware UTC ``datetime``s at the interface.

Isolation. ``transaction()`` is one READ COMMITTED transaction on one pooled connection: nobody sees its rows
before COMMIT (the dispatcher never sends a message whose transaction may still roll back). ``reading()`` is a
READ ONLY REPEATABLE READ transaction: its reads see one snapshot, as under SQLite's single lock. Unlike SQLite,
transactions of different games run at the same time; what must not interleave across processes is guarded by
the database (see ``pg_repo.py``): an answer's transaction holds its game's advisory lock (``lock_game``), the
outbox and the timers are claimed with ``FOR UPDATE SKIP LOCKED`` under expiring leases, and ``listen`` wakes a
process when another one added work (``NOTIFY`` with ids only).

Errors. Whatever asyncpg or the network raises leaves this module as ``StorageError`` with one clear line.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import asyncpg

from bot.storage.pg_base import CHANNELS, DB_ERRORS, setup_connection, storage_errors, why
from bot.storage.pg_repo import PostgresRepo
from bot.storage.repository import DELIVERY_WINDOW, StorageError, prune_all
from bot.storage.sqlite import PRUNE_EVERY, migrations
from bot.storage.stores import redacted

log = logging.getLogger("bot.storage.postgres")

MIGRATIONS = Path(__file__).with_name("pg_migrations")
DEFAULT_POOL = 10  # connections per process (AGOT_DB_POOL)
CONNECT_TIMEOUT = 10.0  # seconds
MIGRATION_LOCK = 7000  # advisory lock key: one process migrates at a time
Wake = Callable[[str, int], None]  # ("outbox" or "timers", game id)


LATEST = len(migrations(MIGRATIONS))


def pool_size(env: dict[str, str] | None = None) -> int:
    """AGOT_DB_POOL: connections per process (default 10)."""
    raw = (os.environ if env is None else env).get("AGOT_DB_POOL", "").strip()
    if not raw:
        return DEFAULT_POOL
    if not raw.isdigit() or not 1 <= int(raw) <= 1000:
        raise StorageError(f"AGOT_DB_POOL must be a number of connections from 1 to 1000, not {raw!r}")
    return int(raw)


async def migrate(conn: asyncpg.Connection, where: str, upto: int | None = None) -> int:
    """Apply the migrations the database lacks, each in its own transaction; return the new version."""
    target = LATEST if upto is None else upto
    await conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL,"
                       " applied_at timestamptz NOT NULL DEFAULT now())")
    version = 0
    for number, file in migrations(MIGRATIONS):
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            version = int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))
            if version > LATEST:
                raise StorageError(f"{where} has schema version {version}, but this bot knows versions up to "
                                   f"{LATEST}: it was written by a newer version of the bot. Upgrade the bot.")
            if version < number <= target:
                try:
                    await conn.execute(file.read_text())
                except asyncpg.PostgresError as exc:
                    raise StorageError(f"migration {file.name} failed on {where}: {why(exc)}") from exc
                await conn.execute("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", number, file.name)
                version = number
    return version


class PostgresStore:
    shared = True  # any number of processes on one database
    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self.pool = pool
        self.url = url
        self.where = redacted(url)
        self._listener: asyncpg.Connection | None = None
        self._wakes: list[Wake] = []
        self._closing = False
        self._reconnect: asyncio.Task[None] | None = None
        self._pruner: asyncio.Task[None] | None = None
        self._next_prune = time.monotonic() + PRUNE_EVERY

    @classmethod
    async def open(cls, url: str, upto: int | None = None, pool: int | None = None,
                   create: bool = True) -> PostgresStore:
        """Connect (a pool of ``pool`` connections, default AGOT_DB_POOL) and migrate; ``create``: give an empty
        database the schema (otherwise it is refused untouched); ``upto`` stops at an older version (tests). A
        wrong URL, a refused password or an unreachable server: one clear line."""
        size = pool if pool is not None else pool_size()
        where = redacted(url)
        try:
            conn_pool = await asyncpg.create_pool(url, min_size=1, max_size=size, init=setup_connection,
                                                  timeout=CONNECT_TIMEOUT, command_timeout=None)
        except asyncpg.InvalidPasswordError as exc:
            raise StorageError(f"cannot open {where}: the server refused the password ({why(exc)})") from exc
        except asyncpg.InvalidCatalogNameError as exc:
            raise StorageError(f"cannot open {where}: no such database ({why(exc)})") from exc
        except (*DB_ERRORS, ValueError) as exc:
            raise StorageError(f"cannot open {where}: {why(exc)}") from exc
        try:
            with storage_errors(f"migrating {where}"):
                async with conn_pool.acquire() as conn:
                    if not create and not await conn.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL"):
                        raise StorageError(f"{where} holds no games database (no schema): nothing was written")
                    await migrate(conn, where, upto)
        except BaseException:
            await conn_pool.close()
            raise
        return cls(conn_pool, url)

    async def close(self) -> None:
        """Close the pool (after a running prune); closing again does nothing."""
        if self._closing:
            return
        self._closing = True
        if self._pruner is not None:
            await self._pruner
        if self._reconnect is not None:
            self._reconnect.cancel()
        if self._listener is not None and not self._listener.is_closed():
            await self._listener.close()
        await self.pool.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresRepo]:
        """One READ COMMITTED transaction: committed when the block is left, rolled back if it raises."""
        if self._closing:
            raise StorageError(f"{self.where}: the store is closed")
        with storage_errors("a transaction"):
            conn = await self.pool.acquire()
        try:
            with storage_errors("BEGIN"):
                tr = conn.transaction()
                await tr.start()
            try:
                yield PostgresRepo(conn)
            except BaseException:
                await self._rollback(tr)
                raise
            with storage_errors("COMMIT"):
                await tr.commit()
        finally:
            await self._release(conn)
        if time.monotonic() >= self._next_prune and (self._pruner is None or self._pruner.done()):
            self._next_prune = time.monotonic() + PRUNE_EVERY
            self._pruner = asyncio.get_running_loop().create_task(self._prune(), name="postgres-prune")

    async def _prune(self) -> None:
        try:
            pruned = await prune_all(self, datetime.now(UTC) - DELIVERY_WINDOW)
        except StorageError as exc:
            log.warning("pruning %s failed: %s", self.where, exc)
            return
        log.info("pruned %s: %s", self.where, pruned)

    async def vacuum(self) -> None:
        """VACUUM (ANALYZE) every table: the space ``prune`` freed is reused (PostgreSQL keeps the files)."""
        with storage_errors("VACUUM"):
            async with self.pool.acquire() as conn:
                await conn.execute("VACUUM (ANALYZE)")

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[PostgresRepo]:
        """A READ ONLY REPEATABLE READ transaction: one snapshot of committed rows; a write raises."""
        if self._closing:
            raise StorageError(f"{self.where}: the store is closed")
        with storage_errors("a read"):
            conn = await self.pool.acquire()
        try:
            with storage_errors("BEGIN"):
                tr = conn.transaction(isolation="repeatable_read", readonly=True)
                await tr.start()
            try:
                yield PostgresRepo(conn)
            finally:
                await self._rollback(tr)
        finally:
            await self._release(conn)

    async def _rollback(self, tr: Any) -> None:
        try:
            await tr.rollback()
        except DB_ERRORS:  # the connection is gone, and with it the transaction (the server rolled it back)
            log.warning("a rollback on %s found the connection lost", self.where)

    async def _release(self, conn: asyncpg.Connection) -> None:
        try:
            await self.pool.release(conn)
        except DB_ERRORS:
            log.warning("a connection to %s could not be returned to the pool", self.where)

    # --- waking other processes ---------------------------------------------------------------------------

    async def listen(self, wake: Wake) -> None:
        """Call ``wake(kind, game_id)`` when any process commits outbox rows ("outbox") or timers ("timers").

        One connection outside the pool LISTENs; if it drops it is re-opened in the background (callers keep a
        slow poll as the safety net for what is missed meanwhile)."""
        self._wakes.append(wake)
        if self._listener is None:
            await self._listen()

    async def _listen(self) -> None:
        with storage_errors(f"LISTEN on {self.where}"):
            conn = await asyncpg.connect(self.url, timeout=CONNECT_TIMEOUT)
            for kind, channel in CHANNELS.items():
                await conn.add_listener(channel, self._notified(kind))
        conn.add_termination_listener(self._lost)
        self._listener = conn

    def _notified(self, kind: str) -> Callable[[Any, int, str, str], None]:
        def notified(_conn: Any, _pid: int, _channel: str, payload: str) -> None:
            for wake in self._wakes:
                wake(kind, int(payload))
        return notified

    def _lost(self, _conn: Any) -> None:
        if not self._closing:
            log.warning("the LISTEN connection to %s was lost; reconnecting", self.where)
            self._reconnect = asyncio.get_running_loop().create_task(self._relisten())

    async def _relisten(self) -> None:
        delay = 1.0
        while not self._closing:
            try:
                await self._listen()
            except StorageError as exc:
                log.warning("%s; retrying in %.0f s", exc, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 60.0)
                continue
            for wake in self._wakes:  # what was committed while nobody listened
                for kind in CHANNELS:
                    wake(kind, 0)
            return
