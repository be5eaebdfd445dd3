"""The SQLite store, through aiosqlite: one writing connection with group commit, and one reading connection.
Every statement runs in the connection's own aiosqlite thread, never on the event loop.

Durability: WAL journal with ``synchronous=FULL``: every COMMIT fsyncs the WAL, so a transaction the caller was
told is committed survives a kill of the process, a power cut and an OS crash alike.

Group commit (``sqlite_group.py``). A transaction's writes are deferred: they are collected while its block runs
and queued when the block ends. The transactions queued while the writing connection is busy wait together, and
the next group runs all of them as one ``BEGIN IMMEDIATE ... COMMIT``, each kind of statement of the whole group
(answers, events, outbox rows, prompts, timers, game rows) in one ``executemany``: two trips to aiosqlite's
thread (the statements, queued together, the first of which opens the transaction; then the COMMIT) and one
fsync for the group, whatever its size. Each transaction's block is left (the caller told
"committed") only after its group's COMMIT returned, i.e. after its fsync. If a statement of the group fails, the
group is rolled back and run again one transaction at a time, each in its own ``SAVEPOINT``: a failing transaction
rolls back alone and only its caller sees the error; the others commit together.

Isolation (what ``repository.py`` promises, and how): the writing connection is only ever used under
``self.lock``, the reading one under ``self.read_lock``.

- A reading repo reads through the reading connection, in one read transaction from its first query to its end:
  one snapshot of committed (and fsynced) rows, taken after every transaction whose block was left, and never a
  row that may still roll back (the dispatcher never sends an outbox row of an answer that is not durable).
  WAL lets it read while the writer commits, so reads never wait for an fsync. The reading connection always
  stands in a deferred transaction, which holds nothing (no lock, no snapshot) until its first query: that query
  takes the block's snapshot, and the block's end (``executescript("BEGIN")``, which commits first) ends it and
  opens the next in one call, queued without waiting; the next block's first query is queued behind it. A
  block of one query costs two calls, not a BEGIN more.
- A transaction that reads inside its block (a new game's id, a prune's counts) takes the lock at its first read
  and runs as a transaction of its own, committed when its block ends; it sees its own writes. The groups wait
  for it.
- A transaction that only writes never takes the lock in its block; its writes reach the database with its
  group. Two transactions of one game never overlap: the service holds the game's lock across a transaction's
  block, its commit included.

``busy_timeout`` covers other processes (the admin command line) using the same file: a BEGIN that must wait for
their write lock waits in aiosqlite's thread.

Bounded storage: every ``PRUNE_EVERY`` seconds of use the store runs ``prune_all`` on its own (delivered messages
past ``DELIVERY_WINDOW``, finished timers, finished games' snapshots and events), so a database grows with its
games' answers and history, not with everything ever sent. Freed pages are reused; ``compact`` also VACUUMs.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.repository import DELIVERY_WINDOW, StorageError, prune_all
from bot.storage.sqlite_group import Member, Merged, Queued, merged, pipelined
from bot.storage.sqlite_repo import SqliteRepo

log = logging.getLogger("bot.storage")
MIGRATIONS = Path(__file__).with_name("migrations")
BUSY_TIMEOUT_MS = 5000
PRUNE_EVERY = 600.0  # seconds between two automatic prunes
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def migrations(folder: Path = MIGRATIONS) -> list[tuple[int, Path]]:
    """The numbered migration files, in order; the numbers must run 1, 2, 3 ... without a gap."""
    found = sorted((int(m.group(1)), p) for p in folder.iterdir() if (m := _NAME.match(p.name)))
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise StorageError(f"migrations in {folder} are not numbered 1..{len(found)} without a gap: {numbers}")
    return found


LATEST = len(migrations())


async def _value(db: aiosqlite.Connection, sql: str) -> Any:
    rows = list(await db.execute_fetchall(sql))
    return rows[0][0] if rows else None


def _daemon_connection(path: str, isolation_level: str | None) -> aiosqlite.Connection:
    """``aiosqlite.connect``'s connection, not started yet, made in a daemon thread: its worker thread inherits
    that, so a process that ends without closing the store (an error on the way out) is not held at exit by it.
    Nothing is lost: a transaction counts as committed only once its COMMIT returned to the caller."""
    made: list[aiosqlite.Connection] = []
    maker = threading.Thread(target=lambda: made.append(aiosqlite.connect(path, isolation_level=isolation_level)),
                             daemon=True)
    maker.start()
    maker.join()
    return made[0]


async def _connect(path: str, isolation_level: str | None) -> aiosqlite.Connection:
    try:
        db = await _daemon_connection(path, isolation_level)
    except sqlite3.Error as exc:
        raise StorageError(f"{path}: {exc}") from exc
    db.row_factory = sqlite3.Row
    return db


async def _prepare(db: aiosqlite.Connection, path: str, create: bool, upto: int | None) -> None:
    """Check the file before writing anything, set the pragmas, migrate."""
    target = LATEST if upto is None else upto
    await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    objects = int(await _value(db, "SELECT count(*) FROM sqlite_master"))  # a corrupt file fails here
    version = int(await _value(db, "PRAGMA user_version"))
    if version > LATEST:
        raise StorageError(f"{path} has schema version {version}, but this bot knows versions up to {LATEST}: "
                           "it was written by a newer version of the bot. Upgrade the bot (or use another file).")
    if not create and version == 0:
        what = "an empty file" if objects == 0 else "not a database of this bot (no schema version)"
        raise StorageError(f"{path}: {what}, not a database of stored games")
    mode = await _value(db, "PRAGMA journal_mode = WAL")
    if str(mode).lower() != "wal":
        raise StorageError(f"{path}: cannot switch the journal to WAL")
    await db.execute("PRAGMA synchronous = FULL")
    await db.execute("PRAGMA foreign_keys = ON")
    for number, file in migrations():
        if version < number <= target:
            script = file.read_text()
            try:
                # executescript commits any open transaction first, so BEGIN/COMMIT live inside the script;
                # user_version is part of the database header and so part of the same transaction.
                await db.executescript(f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")
            except sqlite3.Error as exc:
                if db.in_transaction:
                    await db.rollback()
                raise StorageError(f"migration {file.name} failed on {path}: {exc}") from exc
            version = number
    # Temporary files in memory, once migrated (a migration may rewrite a whole table): above all the
    # sub-journal of a savepoint (a group run again one transaction at a time) and of a statement, a copy of each
    # page it changes, which otherwise spills to a file past 64 KiB. What one transaction changes stays bounded
    # (``prune`` removes PRUNE_ROWS rows of a kind at most); VACUUM, whose copy of the whole database is a
    # temporary one, puts it back in a file (``vacuum``).
    await db.execute("PRAGMA temp_store = MEMORY")


def _openable(path: str, create: bool) -> None:
    """Refuse a path the database cannot be opened at (a folder, under a file, a place it may not write) before
    aiosqlite tries: its thread outlives a failed connect and may report that failure again once the event loop
    is closed. Opening creates the file if it is missing (``create``), as SQLite's own open would."""
    if not create and not Path(path).is_file():
        raise StorageError(f"{path}: no such database file")
    try:
        os.close(os.open(path, os.O_RDWR | (os.O_CREAT if create else 0), 0o644))
    except OSError as exc:
        raise StorageError(f"{path}: unable to open database file ({exc.strerror or exc})") from None


async def _open(path: str, create: bool, upto: int | None) -> aiosqlite.Connection:
    _openable(path, create)
    # The writer's first write of a transaction opens it (BEGIN IMMEDIATE, sqlite3's implicit transaction control):
    # a group's statements are queued together with nothing before them, and none of them can ever run outside a
    # transaction, not even after a BEGIN failed (the next write tries BEGIN again).
    db = await _connect(path, "IMMEDIATE")
    try:
        await _prepare(db, path, create, upto)
    except sqlite3.Error as exc:
        await db.close()
        raise StorageError(f"{path}: {exc}") from exc
    except BaseException:
        await db.close()
        raise
    return db


async def _open_reader(path: str) -> aiosqlite.Connection:
    """The connection ``reading()`` uses: WAL lets it read while the writer commits."""
    db = await _connect(path, None)
    try:
        await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await db.execute("PRAGMA query_only = ON")
        await db.executescript("BEGIN")  # a deferred transaction, as between two reading blocks (``reading``)
    except sqlite3.Error as exc:
        await db.close()
        raise StorageError(f"{path}: {exc}") from exc
    return db


class SqliteStore:
    shared = False  # one process: its own lock serialises every transaction

    def __init__(self, db: aiosqlite.Connection, reader: aiosqlite.Connection, path: str) -> None:
        self.db = db
        self.reader = reader
        self.path = path
        self.lock = asyncio.Lock()  # held by whoever uses the writing connection (see the module's doc)
        self.read_lock = asyncio.Lock()  # held by a reading block, from its first query to its end
        self._pending: list[Member] = []  # transactions whose block ended, waiting for their group
        self._committer: asyncio.Task[None] | None = None
        self._pruner: asyncio.Task[None] | None = None
        self._read_end: Queued | None = None  # the last reading block's end of its read transaction
        self._next_prune = time.monotonic() + PRUNE_EVERY
        self._closed = False

    @classmethod
    async def open(cls, path: str | Path, upto: int | None = None, create: bool = True) -> SqliteStore:
        """Open and migrate the database (``create``: make the file if it is missing; otherwise a missing or
        empty file is refused untouched). ``upto`` stops at an older version (tests). Failures: StorageError."""
        db = await _open(str(path), create, upto)
        try:
            reader = await _open_reader(str(path))
        except BaseException:
            await db.close()
            raise
        return cls(db, reader, str(path))

    def error(self, exc: BaseException) -> StorageError:
        return StorageError(f"{self.path}: {exc}")

    # --- the writing connection (the caller holds ``lock``) ------------------------------------------------

    async def begin(self) -> None:
        """BEGIN IMMEDIATE (a group's first write opens its transaction the same way): in aiosqlite's thread, it
        waits there for another process's write lock."""
        await self.db.execute("BEGIN IMMEDIATE")

    async def commit(self) -> None:
        """COMMIT, and its fsync."""
        await self.db.execute("COMMIT")

    async def rollback(self) -> None:
        """Undo the open transaction, if one is open (a failed COMMIT may have ended it)."""
        if self.db.in_transaction:
            with suppress(sqlite3.Error):
                await self.db.execute("ROLLBACK")

    async def write(self, statements: list[Merged], query: tuple[str, Any] | None = None,
                    insert: bool = False) -> Any:
        """Run the statements and then the query, queued together; return the query's rows (``insert``: the id
        of the row it inserted). sqlite3 errors propagate."""
        calls: list[Awaitable[Any]] = [self.db.executemany(sql, rows) for sql, rows in statements]
        if query is not None:
            calls.append(self.db.execute_insert(*query) if insert else self.db.execute_fetchall(*query))
        result = await pipelined(calls)
        if query is None:
            return None
        return int(result[0]) if insert else list(result)

    async def hold(self) -> None:
        """Take the writing connection for a transaction that reads in its block (``SqliteRepo``)."""
        await self.lock.acquire()
        try:
            await self.begin()
        except sqlite3.Error as exc:
            self.lock.release()
            raise self.error(exc) from exc
        except BaseException:
            self.lock.release()
            raise

    # --- group commit ------------------------------------------------------------------------------------

    def enqueue(self, member: Member) -> None:
        self._pending.append(member)
        self.kick()

    def kick(self) -> None:
        """Make sure a committer runs: it commits every waiting transaction as one group, then the next group."""
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
        while self._pending:
            async with self.lock:
                group, self._pending = self._pending, []
                if group:
                    await self._commit_group(group)

    async def _commit_group(self, group: list[Member]) -> None:
        """One transaction for the group: each of its members is told it committed, or its own error, or the
        error of the group's BEGIN or COMMIT (then nothing of the group is kept). Whatever a statement raises
        counts, not only sqlite3 errors (a value sqlite3 cannot bind raises OverflowError): no caller is left
        waiting."""
        failed: dict[Member, Exception] = {}
        try:
            try:  # its first statement opens the transaction
                await self.write(merged(m.batch for m in group))
            except Exception:
                await self.rollback()
                await self.begin()
                failed = await self._one_by_one(group)
            await self.commit()
        except Exception as exc:
            await self.rollback()
            for member in group:
                if not member.done.done():
                    member.done.set_exception(StorageError(f"{self.path}: the group commit failed: {exc}"))
            return
        for member in group:
            if member.done.done():  # its caller was cancelled
                continue
            if member in failed:
                member.done.set_exception(self.error(failed[member]))
            else:
                member.done.set_result(None)

    async def _one_by_one(self, group: list[Member]) -> dict[Member, Exception]:
        """The group again, in the open transaction (the outermost savepoint's RELEASE would commit), each member
        in its own savepoint: the failing ones (returned, with their error) are rolled back alone."""
        failed: dict[Member, Exception] = {}
        for member in group:
            await self.db.execute("SAVEPOINT member")
            try:
                await self.write(merged([member.batch]))
            except Exception as exc:
                await self.db.execute("ROLLBACK TO member")
                failed[member] = exc
            await self.db.execute("RELEASE member")
        return failed

    # --- the port ----------------------------------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteRepo]:
        """Commit the block's writes atomically (with the next group); roll them back if it raises. Left only
        after the COMMIT returned."""
        if self._closed:
            raise StorageError(f"{self.path}: the store is closed")
        repo = SqliteRepo(self, writable=True)
        try:
            yield repo
        except BaseException:
            await repo.abandon()
            raise
        await repo.finish()

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
                if repo.opened:  # queued now, read by the next block (its first query runs behind it)
                    self._read_end = self._end_read()

    async def read(self, query: tuple[str, Any]) -> list[sqlite3.Row]:
        """One query of a reading block (the caller holds ``read_lock``), in the block's read transaction."""
        rows = Queued(self.reader.execute_fetchall(*query))
        try:
            if self._read_end is not None:  # the block's first query: the last block's end ran before it
                end, self._read_end = self._read_end, None
                try:
                    await end.result()
                except BaseException:  # the query may have read the last block's snapshot: end it again
                    self._read_end = self._end_read()
                    raise
            return list(await rows.result())
        except sqlite3.Error as exc:
            raise self.error(exc) from exc
        finally:
            rows.close()

    def _end_read(self) -> Queued:
        """End the read transaction and open the next, deferred (it holds nothing until a query)."""
        return Queued(self.reader.executescript("BEGIN"))

    async def vacuum(self) -> None:
        """Every waiting transaction committed, then VACUUM (its temporary copy of the database on disk, not in
        memory) and a checkpoint that empties the WAL."""
        await self.drain()
        async with self.lock:
            try:
                await self.db.execute("PRAGMA temp_store = FILE")
                try:
                    await self.db.execute("VACUUM")
                finally:
                    await self.db.execute("PRAGMA temp_store = MEMORY")
                await self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error as exc:
                raise self.error(exc) from exc

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
            await self.db.close()
        async with self.read_lock:
            if self._read_end is not None:
                with suppress(sqlite3.Error):
                    await self._read_end.result()
            await self.reader.close()
