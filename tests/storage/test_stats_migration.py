"""Migration 0013 (issue 29, part 1) on a database of the previous version: the seats of games already finished
get their places from the stored results (a ranking without places: its order), older answers have no asked time
(not timed, still counted as missed deadlines), and ``asked_at`` is as append-only as the rest of the answer
log."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.service import TableService
from bot.storage import SqliteStore
from tests.service.kit import aio

pytestmark = pytest.mark.timeout(30)

T = "2026-01-01T00:00:00.000000+00:00"


@aio
async def test_a_previous_database_gets_its_places_and_no_made_up_times(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    await (await SqliteStore.open(path, upto=12)).close()
    with sqlite3.connect(path) as db:
        for gid, ranking in ((1, [{"house": "stark", "user_id": 7, "name": "a", "place": 2},
                                  {"house": "tyrell", "user_id": 8, "name": "b", "place": 1}]),
                             (2, [{"house": "stark", "user_id": 8, "name": "b"},  # stored before places
                                  {"house": "tyrell", "user_id": 7, "name": "a"}])):
            db.execute("INSERT INTO games (id, guild_id, channel_id, creator_id, players, status, settings, seed, "
                       "created_at, updated_at, started_at, finished_at) VALUES (?, 1, 5, 7, 2, 'finished', '{}', "
                       "'1', ?, ?, ?, ?)", (gid, T, T, T, T))
            for r in ranking:
                db.execute("INSERT INTO seats (game_id, user_id, name, house, joined_at) VALUES (?, ?, ?, ?, ?)",
                           (gid, r["user_id"], r["name"], r["house"], T))
            db.execute("INSERT INTO results (game_id, guild_id, finished_at, ranking) VALUES (?, 1, ?, ?)",
                       (gid, T, json.dumps(ranking)))
        db.executemany("INSERT INTO answers (game_id, seq, user_id, house, decision_id, kind, answer, source, round, "
                       "phase, state_hash, at) VALUES (1, ?, 7, 'stark', ?, 'k', '0', ?, 1, 'p', '', ?)",
                       [(1, "1", "player", T), (2, "2", "deadline", T)])
    svc = await TableService.open(path)
    try:
        figures = await svc.stats(7, 7, 1)
    finally:
        await svc.close()
    [agot] = figures.games
    assert (agot.played, agot.finished, agot.places) == (2, 2, {"stark": {2: 1}, "tyrell": {2: 1}})
    assert figures.waits.answers == 0 and figures.missed == 1  # no asked time before 0013: not timed
    with sqlite3.connect(path) as db, pytest.raises(sqlite3.IntegrityError, match="append-only"):
        db.execute("UPDATE answers SET asked_at = ? WHERE game_id = 1 AND seq = 1", (T,))
