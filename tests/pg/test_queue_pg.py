"""The queue on PostgreSQL (the bodies are tests/service/test_queue.py's): entries, ready checks and their timers
live in the shared database as they do in SQLite."""

from __future__ import annotations

from bot.service import FakeClock, TableService
from bot.storage import open_store
from tests.service.kit import aio
from tests.service.test_queue import Opener, queue_story, restart_story


def postgres(url: str) -> Opener:
    async def opened(clock: FakeClock) -> TableService:
        return await TableService.open(await open_store(url), clock=clock)
    return opened


@aio
async def test_the_queue_on_postgresql(pg_url: str) -> None:
    await queue_story(postgres(pg_url))


@aio
async def test_a_ready_check_survives_a_restart_on_postgresql(pg_url: str) -> None:
    await restart_story(postgres(pg_url))
