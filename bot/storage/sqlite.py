"""The SQLite store: one connection per process, used from one worker thread, with group commit.

Durability: WAL journal with ``synchronous=FULL``: every COMMIT fsyncs the WAL, so a transaction the caller was
told is committed survives a kill of the process, a power cut and an OS crash alike.

Group commit. A transaction's writes are deferred: they are collected while its block runs and sent to the
worker thread when the block ends (or earlier, when the block reads). Transactions that end while the connection
is busy wait together; the next hop to the worker thread runs all of them inside one ``BEGIN IMMEDIATE ...
COMMIT``, each within its own ``SAVEPOINT``: a failing transaction rolls back to its savepoint alone and only
its caller sees the error, the others commit. Each transaction's block is left (the caller told "committed")
only after the COMMIT of its group returned, i.e. after its fsync: one fsync is shared by every game whose
answer waited for it, instead of one store lock serialising an fsync per transaction.

Isolation (what ``repository.py`` promises, and how): the connection is only ever used under ``self.lock``.

- A reading repo first commits whatever transactions already ran on the connection, so a read sees committed
  (and fsynced) rows only: the dispatcher never sends an outbox row whose transaction may still roll back.
- A transaction that reads inside its block takes the lock at its first read and keeps it until its savepoint
  is released, so nothing else runs on the connection in between; it sees its own writes and those of the
  transactions of its group that ran before it (if their group's COMMIT fails, it fails with them).
- A transaction that only writes never takes the lock in its block; its writes reach the database in the
  committing hop. Two transactions of one game never overlap: the service holds the game's lock across a
  transaction's block, its commit included.

``busy_timeout`` covers other processes (the admin command line) using the same file.

Bounded storage: every ``PRUNE_EVERY`` seconds of use the store runs ``Repo.prune`` on its own (delivered messages
past ``DELIVERY_WINDOW``, finished timers, finished games' snapshots and events), so a database grows with its
games' answers and history, not with everything ever sent. Freed pages are reused; ``compact`` also VACUUMs.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from bot.storage.records import iso
from bot.storage.repository import DELIVERY_WINDOW, StorageError
from bot.storage.sqlite_repo import SqliteRepo, Statement, run_batch

log = logging.getLogger("bot.storage")
MIGRATIONS = Path(__file__).with_name("migrations")
BUSY_TIMEOUT_MS = 5000
PRUNE_EVERY = 600.0  # seconds between two automatic prunes
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
T = TypeVar("T")


def migrations(folder: Path = MIGRATIONS) -> list[tuple[int, Path]]:
    """The numbered migration files, in order; the numbers must run 1, 2, 3 ... without a gap."""
    found = sorted((int(m.group(1)), p) for p in folder.iterdir() if (m := _NAME.match(p.name)))
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise StorageError(f"migrations in {folder} are not numbered 1..{len(found)} without a gap: {numbers}")
    return found


LATEST = len(migrations())


def _version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def _open(path: str, create: bool, upto: int | None) -> sqlite3.Connection:
    """In the worker thread: connect, check the file before writing anything, set the pragmas, migrate."""
    target = LATEST if upto is None else upto
    if not create and not Path(path).is_file():
        raise StorageError(f"{path}: no such database file")
    try:
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as exc:
        raise StorageError(f"{path}: {exc}") from exc
    try:
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        objects = int(conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0])  # a corrupt file fails here
        version = _version(conn)
        if version > LATEST:
            raise StorageError(f"{path} has schema version {version}, but this bot knows versions up to {LATEST}: "
                               "it was written by a newer version of the bot. Upgrade the bot (or use another file).")
        if not create and version == 0:
            what = "an empty file" if objects == 0 else "not a database of this bot (no schema version)"
            raise StorageError(f"{path}: {what}, not a database of stored games")
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()
        if not mode or str(mode[0]).lower() != "wal":
            raise StorageError(f"{path}: cannot switch the journal to WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        for number, file in migrations():
            if version < number <= target:
                script = file.read_text()
                try:
                    # executescript commits any open transaction first, so BEGIN/COMMIT live inside the script;
                    # user_version is part of the database header and so part of the same transaction.
                    conn.executescript(f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")
                except sqlite3.Error as exc:
                    if conn.in_transaction:
                        conn.rollback()
                    raise StorageError(f"migration {file.name} failed on {path}: {exc}") from exc
                version = number
    except sqlite3.Error as exc:
        conn.close()
        raise StorageError(f"{path}: {exc}") from exc
    except BaseException:
        conn.close()
        raise
    return conn


@dataclass
class Member:
    """A transaction waiting for its group: its deferred writes (None once they ran) and its caller's future."""

    batch: list[Statement] | None
    done: asyncio.Future[None]
    error: BaseException | None = None


@dataclass
class Hop:
    """What one trip to the worker thread does, in this order: run each waiting member in its own savepoint,
    then the caller's statements, then COMMIT (if asked), then the caller's query."""

    members: list[Member] = field(default_factory=list)
    batch: list[Statement] = field(default_factory=list)
    commit: bool = False
    query: tuple[str, Any] | None = None


def _savepointed(conn: sqlite3.Connection, member: Member) -> None:
    assert member.batch is not None
    conn.execute("SAVEPOINT member")
    try:
        run_batch(conn, member.batch)
    except sqlite3.Error as exc:
        conn.execute("ROLLBACK TO member")
        member.error = exc
    conn.execute("RELEASE member")
    member.batch = None


def _run_hop(conn: sqlite3.Connection, hop: Hop) -> Any:
    """In the worker thread. Errors of a member are kept on it; an error of the caller's part propagates."""
    try:
        if (hop.members or hop.batch) and not conn.in_transaction:
            conn.execute("BEGIN IMMEDIATE")
        for member in hop.members:
            _savepointed(conn, member)
    except sqlite3.Error as exc:  # BEGIN failed (busy): none of the members ran
        for member in hop.members:
            if member.batch is not None:
                member.error, member.batch = exc, None
        raise
    run_batch(conn, hop.batch)
    if hop.commit and conn.in_transaction:
        try:
            conn.execute("COMMIT")
        except sqlite3.Error:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    if hop.query is None:
        return None
    cur = conn.execute(*hop.query)
    rows = cur.fetchall()
    return rows if cur.description else cur.lastrowid


class SqliteStore:
    def __init__(self, conn: sqlite3.Connection, path: str, executor: ThreadPoolExecutor) -> None:
        self.conn = conn
        self.path = path
        self.lock = asyncio.Lock()  # held by whoever uses the connection (see the module's doc)
        self._executor = executor
        self._pending: list[Member] = []  # transactions whose writes have not run yet
        self._uncommitted: list[Member] = []  # transactions that ran, waiting for the COMMIT
        self._committer: asyncio.Task[None] | None = None
        self._pruner: asyncio.Task[None] | None = None
        self._next_prune = time.monotonic() + PRUNE_EVERY
        self._closed = False

    @classmethod
    async def open(cls, path: str | Path, upto: int | None = None, create: bool = True) -> SqliteStore:
        """Open and migrate the database (``create``: make the file if it is missing; otherwise a missing or
        empty file is refused untouched). ``upto`` stops at an older version (tests). Failures: StorageError."""
        executor = ThreadPoolExecutor(1, thread_name_prefix="agot-sqlite")
        try:
            conn = await asyncio.get_running_loop().run_in_executor(executor, _open, str(path), create, upto)
        except BaseException:
            executor.shutdown(wait=False)
            raise
        return cls(conn, str(path), executor)

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(connection, *args)`` in the worker thread (the caller holds the lock); sqlite3 errors become
        StorageError."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, fn, self.conn, *args)
        except sqlite3.Error as exc:
            raise StorageError(f"{self.path}: {exc}") from exc

    async def hop(self, hop: Hop) -> Any:
        """One trip to the worker thread (the caller holds the lock); settles the members it ran or committed."""
        try:
            result = await self.call(_run_hop, hop)
        except StorageError as exc:
            for member in hop.members:
                if member.batch is not None and member.error is None:  # the hop failed before it ran
                    member.error = exc.__cause__ or exc
            self._settle(hop.members, None)
            if hop.commit or not self.conn.in_transaction:  # the group's COMMIT failed: nothing of it is kept
                self._settle(self._uncommitted, exc)
                self._uncommitted = []
            raise
        self._settle(hop.members, None)
        if hop.commit:
            self._settle(self._uncommitted, None)
            self._uncommitted = []
        return result

    def _settle(self, members: list[Member], error: BaseException | None) -> None:
        """Members whose own savepoint failed hear it now; the others wait for the COMMIT (or hear ``error``)."""
        for member in members:
            if member.done.done():
                continue
            if member.error is not None:
                member.done.set_exception(StorageError(f"{self.path}: {member.error}"))
            elif error is not None:
                member.done.set_exception(StorageError(f"{self.path}: the group commit failed: {error}"))
            elif member not in self._uncommitted:
                self._uncommitted.append(member)
            else:
                member.done.set_result(None)

    def take_pending(self) -> list[Member]:
        pending, self._pending = self._pending, []
        return pending

    def enqueue(self, member: Member) -> None:
        self._pending.append(member)
        self.kick()

    def kick(self) -> None:
        """Make sure a committer runs: it commits every waiting transaction in one hop, then the next group."""
        if self._committer is None or self._committer.done():
            self._committer = asyncio.get_running_loop().create_task(self._commit_groups(), name="sqlite-commit")
        if time.monotonic() >= self._next_prune and (self._pruner is None or self._pruner.done()):
            self._next_prune = time.monotonic() + PRUNE_EVERY
            self._pruner = asyncio.get_running_loop().create_task(self._prune(), name="sqlite-prune")

    async def _prune(self) -> None:
        try:
            async with self.transaction() as repo:
                pruned = await repo.prune(iso(datetime.now(UTC) - DELIVERY_WINDOW))
        except StorageError as exc:
            log.warning("pruning %s failed: %s", self.path, exc)
            return
        log.info("pruned %s: %s", self.path, pruned)

    async def _commit_groups(self) -> None:
        while self._pending or self._uncommitted:
            async with self.lock:
                if not (self._pending or self._uncommitted):
                    break
                try:
                    await self.hop(Hop(members=self.take_pending(), commit=True))
                except StorageError:
                    pass  # every member of the group has its error

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteRepo]:
        """Commit the block's writes atomically (in a savepoint of the next group); roll them back if it raises.
        Left only after the group's COMMIT returned."""
        if self._closed:
            raise StorageError(f"{self.path}: the store is closed")
        repo = SqliteRepo(self, writable=True)
        try:
            yield repo
        except BaseException:
            await repo.abandon()
            raise
        done = asyncio.get_running_loop().create_future()
        await repo.finish(done)
        await done

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[SqliteRepo]:
        """A repo for reads only, seeing committed rows only."""
        if self._closed:
            raise StorageError(f"{self.path}: the store is closed")
        async with self.lock:
            if self.conn.in_transaction:
                await self.hop(Hop(commit=True))
            yield SqliteRepo(self, writable=False)

    async def run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``fn`` alone on the connection after every waiting transaction committed (maintenance)."""
        await self.drain()
        async with self.lock:
            if self.conn.in_transaction:
                await self.hop(Hop(commit=True))
            return await self.call(fn)

    async def vacuum(self) -> None:
        def vacuum(conn: sqlite3.Connection) -> None:
            conn.execute("VACUUM")
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

        await self.run(vacuum)

    async def listen(self, wake: Callable[[str, int], None]) -> None:
        """One process owns a SQLite file: nobody else adds work, so there is nothing to hear."""

    async def drain(self) -> None:
        while self._committer is not None and not self._committer.done():
            await self._committer

    async def close(self) -> None:
        """Commit what waits and close; closing again does nothing."""
        if self._closed:
            return
        if self._pruner is not None:
            await self._pruner
        await self.drain()
        self._closed = True
        async with self.lock:
            await self.call(lambda conn: conn.close())
        self._executor.shutdown(wait=True)
