"""Two real processes on one PostgreSQL (tests/pg/worker.py): answering the same games, delivering the same
outbox and firing the same timers at once, every answer is applied once (under the game's lock, after reading the
stored seq), every message delivered once and every timer fired once; a process that dies holding its claims
leaves them to the other once the lease expires."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from bot.storage import NewMessage
from bot.storage.postgres import PostgresStore
from tests.pg.worker import LEASE, now

ROOT = Path(__file__).resolve().parents[2]
GAMES = 8
ANSWERS = 25
KILL_ANSWERS = 150


def worker(url: str, owner: str, record: Path, start_at: float, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "tests.pg.worker", url, owner, str(record), str(ANSWERS),
                             str(start_at), *extra], cwd=ROOT, stdout=subprocess.PIPE, text=True)


async def running_games(url: str, count: int, status: str = "running") -> list[int]:
    store = await PostgresStore.open(url)
    try:
        async with store.transaction() as repo:
            gids = [await repo.add_game(1, 10 + i, 1, 3, {}, now()) for i in range(count)]
            for gid in gids:
                await repo.start_game(gid, "42", {}, now())
                if status != "running":
                    await repo.set_game_status(gid, status, now())
        return gids
    finally:
        await store.close()


async def add_messages(url: str, gids: list[int], per_game: int) -> None:
    store = await PostgresStore.open(url)
    try:
        async with store.transaction() as repo:
            await repo.add_messages([NewMessage(g, "public", None, "notice", {"seq": 1000 + i}) for g in gids
                                     for i in range(per_game)], now())
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


async def final_state(url: str, gids: list[int]) -> dict[str, object]:
    store = await PostgresStore.open(url)
    try:
        async with store.reading() as repo:
            return {
                "answers": [(g, a.seq) for g in gids for a in await repo.answers(g)],
                "keys": {m.key for g in gids for m in await repo.outbox(g)},
                "unsent": await repo.unsent(),
                "open timers": [t.id for g in gids for t in await repo.timers(g)],
            }
    finally:
        await store.close()


@pytest.mark.timeout(280)
def test_one_process_keeps_going_while_the_other_is_killed_twenty_times(pg_url: str, tmp_path: Path) -> None:
    """SIGKILL at random moments (starting up, answering, holding claims, between a send and its mark): nothing
    is lost, no answer or timer twice; a message whose sender died before marking it is sent again with the same
    key (the transport's idempotency key makes that one delivery)."""
    gids = asyncio.run(running_games(pg_url, GAMES))
    record = tmp_path / "record.txt"
    rng = random.Random(17)
    env = {**os.environ, "WORKER_PACE": "0.25"}  # the work lasts long enough for the kills
    steady = subprocess.Popen([sys.executable, "-m", "tests.pg.worker", pg_url, "steady", str(record),
                               str(KILL_ANSWERS), "0"], cwd=ROOT, stdout=subprocess.PIPE, text=True, env=env)
    kills = 0
    while kills < 20 and steady.poll() is None:
        victim = subprocess.Popen([sys.executable, "-m", "tests.pg.worker", pg_url, f"victim{kills}", str(record),
                                   str(KILL_ANSWERS), "0"], cwd=ROOT, stdout=subprocess.DEVNULL, env=env)
        time.sleep(rng.uniform(0.2, 1.2))
        if victim.poll() is None:
            victim.send_signal(signal.SIGKILL)
            kills += 1
        victim.wait(10)
    out = steady.communicate(timeout=200)[0]
    assert steady.returncode == 0, out
    final = asyncio.run(final_state(pg_url, gids))
    assert sorted(final["answers"]) == [(g, s) for g in gids for s in range(1, KILL_ANSWERS + 1)]  # type: ignore
    assert final["unsent"] == [] and final["open timers"] == []
    sent = lines(record, "sent")
    keys = Counter(key for _, key, _, _ in sent)
    assert set(keys) == final["keys"]  # every message delivered
    fired = Counter(tid for _, tid in lines(record, "fired"))
    assert max(fired.values()) == 1  # no timer fired twice
    by_victims = sum(1 for owner, *_ in sent if owner.startswith("victim"))
    print(f"{kills} kills; {len(keys)} messages delivered ({sum(keys.values()) - len(keys)} re-sent with their key "
          f"after a kill), {by_victims} by processes later killed; {len(fired)} timers fired once")
    assert kills >= 20
