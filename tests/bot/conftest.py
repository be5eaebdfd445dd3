"""SimCord fixtures: the real bot (real discord.py command tree and components) over a temporary SQLite file."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
import simcord

from bot.frontend.client import AgotBot
from bot.service import TableService


async def make_bot(path: Path, seed: int = 1) -> AgotBot:
    """The bot over the SQLite file at ``path``; ``seed`` fixes the games' secrets and deals (same game each run)."""
    service = await TableService.open(path, clock=AgotBot.clock, randbits=random.Random(seed).getrandbits)
    bot = AgotBot(service)
    bot.transport.status_edits.every = 0  # SimCord joins every task: no edit waits (tests/bot/test_debounce.py)
    return bot


@pytest_asyncio.fixture
async def world(tmp_path: Path) -> AsyncIterator[tuple[simcord.Env, Path]]:
    path = tmp_path / "agot.sqlite3"
    bot = await make_bot(path)
    env = simcord.Env(bot, settle_timeout=30)  # one runtime: deadlines fire inside advance_time, with SQLite hops
    await env.start()
    await bot.tree.sync()
    try:
        yield env, path
    finally:
        await env.shutdown()
        await env.bot.service.close()


@pytest.fixture
def table(world):
    return world[0]
