"""Group commit in the SQLite store (issue 16, item 5; through aiosqlite since issue 26): transactions that wait
together are one BEGIN...COMMIT (``synchronous=FULL`` kept), each kind of statement of the group one
``executemany``; each is committed before its block is left, a failing one rolls back alone, and no statement
runs on the event loop's thread."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
import threading
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.storage import NewMessage, SqliteStore, StorageError

pytestmark = pytest.mark.asyncio
NOW = datetime(2030, 1, 1, tzinfo=UTC)


async def test_waiting_transactions_share_one_commit_and_a_failing_one_rolls_back_alone(tmp_path: Path) -> None:
    path = tmp_path / "group.sqlite3"
    store = await SqliteStore.open(path)
    async with store.transaction() as repo:
        gid = await repo.add_game(None, 1, 1, 3, {}, NOW)
    statements: list[str] = []
    await store.db.set_trace_callback(statements.append)
    outsider = sqlite3.connect(path)  # another connection sees committed rows only
    seen: dict[int, bool] = {}
    failed: list[int] = []

    async def one(i: int) -> None:
        try:
            async with store.transaction() as repo:
                await repo.add_messages([NewMessage(gid, "public", None, "notice", {"i": i})], NOW)
                if i % 7 == 3:  # no such game: the foreign key fails
                    await repo.add_messages([NewMessage(999, "public", None, "notice", {"i": i})], NOW)
        except StorageError:
            failed.append(i)
            return
        rows = outsider.execute("SELECT count(*) FROM outbox WHERE json_extract(payload, '$.i') = ?", (i,))
        seen[i] = rows.fetchone()[0] == 1

    await asyncio.gather(*(one(i) for i in range(60)))  # all 60 end their block before the group runs
    await store.db.set_trace_callback(None)  # type: ignore[arg-type]  # None removes it (sqlite3)
    pragma = list(await store.db.execute_fetchall("PRAGMA synchronous"))[0][0]
    await store.close()
    stored = sorted(r[0] for r in outsider.execute("SELECT json_extract(payload, '$.i') FROM outbox"))
    outsider.close()
    assert pragma == 2  # FULL: every COMMIT fsyncs
    assert sorted(failed) == [i for i in range(60) if i % 7 == 3]
    assert seen == {i: True for i in range(60) if i % 7 != 3}  # committed before its block was left
    assert stored == [i for i in range(60) if i % 7 != 3]  # the failing ones left nothing, the others all
    # one group: its first run failed and was rolled back, then each member ran in its own savepoint; one COMMIT
    assert Counter(s.split()[0] for s in statements if s.split()[0] in ("BEGIN", "ROLLBACK", "COMMIT")) == \
        {"BEGIN": 2, "ROLLBACK": 1 + len(failed), "COMMIT": 1}
    assert sum(s.startswith("SAVEPOINT") for s in statements) == 60


async def test_a_group_writes_each_kind_of_statement_with_one_executemany(tmp_path: Path) -> None:
    """30 transactions, each with outbox rows and a timer, waiting together: one executemany of the outbox rows
    of all of them and one of their timers, in one transaction."""
    store = await SqliteStore.open(tmp_path / "many.sqlite3")
    async with store.transaction() as repo:
        gid = await repo.add_game(None, 1, 1, 3, {}, NOW)
    calls: list[tuple[str, int]] = []
    executemany = store.db.executemany

    def counted(sql: str, rows: list[Any]) -> Any:
        calls.append((sql.split()[2], len(rows)))
        return executemany(sql, rows)

    store.db.executemany = counted  # type: ignore[method-assign]

    async def one(i: int) -> None:
        async with store.transaction() as repo:
            await repo.add_messages([NewMessage(gid, "public", None, "notice", {"i": i, "n": n}) for n in range(2)],
                                    NOW)
            await repo.add_timer(gid, "deadline", NOW, {"decision_id": str(i)})

    await asyncio.gather(*(one(i) for i in range(30)))
    async with store.reading() as repo:
        outbox, timers = await repo.outbox(gid), await repo.timers(gid)
    await store.close()
    assert sorted(calls) == [("outbox", 60), ("timers", 30)]
    assert len(outbox) == 60 and sorted(int(t.payload["decision_id"]) for t in timers) == list(range(30))


async def test_no_statement_runs_on_the_event_loop_thread(tmp_path: Path) -> None:
    """Groups (with a failing member), transactions that read, reading blocks, a prune and VACUUM: every
    statement on either connection runs in aiosqlite's threads, none on the loop's."""
    store = await SqliteStore.open(tmp_path / "threads.sqlite3")
    where: list[tuple[str, int]] = []
    for conn in (store.db, store.reader):
        await conn.set_trace_callback(lambda sql: where.append((sql.split()[0], threading.get_ident())))
    async with store.transaction() as repo:  # reads in its block: a transaction of its own
        gid = await repo.add_game(None, 1, 1, 3, {}, NOW)

    async def write(i: int) -> None:
        async with store.transaction() as repo:
            await repo.add_messages([NewMessage(999 if i == 2 else gid, "public", None, "notice", {"i": i})], NOW)

    results = await asyncio.gather(*(write(i) for i in range(5)), return_exceptions=True)
    async with store.reading() as repo:
        sent = [(m.id, f"m{m.id}") for m in await repo.outbox(gid)]
    async with store.transaction() as repo:
        await repo.mark_sent_many(sent, NOW)
    async with store.transaction() as repo:
        await repo.prune(NOW)
    await store.vacuum()
    await store.close()
    assert [type(r) for r in results] == [type(None)] * 2 + [StorageError] + [type(None)] * 2
    assert {"BEGIN", "INSERT", "UPDATE", "SELECT", "SAVEPOINT", "ROLLBACK", "COMMIT", "DELETE", "VACUUM"} <= \
        {verb for verb, _ in where}
    assert threading.get_ident() not in {thread for _, thread in where}


async def test_a_value_sqlite_cannot_store_fails_its_own_transaction_alone(tmp_path: Path) -> None:
    """An integer too big for SQLite fails in the binding (OverflowError, not a sqlite3 error): its caller hears a
    StorageError, the others of its group commit."""
    store = await SqliteStore.open(tmp_path / "big.sqlite3")
    async with store.transaction() as repo:
        gid = await repo.add_game(None, 1, 1, 3, {}, NOW)

    async def write(i: int) -> None:
        async with store.transaction() as repo:
            await repo.add_messages([NewMessage(gid, "public", None, "notice", {"i": i})], NOW)
            if i == 1:
                await repo.set_missed(gid, 1, 2**70)

    done = await asyncio.wait_for(asyncio.gather(*(write(i) for i in range(3)), return_exceptions=True), 10)
    async with store.reading() as repo:
        stored = sorted(m.payload["i"] for m in await repo.outbox(gid))
    await store.close()
    assert done[0] is None and done[2] is None and isinstance(done[1], StorageError), done
    assert stored == [0, 2]


async def test_a_write_lock_held_by_another_process_is_waited_for_off_the_event_loop(tmp_path: Path) -> None:
    path = tmp_path / "busy.sqlite3"
    store = await SqliteStore.open(path)
    async with store.transaction() as repo:
        gid = await repo.add_game(None, 1, 1, 3, {}, NOW)
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")  # the admin command line, say, writing
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    async def write() -> None:
        async with store.transaction() as repo:
            await repo.add_messages([NewMessage(gid, "public", None, "notice", {"i": 1})], NOW)

    ticking = asyncio.create_task(ticker())
    writing = asyncio.create_task(write())
    await asyncio.sleep(0.5)
    assert not writing.done() and ticks >= 20  # the loop ran on while the store waited for the lock
    other.execute("COMMIT")
    await asyncio.wait_for(writing, 10)
    ticking.cancel()
    other.close()
    async with store.reading() as repo:
        assert len(await repo.outbox(gid)) == 1
    await store.close()


def _temporary_files() -> list[str]:
    """SQLite's temporary files this process has open (unlinked at once, so seen only through /proc)."""
    found = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if "etilqs_" in target:
            found.append(target)
    return found


async def test_a_savepoint_journals_in_memory_and_vacuum_still_works(tmp_path: Path) -> None:
    """A group with a failing member runs again one member at a time, each in a savepoint, whose sub-journal holds
    the pages it changes; past 64 KiB SQLite spills it to a temporary file unless temporary files live in memory:
    no file is opened, however many pages one transaction changes. VACUUM (a temporary copy of the whole
    database) still runs, on disk."""
    path = tmp_path / "journal.sqlite3"
    store = await SqliteStore.open(path)
    async with store.transaction() as repo:
        gid = await repo.add_game(None, 1, 1, 3, {}, NOW)
        await repo.add_messages([NewMessage(gid, "public", None, "notice", {"text": "x" * 900, "i": i})
                                 for i in range(600)], NOW)
    async with store.reading() as repo:
        rows = await repo.outbox(gid)
    opened: list[str] = []
    released: list[str] = []

    def traced(sql: str) -> None:
        if sql.startswith("RELEASE"):
            released.append(sql)
            opened.extend(_temporary_files())

    async def mark_sent() -> None:  # changes every page of the outbox: far more than 64 KiB of them
        async with store.transaction() as repo:
            await repo.mark_sent_many([(r.id, f"m{r.id}") for r in rows], NOW)

    async def failing() -> None:  # its group is then run again a member at a time, each in a savepoint
        async with store.transaction() as repo:
            await repo.add_messages([NewMessage(999, "public", None, "notice", {})], NOW)

    await store.db.set_trace_callback(traced)
    done = await asyncio.gather(mark_sent(), failing(), return_exceptions=True)
    await store.db.set_trace_callback(None)  # type: ignore[arg-type]  # None removes it (sqlite3)
    assert done[0] is None and isinstance(done[1], StorageError)
    assert len(released) == 2 and opened == []
    async with store.reading() as repo:
        assert all(r.sent_at is not None for r in await repo.outbox(gid))
    await store.vacuum()
    assert list(await store.db.execute_fetchall("PRAGMA temp_store"))[0][0] == 2  # back to memory after VACUUM
    await store.close()


UNCLOSED = """
import asyncio, sys
from datetime import UTC, datetime
from bot.storage import SqliteStore
async def main():
    store = await SqliteStore.open(sys.argv[1])
    async with store.transaction() as repo:
        await repo.add_game(None, 1, 1, 3, {}, datetime.now(UTC))
    raise SystemExit(3)  # an error on the way out: the store is never closed
asyncio.run(main())
"""


async def test_a_store_left_open_does_not_keep_the_process_alive(tmp_path: Path) -> None:
    """A process that ends on an error before it closed its store (the launcher, a failing test) exits: the
    connections' aiosqlite threads do not hold it at exit. What was committed is kept."""
    path = tmp_path / "unclosed.sqlite3"
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", UNCLOSED, str(path)], cwd=root, timeout=30, capture_output=True,
                          text=True)
    assert done.returncode == 3, done.stderr
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 1
