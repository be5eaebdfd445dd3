"""A whole Letters from Whitechapel game through the table service on PostgreSQL, across a restart (the body is
tests/service/test_whitechapel_table.py's): the game's name, its hidden state and its ratings live in the shared
database as they do in SQLite."""

from __future__ import annotations

from bot.service import TableService
from bot.storage import open_store
from tests.service.kit import aio
from tests.service.test_whitechapel_table import whole_game


@aio
async def test_a_whole_whitechapel_game_on_postgresql(pg_url: str) -> None:
    async def opened() -> TableService:
        return await TableService.open(await open_store(pg_url))

    await whole_game(opened)
