"""The session's PostgreSQL server is real and each test's database is its own."""

from __future__ import annotations

import asyncpg

from tests.service.kit import aio


@aio
async def test_the_test_server_is_a_real_postgresql_with_an_empty_database(pg_url: str) -> None:
    conn = await asyncpg.connect(pg_url)
    try:
        version = await conn.fetchval("SHOW server_version_num")
        tables = await conn.fetchval("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
        await conn.execute("CREATE TABLE probe (x int)")
    finally:
        await conn.close()
    assert int(version) >= 160000
    assert tables == 0
