"""The SimCord whole-game test (tests/bot/test_whole_game.py: the real bot, scripted users, a game from
``/game create`` to the final standings) once more with ``AGOT_DATABASE_URL`` pointing at the test server."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest
import pytest_asyncio
import simcord

from bot.frontend.client import AgotBot
from bot.service import TableService
from bot.storage import open_store
from bot.storage.postgres import PostgresStore
from tests.bot.test_whole_game import test_a_whole_game_from_create_to_final_standings as whole_game


@dataclass
class Size:
    st_size: int


class Database:
    """Stands for the SQLite file the whole-game test measures: ``stat().st_size`` is the database's size as the
    game starts (mostly PostgreSQL's own catalogue)."""

    def __init__(self, store: PostgresStore) -> None:
        self.store = store
        self.size = 0

    async def measure(self) -> None:
        async with self.store.pool.acquire() as conn:
            self.size = int(await conn.fetchval("SELECT pg_database_size(current_database())"))

    def stat(self) -> Size:
        return Size(self.size)


@pytest_asyncio.fixture
async def world(pg_url: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[simcord.Env, Any]]:
    monkeypatch.setenv("AGOT_DATABASE_URL", pg_url)
    store = await open_store()  # the address from the environment, as python -m bot opens it
    assert isinstance(store, PostgresStore)
    service = await TableService.open(store, clock=AgotBot.clock, randbits=random.Random(1).getrandbits)
    bot = AgotBot(service)
    bot.transport.status_edits.every = 0  # as tests/bot/conftest.py: SimCord joins every task, no edit waits
    env = simcord.Env(bot)
    await env.start()
    await env.bot.tree.sync()
    database = Database(store)
    try:
        yield env, database
    finally:
        await env.shutdown()
        await env.bot.service.close()


@pytest.mark.timeout(600)
@pytest.mark.asyncio
async def test_the_whole_discord_game_on_postgresql(world: tuple[simcord.Env, Database],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    await world[1].measure()
    await whole_game(world, monkeypatch, 3)
