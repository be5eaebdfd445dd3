"""The queue's statements (issue 29) search their table by key or index, never scan it: every statement the SQLite
store ran on ``queue_entries`` while the queue story of tests/service/test_queue.py was played is explained."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from bot.service import FakeClock, TableService
from bot.storage import SqliteStore
from tests.service.kit import aio
from tests.service.test_queue import queue_story


@aio
async def test_no_queue_statement_scans_the_queue(tmp_path: Path) -> None:
    path = tmp_path / "queue.sqlite3"
    statements: list[str] = []

    async def opened(clock: FakeClock) -> TableService:
        svc = await TableService.open(path, clock=clock)
        assert isinstance(svc.store, SqliteStore)
        for conn in (svc.store.db, svc.store.reader):
            await conn.set_trace_callback(statements.append)
        return svc

    await queue_story(opened)
    queue = {s for s in statements if "queue_entries" in s and re.match(r"\s*(SELECT|UPDATE|DELETE)\b", s)}
    assert len(queue) >= 6  # read by server, member and check; left, matched, ready, launched
    db = sqlite3.connect(path)
    plans = {sql: [row[3] for row in db.execute(f"EXPLAIN QUERY PLAN {sql}")] for sql in sorted(queue)}
    db.close()
    scanned = {sql: plan for sql, plan in plans.items() if any(line.startswith("SCAN") for line in plan)}
    assert not scanned, scanned
    assert any("USING INDEX queue_checks" in line for plan in plans.values() for line in plan)
