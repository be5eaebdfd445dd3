"""Moving a live deployment from SQLite to PostgreSQL (``python -m bot.admin migrate``): every row of every table
the bot keeps (games, seats, answers, events and their archives, snapshots, the outbox with its undelivered
messages, delivery counts, prompts, timers, rewinds, votes, ballots, looks, results, members' time zones, the
front end's posts, whispers, the seat log, seasons and rank roles' holders, the queue's entries) is copied as it
is, ids included, in one PostgreSQL transaction; the identity sequences then move past the copied ids. A target
that already holds games is refused untouched.

Values are converted by the target column's type: ISO text -> timestamptz, JSON text -> json/jsonb, 0/1 ->
boolean. A column of the source the target lacks stops the copy (the two schemas have drifted: upgrade the bot).
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

from bot.storage.pg_base import storage_errors
from bot.storage.postgres import PostgresStore
from bot.storage.records import from_iso
from bot.storage.repository import StorageError
from bot.storage.stores import is_postgres, open_store, redacted, sqlite_path

# parents before children (foreign keys)
TABLES = ("games", "seats", "rewinds", "answers", "events", "event_archives", "snapshots", "outbox", "deliveries",
          "prompts", "timers", "votes", "ballots", "looks", "results", "member_zones", "front_posts", "whispers",
          "seat_log", "seasons", "role_holders", "queue_entries")
IDENTITIES = ("games", "rewinds", "outbox", "timers", "votes", "whispers", "seat_log", "seasons")


def _read(path: Path) -> dict[str, tuple[list[str], list[tuple[Any, ...]]]]:
    """Every table of the SQLite file: its column names and rows (read-only)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                            "AND name NOT LIKE 'sqlite_%'")}
        unknown = sorted(names - set(TABLES))
        if unknown:  # a table added to the SQLite schema and not yet to the copy: nothing may be left behind
            raise StorageError(f"{path} has tables this copy does not know ({', '.join(unknown)}): nothing was "
                               "copied; the bot's PostgreSQL support is behind its SQLite schema")
        tables: dict[str, tuple[list[str], list[tuple[Any, ...]]]] = {}
        for table in TABLES:
            cur = conn.execute(f"SELECT * FROM {table}")  # noqa: S608 - a name from TABLES
            tables[table] = ([d[0] for d in cur.description], cur.fetchall())
        return tables
    except sqlite3.Error as exc:
        raise StorageError(f"{path}: cannot read it: {exc}") from exc
    finally:
        conn.close()


def _converter(kind: str) -> Any:
    if kind == "timestamp with time zone":
        return lambda v: from_iso(v) if isinstance(v, str) else v
    if kind in ("json", "jsonb"):  # copied as the JSON text SQLite holds (cast in SQL: a JSON null stays JSON)
        return lambda v: v.decode() if isinstance(v, bytes) else v
    if kind == "boolean":
        return lambda v: None if v is None else bool(v)
    return lambda v: v


async def copy_sqlite_to_postgres(source: str, target: str) -> dict[str, int]:
    """Copy every row from the SQLite database at ``source`` to the PostgreSQL one at ``target``; return the
    rows copied per table. Both are StorageError-checked; the target gets its schema if it has none."""
    path = sqlite_path(source)
    if path is None or is_postgres(source):
        raise StorageError(f"{redacted(source)}: the source must be a SQLite database (sqlite:///PATH)")
    if not is_postgres(target):
        raise StorageError(f"{redacted(target)}: the target must be a PostgreSQL database (postgresql://...)")
    lite = await open_store(source, create=False)  # refuses a missing or newer file; brings an older one up to date
    await lite.close()
    tables = await asyncio.to_thread(_read, path)
    store = await PostgresStore.open(target)
    try:
        with storage_errors(f"copying into {store.where}"):
            async with store.pool.acquire() as conn, conn.transaction():
                held = await conn.fetchval("SELECT count(*) FROM games")
                if held:
                    raise StorageError(f"{store.where} already holds {held} games: nothing was copied (migrate "
                                       "only into a database without games)")
                copied: dict[str, int] = {}
                for table in TABLES:
                    columns, rows = tables[table]
                    types = {r["column_name"]: r["data_type"] for r in await conn.fetch(
                        "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1 "
                        "AND table_schema = current_schema()", table)}
                    missing = [c for c in columns if c not in types]
                    if missing:
                        raise StorageError(f"{store.where}: table {table} has no column {', '.join(missing)}: "
                                           "the two databases are of different versions of the bot")
                    convert = [_converter(types[c]) for c in columns]
                    marks = ", ".join(f"${i}::text::{types[c]}" if types[c] in ("json", "jsonb") else f"${i}"
                                      for i, c in enumerate(columns, 1))
                    await conn.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",
                                           [tuple(f(v) for f, v in zip(convert, row, strict=True)) for row in rows])
                    copied[table] = len(rows)
                for table in IDENTITIES:
                    await conn.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                                       f"GREATEST((SELECT MAX(id) FROM {table}), 1), (SELECT MAX(id) FROM {table}) "
                                       "IS NOT NULL)")
    finally:
        await store.close()
    return copied
