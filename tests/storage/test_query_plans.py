"""Item 7 of issue 16: no query on the answer, timer or delivery path scans a table.

Every statement the SQLite store runs while a game is played through the table service (answers, deadlines and
reminders firing, votes, the outbox delivered, a game loaded again from its snapshot) is recorded with the
connection's trace hook; ``EXPLAIN QUERY PLAN`` of each must not ``SCAN`` games, outbox, answers or timers (a
search through an index or a key is what a game's work may cost, whatever the number of stored games)."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from bot.service import RecordingTransport, TableService
from bot.service.clock import FakeClock
from bot.storage import SqliteStore
from tests.service.kit import play, seated

pytestmark = pytest.mark.asyncio

HOT = ("games", "outbox", "answers", "timers")
SETTINGS = {"deadlines": {"default": 100, "orders": 100}, "reminders": [0.5], "replace_after": 2}
KEYWORDS = {"where", "join", "on", "set", "left", "inner", "order", "group", "limit", "values", "using", "natural"}


def scans(sql: str, plan: list[str], partial: set[str]) -> list[str]:
    """The hot tables (by name or by their alias in ``sql``) that the plan scans. Walking a partial index whole
    is no scan of its table: it holds only the rows still to do (the unsent messages, the timers not done)."""
    names = {t: t for t in HOT}
    for table, alias in re.findall(rf"\b({'|'.join(HOT)})\s+(?:AS\s+)?([A-Za-z_]\w*)", sql, re.IGNORECASE):
        if alias.lower() not in KEYWORDS:
            names[alias] = table
    scanned = [m.group(1) for line in plan if (m := re.match(r"SCAN (\w+)(?: USING (?:COVERING )?INDEX (\w+))?", line))
               and m.group(2) not in partial]
    return [names[s] for s in scanned if s in names]


async def played(path: Path) -> list[str]:
    """Every statement the store ran while a game was answered, timed out, voted on, delivered and reloaded."""
    clock = FakeClock()
    svc = await TableService.open(path, clock=clock)
    statements: list[str] = []
    assert isinstance(svc.store, SqliteStore)
    transport = RecordingTransport()
    try:
        gid, users = await seated(svc, settings=SETTINGS)
        for conn in (svc.store.db, svc.store.reader):  # the writing and the reading connection
            await conn.set_trace_callback(statements.append)
        await play(svc, gid, answers=30)
        await svc.flush(transport)
        clock.advance(60)  # reminders
        await svc.run_due_timers()
        clock.advance(60)  # deadlines: default answers
        await svc.run_due_timers()
        await svc.flush(transport)
        await svc.open_vote(gid, users[0], "pause")
        clock.advance(3 * 86400)  # the vote expires
        await svc.run_due_timers()
        async with svc.store.reading() as repo:
            await repo.next_due()
            await repo.outbox(gid)
        svc._tables.clear()  # loaded again: snapshot and the answers after it
        await play(svc, gid, answers=5)
        await svc.flush(transport)
    finally:
        for conn in (svc.store.db, svc.store.reader):
            await conn.set_trace_callback(None)  # type: ignore[arg-type]  # None removes it (sqlite3)
        await svc.close()
    return statements


async def test_no_query_on_the_answer_timer_or_delivery_path_scans_a_hot_table(tmp_path: Path) -> None:
    path = tmp_path / "plans.sqlite3"
    statements = await played(path)
    dml = {s for s in statements if re.match(r"\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b", s, re.IGNORECASE)}
    assert len(dml) > 20  # the paths were really exercised
    kinds = " ".join(dml)
    for needed in ("FROM timers t WHERE t.done = 0 AND t.due_at <=", "ORDER BY t.due_at LIMIT 1",
                   "UPDATE outbox SET sent_at", "WHERE o.sent_at IS NULL", "WHERE o.game_id ="):
        assert needed in kinds, needed
    db = sqlite3.connect(path)
    partial = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE '% WHERE %'")}
    assert {"outbox_unsent", "timers_due"} <= partial
    bad = {}
    for sql in sorted(dml):
        plan = [row[3] for row in db.execute(f"EXPLAIN QUERY PLAN {sql}")]
        if found := scans(sql, plan, partial):
            bad[sql] = (found, plan)
    db.close()
    assert not bad, "\n".join(f"{sql}\n  scans {found}: {plan}" for sql, (found, plan) in bad.items())


async def test_answered_uses_the_decision_index(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "a.sqlite3")
    plan = [r[3] for r in await store.db.execute_fetchall(
        "EXPLAIN QUERY PLAN SELECT * FROM answers WHERE game_id = 1 AND decision_id = '7' AND house = 'stark' "
        "AND rewound IS NULL ORDER BY seq DESC LIMIT 1")]
    await store.close()
    assert any("USING INDEX answers_decision" in line for line in plan), plan
    assert not any("TEMP B-TREE" in line for line in plan), plan
