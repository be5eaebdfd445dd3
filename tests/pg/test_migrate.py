"""``python -m bot.admin migrate --from sqlite:///... --to postgresql://...``: a SQLite database with games in
every state (one finished, one mid-game with a rewind, a vote and undelivered messages, one in the lobby) is
copied whole; the target reads the same through the interface (idempotency keys included), verify passes on it
and a game exported from it re-plays; new rows get fresh ids; a target that already holds games is refused."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.admin.cli import main as admin
from bot.service import TableService
from bot.service.clock import FakeClock
from bot.service.outbox import RecordingTransport
from bot.storage import AnswerRow, open_store
from tests.pg.dump import dump
from tests.service.kit import play, seated


async def demo_database(path: Path) -> dict[str, object]:
    clock = FakeClock()
    svc = TableService(await open_store(f"sqlite:///{path}"), clock, random.Random(11).getrandbits)
    try:
        finished, _ = await seated(svc, players=3)
        await play(svc, finished, seed=2)
        await svc.flush(RecordingTransport())  # delivered: the finished game's messages
        running, users = await seated(svc, players=4, settings={"tides_of_battle": True})
        await play(svc, running, answers=40, seed=4)
        clock.advance(3 * 24 * 3600)
        await svc.run_due_timers()  # deadlines pass: defaults given
        await svc.rewind(running, users[0], 1, manager=True, reason="a slip")
        vote = await svc.open_vote(running, users[1], "extend", hours=12)
        await svc.cast_ballot(running, int(vote["id"]), users[2], False)
        async with svc.store.transaction() as repo:  # what the front end keeps (issue 15): copied too
            await repo.add_whisper(running, "stark", "lannister", "a word in private", clock())
            await repo.set_member_zone(users[0], "Europe/Paris", clock())
            await repo.set_front_post(running, "status", 0, "123456789", clock())
        await seated(svc, players=5, start=False)  # still in the lobby
        return await dump(svc.store, keys=True)  # the running game's messages stay undelivered
    finally:
        await svc.close()


async def status(url: str) -> dict[str, int]:
    store = await open_store(url, create=False)
    try:
        async with store.reading() as repo:
            games = await repo.games()
            unsent = await repo.unsent(1000)
        async with store.transaction() as repo:
            fresh = await repo.add_game(1, 2, 3, 3, {}, datetime(2031, 1, 1, tzinfo=UTC))
        return {"games": len(games), "finished": sum(g.status == "finished" for g in games), "unsent": len(unsent),
                "fresh": fresh}
    finally:
        await store.close()


@pytest.mark.timeout(280)
def test_migrate_copies_a_live_sqlite_deployment_to_postgresql(tmp_path: Path, pg_url: str,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "agot.sqlite3"
    before = asyncio.run(demo_database(source))
    assert admin(["migrate", "--from", f"sqlite:///{source}", "--to", pg_url]) == 0
    copied = capsys.readouterr().out
    assert copied.startswith("copied 3 games") and "answers" in copied and "outbox" in copied

    async def target() -> dict[str, object]:
        store = await open_store(pg_url, create=False)
        try:
            return await dump(store, keys=True)
        finally:
            await store.close()

    after = asyncio.run(target())
    assert after == before  # every row the interface reads, keys and ids included

    assert admin(["verify", pg_url]) == 0
    assert "2 games verified, 0 diverging" in capsys.readouterr().out
    replay = tmp_path / "game1.json"
    assert admin(["export", pg_url, "1", "--out", str(replay)]) == 0
    assert admin(["replay", str(replay)]) == 0
    assert "winner" in capsys.readouterr().out

    counts = asyncio.run(status(pg_url))
    assert counts["games"] == 3 and counts["finished"] == 1 and counts["unsent"] > 0 and counts["fresh"] == 4

    assert admin(["migrate", "--from", f"sqlite:///{source}", "--to", pg_url]) == 2  # it holds games now
    assert "already holds 4 games: nothing was copied" in capsys.readouterr().err
    assert asyncio.run(status(pg_url))["games"] == 4  # unchanged (status() itself adds one game each time)


def test_migrate_refuses_wrong_directions_in_one_line(tmp_path: Path, pg_url: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert admin(["migrate", "--from", pg_url, "--to", pg_url]) == 2
    assert admin(["migrate", "--from", f"sqlite:///{tmp_path / 'none.sqlite3'}", "--to", pg_url]) == 2
    assert admin(["migrate", "--from", f"sqlite:///{tmp_path / 'none.sqlite3'}", "--to", "sqlite:///x"]) == 2
    errors = capsys.readouterr().err.strip().splitlines()
    assert len(errors) == 3 and all(line.startswith("error: ") for line in errors)
    assert not (tmp_path / "none.sqlite3").exists()


def test_migrate_refuses_a_source_with_a_table_it_does_not_know(tmp_path: Path, pg_url: str,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "agot.sqlite3"

    async def made() -> None:
        store = await open_store(f"sqlite:///{source}")
        await store.close()

    asyncio.run(made())
    with sqlite3.connect(source) as db:  # a later version's table the PostgreSQL side lacks
        db.execute("CREATE TABLE mystery (x INTEGER)")
    assert admin(["migrate", "--from", f"sqlite:///{source}", "--to", pg_url]) == 2
    assert "tables this copy does not know (mystery)" in capsys.readouterr().err


def test_migrate_copies_json_as_json_a_null_answer_included(tmp_path: Path, pg_url: str) -> None:
    """A decision answered with JSON null (a "none" choice) is copied as JSON null, not as a missing value."""
    source = tmp_path / "agot.sqlite3"

    async def made() -> int:
        store = await open_store(f"sqlite:///{source}")
        try:
            async with store.transaction() as repo:
                gid = await repo.add_game(1, 2, 3, 3, {"a": None}, datetime(2026, 1, 1, tzinfo=UTC))
                await repo.add_answer(AnswerRow(gid, 1, 3, "stark", "7", "retake_one", None, "player", 1,
                                                "westeros", "", datetime(2026, 1, 1, tzinfo=UTC)))
            return gid
        finally:
            await store.close()

    async def copied(gid: int) -> tuple[object, object]:
        store = await open_store(pg_url, create=False)
        try:
            async with store.reading() as repo:
                row = await repo.game(gid)
                assert row is not None
                return row.settings, [a.answer for a in await repo.answers(gid)]
        finally:
            await store.close()

    gid = asyncio.run(made())
    assert admin(["migrate", "--from", f"sqlite:///{source}", "--to", pg_url]) == 0
    assert asyncio.run(copied(gid)) == ({"a": None}, [None])
