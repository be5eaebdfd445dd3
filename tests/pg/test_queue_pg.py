"""The queue on PostgreSQL (the bodies are tests/service/test_queue.py's): entries, ready checks and their timers
live in the shared database as they do in SQLite."""

from __future__ import annotations

from pathlib import Path

from bot.service import FakeClock, TableService
from bot.service.queue import READY_TIME
from bot.storage import open_store
from bot.storage.pg_copy import copy_sqlite_to_postgres
from tests.service.kit import aio
from tests.service.test_queue import GUILD, Opener, join, queue_story, ready_posts, restart_story


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


@aio
async def test_migrate_copies_the_queue_and_its_open_ready_check(tmp_path: Path, pg_url: str) -> None:
    """``python -m bot.admin migrate``: the waiting entries and an open ready check (its game, its clicks, its
    timer) go to PostgreSQL, where the check's deadline then fires."""
    clock = FakeClock()
    lite = await TableService.open(tmp_path / "db.sqlite3", clock=clock)
    try:
        for user in (1, 2, 3):
            await join(lite, user)
        await join(lite, 4, "whitechapel", 2)
        (post,) = await ready_posts(lite)
        check = int(post["ready"])  # type: ignore[call-overload]
        await lite.queue_ready(check, 1)
        shown = await lite.queue_show(GUILD)
    finally:
        await lite.close()
    copied = await copy_sqlite_to_postgres(f"sqlite:///{tmp_path / 'db.sqlite3'}", pg_url)
    assert copied["queue_entries"] == 4
    svc = await postgres(pg_url)(clock)
    try:
        assert await svc.queue_show(GUILD) == shown
        clock.advance(READY_TIME.total_seconds())
        assert await svc.run_due_timers() == 1  # members 2 and 3 never pressed Ready: dropped, 1 waits on
        assert (await svc.game(check)).status == "cancelled"
        assert [line.split(": ")[-1] for line in await svc.queue_show(GUILD)] == [
            "1/3 waiting (member1)", "1/2 waiting (member4)"]
    finally:
        await svc.close()
