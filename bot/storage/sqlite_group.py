"""Group commit in the SQLite store: the transactions waiting for the writing connection together are written as
one transaction (one COMMIT, so one fsync), each kind of statement of the whole group by one ``executemany``.

Every statement runs in aiosqlite's thread. A group costs two trips to it, whatever its size: its statements queued
together (``pipelined``; the first opens the transaction), then ``COMMIT``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Iterable
from dataclasses import dataclass
from typing import Any

Statement = tuple[str, Any, bool]  # SQL, parameters (a list of tuples when many), executemany?
Merged = tuple[str, list[Any]]  # SQL and the rows of parameters it runs with, in order


@dataclass(eq=False)  # each member is itself: kept in sets and compared by identity, not field by field
class Member:
    """A transaction whose block ended: its deferred writes, and its caller's future (set once it committed)."""

    batch: list[Statement]
    done: asyncio.Future[None]


def merged(batches: Iterable[list[Statement]]) -> list[Merged]:
    """The statements of several transactions as one list in which a SQL text comes once where it can: a
    statement joins an earlier one of the same text unless that one stands before the transaction's previous
    statement, so each transaction's own statements keep their order. (Transactions of one group ran at the same
    time: no order between them is promised; rows of different games are independent, and writes to shared rows
    are idempotent, ``repository.py``.)"""
    out: list[Merged] = []
    for batch in batches:
        at = 0
        for sql, args, many in batch:
            rows = args if many else [args]
            i = next((j for j in range(at, len(out)) if out[j][0] == sql), None)
            if i is None:
                out.append((sql, list(rows)))
                at = len(out) - 1
            else:
                out[i][1].extend(rows)
                at = i
    return out


async def pipelined(calls: list[Awaitable[Any]]) -> Any:
    """Await aiosqlite calls queued together: asyncio starts the tasks ``gather`` makes in their order, so the
    connection's thread runs them back to back, in that order, without a trip back to the event loop in between.
    Each runs even if one before it failed (the caller then rolls back); the first error is raised, else the last
    call's result is returned."""
    if len(calls) == 1:
        return await calls[0]
    results = await asyncio.gather(*calls, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            raise result
    return results[-1] if results else None
