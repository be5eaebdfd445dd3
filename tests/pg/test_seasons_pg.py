"""Seasons and rank roles on PostgreSQL (issue 29): the SQLite story of tests/service/test_seasons.py (a season
rated from the games finished within it, bad seasons refused with nothing stored, its end archived, rank roles and
their holders) on the shared database, kept across a restart."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import FakeClock, TableService
from bot.storage import open_store
from bot.storage.pg_copy import copy_sqlite_to_postgres
from tests.service.kit import aio
from tests.service.test_seasons import GUILD, season_story

pytestmark = pytest.mark.timeout(60)


@aio
async def test_seasons_on_postgresql(pg_url: str) -> None:
    clock = FakeClock()
    svc = await TableService.open(await open_store(pg_url), clock=clock)
    try:
        await season_story(svc, clock)
        before = await svc.seasons(GUILD)
    finally:
        await svc.close()
    svc = await TableService.open(await open_store(pg_url), clock=clock)  # a restart: all of it was stored
    try:
        assert await svc.seasons(GUILD) == before and len(before) == 3
        assert before[0].standings and before[0].ended_at == clock.now
    finally:
        await svc.close()


@aio
async def test_seasons_and_role_holders_move_to_postgresql(tmp_path: Path, pg_url: str) -> None:
    """``python -m bot.admin migrate`` copies the seasons (ids included, the next one after them) and who holds a
    rank role."""
    clock = FakeClock()
    lite = await TableService.open(tmp_path / "db.sqlite3", clock=clock)
    try:
        await season_story(lite, clock)
        before, held = await lite.seasons(GUILD), await lite.role_holders(GUILD)
    finally:
        await lite.close()
    await copy_sqlite_to_postgres(f"sqlite:///{tmp_path / 'db.sqlite3'}", pg_url)
    svc = await TableService.open(await open_store(pg_url), clock=clock)
    try:
        assert await svc.seasons(GUILD) == before and await svc.role_holders(GUILD) == held and held
        later = await svc.open_season(GUILD, 1, 900, "Later", clock.now + timedelta(days=400),
                                      clock.now + timedelta(days=430), manager=True)
        assert later.id == max(s.id for s in before) + 1
    finally:
        await svc.close()
