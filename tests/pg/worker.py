"""One bot-like process for tests/pg/test_two_processes.py: answers, delivery and timers through the store's
multi-process calls only, as the service's dispatcher and timer loop would make them.

    python -m tests.pg.worker URL OWNER RECORD ANSWERS START_AT [die-after-claim]

Each pass (from START_AT, a Unix time, so that both start together): answer the next decision of any game whose
seq is behind ANSWERS (under the game's lock, after checking the stored seq, as the service must), claim and
"deliver" outbox rows (one line "sent OWNER KEY GAME SEQ" per row appended to RECORD), claim and fire due timers
(one line "fired OWNER ID"). It sleeps until NOTIFY wakes it or a slow poll, and exits after an idle second with
every game complete. ``die-after-claim``: claim the outbox once, print "claimed N", then wait to be killed (a
process that dies holding leases). ``WORKER_PACE`` (seconds) sleeps after each pass that did some work, so
that a test's work lasts long enough to kill processes in the middle of it.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from datetime import UTC, datetime, timedelta

from bot.storage import AnswerRow, NewMessage, StorageError, Store, open_store

LEASE = 2.0  # seconds
POLL = 0.5  # the safety net under NOTIFY
PACE = float(os.environ.get("WORKER_PACE", "0"))


def record(path: str, line: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, (line + "\n").encode())
    finally:
        os.close(fd)


def now() -> datetime:
    return datetime.now(UTC)


async def main(url: str, owner: str, path: str, answers: int, start_at: float, die: bool) -> None:
    store = await open_store(url, create=False)
    wake = asyncio.Event()
    await store.listen(lambda kind, game: wake.set())
    await asyncio.sleep(max(0.0, start_at - time.time()))
    if die:
        async with store.transaction() as repo:
            claimed = await repo.claim_messages(owner, now(), now() + timedelta(seconds=LEASE))
        print(f"claimed {len(claimed)}", flush=True)
        await asyncio.sleep(3600)
    idle_since: datetime | None = None
    while True:
        wake.clear()
        worked = await answer(store, owner, answers) + await deliver(store, owner, path) + await fire(store, owner,
                                                                                                     path)
        if worked:
            idle_since = None
            await asyncio.sleep(PACE)
            continue
        idle_since = idle_since or now()
        if now() - idle_since > timedelta(seconds=1) and await complete(store, answers):
            break
        try:
            async with asyncio.timeout(POLL):
                await wake.wait()
        except TimeoutError:
            pass
    await store.close()


async def answer(store: Store, owner: str, answers: int) -> int:
    async with store.reading() as repo:
        behind = [g for g in await repo.games(status="running") if g.seq < answers]
    done = 0
    for game in behind:
        async with store.transaction() as repo:
            seq = await repo.lock_game(game.id)  # held until COMMIT; the stored seq, whoever advanced it
            if seq is None or seq >= answers:
                continue
            moment = now()
            await repo.add_answer(AnswerRow(game.id, seq + 1, None, "stark", str(seq + 1), "orders", {"by": owner},
                                            "player", 1, "planning", "h", moment))
            await repo.record_state(game.id, seq + 1, 1, "planning", "h", moment)
            await repo.add_messages([NewMessage(game.id, "public", None, "notice", {"seq": seq + 1})], moment)
            await repo.add_timer(game.id, "deadline", moment, {"decision_id": str(seq + 1), "house": "stark"})
        done += 1
    return done


async def deliver(store: Store, owner: str, path: str) -> int:
    async with store.transaction() as repo:
        rows = await repo.claim_messages(owner, now(), now() + timedelta(seconds=LEASE))
    for row in rows:
        record(path, f"sent {owner} {row.key} {row.game_id} {row.payload['seq']}")
    if rows:
        async with store.transaction() as repo:
            await repo.mark_sent_many([(row.id, f"{owner}-{row.id}") for row in rows], now())
            await repo.release_messages(owner)
    return len(rows)


async def fire(store: Store, owner: str, path: str) -> int:
    async with store.transaction() as repo:
        due = await repo.claim_timers(owner, now(), now() + timedelta(seconds=LEASE))
    for timer in due:
        async with store.transaction() as repo:
            await repo.lock_game(timer.game_id)
            fired = timer.id in {t.id for t in await repo.timers(timer.game_id)}  # not fired meanwhile
            if fired:
                await repo.finish_timers([timer.id])
        if fired:
            record(path, f"fired {owner} {timer.id}")
    return len(due)


async def complete(store: Store, answers: int) -> bool:
    async with store.reading() as repo:
        games = await repo.games(status="running")
        return all(g.seq >= answers for g in games) and not await repo.unsent() and await repo.next_due() is None


if __name__ == "__main__":
    url, owner, path, answers, start_at = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), float(sys.argv[5])
    try:
        asyncio.run(main(url, owner, path, answers, start_at, die=sys.argv[6:] == ["die-after-claim"]))
    except StorageError as exc:
        print(f"storage error: {exc}", flush=True)
        sys.exit(2)
