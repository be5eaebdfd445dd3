"""A game survives SIGKILL at any moment: no accepted answer lost, no message delivered twice, the same final
state as a clean replay, and ``bot.admin verify`` passes.

A child process (``tests/crash/child.py``) plays a seeded game through the table service with a transport that
records every delivery; the test kills it with SIGKILL - paused just before a database commit (in the middle of
the transaction), paused between a delivery and its row being marked sent, or at a random moment (during start-up,
migrations, loading, answering) - and starts it again on the same files, until the game ends.
"""

from __future__ import annotations

import asyncio
import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import pytest

from bot.admin.cli import main as admin
from bot.admin.stored import stored_replay
from bot.service.replay import state_hash
from bot.storage import open_store

KILLS = 30  # in all, over as many games as it takes (at most MAX_GAMES)
MAX_GAMES = 8
PLAYERS = 3
ROOT = Path(__file__).resolve().parents[2]


class Child:
    def __init__(self, db: Path, folder: Path, seed: int, crash_at: str) -> None:
        env = {**os.environ, "CRASH_AT": crash_at}
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.crash.child", str(db), str(folder), str(seed),
                                      str(PLAYERS)], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put("EOF")

    def wait_for(self, prefix: str, timeout: float) -> str:
        end = time.monotonic() + timeout
        while (left := end - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                break
            if line.startswith(prefix) or line == "EOF":
                return line
        return "TIMEOUT"

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)


def play_with_kills(db: Path, folder: Path, seed: int, rng: random.Random, wanted: int) -> Counter[str]:
    """Kill the child ``wanted`` times (fewer if the game ends first), then let it finish the game."""
    kills: Counter[str] = Counter()
    while sum(kills.values()) < wanted:
        how = ("commit", "sent", "random")[sum(kills.values()) % 3]
        if how == "random":
            child = Child(db, folder, seed, "")
            time.sleep(rng.uniform(0.1, 0.45))  # start-up (READY after ~0.2 s) or early in the play
            finished = child.proc.poll() is not None
        else:
            n = rng.randint(1, 60 if how == "commit" else 30)
            child = Child(db, folder, seed, f"{how}:{n}")
            line = child.wait_for("PAUSE", timeout=30)
            finished = line in ("EOF", "TIMEOUT")
        if finished:
            break
        child.kill()
        kills[how] += 1
    last = Child(db, folder, seed, "")
    assert last.wait_for("DONE", timeout=60) == "DONE", "the game did not finish after the restarts"
    assert last.proc.wait(timeout=10) == 0
    return kills


async def stored_facts(db: Path) -> tuple[list[dict], list, object, str]:
    store = await open_store(db)
    try:
        async with store.reading() as repo:
            (row,) = await repo.games()
            answers = await repo.answers(row.id)
            outbox = await repo.outbox(row.id)
            replay = await stored_replay(repo, row)
    finally:
        await store.close()
    return [{"house": a.house, "decision": a.decision_id, "answer": a.answer} for a in answers], outbox, row, \
        state_hash(replay.play())


def test_sigkill_at_any_moment_loses_nothing_and_sends_nothing_twice(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    total: Counter[str] = Counter()
    games = 0
    while sum(total.values()) < KILLS:
        assert games < MAX_GAMES, f"only {total} kills in {games} games"
        folder = tmp_path / f"game{games}"
        folder.mkdir()
        kills = play_with_kills(folder / "game.sqlite3", folder, 1000 + games, random.Random(games),
                                KILLS - sum(total.values()))
        check_game(folder, kills, capsys)
        total += kills
        games += 1
    assert total["commit"] >= 5 and total["sent"] >= 5 and total["random"] >= 5, total
    print(f"{sum(total.values())} kills over {games} games: {dict(total)}")  # shown with pytest -s


def check_game(folder: Path, kills: Counter[str], capsys: pytest.CaptureFixture[str]) -> None:
    db = folder / "game.sqlite3"
    logged, outbox, row, replayed_hash = asyncio.run(stored_facts(db))
    # every answer the child was told was accepted is in the log, in the order it was accepted
    accepted = [json.loads(line) for line in (folder / "accepted.jsonl").read_text().splitlines()]
    assert len(accepted) > 50
    position = [logged.index(a) for a in accepted]
    assert position == sorted(position)
    # each message delivered once: no key twice in the record; every outbox row sent, with the recorded id
    record = [line.split(" ") for line in (folder / "sent.log").read_text().splitlines()]
    keys = Counter(key for key, _ in record)
    assert max(keys.values()) == 1
    delivered = dict(record)
    assert all(m.sent_at is not None and m.failed_at is None for m in outbox)
    assert {m.key: m.message_id for m in outbox} == delivered
    # the crashes between "sent" and "marked sent" happened and were answered by the transport's lookup
    repeats = (folder / "repeats.log").read_text().splitlines() if kills["sent"] else []
    assert len(repeats) >= kills["sent"] and set(repeats) <= set(delivered)
    # the final state is the one a clean replay of the log reaches, and verify agrees
    assert row.status == "finished" and row.state_hash == replayed_hash
    assert admin(["verify", str(db)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 games verified, 0 diverging"
