"""Benchmark the table service on real SQLite files: ``.venv/bin/python tools/bench_service.py [--runs N]``.

Answers are prepared first with the engine alone (random agents, from each game's stored RNG secret), so the
timed part is the service's answer path only: ``svc.answer`` - lock, checks, engine submit, the one
transaction (answer, events, snapshot and fingerprint every N, prompts, timers, outbox rows) and its fsync.
Figures, medians of N runs:

- accepted answers per second, one 6-player game from start to end, and 50 games interleaved (50 coroutines
  answering at once through one service, ``--answers`` each), with their ratio;
- accepted-and-delivered answers per second, the same two ways, with the service running as the bot runs it
  (``serve``: the outbox dispatcher and the timer task) and every message delivered through a recording transport:
  the clock stops when the last answer was accepted and every outbox row is delivered;
- time from process start-up to the first accepted answer on a database of 1,000 stored games (a fresh
  interpreter, imports included; games load lazily: the answered game is 62 answers in, so loading it replays
  the answers after its latest snapshot), and from ``TableService.open`` alone;
- resident memory per loaded game (300 games loaded in a fresh process);
- database bytes per finished 6-player game (its outbox delivered, then the clean-up once the delivery window has
  passed: ``bot.storage.compact``) and outbox messages per round, by kind.

Every figure is taken with the garbage collector set as the serving bot sets it (``TableService.serve`` calls
``bot.service.collector.tune_collector``). The load average is printed first: other processes on the two cores
inflate every figure. ``--quick`` prints the answers/s figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.admin.replay import Answer  # noqa: E402
from bot.demo import random_plan  # noqa: E402
from bot.service import OutboxMessage, RecordingTransport, TableService  # noqa: E402
from bot.service.collector import tune_collector  # noqa: E402
from bot.storage import DELIVERY_WINDOW, compact  # noqa: E402

CHANNEL = 9
FIRST_USER = 100
DEEP = 62  # answers into the probed game: a snapshot at 50, 12 answers replayed when it loads


class NullTransport:
    async def send(self, msg: OutboxMessage) -> str:
        return str(msg.id)


async def start_games(svc: TableService, count: int, players: int | None = None) -> list[int]:
    """``count`` started games (3..6 players in turn when ``players`` is None)."""
    gids = []
    for i in range(count):
        n = players or 3 + i % 4
        gid = await svc.create_game(guild_id=None, channel_id=CHANNEL, creator_id=FIRST_USER, players=n,
                                    settings={})
        for user in range(FIRST_USER, FIRST_USER + n):
            await svc.join(gid, user, name=f"p{user}")
        await svc.start(gid, FIRST_USER)
        gids.append(gid)
    return gids


async def feed(svc: TableService, gid: int, plan: list[tuple[int, Answer]]) -> None:
    for user, a in plan:
        reply = await svc.answer(gid, user, a.decision, a.answer)
        if reply.status != "accepted":
            raise RuntimeError(f"game {gid}: answer {a.seq} {reply.status}: {reply.message}")


async def throughput(folder: Path, games: int, players: int, limit: int | None, seed: int) -> dict[str, float]:
    db = folder / f"throughput-{games}-{seed}.sqlite3"
    svc = await TableService.open(db)
    try:
        gids = await start_games(svc, games, players)
        plans = [await random_plan(svc, gid, seed + i, limit) for i, gid in enumerate(gids)]
        total = sum(len(p) for p in plans)
        t0 = time.perf_counter()
        await asyncio.gather(*(feed(svc, gid, plan) for gid, plan in zip(gids, plans)))
        seconds = time.perf_counter() - t0
        figures = {"answers": float(total), "per_second": total / seconds}
        if games == 1:
            await svc.flush(NullTransport())
            info = await svc.game(gids[0])
            async with svc.store.reading() as repo:
                rows = await repo.outbox(gids[0])
            figures["rounds"] = float(info.round or 0)
            figures["messages"] = float(len(rows))
            figures.update({f"kind {k}": float(v) for k, v in Counter(r.kind for r in rows).items()})
            await compact(svc.store, svc.clock() + DELIVERY_WINDOW)  # once the delivery window has passed
    finally:
        await svc.close()
    if games == 1:
        figures["db_bytes"] = float(sum(p.stat().st_size for p in folder.glob(db.name + "*")))
    return figures


async def delivered(folder: Path, games: int, players: int, limit: int | None, seed: int) -> dict[str, float]:
    """Answers/s with the dispatcher and the timer task running, until every message is delivered."""
    db = folder / f"delivered-{games}-{seed}.sqlite3"
    svc = await TableService.open(db)
    transport = RecordingTransport()
    try:
        gids = await start_games(svc, games, players)
        plans = [await random_plan(svc, gid, seed + i, limit) for i, gid in enumerate(gids)]
        total = sum(len(p) for p in plans)
        await svc.flush(transport)
        before = len(transport.sent)
        svc.serve(transport)
        t0 = time.perf_counter()
        await asyncio.gather(*(feed(svc, gid, plan) for gid, plan in zip(gids, plans)))
        while True:
            async with svc.store.reading() as repo:
                if not await repo.unsent(1):
                    break
            await asyncio.sleep(0.002)
        seconds = time.perf_counter() - t0
    finally:
        await svc.close()
    return {"answers": float(total), "per_second": total / seconds, "messages": float(len(transport.sent) - before)}


async def build_stored(db: Path, count: int, answers: int) -> dict[str, Any]:
    """A database of ``count`` games, each ``answers`` answers in (one of them ``DEEP``); returns the next answer
    of that one and the ids of games to load."""
    svc = await TableService.open(db)
    try:
        gids = await start_games(svc, count)
        target = gids[count // 2]
        for i, gid in enumerate(gids):
            n = DEEP if gid == target else answers  # the probed game loads a snapshot and replays answers after it
            plan = await random_plan(svc, gid, i, n + 1)
            await feed(svc, gid, plan[:n])
            if gid == target:
                user, nxt = plan[n]
                probe = {"game": gid, "user": user, "decision": nxt.decision, "answer": nxt.answer}
        probe["loaded"] = gids[:300]
    finally:
        await svc.close()
    return probe


CHILD_FIRST_ANSWER = """
import time; t0 = time.perf_counter()
import asyncio, json, sys
sys.path.insert(0, {root!r})
from bot.service import TableService
probe = json.loads(sys.argv[2])
async def main():
    t1 = time.perf_counter()
    svc = await TableService.open(sys.argv[1])
    reply = await svc.answer(probe["game"], probe["user"], probe["decision"], probe["answer"])
    t2 = time.perf_counter()
    assert reply.status == "accepted", reply
    await svc.close()
    print(json.dumps({{"in_process": t2 - t1, "after_imports": t2 - t0}}))
asyncio.run(main())
"""

CHILD_MEMORY = """
import asyncio, gc, json, os, sys
sys.path.insert(0, {root!r})
from bot.service import TableService
def rss():
    gc.collect()
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
async def main():
    svc = await TableService.open(sys.argv[1])
    games = json.loads(sys.argv[2])
    await svc.view(games[0], None)
    before = rss()
    for gid in games[1:]:
        await svc.view(gid, None)
    print(json.dumps({{"per_game": (rss() - before) / (len(games) - 1)}}))
    await svc.close()
asyncio.run(main())
"""


def child(code: str, *args: str) -> tuple[dict[str, float], float]:
    root = str(Path(__file__).resolve().parents[1])
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code.format(root=root), *args], check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out), time.perf_counter() - t0


def median(values: list[float]) -> float:
    return statistics.median(values)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=50, help="games interleaved")
    parser.add_argument("--answers", type=int, default=60, help="answers per interleaved game")
    parser.add_argument("--stored", type=int, default=1000, help="games in the start-up database")
    parser.add_argument("--quick", action="store_true", help="the answers/s figures only")
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.2f} (2 cores); medians of {args.runs} runs")
    tune_collector()  # as the serving bot runs: the accepted figures too, not only those that call serve()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        one = [asyncio.run(throughput(folder, 1, 6, None, 10 + r)) for r in range(args.runs)]
        many = [asyncio.run(throughput(folder, args.games, 3, args.answers, 20 + r)) for r in range(args.runs)]
        a1, a50 = median([f["per_second"] for f in one]), median([f["per_second"] for f in many])
        print(f"accepted answers/s, one 6-player game (start to end, {median([f['answers'] for f in one]):.0f} "
              f"answers): {a1:.0f}/s ({1000 / a1:.2f} ms per answer)")
        print(f"accepted answers/s, {args.games} games interleaved ({args.answers} answers each): {a50:.0f}/s "
              f"(ratio to one game {a50 / a1:.2f})")
        d1 = median([asyncio.run(delivered(folder, 1, 6, None, 10 + r))["per_second"] for r in range(args.runs)])
        d50 = median([asyncio.run(delivered(folder, args.games, 3, args.answers, 20 + r))["per_second"]
                      for r in range(args.runs)])
        print(f"accepted-and-delivered answers/s (dispatcher and timers running, every message delivered): one "
              f"6-player game {d1:.0f}/s; {args.games} games interleaved {d50:.0f}/s (ratio {d50 / d1:.2f})")
        if args.quick:
            return 0
        print(f"database per finished 6-player game, once past the delivery window: "
              f"{median([f['db_bytes'] for f in one]) / 1024:.0f} KiB")
        per_round = median([f["messages"] / f["rounds"] for f in one])
        kinds = sorted({k for f in one for k in f if k.startswith("kind ")})
        split = ", ".join(f"{k[5:]} {median([f.get(k, 0) / f['rounds'] for f in one]):.1f}" for k in kinds)
        print(f"outbox messages per round: {per_round:.1f} ({split})")

        stored = folder / "stored.sqlite3"
        t0 = time.perf_counter()
        probe = asyncio.run(build_stored(stored, args.stored, 3))
        print(f"(built {args.stored} stored games in {time.perf_counter() - t0:.0f} s, "
              f"{stored.stat().st_size / 2**20:.0f} MiB)")
        firsts, opens, after_imports = [], [], []
        for r in range(args.runs):
            copy = folder / f"copy{r}.sqlite3"
            shutil.copy(stored, copy)
            result, wall = child(CHILD_FIRST_ANSWER, str(copy), json.dumps(probe))
            firsts.append(wall)
            opens.append(result["in_process"])
            after_imports.append(result["after_imports"])
        print(f"start-up to the first accepted answer, {args.stored} stored games: {median(firsts):.2f} s from "
              f"process start ({median(after_imports):.2f} s after the interpreter starts, "
              f"{median(opens) * 1000:.0f} ms from TableService.open)")
        memory = [child(CHILD_MEMORY, str(stored), json.dumps(probe["loaded"]))[0]["per_game"]
                  for _ in range(args.runs)]
        print(f"resident memory per loaded game: {median(memory) / 1024:.0f} KiB "
              f"({len(probe['loaded'])} games loaded, early in round 1)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
