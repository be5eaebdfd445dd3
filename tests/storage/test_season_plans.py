"""The seasons' statements (issue 29) search their tables by key or index, never scan them: every statement the
SQLite store ran on ``seasons``, ``role_holders`` or ``results`` while the season story of
tests/service/test_seasons.py was played is explained (a season's results through the ``results_guild`` index)."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from bot.service import FakeClock, TableService
from bot.storage import SqliteStore
from tests.service.kit import aio
from tests.service.test_seasons import season_story

TABLES = ("seasons", "role_holders", "results")


@aio
async def test_no_season_statement_scans_a_table(tmp_path: Path) -> None:
    path = tmp_path / "seasons.sqlite3"
    statements: list[str] = []
    clock = FakeClock()
    svc = await TableService.open(path, clock=clock)
    try:
        assert isinstance(svc.store, SqliteStore)
        for conn in (svc.store.db, svc.store.reader):
            await conn.set_trace_callback(statements.append)
        await season_story(svc, clock)
    finally:
        await svc.close()
    ours = {s for s in statements if re.match(r"\s*(SELECT|UPDATE|DELETE)\b", s)
            and re.search(rf"\b({'|'.join(TABLES)})\b", s)}
    assert len(ours) >= 6  # seasons read, ended and their roles written; results of a season; holders read, set
    db = sqlite3.connect(path)
    plans = {sql: [row[3] for row in db.execute(f"EXPLAIN QUERY PLAN {sql}")] for sql in sorted(ours)}
    db.close()
    scanned = {sql: plan for sql, plan in plans.items() if any(line.startswith("SCAN") for line in plan)}
    assert not scanned, scanned
    assert any("USING INDEX results_guild" in line for plan in plans.values() for line in plan)
    assert any("USING INDEX seasons_guild" in line for plan in plans.values() for line in plan)
