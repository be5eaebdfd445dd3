"""Stored games carry their game's name (issue 27 A, migration 0012 / PostgreSQL 0006): a database of the
previous schema version, with a game in play, opens, names it "agot" and plays on to the end; a new game stores
the name it was created with."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.service import TableService
from bot.storage import LATEST, SqliteStore
from tests.service.kit import aio, play, seated


async def previous_version(path: Path) -> None:
    """Make a database what the bot before game names wrote (schema version 11, no ``games.game`` column): a new
    file of that schema gets the rows of each of its tables in the columns it has (what later migrations added is
    left behind, whatever they are), and takes the played file's place."""
    old = path.with_name("version11.sqlite3")
    await (await SqliteStore.open(old, upto=11)).close()
    db = sqlite3.connect(old)
    try:
        db.execute("ATTACH DATABASE ? AS played", (str(path),))
        tables = [r[0] for r in db.execute("SELECT name FROM main.sqlite_master WHERE type = 'table' "
                                           "AND name NOT LIKE 'sqlite_%'").fetchall()]
        for table in tables:
            columns = ", ".join(r[1] for r in db.execute(f"PRAGMA main.table_info({table})"))
            db.execute(f"INSERT INTO main.{table} ({columns}) SELECT {columns} FROM played.{table}")
        db.commit()
        db.execute("DETACH DATABASE played")
    finally:
        db.close()
    old.replace(path)


@aio
async def test_a_database_of_the_previous_version_opens_and_its_game_plays_on(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    svc = await TableService.open(path)
    gid, _ = await seated(svc, players=4)
    assert await play(svc, gid, answers=30) == 30
    await svc.close()
    await previous_version(path)
    with sqlite3.connect(path) as db:
        assert "game" not in {r[1] for r in db.execute("PRAGMA table_info(games)")}

    svc = await TableService.open(path)  # migrates: the game is A Game of Thrones
    info = await svc.game(gid)
    assert info.game == "agot" and info.status == "running" and info.round is not None
    await play(svc, gid)
    info = await svc.game(gid)
    assert info.status == "finished" and info.game == "agot"
    await svc.close()
    with sqlite3.connect(path) as db:
        assert int(db.execute("PRAGMA user_version").fetchone()[0]) == LATEST
        assert db.execute("SELECT game FROM games WHERE id = ?", (gid,)).fetchone() == ("agot",)


@aio
async def test_a_game_row_keeps_the_name_it_was_created_with(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "t.sqlite3")
    svc = TableService(store)
    agot = await svc.create_game(1, 5, 9, 4, {})
    chapel = await svc.create_game(1, 5, 9, 3, {}, game="whitechapel")
    assert [(await svc.game(g)).game for g in (agot, chapel)] == ["agot", "whitechapel"]
    async with store.reading() as repo:
        assert [(await repo.game(g)).game for g in (agot, chapel)] == ["agot", "whitechapel"]  # type: ignore
    await store.close()
