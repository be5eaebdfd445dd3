"""Bounded memory: loaded games leave the cache when idle (least recently used first, beyond ``cache_games``) or
finished, and a game's lock lives only while the game is loaded or in use."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.service import TableService
from tests.service.kit import CREATOR, aio, play, seated

GAMES = 5000
CACHE = 100


def rss_mib() -> float:
    """The process's resident set size now (not its peak), in MiB."""
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * 4096 / 2**20


def copies(path: Path, gid: int, count: int) -> list[int]:
    """``count`` more started games, each a copy of game ``gid`` (its row, seats, snapshot and prompts)."""
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA synchronous = OFF")
        columns = [r[1] for r in db.execute("PRAGMA table_info(games)") if r[1] != "id"]
        seat_columns = [r[1] for r in db.execute("PRAGMA table_info(seats)") if r[1] != "game_id"]
        first = db.execute("SELECT MAX(id) FROM games").fetchone()[0] + 1
        for new in range(first, first + count):
            db.execute(f"INSERT INTO games (id, {', '.join(columns)}) SELECT ?, {', '.join(columns)} FROM games "
                       "WHERE id = ?", (new, gid))
            db.execute(f"INSERT INTO seats (game_id, {', '.join(seat_columns)}) SELECT ?, {', '.join(seat_columns)} "
                       "FROM seats WHERE game_id = ?", (new, gid))
            db.execute("INSERT INTO snapshots (game_id, seq, state) SELECT ?, seq, state FROM snapshots "
                       "WHERE game_id = ?", (new, gid))
        return list(range(first, first + count))


@pytest.mark.timeout(600)
@aio
async def test_touching_5000_games_keeps_the_loaded_games_and_the_memory_bounded(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, users = await seated(svc, players=6)
    await svc.close()
    games = [gid, *copies(path, gid, GAMES - 1)]
    svc = await TableService.open(path, cache_games=CACHE)
    core = svc.core
    rss: dict[int, float] = {}
    for n, game in enumerate(games, 1):
        status = await svc.status(game)  # loads the game: its snapshot, checked against its fingerprint
        assert status["status"] == "running" and len(status["waiting"]) == 6
        assert len(core.tables) <= CACHE and len(core.slots) <= CACHE
        if n in (CACHE, 1000, GAMES):
            rss[n] = rss_mib()
    assert list(core.tables) == games[-CACHE:]  # the most recently used stay
    growth = rss[GAMES] - rss[1000]
    print(f"RSS after {CACHE} games {rss[CACHE]:.0f} MiB, after 1,000 {rss[1000]:.0f} MiB, after {GAMES:,} "
          f"{rss[GAMES]:.0f} MiB; {len(core.tables)} games loaded (cache {CACHE})")
    assert growth < 40, rss  # 4,000 more games touched: the loaded ones alone would be hundreds of MiB
    await svc.close()


@aio
async def test_a_finished_game_leaves_the_cache_and_locks_live_only_while_loaded(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "t.sqlite3", cache_games=2)
    a, _ = await seated(svc)
    b, _ = await seated(svc)
    c, _ = await seated(svc)
    assert list(svc.core.tables) == [b, c] and set(svc.core.slots) == {b, c}  # a was the least recently used
    await play(svc, b)  # to the end
    assert (await svc.game(b)).status == "finished" and b not in svc.core.tables and b not in svc.core.slots
    await svc.status(a)
    assert list(svc.core.tables) == [c, a]
    # calls in flight on many games at once: each shares one lock per game, and the cache shrinks after them
    await asyncio.gather(*(svc.status(g) for g in (a, c) * 5), *(svc.view(g, CREATOR) for g in (a, c)))
    assert set(svc.core.slots) == set(svc.core.tables) and len(svc.core.tables) <= 2
    with pytest.raises(Exception, match="no game"):
        await svc.status(999)
    assert 999 not in svc.core.slots
    await svc.close()
