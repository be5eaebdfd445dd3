"""Schema migrations on real files: from empty, from the previous version, and a newer file refused."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.storage import LATEST, NewMessage, SeatRow, SqliteStore, StorageError
from tests.service.kit import aio

NOW = datetime(2030, 1, 1, tzinfo=UTC)
OLD_TEXT = "2030-01-01T00:00:00.000000+00:00"  # how every version of the SQLite store has written NOW


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as db:
        return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def version(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("PRAGMA user_version").fetchone()[0])


def old_game(path: Path, settings: str = "{}") -> int:
    """A game row as every version wrote it (today's ``add_game`` writes later columns)."""
    with sqlite3.connect(path) as db:
        return int(db.execute("INSERT INTO games (guild_id, channel_id, creator_id, players, status, settings, "
                              "created_at, updated_at) VALUES (7, 8, 9, 3, 'lobby', ?, ?, ?)",
                              (settings, OLD_TEXT, OLD_TEXT)).lastrowid or 0)


@aio
async def test_migrations_from_empty_and_the_pragmas(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    store = await SqliteStore.open(path)
    names = ("journal_mode", "synchronous", "foreign_keys", "busy_timeout", "temp_store")
    pragmas = {name: list(await store.db.execute_fetchall(f"PRAGMA {name}"))[0][0] for name in names}
    await store.close()
    assert pragmas == {"journal_mode": "wal", "synchronous": 2, "foreign_keys": 1, "busy_timeout": 5000,
                       "temp_store": 2}  # synchronous FULL, temporary files in memory
    assert version(path) == LATEST >= 2
    expected = {"games", "seats", "answers", "events", "snapshots", "outbox", "prompts", "timers", "rewinds"}
    assert expected <= tables(path)


@aio
async def test_a_version_1_file_upgrades_in_place_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = await SqliteStore.open(path, upto=1)
    await old.close()
    gid = old_game(path, '{"tiebreak": "rb2"}')
    with sqlite3.connect(path) as db:  # a version 1 seat row (today's add_seat writes later columns)
        db.execute("INSERT INTO seats (game_id, user_id, name, house, joined_at) VALUES (?, 9, 'Ned', NULL, ?)",
                   (gid, OLD_TEXT))
    assert version(path) == 1 and "timers" not in tables(path)

    store = await SqliteStore.open(path)
    async with store.reading() as repo:
        game = await repo.game(gid)
        seats = await repo.seats(gid)
    async with store.transaction() as repo:  # the version 2 tables work on the upgraded file
        await repo.add_timer(gid, "deadline", NOW, {"decision_id": "1"})
        await repo.add_timer(gid, "reminder", NOW - timedelta(microseconds=1), {"decision_id": "2"})
    async with store.reading() as repo:
        timers = await repo.timers(gid)
    await store.close()
    assert version(path) == LATEST
    assert game is not None and game.settings == {"tiebreak": "rb2"} and game.channel_id == 8
    assert game.created_at == NOW
    assert [(s.name, s.state, s.away_until, s.joined_at) for s in seats] == [("Ned", "player", None, NOW)]
    assert [t.payload for t in timers] == [{"decision_id": "1"}, {"decision_id": "2"}]
    with sqlite3.connect(path) as db:  # stored as it always was: no migration of times
        assert [r[0] for r in db.execute("SELECT due_at FROM timers ORDER BY id")] == \
            [OLD_TEXT, "2029-12-31T23:59:59.999999+00:00"]
        assert db.execute("SELECT created_at FROM games").fetchone()[0] == OLD_TEXT


@aio
async def test_times_an_older_bot_wrote_compare_with_new_ones(tmp_path: Path) -> None:
    """A timer written as text by an older version and one written now fall due in the order of their instants."""
    path = tmp_path / "mixed.sqlite3"
    store = await SqliteStore.open(path)
    async with store.transaction() as repo:
        gid = await repo.add_game(None, 8, 9, 3, {}, NOW)
        await repo.start_game(gid, "42", {}, NOW)
    await store.close()
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO timers (game_id, kind, due_at, payload) VALUES (?, 'deadline', ?, '{\"n\":\"old\"}')",
                   (gid, "2030-01-01T00:00:01.000000+00:00"))
    store = await SqliteStore.open(path)
    async with store.transaction() as repo:
        await repo.add_timer(gid, "reminder", NOW + timedelta(milliseconds=500), {"n": "before"})
        await repo.add_timer(gid, "reminder", NOW + timedelta(seconds=2), {"n": "after"})
    async with store.reading() as repo:
        upcoming = await repo.next_due()
        due = await repo.due_timers(NOW + timedelta(seconds=1))
    await store.close()
    assert upcoming == NOW + timedelta(milliseconds=500)
    assert [(t.payload["n"], t.due_at) for t in due] == [("before", NOW + timedelta(milliseconds=500)),
                                                         ("old", NOW + timedelta(seconds=1))]


@aio
async def test_rows_given_up_before_version_10_count_as_said(tmp_path: Path) -> None:
    """Before version 10 the count of given-up rows lived in memory only: the upgrade does not announce old
    failures; a row given up after it is counted."""
    path = tmp_path / "v9.sqlite3"
    old = await SqliteStore.open(path, upto=9)
    await old.close()
    gid = old_game(path)
    old = await SqliteStore.open(path, upto=9)
    async with old.transaction() as repo:
        await repo.add_messages([NewMessage(gid, "public", None, "notice", {"text": t}) for t in "ab"], NOW)
    with sqlite3.connect(path) as db:
        first, second = (r[0] for r in db.execute("SELECT id FROM outbox ORDER BY id"))
    async with old.transaction() as repo:
        await repo.mark_failed(first, "gone", NOW)
    await old.close()

    store = await SqliteStore.open(path)
    async with store.reading() as repo:
        before = await repo.given_up()
    async with store.transaction() as repo:
        await repo.mark_failed(second, "gone", NOW)
    async with store.reading() as repo:
        after = [(g.game_id, g.audience, g.user_id, g.count) for g in await repo.given_up()]
    await store.close()
    assert version(path) == LATEST and before == [] and after == [(gid, "public", None, 1)]


@aio
async def test_a_file_from_a_newer_bot_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    await (await SqliteStore.open(path)).close()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {LATEST + 1}")
    with pytest.raises(StorageError, match="newer version of the bot"):
        await SqliteStore.open(path)
    assert version(path) == LATEST + 1


@aio
async def test_the_answer_log_is_append_only(tmp_path: Path) -> None:
    path = tmp_path / "log.sqlite3"
    store = await SqliteStore.open(path)
    async with store.transaction() as repo:
        gid = await repo.add_game(None, 8, 9, 3, {}, NOW)
        repo._write(  # type: ignore[attr-defined]
            "INSERT INTO answers (game_id, seq, user_id, house, decision_id, kind, answer, source, round, phase, "
            "state_hash, at) VALUES (?, 1, 9, 'stark', '1', 'orders', '{}', 'player', 1, 'planning', 'h', ?)",
            (gid, NOW))
    await store.close()
    with sqlite3.connect(path) as db:
        for sql in ("DELETE FROM answers", "UPDATE answers SET answer = '[]'", "UPDATE answers SET house = 'tyrell'"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                db.execute(sql)
        assert db.execute("SELECT answer FROM answers").fetchone() == ("{}",)


@aio
async def test_foreign_keys_are_enforced(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "fk.sqlite3")
    with pytest.raises(StorageError, match="FOREIGN KEY"):
        async with store.transaction() as repo:
            await repo.add_seat(SeatRow(999, 1, "nobody", None, NOW))
    async with store.reading() as repo:
        assert await repo.seats(999) == []
    await store.close()
