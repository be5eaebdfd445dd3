"""Discord shards across processes: ``python -m bot --shards 0-3 --shard-count 8`` (or ``AGOT_SHARDS`` and
``AGOT_SHARD_COUNT``) runs those shards of an ``AutoShardedBot``; without them, one process and discord.py's
automatic sharding. Each process leases its shards in the database for as long as it runs (renewed every
``LEASE / 3`` seconds), so a second process started with an overlapping range refuses to start; a process that
dies frees its shards once its lease expires. Shard 0 receives every direct message."""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta

from bot.storage import StorageError, Store

log = logging.getLogger("bot.shards")
LEASE = 60.0  # seconds


class ShardError(ValueError):
    """A shard range that cannot be used; the message is one line."""


class ShardsTaken(StorageError):
    """Another live process holds some of these shards."""


def parse_shards(text: str | None, count: int | None) -> tuple[list[int], int] | None:
    """``"0-3"``, ``"0,2,5"`` or ``"4"`` with the total shard count: (shard ids, count); None without a range."""
    text = (text or "").strip()
    if not text:
        if count is not None:
            raise ShardError("--shard-count needs --shards (which of them this process runs)")
        return None
    if count is None or count < 1:
        raise ShardError("--shards needs --shard-count (the total number of shards, at least 1)")
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        low, _, high = part.partition("-")
        if not low.isdigit() or (high and not high.isdigit()):
            raise ShardError(f"--shards takes ranges like 0-3 or 0,2,5, not {text!r}")
        first, last = int(low), int(high or low)
        if first > last or last >= count:
            raise ShardError(f"--shards {text}: shard ids run from 0 to {count - 1} (--shard-count {count})")
        ids.update(range(first, last + 1))
    return sorted(ids), count


def from_env(env: Mapping[str, str] | None = None) -> tuple[str | None, int | None]:
    env = os.environ if env is None else env
    count = env.get("AGOT_SHARD_COUNT", "").strip()
    if count and not count.isdigit():
        raise ShardError(f"AGOT_SHARD_COUNT must be a number of shards, not {count!r}")
    return env.get("AGOT_SHARDS", "").strip() or None, int(count) if count else None


def owner_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


async def lease(store: Store, owner: str, shards: list[int]) -> None:
    """Take (or renew) the leases of ``shards``; StorageError naming the shards another process runs."""
    now = datetime.now(UTC)
    async with store.transaction() as repo:
        taken = await repo.lease_shards(owner, shards, now, now + timedelta(seconds=LEASE))
        if taken:
            raise ShardsTaken(f"shards {', '.join(map(str, taken))} are run by another process (its lease ends "
                               f"within {LEASE:.0f} s of it stopping): start this one with other --shards")


async def keep_leased(store: Store, owner: str, shards: list[int], stop: asyncio.Event) -> None:
    """Renew the leases until the process ends; if they are lost (this process stalled past its lease and another
    took a shard), set ``stop``."""
    while not stop.is_set():
        await asyncio.sleep(LEASE / 3)
        try:
            await lease(store, owner, shards)
        except ShardsTaken as exc:
            log.error("shard leases lost: %s; stopping", exc)
            stop.set()
        except StorageError as exc:  # the database is away for a moment: the lease has time left
            log.warning("renewing the shard leases failed: %s", exc)
