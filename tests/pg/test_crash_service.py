"""Issue 17's crash test, through the table service: bot processes on one PostgreSQL database (tests/pg/
crash_worker.py: the real ``TableService`` serving, with a transport that delivers each key once across every
process, as Discord's nonce does) answer the same seeded games while the deadlines of other games fire. One
process keeps going; the other is SIGKILLed at random (seeded) moments, 20 times, and started again each time.

Then: every answer is applied once (one line of answers per game, each try stored at most once, every accepted
reply stored, nothing stored that no process tried), every message is delivered once by its outbox key and in
order per destination (a game's feed; one player's DMs, across the games they sit in, whichever process sent
each), every deadline fired once (counted once as missed, announced once) and every reminder at most once,
``bot.admin verify`` passes, and the final state of every game (fingerprint and events) equals an uninterrupted
run of the same answers by one service on a fresh SQLite database.
"""

from __future__ import annotations

import asyncio
import random
import select
import signal
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.service import TableService
from bot.service.kinds import OutboxKind, Source
from bot.storage import open_store
from tests.pg.crash_worker import SINK_SCHEMA
from tests.service.kit import seated

ROOT = Path(__file__).resolve().parents[2]
SEED = 17
KILLS = 20
ANSWERED = 3  # games the processes answer
TIMED = 2  # games nobody answers: their deadlines (2 s) play the defaults
TIMED_SETTINGS = {"deadlines": {"default": 2}, "reminders": [0.5], "replace_after": 1000}


async def new_games(db: str) -> list[int]:
    """The seeded games (the same secrets and houses on any database): ANSWERED games, then TIMED ones."""
    svc = await TableService.open(db, randbits=random.Random(SEED).getrandbits)
    try:
        return [(await seated(svc, players=3, settings=TIMED_SETTINGS if i >= ANSWERED else None))[0]
                for i in range(ANSWERED + TIMED)]
    finally:
        await svc.close()


async def sql(url: str, statement: str, script: bool = False) -> list[asyncpg.Record]:
    conn = await asyncpg.connect(url)
    try:
        if script:
            await conn.execute(statement)
            return []
        return list(await conn.fetch(statement))
    finally:
        await conn.close()


async def pause(url: str, gids: list[int]) -> None:
    svc = await TableService.open(await open_store(url, create=False))
    try:
        for gid in gids:
            await svc.pause(gid, 0, manager=True)
    finally:
        await svc.close()


async def stored(db: str, gids: list[int]) -> dict[int, dict[str, Any]]:
    store = await open_store(db, create=False)
    try:
        async with store.reading() as repo:
            out = {}
            for gid in gids:
                row = await repo.game(gid)
                assert row is not None
                out[gid] = {"row": row, "answers": await repo.answers(gid, live=False),
                            "events": await repo.events(gid), "outbox": await repo.outbox(gid),
                            "seats": await repo.seats(gid), "timers": await repo.timers(gid),
                            "snapshot": await repo.snapshot(gid, 10**9)}
            return out
    finally:
        await store.close()


async def uninterrupted(path: Path, crashed: dict[int, dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """The same seeded games on a fresh SQLite database, one service, no kills: each game's stored answers of
    the crash run given again in their order, each by the player of its house."""
    db = f"sqlite:///{path}"
    gids = await new_games(db)
    svc = await TableService.open(db)
    try:
        for gid in gids:
            users = {s.house: s.user_id for s in crashed[gid]["seats"]}
            for a in crashed[gid]["answers"]:
                reply = await svc.answer(gid, users[a.house], a.decision_id, a.answer)
                assert reply.accepted, (gid, a.seq, reply)
    finally:
        await svc.close()
    return await stored(db, gids)


def destination(d: asyncpg.Record) -> tuple[str, int]:
    """Where order is kept (``bot.service.outbox.destination``)."""
    return ("dm", d["user_id"]) if d["audience"] == "player" and d["user_id"] is not None else ("feed", d["game_id"])


def in_order(delivered: list[asyncpg.Record]) -> bool:
    """Whether one destination's rows were delivered in id order, save a row whose transaction had not committed
    when a later row was claimed (ids are given when a row is written, in commit order within a game, whose
    transactions take turns, but not across games: one player's DMs of two games)."""
    for i, later in enumerate(delivered):
        for earlier in delivered[:i]:
            if earlier["row_id"] > later["row_id"] and committed(later["written_by"], earlier["snapshot"]):
                return False
    return True


def committed(xid: str, snapshot: str) -> bool:
    """Whether transaction ``xid`` was no longer running in ``snapshot`` (``pg_current_snapshot()``)."""
    low, high, running = snapshot.split(":")
    return int(xid) < int(low) or (int(xid) < int(high) and xid not in running.split(","))


def spawn(url: str, owner: str, folder: Path, gids: list[int]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "tests.pg.crash_worker", url, owner, str(folder),
                             *map(str, gids)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def ready(proc: subprocess.Popen[str], within: float = 60.0) -> bool:
    """Wait for the worker's "ready" line (it serves): False if it ended first."""
    assert proc.stdout is not None
    end = time.monotonic() + within
    while time.monotonic() < end:
        if select.select([proc.stdout], [], [], 0.2)[0]:
            line = proc.stdout.readline()
            if line.strip() == "ready":
                return True
            if not line:
                return False
    return False


@pytest.mark.timeout(280)
def test_a_process_killed_twenty_times_loses_nothing_and_repeats_nothing(pg_url: str, tmp_path: Path) -> None:
    began = time.monotonic()
    gids = asyncio.run(new_games(pg_url))
    answered, timed = gids[:ANSWERED], gids[ANSWERED:]
    asyncio.run(sql(pg_url, SINK_SCHEMA, script=True))
    steady = spawn(pg_url, "steady", tmp_path, answered)
    assert ready(steady)
    rng = random.Random(SEED)
    kills = 0
    while kills < KILLS:
        victim = spawn(pg_url, f"victim{kills}", tmp_path, answered)
        if ready(victim):
            time.sleep(rng.uniform(0.0, 1.5))  # answering, delivering, firing, or between a send and its mark
        victim.send_signal(signal.SIGKILL)
        victim.wait(10)
        kills += 1
        assert steady.poll() is None, steady.communicate()[0]
    asyncio.run(pause(pg_url, timed))  # no more deadlines: what is left can be delivered
    (tmp_path / "stop").touch()
    out = steady.communicate(timeout=120)[0]
    assert steady.returncode == 0, out
    stopped = datetime.now(UTC)  # every timer due by now has fired

    crashed = asyncio.run(stored(pg_url, gids))
    log = [line.split() for line in (tmp_path / "answers.log").read_text().splitlines() if line.count(" ") == 4]

    # every answer applied once
    for gid, game in crashed.items():
        answers = game["answers"]
        assert [a.seq for a in answers] == list(range(1, len(answers) + 1)), gid  # no seq twice, none missing
    players = Counter((a.game_id, a.decision_id, a.house) for g in answered for a in crashed[g]["answers"])
    assert all(a.source == Source.PLAYER for g in answered for a in crashed[g]["answers"])
    accepted = Counter((int(g), d, h) for kind, _, g, d, h in log if kind == "accepted")
    tried = Counter((int(g), d, h) for kind, _, g, d, h in log if kind == "tried")
    assert not accepted - players  # each accepted reply is a stored answer
    # each try stored at most once (a decision is answered twice only when two processes tried it at once: the
    # second is a change of a secret answer before its reveal, which the engine takes)
    assert not players - tried
    unlogged = sum((players - accepted).values())  # committed by a process killed before it logged the reply
    assert unlogged <= kills
    by = Counter(owner == "steady" for kind, owner, *_ in log if kind == "accepted")

    # every deadline fired once: counted once as missed, announced once; every reminder at most once
    defaults = [a for g in timed for a in crashed[g]["answers"] if a.source == Source.DEADLINE]
    assert len(defaults) >= 2
    for gid in timed:
        assert len({(a.decision_id, a.house) for a in crashed[gid]["answers"]}) == len(crashed[gid]["answers"])
        missed = Counter(a.house for a in crashed[gid]["answers"] if a.source == Source.DEADLINE)
        assert {s.house: s.missed for s in crashed[gid]["seats"]} == {s.house: missed[s.house]
                                                                     for s in crashed[gid]["seats"]}
        notices = [m for m in crashed[gid]["outbox"] if m.kind == OutboxKind.NOTICE
                   and "missed the deadline" in m.payload.get("text", "")]
        assert len(notices) == sum(missed.values()), gid
        reminders = Counter(m.payload["decision"]["id"] for m in crashed[gid]["outbox"]
                            if m.kind == OutboxKind.REMINDER and m.audience == "player")
        assert max(reminders.values(), default=1) == 1, gid
    assert not [t for g in gids for t in crashed[g]["timers"] if t.due_at is not None and t.due_at <= stopped]

    # every message delivered once, by its outbox key, in order per destination
    delivered = asyncio.run(sql(pg_url, "SELECT * FROM delivered ORDER BY n"))
    sends = asyncio.run(sql(pg_url, "SELECT count(*) AS n FROM sends"))[0]["n"]
    rows = {m.key: m for g in gids for m in crashed[g]["outbox"]}
    assert all(m.sent_at is not None and m.failed_at is None for m in rows.values())  # all done, none given up
    assert {d["key"] for d in delivered} <= set(rows)
    for d in delivered:  # the row is marked with the one delivery's id (or superseded: an older status line)
        assert rows[d["key"]].message_id in (d["message_id"], None), d
        assert rows[d["key"]].message_id is not None or d["kind"] == OutboxKind.STATUS
    assert {m.key for m in rows.values() if m.message_id is not None} <= {d["key"] for d in delivered}
    for where in {destination(d) for d in delivered}:  # a game's feed; one player's DMs, of all their games
        assert in_order([d for d in delivered if destination(d) == where]), where
    dms = Counter(d["user_id"] for d in delivered if destination(d)[0] == "dm")
    games_of = {u: {d["game_id"] for d in delivered if d["user_id"] == u} for u in dms}
    assert all(len(games) == len(gids) for games in games_of.values())  # each player's DMs came from every game

    # verify passes, and the final states equal an uninterrupted run of the same answers
    verify = subprocess.run([sys.executable, "-m", "bot.admin", "verify", pg_url], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert verify.returncode == 0 and f"{len(gids)} games verified, 0 diverging" in verify.stdout, verify.stdout
    clean = asyncio.run(uninterrupted(tmp_path / "uninterrupted.sqlite3", crashed))
    for gid in gids:
        assert clean[gid]["row"].seed == crashed[gid]["row"].seed  # the same seeded game
        assert clean[gid]["row"].state_hash == crashed[gid]["row"].state_hash, gid
        # the states as the processes wrote them: the fingerprints stored (every snapshot's answer) and the latest
        # snapshot itself (a game's row holds a fingerprint only where one was computed)
        assert [a.state_hash for a in clean[gid]["answers"]] == [a.state_hash for a in crashed[gid]["answers"]], gid
        assert clean[gid]["snapshot"] == crashed[gid]["snapshot"], gid
        first = next((i for i, (x, y) in enumerate(zip(clean[gid]["events"], crashed[gid]["events"], strict=False))
                      if x != y), None)
        assert first is None, (gid, clean[gid]["events"][first], crashed[gid]["events"][first])
        assert len(clean[gid]["events"]) == len(crashed[gid]["events"]), gid
    total = sum(len(crashed[g]["answers"]) for g in gids)
    changed = sum(players.values()) - len(players)
    print(f"\ncrash test through the service: {kills} SIGKILLs of one process (the other kept going); {total} answers "
          f"applied once ({by[True]} by the steady process, {by[False]} by the killed ones, {unlogged} committed "
          f"just before a kill, {changed} changes of a secret answer tried by both at once), "
          f"{len(defaults)} deadlines fired once, {len(delivered)} messages delivered once "
          f"({sends - len(delivered)} sends repeated with their key after a kill); verify passed; final states "
          f"equal an uninterrupted run; {time.monotonic() - began:.0f} s")
