"""Group commit in the SQLite store (issue 16, item 5): transactions that wait together share one BEGIN...COMMIT
(a savepoint each, ``synchronous=FULL`` kept), each is committed before its block is left, and a failing one
rolls back alone."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.storage import NewMessage, SqliteStore, StorageError
from bot.storage.sqlite_hops import INLINE_ROWS

pytestmark = pytest.mark.asyncio
NOW = datetime(2030, 1, 1, tzinfo=UTC)


async def test_waiting_transactions_share_a_commit_and_each_is_committed_when_its_block_ends(tmp_path: Path) -> None:
    path = tmp_path / "group.sqlite3"
    store = await SqliteStore.open(path)
    async with store.transaction() as repo:
        gid = await repo.add_game(None, 1, 1, 3, {}, NOW)
    statements: list[str] = []
    store.conn.set_trace_callback(statements.append)
    outsider = sqlite3.connect(path)  # another connection sees committed rows only
    seen: dict[int, bool] = {}
    failed: list[int] = []

    async def one(i: int) -> None:
        try:
            async with store.transaction() as repo:
                await repo.add_messages([NewMessage(gid, "public", None, "notice", {"i": i})], NOW)
                if i % 7 == 3:
                    await repo.add_messages([NewMessage(999, "public", None, "notice", {"i": i})], NOW)
        except StorageError:
            failed.append(i)
            return
        rows = outsider.execute("SELECT count(*) FROM outbox WHERE json_extract(payload, '$.i') = ?", (i,))
        seen[i] = rows.fetchone()[0] == 1

    await asyncio.gather(*(one(i) for i in range(60)))
    pragma = await store.run(lambda conn: conn.execute("PRAGMA synchronous").fetchone()[0])
    store.conn.set_trace_callback(None)
    await store.close()
    commits = sum(s == "COMMIT" for s in statements)
    savepoints = sum(s.startswith("SAVEPOINT") for s in statements)
    stored = sorted(r[0] for r in outsider.execute("SELECT json_extract(payload, '$.i') FROM outbox"))
    outsider.close()
    assert pragma == 2  # FULL: every COMMIT fsyncs
    assert sorted(failed) == [i for i in range(60) if i % 7 == 3]
    assert seen == {i: True for i in range(60) if i % 7 != 3}  # committed before its block was left
    assert stored == [i for i in range(60) if i % 7 != 3]  # the failing ones left nothing, the others all
    assert savepoints == 60 and 1 <= commits <= 20, (commits, savepoints)


async def test_small_transactions_run_on_the_loop_and_only_commit_and_big_ones_go_to_the_thread(
        tmp_path: Path) -> None:
    """The statements of small transactions run on the event loop's thread (a statement in the worker thread
    waits for the GIL the loop holds), BEGIN included while no other process writes; the COMMIT (its fsync) and
    a group with a transaction of more than INLINE_ROWS rows run in the worker thread; all of them commit
    alike."""
    store = await SqliteStore.open(tmp_path / "where.sqlite3")
    async with store.transaction() as repo:
        gid = await repo.add_game(None, 1, 1, 3, {}, NOW)
    where: list[tuple[str, str]] = []
    loop_thread = threading.current_thread()
    store.conn.set_trace_callback(
        lambda sql: where.append((sql.split()[0], "loop" if threading.current_thread() is loop_thread else "worker")))

    async def write(count: int, tag: str) -> None:
        async with store.transaction() as repo:
            await repo.add_messages([NewMessage(gid, "public", None, "notice", {"tag": tag})] * count, NOW)

    await asyncio.gather(*(write(1 + i % 3, "small") for i in range(12)))
    small = where[:]
    where.clear()
    await asyncio.gather(write(INLINE_ROWS + 1, "big"), write(1, "small"))
    store.conn.set_trace_callback(None)
    async with store.reading() as repo:
        stored = Counter(r.payload["tag"] for r in await repo.outbox(gid))
    await store.close()
    assert stored == {"small": 25, "big": INLINE_ROWS + 1}
    assert {thread for verb, thread in small if verb in ("BEGIN", "INSERT", "SAVEPOINT", "RELEASE")} == {"loop"}
    assert {thread for verb, thread in small + where if verb == "COMMIT"} == {"worker"}
    assert [verb for verb, _ in small].count("INSERT") == 24 and [verb for verb, _ in small].count("COMMIT") >= 1
    assert {thread for verb, thread in where if verb == "INSERT"} == {"worker"}  # the big one's group


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
    """Each transaction of a group runs in a savepoint, whose sub-journal holds the pages it changes; past 64 KiB
    SQLite spills it to a temporary file unless temporary files live in memory: no file is opened, however many
    pages one transaction changes. VACUUM (a temporary copy of the whole database) still runs, on disk."""
    path = tmp_path / "journal.sqlite3"
    store = await SqliteStore.open(path)
    async with store.transaction() as repo:
        gid = await repo.add_game(None, 1, 1, 3, {}, NOW)
        await repo.add_messages([NewMessage(gid, "public", None, "notice", {"text": "x" * 900, "i": i})
                                 for i in range(600)], NOW)
    async with store.reading() as repo:
        rows = await repo.outbox(gid)
    opened: list[str] = []
    store.conn.set_trace_callback(lambda sql: opened.extend(_temporary_files()) if sql.startswith("RELEASE") else None)
    async with store.transaction() as repo:  # changes every page of the outbox: far more than 64 KiB of them
        await repo.mark_sent_many([(r.id, f"m{r.id}") for r in rows], NOW)
    store.conn.set_trace_callback(None)
    assert opened == []
    async with store.reading() as repo:
        assert all(r.sent_at is not None for r in await repo.outbox(gid))
    await store.vacuum()
    assert store.conn.execute("PRAGMA temp_store").fetchone()[0] == 2  # back to memory after VACUUM
    await store.close()
