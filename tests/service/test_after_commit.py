"""What happens after an answer's commit never undoes it: the database going away right after the commit (the
autopilot's pass then fails) leaves the reply "accepted", the answer stored once, and the autopilot's answer to
come once the database is back (its ``autoplay`` timer). On every store (``store`` fixture: SQLite, PostgreSQL)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from bot.service import FakeClock, TableService
from bot.service.core import AUTOPLAY_RETRY
from bot.storage import AnswerRow, Repo, StorageError, Store
from tests.service.kit import CREATOR, seated

pytestmark = pytest.mark.asyncio

SLOW = {"deadlines": {"default": 86400, "orders": 86400}, "reminders": [], "absence": "autopilot"}


class Outage:
    """The store's database goes away right after the next commit once ``armed``: every later transaction and
    read fails (``StorageError``) until ``recover``."""

    def __init__(self, store: Store) -> None:
        self.real_transaction, self.real_reading = store.transaction, store.reading
        self.armed = self.down = False
        self.failed = 0  # calls refused while down
        store.transaction = self.transaction  # type: ignore[method-assign]
        store.reading = self.reading  # type: ignore[method-assign]

    def _refuse(self) -> None:
        if self.down:
            self.failed += 1
            raise StorageError("the database is not reachable")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Repo]:
        self._refuse()
        async with self.real_transaction() as repo:
            yield repo
        if self.armed:  # committed: the database goes away now, before anything else runs
            self.armed, self.down = False, True

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Repo]:
        self._refuse()
        async with self.real_reading() as repo:
            yield repo

    def recover(self) -> None:
        self.armed = self.down = False


async def stored_answers(store: Store, gid: int) -> list[AnswerRow]:
    async with store.reading() as repo:
        return await repo.answers(gid)


async def test_a_hook_failing_after_the_commit_leaves_the_answer_accepted_and_the_autopilot_answers_later(
        store: Store) -> None:
    clock = FakeClock()
    svc = await TableService.open(store, clock=clock, randbits=random.Random(3).getrandbits)
    gid, users = await seated(svc, settings=SLOW)
    humans = users[:2]
    seat = (await svc.game(gid)).seat_of(users[2])
    assert seat is not None and seat.house is not None
    autopiloted = seat.house
    await svc.kick(gid, CREATOR, autopiloted, manager=True)  # an open seat: the autopilot plays it
    outage = Outage(store)
    for _ in range(300):
        status = await svc.status(gid)
        assert status["status"] == "running"
        assert all(w["house"] != autopiloted for w in status["waiting"])  # the autopilot is never awaited
        user = next(w["user_id"] for w in status["waiting"] if w["user_id"] in humans)
        decision = (await svc.pending(gid, user))[0]
        outage.armed = True
        reply = await svc.answer(gid, user, decision["id"], decision["default"])
        down, failed = outage.down, outage.failed
        outage.recover()
        assert reply.status == "accepted", reply  # committed: never "nothing changed"
        left: list[dict[str, Any]] = [w for w in (await svc.status(gid))["waiting"] if w["house"] == autopiloted]
        if not left:
            continue  # the autopilot had nothing to answer (a shared database's pass may still have failed: reading)
        # the autopilot's pass met the outage: its decisions wait, and nothing of it was written
        assert down and failed
        stored = await stored_answers(store, gid)
        assert [a.source for a in stored if a.decision_id == decision["id"]] == ["player"]  # stored once
        assert stored[-1].decision_id == decision["id"] and stored[-1].source == "player"
        clock.advance(AUTOPLAY_RETRY.total_seconds() - 1)
        await svc.run_due_timers()
        assert [w for w in (await svc.status(gid))["waiting"] if w["house"] == autopiloted] == left  # not yet
        clock.advance(1)
        assert await svc.run_due_timers() >= 1  # the database is back: the autopilot's timer answers
        later = (await stored_answers(store, gid))[len(stored):]
        assert later and all(a.source == "autopilot" and a.house == autopiloted for a in later[:len(left)])
        assert sorted(a.kind for a in later[:len(left)]) == sorted(w["kind"] for w in left)
        assert all(w["house"] != autopiloted for w in (await svc.status(gid))["waiting"])
        assert [a.source for a in await stored_answers(store, gid) if a.decision_id == decision["id"]] == ["player"]
        break
    else:
        pytest.fail("no answer handed the autopilot a decision")
    await svc.close()


async def test_a_kick_committed_before_the_outage_is_done_and_the_autopilot_plays_the_seat_later(
        store: Store) -> None:
    clock = FakeClock()
    svc = await TableService.open(store, clock=clock, randbits=random.Random(3).getrandbits)
    gid, users = await seated(svc, settings=SLOW)
    seat = (await svc.game(gid)).seat_of(users[2])
    assert seat is not None and seat.house is not None
    outage = Outage(store)
    outage.armed = True
    info = await svc.kick(gid, CREATOR, seat.house, manager=True)  # the autopilot's pass after it fails
    assert outage.failed and [s.state for s in info.seats if s.house == seat.house] == ["open"]
    outage.recover()
    assert [w["house"] for w in (await svc.status(gid))["waiting"]].count(seat.house) == 1  # its orders wait
    clock.advance(AUTOPLAY_RETRY.total_seconds())
    assert await svc.run_due_timers() == 1
    assert [(a.house, a.source) for a in await stored_answers(store, gid)] == [(seat.house, "autopilot")]
    assert seat.house not in [w["house"] for w in (await svc.status(gid))["waiting"]]
    await svc.close()
