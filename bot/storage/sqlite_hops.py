"""The worker-thread side of the SQLite store: what one trip to the writing connection's thread runs (a group's
savepoints, a transaction's statements, the COMMIT), and the records the store and its repos pass it."""

from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import dataclass, field
from typing import Any

Statement = tuple[str, Any, bool]  # SQL, parameters (a list of tuples when many), executemany?


def run_batch(conn: sqlite3.Connection, batch: list[Statement]) -> None:
    for sql, args, many in batch:
        if many:
            conn.executemany(sql, args)
        else:
            conn.execute(sql, args)


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


def run_hop(conn: sqlite3.Connection, hop: Hop) -> Any:
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
