"""Two real processes on one PostgreSQL (tests/pg/worker.py): answering the same games, delivering the same
outbox and firing the same timers at once, every answer is applied once (under the game's lock, after reading the
stored seq), every message delivered once and every timer fired once; a process that dies holding its claims
leaves them to the other once the lease expires."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from bot.storage import NewMessage, iso
from bot.storage.postgres import PostgresStore
from tests.pg.worker import LEASE, now

ROOT = Path(__file__).resolve().parents[2]
GAMES = 8
ANSWERS = 25


def worker(url: str, owner: str, record: Path, start_at: float, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "tests.pg.worker", url, owner, str(record), str(ANSWERS),
                             str(start_at), *extra], cwd=ROOT, stdout=subprocess.PIPE, text=True)


async def running_games(url: str, count: int, status: str = "running") -> list[int]:
    store = await PostgresStore.open(url)
    try:
        async with store.transaction() as repo:
            gids = [await repo.add_game(1, 10 + i, 1, 3, {}, iso(now())) for i in range(count)]
            for gid in gids:
                await repo.update_game(gid, status=status)
        return gids
    finally:
        await store.close()


async def add_messages(url: str, gids: list[int], per_game: int) -> None:
    store = await PostgresStore.open(url)
    try:
        async with store.transaction() as repo:
            await repo.add_messages([NewMessage(g, "public", None, "notice", {"seq": 1000 + i}) for g in gids
                                     for i in range(per_game)], iso(now()))
    finally:
        await store.close()


async def stored_answers(url: str, gids: list[int]) -> list[tuple[int, int, str]]:
    store = await PostgresStore.open(url)
    try:
        async with store.reading() as repo:
            return [(g, a.seq, a.answer["by"]) for g in gids for a in await repo.answers(g)]
    finally:
        await store.close()


def lines(record: Path, kind: str) -> list[list[str]]:
    return [line.split()[1:] for line in record.read_text().splitlines() if line.startswith(kind)]


@pytest.mark.timeout(240)
def test_two_processes_apply_deliver_and_fire_everything_once(pg_url: str, tmp_path: Path) -> None:
    gids = asyncio.run(running_games(pg_url, GAMES))
    record = tmp_path / "record.txt"
    start_at = time.time() + 3.0  # both import, connect and LISTEN first; then they start together
    procs = [worker(pg_url, owner, record, start_at) for owner in ("A", "B")]
    outs = [p.communicate(timeout=180)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs

    answers = asyncio.run(stored_answers(pg_url, gids))
    assert sorted((g, seq) for g, seq, _ in answers) == [(g, s) for g in gids for s in range(1, ANSWERS + 1)]
    sent = lines(record, "sent")
    fired = lines(record, "fired")
    assert len(sent) == GAMES * ANSWERS and len({key for _, key, _, _ in sent}) == len(sent)  # each key once
    assert sorted((int(g), int(s)) for _, _, g, s in sent) == [(g, s) for g in gids for s in range(1, ANSWERS + 1)]
    assert len(fired) == GAMES * ANSWERS and len({tid for _, tid in fired}) == len(fired)
    for g in gids:  # a game's messages were delivered in order, whichever process delivered them
        seqs = [int(s) for _, _, game, s in sent if int(game) == g]
        assert seqs == sorted(seqs)
    work = Counter(by for _, _, by in answers) + Counter(o for o, *_ in sent) + Counter(o for o, _ in fired)
    print(f"two processes: {len(answers)} answers, {len(sent)} deliveries, {len(fired)} timers; work {dict(work)}")
    assert work["A"] > 0 and work["B"] > 0  # both took part


@pytest.mark.timeout(120)
def test_claims_of_a_killed_process_are_taken_over_after_the_lease(pg_url: str, tmp_path: Path) -> None:
    gids = asyncio.run(running_games(pg_url, 2, status="paused"))  # nothing to answer: delivery only
    asyncio.run(add_messages(pg_url, gids, 3))
    record = tmp_path / "record.txt"
    dying = worker(pg_url, "dead", record, 0.0, "die-after-claim")
    assert dying.stdout is not None
    assert dying.stdout.readline().strip() == "claimed 6"
    killed_at = time.monotonic()
    dying.send_signal(signal.SIGKILL)
    dying.wait(10)
    heir = worker(pg_url, "heir", record, 0.0)
    out = heir.communicate(timeout=60)[0]
    assert heir.returncode == 0, out
    sent = lines(record, "sent")
    assert sorted((int(g), int(s)) for _, _, g, s in sent) == [(g, 1000 + i) for g in gids for i in range(3)]
    assert {o for o, *_ in sent} == {"heir"} and len({key for _, key, _, _ in sent}) == 6
    assert time.monotonic() - killed_at >= LEASE * 0.5  # not before the dead process's lease ran out
