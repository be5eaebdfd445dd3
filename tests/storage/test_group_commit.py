"""Group commit in the SQLite store (issue 16, item 5): transactions that wait together share one BEGIN...COMMIT
(a savepoint each, ``synchronous=FULL`` kept), each is committed before its block is left, and a failing one
rolls back alone."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.storage import NewMessage, SqliteStore, StorageError

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
