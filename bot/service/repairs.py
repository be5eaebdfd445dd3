"""Manager repairs of a running game, each announced in the public feed: the defaults of a seat given now
(``force``), the open prompts' deadline set anew (``set_deadline``); and the table-vote actions that are not
plain management calls: more time on every deadline, a seat opened, the game ended with the current standings.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from bot.service import messages
from bot.service.core import TableCore, add_reminders, retried
from bot.service.feed import table_wide
from bot.service.kinds import ACTIVE, GameStatus, Source, TimerKind
from bot.service.loaded import Table
from bot.service.models import ServiceError
from bot.service.replay import ENDED_EARLY, end_early, state_hash
from bot.service.routing import route_events
from bot.storage import Repo

log = logging.getLogger("bot.service.repairs")
MAX_HOURS = 336


class Repairs:
    def __init__(self, core: TableCore) -> None:
        self.core = core

    @retried
    async def force(self, game_id: int, user_id: int, house: str, manager: bool = False) -> str:
        """Give each open decision of ``house`` its documented default now, as a missed deadline does (not counted
        as missed). Returns the public notice."""
        async with self.core.lock(game_id):
            t = await self._running(game_id, user_id, manager)
            assert t.game is not None
            name = self._house_label(t, house)
            wanted = {d.id for d in t.game.open_decisions() if d.player == house}
            if not wanted:
                raise ServiceError(f"{name} has no open decision to force.")
            done: list[str] = []
            for _ in range(len(wanted)):
                assert t.game is not None
                decision = next((d for d in t.game.open_decisions() if d.id in wanted and d.player == house), None)
                if decision is None:
                    break
                wanted.discard(decision.id)
                reply = await self.core.apply(t, decision, t.user_of().get(house), decision.default, Source.FORCED)
                if reply.accepted:
                    done.append(t.label(decision))
                else:
                    log.error("game %s: the forced default of decision %s was refused", game_id, decision.id)
                t = await self.core.load(game_id)
            notice = f"🔧 {t.named(user_id)} forced the default for {name} ({', '.join(done) or 'nothing was open'})."
            await self.core.post(t, [messages.notice(t, notice)])
            return notice

    @retried
    async def set_deadline(self, game_id: int, user_id: int, hours: float, house: str | None = None,
                           manager: bool = False) -> str:
        """Set the deadline of the open prompts (of one house, or all) to now + ``hours``; reminders follow at
        the game's fractions of the new span. Returns the public notice."""
        async with self.core.lock(game_id):
            t = await self._running(game_id, user_id, manager)
            if not isinstance(hours, int | float) or isinstance(hours, bool) or not 0 < hours <= MAX_HOURS:
                raise ServiceError(f"Give a number of hours above 0 and at most {MAX_HOURS}.")
            whose = self._house_label(t, house) if house is not None else "every house"
            now = self.core.clock()
            due = now + timedelta(hours=hours)
            async with self.core.writing(t) as repo:
                prompts = [p for p in await repo.prompts(game_id) if house is None or p.house == house]
                if not prompts:
                    raise ServiceError(f"{whose.capitalize()} has no open prompt.")
                ids = {p.decision_id for p in prompts}
                for p in prompts:
                    await repo.set_prompt_deadline(game_id, p.decision_id, due)
                for timer in await repo.timers(game_id):
                    if timer.payload.get("decision_id") not in ids:
                        continue
                    if timer.kind == TimerKind.DEADLINE:
                        await repo.set_timer(timer.id, due, None)
                    elif timer.kind == TimerKind.REMINDER:
                        await repo.finish_timers([timer.id])
                for p in prompts:
                    await add_reminders(repo, game_id, p.decision_id, p.house,
                                        [now + (due - now) * fraction for fraction in t.row.settings["reminders"]])
                t.deadlines = None
                notice = (f"🔧 {t.named(user_id)} set the deadline of {whose} to <t:{int(due.timestamp())}:f> "
                          f"({hours:g} h from now).")
                await repo.add_messages([messages.notice(t, notice), await self.core.status_message(repo, t)],
                                        now)
            self.core.woken()
            return notice

    # --- the actions of table votes (the caller holds no lock) --------------------------------------------

    @retried
    async def extend(self, game_id: int, hours: int) -> str:
        """Every open deadline and reminder of the game moves ``hours`` later (a paused game keeps more time)."""
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            if t.row.status not in ACTIVE:
                raise ServiceError("Only a running or paused game's deadlines can be extended.")
            now = self.core.clock()
            shift = timedelta(hours=hours)
            async with self.core.writing(t) as repo:
                for timer in await repo.timers(game_id):
                    if timer.kind not in (TimerKind.DEADLINE, TimerKind.REMINDER):
                        continue
                    if timer.due_at is not None:
                        await repo.set_timer(timer.id, timer.due_at + shift, None)
                    else:
                        await repo.set_timer(timer.id, None, (timer.remaining_ms or 0) + hours * 3_600_000)
                for p in await repo.prompts(game_id):
                    if p.deadline_at is not None:
                        await repo.set_prompt_deadline(game_id, p.decision_id, p.deadline_at + shift)
                t.deadlines = None
                notice = f"⏳ Every open deadline is {hours} h later."
                await repo.add_messages([messages.notice(t, notice), await self.core.status_message(repo, t)],
                                        now)
            self.core.woken()
            return notice

    @retried
    async def end_now(self, game_id: int) -> str:
        """End the game with the current standings (the engine's end-of-game order). Not an answer: the game's
        note marks it, and a reload (or ``admin verify``) replays the live line, then ``Game.finish()``."""
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            if t.game is None or t.row.status not in ACTIVE:
                raise ServiceError("Only a running or paused game can be ended.")
            now = self.core.clock()
            async with self.core.store.reading() as repo:
                live = await repo.answers(game_id)
            if not live:
                raise ServiceError("Nothing has been played yet: cancel the game instead.")
            try:
                asked = table_wide(t.room.feed, t.game.open_decisions())  # the feed was posted before that question
                events = end_early(t.game)
                async with self.core.writing(t) as repo:
                    await repo.add_events(game_id, live[-1].seq, events)
                    await self._close_prompts(repo, t)
                    fingerprint = state_hash(t.game)
                    round_, phase = t.game.stage()
                    await repo.record_state(game_id, t.row.seq, round_, phase, fingerprint, now)
                    await repo.finish_game(game_id, now, ENDED_EARLY)
                    t.row.round, t.row.phase, t.row.state_hash = round_, phase, fingerprint
                    t.row.status, t.row.finished_at, t.row.note, t.row.updated_at = (GameStatus.FINISHED, now,
                                                                                     ENDED_EARLY, now)
                    rows = await route_events(repo, t, events, live[-1].seq, asked)
                    rows.append(messages.game_over(t))
                    await repo.add_messages(rows, now)
            except BaseException:
                self.core.drop(game_id)
                raise
            self.core.woken()
            return "The game ended early with the current standings."

    # --- helpers --------------------------------------------------------------------------------------------

    async def _running(self, game_id: int, user_id: int, manager: bool) -> Table:
        t = await self.core.load(game_id)
        self.core.may_manage(t, user_id, manager)
        if t.row.status == GameStatus.PAUSED:
            raise ServiceError("The game is paused: resume it first.")
        if t.game is None or t.row.status != GameStatus.RUNNING:
            raise ServiceError(self.core.refusal(t) or "The game is not running.")
        return t

    @staticmethod
    def _house_label(t: Table, house: str | None) -> str:
        if t.game is None or house is None or house not in {s.house for s in t.seats}:
            raise ServiceError(f"{house} has no seat in this game.")
        return t.game.name_of(house)

    @staticmethod
    async def _close_prompts(repo: Repo, t: Table) -> None:
        prompts = await repo.prompts(t.id)
        if prompts:
            ids = [p.decision_id for p in prompts]
            await repo.cancel_timers(t.id, ids)
            await repo.remove_prompts(t.id, ids)
        t.deadlines = {}
