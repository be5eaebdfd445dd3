"""The PostgreSQL store behaves as the SQLite store: the same seeded games played through the real table service
on each (answers, deadlines that pass, a vote, a rewind, delivery) leave the same rows behind, read through the
same interface."""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import TableService
from bot.service.clock import FakeClock
from bot.service.outbox import RecordingTransport
from bot.storage import SqliteStore, Store
from bot.storage.postgres import PostgresStore
from tests.pg.dump import dump
from tests.service.kit import aio, play, seated


async def scenario(store: Store) -> tuple[dict[str, object], list[tuple[int, str, str]]]:
    clock = FakeClock()
    svc = TableService(store, clock, random.Random(7).getrandbits)
    try:
        return await _play(svc, clock)
    finally:
        await svc.close()


async def _play(svc: TableService, clock: FakeClock) -> tuple[dict[str, object], list[tuple[int, str, str]]]:
    transport = RecordingTransport()
    first, users = await seated(svc, players=3)
    await play(svc, first, answers=30, seed=3)
    clock.advance(timedelta(days=3).total_seconds())  # every open deadline passes: defaults are given
    await svc.run_due_timers()
    await svc.rewind(first, users[0], 2, manager=True, reason="a slip")
    vote = await svc.open_vote(first, users[1], "pause")
    await svc.cast_ballot(first, int(vote["id"]), users[2], True)
    second, _ = await seated(svc, players=4, settings={"tides_of_battle": True})
    await play(svc, second, answers=20, seed=5)
    await svc.flush(transport)
    # games are delivered concurrently: the order holds within a game
    sent = sorted(((m.game_id, n, m.kind, m.audience) for n, m in enumerate(transport.sent)), key=lambda x: x[0])
    sent = [(game, kind, audience) for game, _, kind, audience in sent]
    return await dump(svc.store), sent


@pytest.mark.timeout(240)
@aio
async def test_the_same_games_leave_the_same_rows_in_sqlite_and_postgresql(tmp_path: Path, pg_url: str) -> None:
    lite = await scenario(await SqliteStore.open(tmp_path / "lite.sqlite3"))
    pg = await scenario(await PostgresStore.open(pg_url))
    assert lite[1] == pg[1] and len(lite[1]) > 50  # the same messages delivered, in each game's order
    assert lite[0].keys() == pg[0].keys()
    game = pg[0]["game 1"]
    assert len(game["answers"]) > 30 and game["rewinds"] and game["timers"] and game["prompts"] and game["events"]
    assert pg[0]["game 2"]["snapshot"] is not None and pg[0]["next due"] is not None
    for key in lite[0]:
        if key.startswith("game"):  # the transport numbers its message ids in delivery order, across games
            for rows in (lite[0], pg[0]):
                for message in rows[key]["outbox"]:
                    message["message_id"] = message["message_id"] is not None
        assert lite[0][key] == pg[0][key], key
