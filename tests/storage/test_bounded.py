"""Bounded storage (issue 16, item 9): a finished 6-player game keeps at most 400 KiB of database once its
messages are past the delivery window; ``python -m bot.admin compact`` does the same clean-up to an old database
(and VACUUMs), and the store prunes on its own while the bot runs."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

import bot.storage.sqlite as sqlite_store
from bot.admin.cli import main as admin
from bot.demo import main as demo
from bot.service import RecordingTransport, TableService
from bot.service.clock import FakeClock
from bot.storage import NewMessage, SqliteStore
from tests.service.kit import aio, play, seated


def size(db: Path) -> int:
    return sum(p.stat().st_size for p in db.parent.glob(db.name + "*"))


def counts(db: Path) -> dict[str, int]:
    with sqlite3.connect(db) as con:
        return {t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0]  # noqa: S608 - fixed names
                for t in ("outbox", "events", "timers", "snapshots", "answers", "deliveries", "event_archives")}


@pytest.mark.timeout(600)
def test_the_demo_ends_with_a_finished_6_player_game_in_at_most_400_kib(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    for seed in (1, 2):
        assert demo(["--seed", str(seed), "--players", "6", "--out", str(tmp_path / str(seed))]) == 0
        line = capsys.readouterr().out.strip().splitlines()[-1]
        found = re.search(r"(\d+) answers, (\d+) messages, (\d+) KiB database$", line)
        assert found, line
        answers, messages, kib = map(int, found.groups())
        assert answers > 150 and messages > answers and kib <= 400, line
        assert kib * 1024 >= size(tmp_path / str(seed) / "demo.sqlite3") - 1024  # the line tells the file's size
        assert admin(["verify", str(tmp_path / str(seed) / "demo.sqlite3")]) == 0


@aio
async def test_compact_cleans_an_old_database_which_still_verifies_and_tells_its_history(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    svc = await TableService.open(db, clock=FakeClock(datetime(2020, 1, 1, tzinfo=UTC)))  # long past the window
    transport = RecordingTransport()
    gid, _ = await seated(svc, players=3)
    running, _ = await seated(svc, players=3)
    await play(svc, gid)
    await play(svc, running, answers=30)
    await svc.flush(transport)
    history = [await svc.log(g, limit=1000) for g in (gid, running)] + [await svc.log(gid, before_seq=40)]
    async with svc.store.reading() as repo:
        events = [[e.event for e in await repo.events(g)] for g in (gid, running)]
        sent = [await repo.delivered(g) for g in (gid, running)]
    await svc.close()
    before, rows = size(db), counts(db)

    assert await asyncio.to_thread(admin, ["compact", str(db)]) == 0
    after, left = size(db), counts(db)
    assert after < before / 2, (before, after)
    assert left["outbox"] == 0 and left["timers"] <= rows["timers"] and left["deliveries"] > 0
    assert left["answers"] == rows["answers"] and left["event_archives"] == 1
    assert 0 < left["events"] < rows["events"]  # the running game's events stay rows
    assert await asyncio.to_thread(admin, ["verify", str(db)]) == 0

    svc = await TableService.open(db)
    async with svc.store.reading() as repo:
        assert [[e.event for e in await repo.events(g)] for g in (gid, running)] == events
        assert [await repo.delivered(g) for g in (gid, running)] == sent
    assert [await svc.log(g, limit=1000) for g in (gid, running)] + [await svc.log(gid, before_seq=40)] == history
    assert (await svc.status(running))["status"] == "running"
    await svc.close()
    assert await asyncio.to_thread(admin, ["compact", str(db)]) == 0  # again: nothing left to do, no harm


@aio
async def test_the_store_prunes_on_its_own_while_in_use(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_store, "PRUNE_EVERY", 0.0)
    store = await SqliteStore.open(tmp_path / "auto.sqlite3")
    long_ago = datetime(2020, 1, 1, tzinfo=UTC)
    async with store.transaction() as repo:
        gid = await repo.add_game(None, 1, 1, 3, {}, long_ago)
        await repo.add_messages([NewMessage(gid, "public", None, "notice", {"text": "old"}),
                                 NewMessage(gid, "public", None, "notice", {"text": "unsent"})], long_ago)
    async with store.reading() as repo:
        old = (await repo.unsent())[0]
    async with store.transaction() as repo:
        await repo.mark_sent(old.id, "m1", long_ago)
    for _ in range(50):  # the prune runs in the background after a commit
        async with store.reading() as repo:
            rows = await repo.outbox(gid)
        if len(rows) == 1:
            break
        async with store.transaction() as repo:
            await repo.set_looked(gid, 1, 1, long_ago)
        await asyncio.sleep(0.01)
    async with store.reading() as repo:
        assert [r.payload["text"] for r in await repo.outbox(gid)] == ["unsent"]
        assert await repo.delivered(gid) == {"notice": 1}
    await store.close()
