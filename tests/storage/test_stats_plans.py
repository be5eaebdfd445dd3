"""Issue 29, part 1: every statement the statistics run (a player's figures in a server and everywhere, a table's
waits) is an index search: ``EXPLAIN QUERY PLAN`` of each scans no table, whatever the number of stored games.
So is every statement of the short game played before them to its end (the answers' ``asked_at`` read from their
prompts, the seats' places set with the result)."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from bot.service import TableService
from bot.service.clock import FakeClock
from bot.storage import SqliteStore
from tests.service.kit import aio
from tests.service.test_stats import ALICE, BOB, HERE, play, table

pytestmark = pytest.mark.timeout(30)


def scanned(sql: str, plan: list[str], tables: set[str]) -> list[str]:
    """The stored tables (by name or alias) the plan walks whole; a subquery's own rows are no table."""
    names = {t: t for t in tables}
    for table_name, alias in re.findall(r"\b(?:FROM|JOIN)\s+(\w+)\s+(?:AS\s+)?(\w+)", sql, re.IGNORECASE):
        if table_name in tables:
            names[alias] = table_name
    walked = [m.group(1) for line in plan if (m := re.match(r"SCAN (\w+)", line))]
    return [names[w] for w in walked if w in names]


@aio
async def test_the_statistics_read_through_indexes(tmp_path: Path) -> None:
    clock = FakeClock()
    path = tmp_path / "plans.sqlite3"
    svc = await TableService.open(path, clock=clock)
    statements: list[str] = []
    assert isinstance(svc.store, SqliteStore)
    try:
        for conn in (svc.store.db, svc.store.reader):
            await conn.set_trace_callback(statements.append)
        gid = await table(svc, HERE, (ALICE, BOB))
        await play(svc, clock, gid, lambda user, n: 30.0)  # to its end: the answers' asked_at, the seats' places
        mine = await svc.stats(ALICE, ALICE, HERE)
        await svc.stats(BOB, ALICE, HERE)
        await svc.stats(ALICE, ALICE, HERE, everywhere=True)
        await svc.table_stats(gid)
    finally:
        for conn in (svc.store.db, svc.store.reader):
            await conn.set_trace_callback(None)  # type: ignore[arg-type]  # None removes it (sqlite3)
        await svc.close()
    assert mine.waits.answers > 0 and mine.games[0].finished == 1  # the figures were really read
    queries = {s for s in statements if re.match(r"\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b", s, re.IGNORECASE)}
    text = " ".join(queries)
    for needed in ("FROM seat_log", "a.source = 'player'", "a.source = 'deadline'", "s.place IS NOT NULL",
                   "a.game_id = ", "SELECT opened_at FROM prompts", "UPDATE seats SET place"):
        assert needed in text, needed
    db = sqlite3.connect(path)
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    bad = {}
    for sql in sorted(queries):
        plan = [row[3] for row in db.execute(f"EXPLAIN QUERY PLAN {sql}")]
        if found := scanned(sql, plan, tables):
            bad[sql] = (found, plan)
    db.close()
    assert not bad, "\n".join(f"{sql}\n  scans {found}: {plan}" for sql, (found, plan) in bad.items())
