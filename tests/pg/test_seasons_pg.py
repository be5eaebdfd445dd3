"""Seasons and rank roles on PostgreSQL (issue 29): the SQLite story of tests/service/test_seasons.py (a season
rated from the games finished within it, bad seasons refused with nothing stored, its end archived, rank roles and
their holders) on the shared database, kept across a restart."""

from __future__ import annotations

import pytest

from bot.service import FakeClock, TableService
from bot.storage import open_store
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
        assert await svc.seasons(GUILD) == before and len(before) == 2
        assert before[0].standings and before[0].ended_at == clock.now
    finally:
        await svc.close()
