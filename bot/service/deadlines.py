"""Deadlines, reminders and the other timers: one timer table, one task that sleeps until the earliest due timer
(or a wake-up when an earlier one is added). Due timers fire on the clock the service was given, so tests run
them at once.

One handler per timer kind (``TimerKind``): a reminder posts reminders, a deadline gives the decision's default
(counted as missed by ``Seats.missed`` in the same transaction), an absence's end is ``Seats.absences_ended``, an
autopilot's answer that a failed pass left undone is ``Seats.autoplay_due``,
and a vote's closing time is settled by ``Votes.expire`` before the games' timers run.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from bot.service import messages
from bot.service.core import TableCore, Within, add_reminders, retried
from bot.service.kinds import OVER, GameStatus, OutboxKind, Source, TimerKind
from bot.service.loaded import Table
from bot.service.models import Stale
from bot.service.outbox import owner_name
from bot.service.seats import Seats
from bot.service.votes import Votes
from bot.service.wake import Sleeper
from bot.storage import NewMessage, Repo, TimerRow
from engine.core import Decision

log = logging.getLogger("bot.service.deadlines")
IDLE_WAKE = 900.0  # a safety net: commits wake the task, and it sleeps until the next due timer
STUCK = 1.0  # a due timer that nothing fired is looked at again after this long, not in a hot loop
LEASE = timedelta(minutes=1)  # a claimed timer is another process's to fire again after this (a shared database)

Handler = Callable[[Table, list[TimerRow], datetime], Awaitable[None]]


def later_reminders(timer: TimerRow, now: datetime) -> list[datetime]:
    """The reminders still to come after ``timer`` (one of ``add_reminders``), fired at ``now``: those that fell
    due meanwhile are dropped (the one just sent covers them)."""
    times, at = [], timer.due_at
    assert at is not None
    for step in timer.payload.get("later_us") or []:
        at += timedelta(microseconds=step)
        if at > now:
            times.append(at)
    return times


class Deadlines:
    def __init__(self, core: TableCore, seats: Seats, votes: Votes) -> None:
        self.core = core
        self.owner = owner_name()  # whose claims these are, in a database several processes share
        self.seats = seats
        self.votes = votes
        # the game's due timers, per kind, in this order (the lock of the game held)
        self.handlers: dict[TimerKind, Handler] = {
            TimerKind.ABSENCE_END: seats.absences_ended,
            TimerKind.VOTE: self._finish,  # settled before the games' timers run (Votes.expire): now moot
            TimerKind.AUTOPLAY: seats.autoplay_due,  # before the deadlines: the autopilot's answer, not the default
            TimerKind.REMINDER: self._remind,
            TimerKind.DEADLINE: self._expire,
        }
        # timers of a game still in its lobby, each fired on its own before the games' timers (the queue's ready
        # check: ``Queue`` registers its handler)
        self.lobby_timers: dict[TimerKind, Callable[[TimerRow], Awaitable[None]]] = {}

    async def run_due_timers(self) -> int:
        """Fire every timer due by the clock (expired votes first: a vote may have passed meanwhile; then per
        game its other timers, reminders, deadlines); return how many fired."""
        now = self.core.clock()
        due = await self._claim(now)
        votes = [x for x in due if x.kind == TimerKind.VOTE]
        fired = 0
        for timer in votes:
            try:
                await self.votes.expire(timer)
            except Stale:  # another process changed the game meanwhile: this timer is looked at again next pass
                continue
            fired += 1
        due = await self._claim(now)
        for timer in [x for x in due if x.kind in self.lobby_timers]:
            await self.lobby_timers[TimerKind(timer.kind)](timer)
            fired += 1
        due = [x for x in due if x.kind not in self.lobby_timers]
        mine = {x.id for x in due} if self.core.store.shared else None
        for game_id in dict.fromkeys(timer.game_id for timer in due):
            try:
                fired += await self._fire(game_id, now, mine)
            except Stale:
                continue
        return fired

    async def _claim(self, now: datetime) -> list[TimerRow]:
        """The due timers this process fires: all of them (one process), or those it holds a lease on (a
        database several processes share: ``claim_timers``; a dead process's are taken over after LEASE)."""
        if not self.core.store.shared:
            async with self.core.store.reading() as repo:
                return await repo.due_timers(now)
        async with self.core.store.transaction() as repo:
            return await repo.claim_timers(self.owner, now, now + LEASE)

    @retried
    async def _fire(self, game_id: int, now: datetime, mine: set[int] | None = None) -> int:
        """Fire the game's due timers (``mine``: only those of these ids, the ones this process claimed)."""
        core = self.core
        async with core.lock(game_id):
            t = await core.load(game_id)
            if t.row.status in (*OVER, GameStatus.FROZEN):  # e.g. an absence's end: nothing fires now
                async with core.writing(t) as repo:
                    await repo.cancel_timers(game_id)
                return 0
            if t.row.status != GameStatus.RUNNING or t.game is None:
                return 0
            async with core.store.reading() as repo:
                due = [x for x in await repo.timers(game_id) if x.due_at is not None and x.due_at <= now
                       and (mine is None or x.id in mine)]
            unknown = [x for x in due if x.kind not in self.handlers]
            if unknown:
                log.warning("game %s: timers of unknown kinds finished: %s", game_id, sorted({x.kind for x in unknown}))
                await self._finish(t, unknown, now)
            for kind, handler in self.handlers.items():
                timers = [x for x in due if x.kind == kind]
                if timers:
                    await handler(await core.load(game_id), timers, now)
            return len(due)

    async def _finish(self, t: Table, timers: list[TimerRow], now: datetime) -> None:
        async with self.core.writing(t) as repo:
            await repo.finish_timers([x.id for x in timers])

    async def _remind(self, t: Table, reminders: list[TimerRow], now: datetime) -> None:
        """A private reminder per open decision, and one public line naming everyone still awaited; then the
        decision's next reminder, if it has one still to come (``add_reminders``: those that fell due meanwhile
        are covered by this one). A reminder is moot when the deadline itself is due (the bot was down)."""
        core = self.core
        assert t.game is not None
        async with core.store.reading() as repo:
            expired = {x.payload["decision_id"] for x in await repo.timers(t.id)
                       if x.kind == TimerKind.DEADLINE and x.due_at is not None and x.due_at <= now}
            prompts = {p.decision_id: p for p in await repo.prompts(t.id) if p.decision_id not in expired}
        open_now = {d.id: d for d in t.game.open_decisions()}
        users = t.user_of()
        rows: list[NewMessage] = []
        waiting: list[messages.Waiting] = []
        chained: list[TimerRow] = []  # reminders whose decision is still open: their next one follows
        for timer in reminders:
            d = open_now.get(timer.payload["decision_id"])
            prompt = prompts.get(timer.payload["decision_id"])
            if d is None or prompt is None:
                continue
            chained.append(timer)
            if d.player not in users:
                continue
            rows.append(messages.prompt(t, users[d.player], d, prompt.deadline_at, OutboxKind.REMINDER))
            waiting.append(messages.waiting(t, d, prompt.deadline_at))
        if waiting:
            names = ", ".join(f"{t.game.name_of(w['house'])} ({w['label']})" for w in waiting)
            rows.append(messages.public_reminder(t, f"Still waiting for {names}.", waiting))
        async with core.writing(t) as repo:
            await repo.finish_timers([x.id for x in reminders])
            for timer in chained:
                await add_reminders(repo, t.id, timer.payload["decision_id"], timer.payload["house"],
                                    later_reminders(timer, now))
            if rows:
                await repo.add_messages(rows, now)
        core.woken()

    async def _expire(self, t: Table, deadlines: list[TimerRow], now: datetime) -> None:
        """Each expired decision gets its default answer (source "deadline"), counted as missed on its seat."""
        core = self.core
        for timer in deadlines:
            assert t.game is not None
            decision = next((d for d in t.game.open_decisions() if d.id == timer.payload["decision_id"]), None)
            if decision is None or t.row.status != GameStatus.RUNNING:
                async with core.writing(t) as repo:
                    await repo.finish_timers([timer.id])
                continue
            user = t.user_of().get(decision.player)
            reply = await core.apply(t, decision, user, decision.default, Source.DEADLINE,
                                     within=self._missed(t, decision, user, timer))
            if not reply.accepted:
                log.error("game %s: the default answer of decision %s was refused", t.id, decision.id)
                async with core.writing(t) as repo:
                    await repo.finish_timers([timer.id])
            t = await core.load(t.id)

    def _missed(self, t: Table, decision: Decision, user: int | None, timer: TimerRow) -> Within:
        """What a default answer at the deadline adds to its transaction: the missed deadline, the timer done."""
        async def within(repo: Repo) -> list[NewMessage]:
            rows = await self.seats.missed(repo, t, decision, user)
            await repo.finish_timers([timer.id])
            return rows
        return within

    async def timer_loop(self, sleeper: Sleeper) -> None:
        """The one timer task: read the earliest due time from the store; fire what is due, else sleep until
        that time or until a commit wakes it (a new timer may be earlier)."""
        core = self.core
        while True:
            try:
                async with core.store.reading() as repo:
                    upcoming = await repo.next_due()
                wait = IDLE_WAKE
                if upcoming is not None:
                    wait = min(IDLE_WAKE, (upcoming - core.clock()).total_seconds())
                    if wait <= 0:
                        if await self.run_due_timers():
                            continue
                        wait = STUCK
            except Exception:  # noqa: BLE001 - the timer task must outlive one bad game
                log.exception("timer pass failed")
                wait = STUCK
            await sleeper.sleep(wait)
