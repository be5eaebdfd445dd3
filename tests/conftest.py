"""Fixtures shared by every test package: ``store``, an opened store of each kind the bot supports."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.storage import Store, open_store
from tests.pg.server import pg_server, pg_url  # noqa: F401 - the PostgreSQL test server's fixtures

# Every store the contract tests (tests/storage/test_contract.py) must pass; a new backend joins this list.
STORES = ["sqlite", "postgresql"]


async def open_test_store(kind: str, folder: Path, request: pytest.FixtureRequest | None = None) -> Store:
    """A fresh, migrated store of ``kind`` whose files (if any) live in ``folder`` (PostgreSQL: a fresh database
    on the session's test server, which needs the test's ``request``)."""
    if kind == "sqlite":
        return await open_store(f"sqlite:///{folder / 'store.sqlite3'}")
    if kind == "postgresql" and request is not None:
        return await open_store(request.getfixturevalue("pg_url"))
    raise ValueError(f"no test store of kind {kind!r}")


@pytest_asyncio.fixture(params=STORES)
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    opened = await open_test_store(request.param, tmp_path, request)
    try:
        yield opened
    finally:
        await opened.close()
