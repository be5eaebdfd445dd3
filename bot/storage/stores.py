"""``open_store(url)``: the one place that turns a database address into an opened, migrated ``Store``.

Addresses: ``sqlite:///relative/path``, ``sqlite:////absolute/path`` (as SQLAlchemy spells them) or a bare file
path (SQLite); ``postgresql://user:password@host/database`` (or ``postgres://``; a Unix socket as
``postgresql:///database?host=/run/postgresql``) for PostgreSQL (``postgres.py``). Without one,
``AGOT_DATABASE_URL`` or ``AGOT_DB_PATH`` (default ``var/agot.sqlite3``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from bot.storage.repository import DELIVERY_WINDOW, Pruned, StorageError, Store, prune_all
from bot.storage.sqlite import SqliteStore

DEFAULT_DATABASE = "var/agot.sqlite3"
SQLITE = "sqlite:///"
POSTGRES = ("postgresql://", "postgres://")


def default_url(env: Mapping[str, str] | None = None) -> str:
    """AGOT_DATABASE_URL, else AGOT_DB_PATH, else var/agot.sqlite3."""
    env = os.environ if env is None else env
    return (env.get("AGOT_DATABASE_URL", "").strip() or env.get("AGOT_DB_PATH", "").strip()
            or DEFAULT_DATABASE)


def is_postgres(url: str | Path) -> bool:
    return str(url).startswith(POSTGRES)


def redacted(url: str) -> str:
    """The address without its password (for messages and logs)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<an unreadable address>"
    if not parts.password:
        return url
    return urlunsplit(parts._replace(netloc=parts.netloc.replace(f":{parts.password}@", ":***@", 1)))


def sqlite_path(url: str | Path) -> Path | None:
    """The file of a SQLite address (a bare path or ``sqlite:///...``); None for another kind of database."""
    text = str(url)
    if text.startswith(SQLITE):
        return Path(text[len(SQLITE):])
    if "://" in text:
        return None
    return Path(text)


async def open_store(url: str | Path | None = None, create: bool = True) -> Store:
    """Open (and migrate) the store at ``url``. ``create``: make a missing database (and its folder); otherwise a
    missing or empty one is refused untouched. Every failure is a StorageError with a one-line message."""
    url = default_url() if url is None else url
    if is_postgres(url):
        from bot.storage.postgres import PostgresStore  # asyncpg is imported only by those who use it

        return await PostgresStore.open(str(url), create=create)
    path = sqlite_path(url)
    if path is None:
        raise StorageError(f"{redacted(str(url))}: not a database address this bot knows (sqlite:///PATH, a file "
                           "path or postgresql://...)")
    if not str(path):
        raise StorageError(f"{url}: no database file named")
    if create:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError(f"{path}: cannot create its folder: {exc.strerror or exc}") from None
    return await SqliteStore.open(path, create=create)


async def compact(store: Store, now: datetime) -> Pruned:
    """The clean-up of bounded storage, whole: prune until nothing is left that the window before ``now`` no
    longer needs, then VACUUM. Returns the totals."""
    total = await prune_all(store, now - DELIVERY_WINDOW)
    await store.vacuum()
    return total
