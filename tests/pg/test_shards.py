"""Shards across processes: ranges parsed and refused in one line, a lease per shard in the database (a second
process with an overlapping range is refused; a dead process's shards are free once its lease expires), and the
bot class that runs a range (an AutoShardedBot)."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from discord.ext import commands

from bot import shards
from bot.storage import open_store
from tests.service.kit import aio

ROOT = Path(__file__).resolve().parents[2]


def test_shard_ranges_are_parsed_and_bad_ones_refused() -> None:
    assert shards.parse_shards("0-3", 8) == ([0, 1, 2, 3], 8)
    assert shards.parse_shards("5, 0-1", 8) == ([0, 1, 5], 8)
    assert shards.parse_shards(None, None) is None
    for text, count in (("0-8", 8), ("3-1", 8), ("a", 8), ("0-3", None), (None, 4), ("1", 0)):
        with pytest.raises(shards.ShardError):
            shards.parse_shards(text, count)
    assert shards.from_env({"AGOT_SHARDS": "0-1", "AGOT_SHARD_COUNT": "4"}) == ("0-1", 4)


def test_python_m_bot_refuses_a_bad_range_in_one_line() -> None:
    env = {**os.environ, "DISCORD_TOKEN": "x", "AGOT_DB_PATH": "/nonexistent/never.sqlite3"}
    done = subprocess.run([sys.executable, "-m", "bot", "--shards", "4-5", "--shard-count", "4"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1 and "0 to 3" in done.stderr


@aio
async def test_a_shard_runs_in_one_process_at_a_time(pg_url: str) -> None:
    store = await open_store(pg_url)
    try:
        await shards.lease(store, "a", [0, 1, 2, 3])
        await shards.lease(store, "b", [4, 5, 6, 7])
        await shards.lease(store, "a", [0, 1, 2, 3])  # a renewal
        with pytest.raises(shards.ShardsTaken, match="shards 3, 4"):
            await shards.lease(store, "c", [3, 4, 8])
        await shards.lease(store, "c", [8])  # the refused attempt took nothing
        later = datetime.now(UTC) + timedelta(seconds=shards.LEASE + 1)  # "a" died: its leases have run out
        async with store.transaction() as repo:
            assert await repo.lease_shards("c", [2, 3], later, later + timedelta(seconds=60)) == []
            assert await repo.lease_shards("c", [4], later - timedelta(seconds=30), later) == [4]
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_range_runs_as_an_auto_sharded_bot(tmp_path: Path) -> None:
    from bot.__main__ import sharded_bot
    from bot.service import TableService

    service = await TableService.open(tmp_path / "agot.sqlite3")
    try:
        bot = sharded_bot()(service=service, shard_ids=[0, 1], shard_count=4)
        assert isinstance(bot, commands.AutoShardedBot) and bot.shard_ids == [0, 1] and bot.shard_count == 4
        assert bot.intents.dm_messages and bot.intents.guilds
    finally:
        await service.close()
