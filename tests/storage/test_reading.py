"""Reading blocks of the SQLite store (issue 26): one snapshot per block, taken at its first query, fresh for each
block; between blocks the reading connection holds nothing (a checkpoint empties the WAL); a block of one query
costs two calls to the reader. And ``pipelined``: calls queued back to back, without a task each."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.storage import NewMessage, SqliteStore, StorageError
from bot.storage.sqlite_group import pipelined

pytestmark = pytest.mark.asyncio
NOW = datetime(2030, 1, 1, tzinfo=UTC)


async def _post(store: SqliteStore, gid: int, i: int) -> None:
    async with store.transaction() as repo:
        await repo.add_messages([NewMessage(gid, "public", None, "notice", {"i": i})], NOW)


async def test_a_block_reads_one_snapshot_and_the_next_block_sees_every_commit(tmp_path: Path) -> None:
    path = tmp_path / "read.sqlite3"
    store = await SqliteStore.open(path)
    async with store.transaction() as repo:
        gid = await repo.add_game(None, 1, 1, 3, {}, NOW)
    await _post(store, gid, 0)
    outsider = sqlite3.connect(path, isolation_level=None)  # another process writing the same file
    async with store.reading() as repo:
        first = [m.payload["i"] for m in await repo.outbox(gid)]
        await _post(store, gid, 1)  # committed (fsynced) while the block reads
        outsider.execute("INSERT INTO outbox (game_id, audience, kind, payload, key, created_at) "
                         "VALUES (?, 'public', 'notice', '{\"i\":2}', 'k2', '2030-01-01T00:00:00.000000Z')", (gid,))
        second = [m.payload["i"] for m in await repo.outbox(gid)]
    outsider.close()
    seen = []
    for i in range(3, 23):  # each block of one query sees the commit just before it
        await _post(store, gid, i)
        async with store.reading() as repo:
            seen.append(len(await repo.outbox(gid)))
    await store.close()
    assert first == second == [0]
    assert seen == list(range(4, 24))


async def test_between_blocks_the_reader_holds_nothing_and_a_checkpoint_empties_the_wal(tmp_path: Path) -> None:
    path = tmp_path / "wal.sqlite3"
    store = await SqliteStore.open(path)
    async with store.transaction() as repo:
        gid = await repo.add_game(None, 1, 1, 3, {}, NOW)
    async with store.reading() as repo:
        assert await repo.outbox(gid) == []
    for i in range(50):
        await _post(store, gid, i)
    busy, _, _ = list(await store.db.execute_fetchall("PRAGMA wal_checkpoint(TRUNCATE)"))[0]
    wal = Path(f"{path}-wal").stat().st_size
    async with store.reading() as repo:
        count = len(await repo.outbox(gid))
    await store.close()
    assert (busy, wal, count) == (0, 0, 50)


async def test_a_block_of_one_query_costs_two_calls_to_the_reader(tmp_path: Path) -> None:
    """Its query (which takes the snapshot) and its end; no BEGIN of its own."""
    store = await SqliteStore.open(tmp_path / "calls.sqlite3")
    async with store.transaction() as repo:
        gid = await repo.add_game(None, 1, 1, 3, {}, NOW)
    calls: list[str] = []
    for name in ("execute", "execute_fetchall", "executemany", "executescript"):
        method = getattr(store.reader, name)

        def counted(*args: Any, _name: str = name, _method: Any = method) -> Any:
            calls.append(_name)
            return _method(*args)

        setattr(store.reader, name, counted)
    for _ in range(10):
        async with store.reading() as repo:
            assert await repo.game(gid) is not None
    await store.close()
    assert len(calls) == 20


async def test_pipelined_runs_every_call_in_order_without_a_task_each(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "pipe.sqlite3")
    db = store.db
    await db.execute("CREATE TEMP TABLE seen (n INTEGER PRIMARY KEY)")
    loop = asyncio.get_running_loop()
    made: list[object] = []
    factory = loop.get_task_factory()

    def counting(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> Any:
        made.append(coro)
        return factory(loop, coro, **kwargs) if factory else asyncio.Task(coro, loop=loop, **kwargs)

    loop.set_task_factory(counting)
    try:
        last = await pipelined([db.execute("INSERT INTO seen VALUES (?)", (n,)) for n in range(5)]
                               + [db.execute_fetchall("SELECT group_concat(n) FROM seen")])
        with pytest.raises(sqlite3.IntegrityError):  # 1 again fails; the calls after it still run
            await pipelined([db.execute("INSERT INTO seen VALUES (?)", (n,)) for n in (5, 1, 6)]
                            + [db.execute_fetchall("SELECT count(*) FROM seen")])
    finally:
        loop.set_task_factory(factory)
    count = list(await db.execute_fetchall("SELECT count(*) FROM seen"))[0][0]
    await store.close()
    assert list(last)[0][0] == "0,1,2,3,4"
    assert count == 7 and made == []


async def test_a_closed_store_refuses_reads(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "closed.sqlite3")
    async with store.reading() as repo:
        await repo.games()
    await store.close()
    with pytest.raises(StorageError):
        async with store.reading() as repo:
            await repo.games()
