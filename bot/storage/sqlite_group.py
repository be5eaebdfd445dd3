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


def _settle(ready: asyncio.Future[None]) -> None:
    if not ready.done():  # its waiter may have been cancelled
        ready.set_result(None)


class Queued:
    """One aiosqlite call, queued at once without a task of its own: its coroutine is run up to its wait for the
    connection's thread (it has then put its work on the connection's queue, which the thread runs in order) and
    resumed in ``result``. A task per call would cost the event loop three more turns for each."""

    def __init__(self, call: Awaitable[Any]) -> None:
        self._steps = call.__await__()
        self._value: Any = None
        self._error: BaseException | None = None
        self._waiting: asyncio.Future[Any] | None = None
        try:
            self._waiting = self._steps.send(None)  # aiosqlite's future for the call's outcome
        except StopIteration as done:
            self._value = done.value
        except Exception as exc:  # refused before it was queued (a closed connection)
            self._error = exc

    def done(self) -> bool:
        return self._waiting is None or self._waiting.done()

    async def wait(self) -> None:
        """Until the connection's thread ran the call (its outcome is then ready for ``result``)."""
        if self._waiting is not None and not self._waiting.done():
            ready = asyncio.get_running_loop().create_future()
            self._waiting.add_done_callback(lambda _: _settle(ready))
            await ready

    async def result(self) -> Any:
        """The call's result, or its error raised."""
        await self.wait()
        if self._waiting is not None:
            self._waiting = None
            try:
                self._steps.send(None)
            except StopIteration as done:
                self._value = done.value
            except Exception as exc:
                self._error = exc
        if self._error is not None:
            raise self._error
        return self._value

    def close(self) -> None:
        """Drop a call whose outcome nobody will read (its caller was cancelled): the thread still runs it."""
        self._steps.close()


async def pipelined(calls: list[Awaitable[Any]]) -> Any:
    """Queue aiosqlite calls back to back: the connection's thread runs them in that order without a trip back to
    the event loop in between, and only the last one is waited for (the thread reports in order: the others are
    done by then). Each runs even if one before it failed (the caller then rolls back); the first error is raised,
    else the last call's result is returned."""
    queued = [Queued(call) for call in calls]
    try:
        for q in reversed(queued):  # the last first: the others are done by then, no further wait
            await q.wait()
    except BaseException:
        for q in queued:
            q.close()
        raise
    value: Any = None
    error: Exception | None = None
    for q in queued:
        try:
            value = await q.result()
        except Exception as exc:
            error = error or exc
    if error is not None:
        raise error
    return value
