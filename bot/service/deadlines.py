"""Deadlines and reminders: one timer table, one task that sleeps until the earliest due timer (or a wake-up
when an earlier one is added). Due timers fire on the clock the service was given, so tests run them at once."""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from typing import Any

from bot.service.core import Table, TableCore, label_of
from bot.storage import NewMessage, PromptRow, TimerRow, from_iso, iso

log = logging.getLogger("bot.service.deadlines")
IDLE_WAKE = 60.0


class Deadlines(TableCore):
    async def run_due_timers(self) -> int:
        """Fire every timer due by the clock (reminders, then deadlines); return how many fired."""
        now = self.clock()
        async with self.store.reading() as repo:
            due = await repo.due_timers(iso(now))
        fired = 0
        for game_id in dict.fromkeys(timer.game_id for timer in due):
            fired += await self._fire(game_id, now)
        return fired

    async def _fire(self, game_id: int, now: datetime) -> int:
        async with self._lock(game_id):
            t = await self._load(game_id)
            if t.row.status in ("finished", "cancelled", "frozen"):  # e.g. an absence's end: nothing fires now
                async with self.store.transaction() as repo:
                    await repo.cancel_timers(game_id)
                return 0
            if t.row.status != "running" or t.game is None:
                return 0
            async with self.store.reading() as repo:
                due = [x for x in await repo.timers(game_id) if x.due_at is not None and x.due_at <= iso(now)]
                prompts = {p.decision_id: p for p in await repo.prompts(game_id)}
            others = [x for x in due if x.kind not in ("reminder", "deadline")]
            if others:  # e.g. the end of an absence (seats.py)
                await self._other_timers(t, others, now)
            expired = {x.payload["decision_id"] for x in due if x.kind == "deadline"}
            reminders = [x for x in due if x.kind == "reminder"]
            if reminders:  # a reminder is moot when the deadline itself is due (the bot was down meanwhile)
                await self._remind(t, reminders, {k: v for k, v in prompts.items() if k not in expired}, now)
            for timer in (x for x in due if x.kind == "deadline"):
                decision = next((d for d in t.game.open_decisions() if d.id == timer.payload["decision_id"]), None)
                if decision is None or t.row.status != "running":
                    async with self.store.transaction() as repo:
                        await repo.finish_timers([timer.id])
                    continue
                user = t.user_of().get(decision.player)
                reply = await self._apply(t, decision, user, decision.default, "deadline", finish=[timer.id])
                if not reply.accepted:
                    log.error("game %s: the default answer of decision %s was refused", game_id, decision.id)
                    async with self.store.transaction() as repo:
                        await repo.finish_timers([timer.id])
                t = await self._load(game_id)
            return len(due)

    async def _remind(self, t: Table, reminders: list[TimerRow], prompts: dict[str, PromptRow],
                      now: datetime) -> None:
        """A private reminder per open decision, and one public line naming everyone still awaited."""
        assert t.game is not None
        open_now = {d.id: d for d in t.game.open_decisions()}
        users = t.user_of()
        messages: list[NewMessage] = []
        waiting: list[dict[str, Any]] = []
        for timer in reminders:
            d = open_now.get(timer.payload["decision_id"])
            prompt = prompts.get(timer.payload["decision_id"])
            if d is None or prompt is None or d.player not in users:
                continue
            messages.append(NewMessage(t.id, "player", users[d.player], "reminder",
                                       self._prompt(t, d, prompt.deadline_at)))
            waiting.append({"house": d.player, "user_id": t.public_user(d.player), "kind": d.kind, "label": label_of(d),
                            "deadline": prompt.deadline_at})
        if waiting:
            names = ", ".join(f"{t.game.house_name(w['house'])} ({w['label']})" for w in waiting)
            messages.append(NewMessage(t.id, "public", None, "reminder",
                                       {"text": f"Still waiting for {names}.", "waiting": waiting}))
        async with self.store.transaction() as repo:
            await repo.finish_timers([x.id for x in reminders])
            if messages:
                await repo.add_messages(messages, iso(now))
        self._woken()

    async def _timer_loop(self) -> None:
        """The one timer task: fire what is due, then sleep until the earliest due timer or a wake-up."""
        while True:
            self.timer_wake.clear()
            try:
                await self.run_due_timers()
                async with self.store.reading() as repo:
                    upcoming = await repo.next_due()
            except Exception:  # noqa: BLE001 - the timer task must outlive one bad game
                log.exception("timer pass failed")
                upcoming = None
            timeout = IDLE_WAKE
            if upcoming is not None:
                timeout = min(IDLE_WAKE, max(0.0, (from_iso(upcoming) - self.clock()).total_seconds()))
            try:  # asyncio.timeout, not wait_for: on 3.11 wait_for can swallow a cancel when the event is set too
                async with asyncio.timeout(timeout):
                    await self.timer_wake.wait()
            except TimeoutError:
                pass
