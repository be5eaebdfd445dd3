"""The SQLite store: one writing connection, with group commit, and one reading connection on a thread of its own.

Durability: WAL journal with ``synchronous=FULL``: every COMMIT fsyncs the WAL, so a transaction the caller was
told is committed survives a kill of the process, a power cut and an OS crash alike.

Group commit. A transaction's writes are deferred: they are collected while its block runs and sent to the
worker thread when the block ends (or earlier, when the block reads). Transactions that end while the connection
is busy wait together; the next hop to the worker thread runs all of them inside one ``BEGIN IMMEDIATE ...
COMMIT``, each within its own ``SAVEPOINT``: a failing transaction rolls back to its savepoint alone and only
its caller sees the error, the others commit. Each transaction's block is left (the caller told "committed")
only after the COMMIT of its group returned, i.e. after its fsync: one fsync is shared by every game whose
answer waited for it, instead of one store lock serialising an fsync per transaction.

Where the writing connection runs (``hop``). Whatever may wait runs in the worker thread: a BEGIN that must wait
for another process's write lock (``busy_timeout``), the COMMIT and its fsync, queries, maintenance, and any group
with a transaction of more than ``INLINE_ROWS`` rows. A group of small transactions (answers, timers, delivery
marks: a few dozen microseconds a statement) runs on the event loop from BEGIN (tried without waiting) to its last
statement, and only its COMMIT goes to the thread: in the worker thread every statement has to get the GIL back
from the loop, so it ran only while the loop had nothing else to do, and the group commit took several times as
long (``tools/bench_service.py``).

Isolation (what ``repository.py`` promises, and how): the writing connection is only ever used under
``self.lock``, the reading one under ``self.read_lock``.

- A reading repo reads through the reading connection, in one read transaction from its first query to its end:
  one snapshot of committed (and fsynced) rows, taken after every transaction whose block was left, and never a
  row that may still roll back (the dispatcher never sends an outbox row of an answer that is not durable).
  WAL lets it read while the writer commits, so reads never wait for an fsync.
- A transaction that reads inside its block takes the lock at its first read and keeps it until its savepoint
  is released, so nothing else runs on the connection in between; it sees its own writes and those of the
  transactions of its group that ran before it (if their group's COMMIT fails, it fails with them).
- A transaction that only writes never takes the lock in its block; its writes reach the database in the
  committing hop. Two transactions of one game never overlap: the service holds the game's lock across a
  transaction's block, its commit included.

``busy_timeout`` covers other processes (the admin command line) using the same file.

Bounded storage: every ``PRUNE_EVERY`` seconds of use the store runs ``prune_all`` on its own (delivered messages
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
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from bot.storage.repository import DELIVERY_WINDOW, StorageError, prune_all
from bot.storage.sqlite_hops import Hop, Member, begin, begin_now, run_hop, run_members
from bot.storage.sqlite_repo import SqliteRepo

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
        # Temporary files in memory, once migrated (a migration may rewrite a whole table): above all the
        # savepoints' sub-journal (each transaction of a group runs in a savepoint, ``sqlite_hops``), a copy of
        # each page the transaction changes, which otherwise spills to a file past 64 KiB: a group's answers wrote
        # some 40 pages to it each, syscalls on the event loop that took a third of the SQL time. What one
        # transaction changes stays bounded (``prune`` removes PRUNE_ROWS rows of a kind at most); VACUUM, whose
        # copy of the whole database is a temporary one, puts it back in a file (``vacuum``).
        conn.execute("PRAGMA temp_store = MEMORY")
    except sqlite3.Error as exc:
        conn.close()
        raise StorageError(f"{path}: {exc}") from exc
    except BaseException:
        conn.close()
        raise
    return conn


def _open_reader(path: str) -> sqlite3.Connection:
    """The connection ``reading()`` uses, on its own thread: WAL lets it read while the writer commits."""
    try:
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA query_only = ON")
    except sqlite3.Error as exc:
        raise StorageError(f"{path}: {exc}") from exc
    return conn


def _read(conn: sqlite3.Connection, query: tuple[str, Any], begin: bool) -> list[sqlite3.Row]:
    """In the reader's thread: the block's first query opens its read transaction (one snapshot per block)."""
    if begin:
        conn.execute("BEGIN")
    try:
        return conn.execute(*query).fetchall()
    except sqlite3.Error:
        if begin and conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _end_read(conn: sqlite3.Connection) -> None:
    if conn.in_transaction:
        conn.execute("COMMIT")


class SqliteStore:
    shared = False  # one process: its own lock serialises every transaction
    def __init__(self, conn: sqlite3.Connection, reader: sqlite3.Connection, path: str) -> None:
        self.conn = conn
        self.reader = reader
        self.path = path
        self.lock = asyncio.Lock()  # held by whoever uses the writing connection (see the module's doc)
        self.read_lock = asyncio.Lock()  # held by a reading block, from its first query to its end
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="agot-sqlite")
        self._read_executor = ThreadPoolExecutor(1, thread_name_prefix="agot-sqlite-read")
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
        loop = asyncio.get_running_loop()
        conn = await loop.run_in_executor(None, _open, str(path), create, upto)
        try:
            reader = await loop.run_in_executor(None, _open_reader, str(path))
        except BaseException:
            conn.close()
            raise
        return cls(conn, reader, str(path))

    async def read(self, query: tuple[str, Any], begin: bool) -> list[sqlite3.Row]:
        """One query of a reading block, on the reader connection (the caller holds ``read_lock``)."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._read_executor, _read, self.reader, query,
                                                                    begin)
        except sqlite3.Error as exc:
            raise StorageError(f"{self.path}: {exc}") from exc

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(connection, *args)`` in the worker thread (the caller holds the lock); sqlite3 errors become
        StorageError."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, fn, self.conn, *args)
        except sqlite3.Error as exc:
            raise StorageError(f"{self.path}: {exc}") from exc

    async def hop(self, hop: Hop) -> Any:
        """Run a hop (the caller holds the lock); settles the members it ran or committed.

        Small members (``Member.small``: the answers, timers and deliveries) have their statements run here, on the
        event loop: SQLite takes tens of microseconds a statement, while in the worker thread each statement
        would wait for the GIL the loop holds (the thread ran only when the loop had nothing else to do). BEGIN
        is tried here without waiting; the rest goes to the worker thread: a BEGIN that must wait for another
        process, bigger transactions, queries and the COMMIT with its fsync, during which the loop runs on."""
        members = hop.members
        try:
            if members and all(m.small for m in members):
                try:
                    if not self.conn.in_transaction and not begin_now(self.conn, BUSY_TIMEOUT_MS):
                        await self.call(begin)  # another process writes: wait for it off the loop
                    run_members(self.conn, members)
                except sqlite3.Error as exc:
                    raise StorageError(f"{self.path}: {exc}") from exc
                hop = Hop(batch=hop.batch, commit=hop.commit, query=hop.query)
            result = await self.call(run_hop, hop) if hop.members or hop.batch or hop.commit or hop.query else None
        except StorageError as exc:
            for member in members:
                if member.batch is not None and member.error is None:  # the hop failed before it ran
                    member.error = exc.__cause__ or exc
            self._settle(members, None)
            if hop.commit or not self.conn.in_transaction:  # the group's COMMIT failed: nothing of it is kept
                self._settle(self._uncommitted, exc)
                self._uncommitted = []
            raise
        self._settle(members, None)
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

    def ran(self, member: Member) -> None:
        """A transaction that ran on the connection (its savepoint released) waits for the next COMMIT."""
        self._uncommitted.append(member)

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
            pruned = await prune_all(self, datetime.now(UTC) - DELIVERY_WINDOW)
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
        """A repo for reads only, on the reader connection: one snapshot of the committed rows per block (taken
        at its first query, so every transaction whose block was left is in it), never waiting for a commit."""
        if self._closed:
            raise StorageError(f"{self.path}: the store is closed")
        async with self.read_lock:
            repo = SqliteRepo(self, writable=False)
            try:
                yield repo
            finally:
                if repo.opened:  # end the read transaction; the reader's thread runs it before the next block
                    self._read_executor.submit(_end_read, self.reader)

    async def run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``fn`` alone on the connection after every waiting transaction committed (maintenance)."""
        await self.drain()
        async with self.lock:
            if self.conn.in_transaction:
                await self.hop(Hop(commit=True))
            return await self.call(fn)

    async def vacuum(self) -> None:
        def vacuum(conn: sqlite3.Connection) -> None:
            conn.execute("PRAGMA temp_store = FILE")  # the temporary copy of the database: on disk, not in memory
            try:
                conn.execute("VACUUM")
            finally:
                conn.execute("PRAGMA temp_store = MEMORY")
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
        async with self.read_lock:
            self._read_executor.submit(self.reader.close)
        self._executor.shutdown(wait=True)
        self._read_executor.shutdown(wait=True)
