"""The worker-thread side of the SQLite store: what one trip to the writing connection's thread runs (a group's
savepoints, a transaction's statements, the COMMIT), and the records the store and its repos pass it."""

from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import dataclass, field
from typing import Any

Statement = tuple[str, Any, bool]  # SQL, parameters (a list of tuples when many), executemany?
INLINE_ROWS = 200  # a transaction writing at most this many rows has its statements run on the event loop


def run_batch(conn: sqlite3.Connection, batch: list[Statement]) -> None:
    for sql, args, many in batch:
        if many:
            conn.executemany(sql, args)
        else:
            conn.execute(sql, args)


@dataclass(eq=False)  # each member is itself: compared (``in``) by identity, not field by field
class Member:
    """A transaction waiting for its group: its deferred writes (None once they ran), its caller's future, and
    whether it is small enough to run on the event loop (``INLINE_ROWS``)."""

    batch: list[Statement] | None
    done: asyncio.Future[None]
    error: BaseException | None = None
    small: bool = field(init=False)

    def __post_init__(self) -> None:
        self.small = self.batch is not None and sum(len(a) if many else 1 for _, a, many in self.batch) <= INLINE_ROWS


@dataclass
class Hop:
    """What one trip to the worker thread does, in this order: run each waiting member in its own savepoint,
    then the caller's statements, then COMMIT (if asked), then the caller's query."""

    members: list[Member] = field(default_factory=list)
    batch: list[Statement] = field(default_factory=list)
    commit: bool = False
    query: tuple[str, Any] | None = None


def begin_now(conn: sqlite3.Connection, busy_timeout_ms: int) -> bool:
    """BEGIN IMMEDIATE without waiting (on the event loop): False if another connection holds the write lock (then
    ``begin`` waits for it in the worker thread). The connection's busy timeout is set back to ``busy_timeout_ms``."""
    conn.execute("PRAGMA busy_timeout = 0")
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        if getattr(exc, "sqlite_errorcode", None) != sqlite3.SQLITE_BUSY or conn.in_transaction:
            raise
        return False
    finally:
        conn.execute(f"PRAGMA busy_timeout = {busy_timeout_ms}")
    return True


def begin(conn: sqlite3.Connection) -> None:
    """Open the group's transaction (in the worker thread: it may wait for another process's write lock)."""
    if not conn.in_transaction:
        conn.execute("BEGIN IMMEDIATE")


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


def run_members(conn: sqlite3.Connection, members: list[Member]) -> None:
    """Each member in its own savepoint, in the open transaction (BEGIN first if there is none). A member's own
    error is kept on it; a failure of BEGIN or of a savepoint is given to every member not run yet, and raised."""
    try:
        if members:
            begin(conn)
        for member in members:
            _savepointed(conn, member)
    except sqlite3.Error as exc:
        for member in members:
            if member.batch is not None:
                member.error, member.batch = exc, None
        raise


def run_hop(conn: sqlite3.Connection, hop: Hop) -> Any:
    """In the worker thread. Errors of a member are kept on it; an error of the caller's part propagates."""
    run_members(conn, hop.members)
    if hop.batch:
        begin(conn)
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
