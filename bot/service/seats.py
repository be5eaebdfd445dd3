"""Absence, autopilot seats, open seats and kicks (issue 12: tables that keep going for weeks).

A seat's ``state`` is ``player`` (its member plays), ``autopilot`` (its member is away under the ``absence``
setting "autopilot") or ``open`` (nobody plays it: after ``replace_after`` missed deadlines or a kick).

- **Absence** (``away``/``back``): with "stretch" (the default) a prompt that opens for the away seat has its
  deadline counted from the absence's end, and the deadlines already running for the seat are pushed back by
  the absence's length. With "autopilot" the autopilot answers the seat's decisions while the absence lasts;
  control returns by itself at its end (or at ``back``).
- **Autopilot seats** (``autopilot``, or ``open``): after every applied answer (the core's ``after_answer``
  hook) and after a kick or an absence begins, ``autoplay`` answers the open decisions of those seats with the
  room's autopilot (AGoT: ``bot.autopilot.Autopilot``), seeded from the game id and the decision id, from that
  house's view only, through ``TableCore.apply`` (source "autopilot"). It is bounded (``AUTOPLAY_LIMIT`` answers
  per pass, each decision tried once per pass) and falls back to the decision's default; secret answers are held
  by the engine until their reveal group completes, so a new player may still change an autopilot's House card
  before the reveal.
  Nothing is lost when that pass fails after the commit that gave the autopilot its decisions (the database went
  away): that commit wrote an ``autoplay`` timer per decision (``core.add_autoplay``), which the autopilot's
  answer cancels; one still there fires ``autoplay_due``, the same pass run again by the timer task.
- **Open seats**: the leaving player loses access at once (``Table.house_of`` ignores an open seat; its
  private messages go nowhere); a public ``seat_open`` row carries a Join button; ``claim_seat`` gives the seat
  to a member without one and sends them the house's open prompts (answered secret ones included).
"""

from __future__ import annotations

import hashlib
import logging
from datetime import datetime, timedelta
from typing import Any

from bot.service import messages
from bot.service.core import TableCore, add_autoplay, retried
from bot.service.kinds import ACTIVE, GameStatus, SeatState, Source, TimerKind
from bot.service.loaded import Table, away, game_info
from bot.service.models import GameInfo, ServiceError, Stale
from bot.storage import NewMessage, Repo, SeatRow, TimerRow, iso
from engine.core import Decision
from engine.registry import DEFAULT

log = logging.getLogger("bot.service.seats")
AUTOPLAY_LIMIT = 2000  # answers per pass: a whole game is far fewer than this between two human answers
MAX_AWAY_DAYS = 30


def autopilot_seed(game_id: int, decision_id: str, game: str = DEFAULT) -> int:
    digest = hashlib.sha256(f"{game}-autopilot:{game_id}:{decision_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Seats:
    def __init__(self, core: TableCore) -> None:
        self.core = core
        core.after_answer.append(self.after_answer)

    # --- who answers --------------------------------------------------------------------------------------

    async def after_answer(self, t: Table, source: Source) -> None:
        """The core's hook: after every committed answer but the autopilot's own, the autopilot seats play."""
        if source != Source.AUTOPILOT:
            await self.autoplay(t.id)

    async def autoplay_due(self, t: Table, timers: list[TimerRow], now: datetime) -> None:
        """The timer handler of ``autoplay``: a pass after a commit did not answer these decisions (it failed):
        the autopilot answers them now; then the timers are done (also those of a seat its player took back)."""
        await self.autoplay(t.id)
        async with self.core.writing(await self.core.load(t.id)) as repo:
            await repo.finish_timers([x.id for x in timers])

    async def play_on(self, game_id: int) -> None:
        """``autoplay`` after a commit that handed the autopilot decisions (with their ``autoplay`` timers): a
        failure is logged, never the caller's (what was committed stands), and the timers answer later."""
        try:
            await self.autoplay(game_id)
        except Exception:  # noqa: BLE001 - the timers keep the work
            log.exception("game %s: the autopilot's pass failed; its timers will answer", game_id)

    async def autoplay(self, game_id: int) -> int:
        """Answer every open decision of an autopilot seat (the caller holds the game's lock)."""
        core = self.core
        tried: set[str] = set()
        done = 0
        while done < AUTOPLAY_LIMIT:
            t = await core.load(game_id)
            if t.game is None or t.row.status != GameStatus.RUNNING or t.game.over:
                break
            if not any(s.state in (SeatState.OPEN, SeatState.AUTOPILOT) for s in t.seats):
                break  # every seat has its player (the common case, after every answer): nothing to look at
            now = core.clock()
            decision = next((d for d in t.game.open_decisions()
                             if d.id not in tried and t.autopiloted(d.player, now)), None)
            if decision is None:
                break
            tried.add(decision.id)
            seat = t.seat(decision.player)
            user = seat.user_id if seat is not None and seat.state == SeatState.AUTOPILOT else None
            try:
                reply = await core.apply(t, decision, user, self._choose(t, decision), Source.AUTOPILOT)
                if not reply.accepted:
                    # the refusal's words may quote the secret answer tried: not in a log line
                    log.warning("game %s: autopilot answer to %s (%s) refused; the default instead", game_id,
                                decision.id, decision.kind)
                    t = await core.load(game_id)  # the refusal may have dropped the game (``apply``)
                    reply = await core.apply(t, decision, user, decision.default, Source.AUTOPILOT)
            except Stale:  # another process advanced the game: its own answer runs the autopilot there
                break
            done += reply.accepted
        return done

    @staticmethod
    def _choose(t: Table, decision: Decision) -> Any:
        """The autopilot's answer from the house's own view and its own decision dict, never the state."""
        assert t.game is not None
        view = t.game.view(decision.player)
        mine = next((d for d in (view.get("private") or {}).get("decisions", []) if d.get("id") == decision.id),
                    None)
        if mine is None:
            return decision.default
        try:
            return t.room.autopilot(autopilot_seed(t.id, decision.id, t.row.game)).answer(view, mine)
        except Exception:  # noqa: BLE001 - the autopilot must never stop the game; the default always works
            log.exception("game %s: the autopilot failed on %s", t.id, decision.kind)
            return decision.default

    # --- absence ------------------------------------------------------------------------------------------

    @retried
    async def away(self, game_id: int, user_id: int, days: float | None = None,
                   until: datetime | None = None) -> GameInfo:
        """Declare an absence of ``days`` (1-30) or until a moment (at most 30 days ahead)."""
        core = self.core
        async with core.lock(game_id):
            t, seat = await self._my_seat(game_id, user_id)
            now = core.clock()
            if (days is None) == (until is None):
                raise ServiceError("Give either a number of days (1-30) or a date.")
            if days is not None:
                if not 1 <= days <= MAX_AWAY_DAYS:
                    raise ServiceError(f"An absence lasts 1 to {MAX_AWAY_DAYS} days.")
                until = now + timedelta(days=days)
            assert until is not None
            if until <= now or until > now + timedelta(days=MAX_AWAY_DAYS):
                raise ServiceError(f"The absence must end in the future, at most {MAX_AWAY_DAYS} days ahead.")
            mode = t.row.settings.get("absence", "stretch")
            assert t.game is not None and seat.house is not None
            name = t.game.name_of(seat.house)
            stamp = f"<t:{int(until.timestamp())}:R>"
            async with core.writing(t) as repo:
                state = SeatState.AUTOPILOT if mode == "autopilot" else SeatState.PLAYER
                await repo.set_seat_state(game_id, user_id, state, away_from=now, away_until=until)
                await repo.log_seat(game_id, user_id, seat.house, "away", now)  # counted by the statistics
                if mode == "stretch":
                    await self._stretch(repo, t, seat.house, until - now)
                    text = f"{name} is away until {stamp}; their deadlines are stretched until they return."
                else:
                    text = f"{name} is away until {stamp}; the autopilot plays for them."
                    await self.hand_over(repo, t, seat.house, now)
                await repo.add_messages([messages.notice(t, text)], now)
                await repo.add_timer(game_id, TimerKind.ABSENCE_END, until,
                                     {"user_id": user_id, "until": iso(until)})
            seat.away_from, seat.away_until, seat.state = now, until, state
            await self.play_on(game_id)
            core.woken()
            return game_info(t.row, t.seats)

    @retried
    async def back(self, game_id: int, user_id: int) -> GameInfo:
        """End an absence early: the player answers again (stretched deadlines stay as they are)."""
        core = self.core
        async with core.lock(game_id):
            t, seat = await self._my_seat(game_id, user_id)
            now = core.clock()
            if not away(seat, now):
                raise ServiceError("You are not away.")
            assert t.game is not None and seat.house is not None
            async with core.writing(t) as repo:
                await repo.set_seat_state(game_id, user_id, SeatState.PLAYER)
                await repo.add_messages([messages.notice(t, f"{t.game.name_of(seat.house)} is back.")], now)
            seat.state, seat.away_from, seat.away_until = SeatState.PLAYER, None, None
            core.woken()
            return game_info(t.row, t.seats)

    async def absences_ended(self, t: Table, timers: list[TimerRow], now: datetime) -> None:
        """The timer handler of ``absence_end``: the seat is its player's again, and the table is told (a moot
        timer just ends)."""
        rows: list[NewMessage] = []
        async with self.core.writing(t) as repo:
            for timer in timers:
                seat = next((s for s in t.seats if s.user_id == timer.payload.get("user_id")), None)
                if seat is not None and seat.state != SeatState.OPEN \
                        and seat.away_until is not None and iso(seat.away_until) == timer.payload.get("until") \
                        and t.game is not None and seat.house:
                    await repo.set_seat_state(t.id, seat.user_id, SeatState.PLAYER)
                    seat.state, seat.away_from, seat.away_until = SeatState.PLAYER, None, None
                    rows.append(messages.notice(t, f"{t.game.name_of(seat.house)} is back: the absence ended."))
            await repo.finish_timers([x.id for x in timers])
            if rows:
                await repo.add_messages(rows, now)
        self.core.woken()

    async def _my_seat(self, game_id: int, user_id: int) -> tuple[Table, SeatRow]:
        t = await self.core.load(game_id)
        if t.game is None or t.row.status not in ACTIVE:
            raise ServiceError("Only a player of a running or paused game can be away.")
        seat = next((s for s in t.seats if s.user_id == user_id and s.state != SeatState.OPEN), None)
        if seat is None:
            raise ServiceError("You have no seat in this game.")
        return t, seat

    @staticmethod
    async def _stretch(repo: Repo, t: Table, house: str, by: timedelta) -> None:
        """Push the running deadlines and reminders of this house's open prompts back by ``by``."""
        prompts = {p.decision_id: p for p in await repo.prompts(t.id) if p.house == house}
        for timer in await repo.timers(t.id):
            if timer.payload.get("decision_id") in prompts and timer.due_at is not None:
                await repo.set_timer(timer.id, timer.due_at + by, None)
        for p in prompts.values():
            if p.deadline_at is not None:
                await repo.set_prompt_deadline(t.id, p.decision_id, p.deadline_at + by)
        t.deadlines = None

    # --- open seats: missed deadlines, kick, claim ----------------------------------------------------------

    async def missed(self, repo: Repo, t: Table, decision: Decision, user_id: int | None) -> list[NewMessage]:
        """A deadline passed (in the default answer's transaction): count it on the seat and tell the table;
        the seat opens after ``replace_after`` missed deadlines."""
        assert t.game is not None
        name = t.game.name_of(decision.player)
        rows = [messages.notice(t, f"{name} missed the deadline: default {t.label(decision)} given.")]
        seat = next((s for s in t.seats if s.user_id == user_id), None)
        if seat is not None:
            seat.missed += 1
            await repo.set_missed(t.id, seat.user_id, seat.missed)
            if seat.missed == t.row.settings["replace_after"]:
                rows.append(messages.notice(t, f"{name} has missed {seat.missed} deadlines: the table may "
                                               "replace this seat."))
        seat = next((s for s in t.seats if s.user_id == user_id and s.state != SeatState.OPEN), None)
        if seat is not None and seat.missed >= t.row.settings["replace_after"]:
            rows += await self.open_seat(repo, t, seat, f"{name}'s player missed {seat.missed} deadlines")
            await repo.log_seat(t.id, seat.user_id, decision.player, "dropped", self.core.clock())
        return rows

    @retried
    async def kick(self, game_id: int, user_id: int, house: str, manager: bool = False,
                   why: str | None = None) -> GameInfo:
        """A manager (or the table, by a vote: ``why``) takes a house from its player: the seat is open (the
        autopilot plays it until taken)."""
        core = self.core
        async with core.lock(game_id):
            t = await core.load(game_id)
            core.may_manage(t, user_id, manager)
            if t.game is None or t.row.status not in ACTIVE:
                raise ServiceError("Only a seat of a running or paused game can be opened.")
            seat = t.seat(house)
            if seat is None:
                raise ServiceError(f"{house} has no seat in this game.")
            if seat.state == SeatState.OPEN:
                raise ServiceError(f"{t.game.name_of(house)}'s seat is already open.")
            async with core.writing(t) as repo:
                player = "its player" if t.faceless else seat.name
                rows = await self.open_seat(repo, t, seat, why or f"{player} was removed by a manager")
                await repo.log_seat(game_id, seat.user_id, house, "kicked", core.clock())
                await repo.add_messages(rows, core.clock())
            await self.play_on(game_id)
            core.woken()
            return game_info(t.row, t.seats)

    @staticmethod
    async def hand_over(repo: Repo, t: Table, house: str, now: datetime) -> None:
        """The autopilot takes ``house``'s prompted decisions: their ``autoplay`` timers (decisions opening later
        get theirs from ``sync_prompts``)."""
        await add_autoplay(repo, t.id, [(p.decision_id, house) for p in await repo.prompts(t.id)
                                        if p.house == house], now)

    async def open_seat(self, repo: Repo, t: Table, seat: SeatRow, why: str) -> list[NewMessage]:
        assert t.game is not None and seat.house is not None
        await repo.set_seat_state(t.id, seat.user_id, SeatState.OPEN)
        seat.state, seat.away_from, seat.away_until = SeatState.OPEN, None, None
        await self.hand_over(repo, t, seat.house, self.core.clock())
        name = t.game.name_of(seat.house)
        return [
            messages.private_notice(t.id, seat.user_id, f"You no longer play {name} in game #{t.id}."),
            messages.seat_open(t, seat.house, name,
                               f"🪑 {name}'s seat is open ({why}). The autopilot plays it until a member "
                               "without a seat in this game takes it with **Join**."),
        ]

    @retried
    async def claim_seat(self, game_id: int, user_id: int, name: str, house: str) -> GameInfo:
        """A member without a seat takes an open house; they get its open prompts and nothing else."""
        core = self.core
        async with core.lock(game_id):
            t = await core.load(game_id)
            if t.game is None or t.row.status not in ACTIVE:
                raise ServiceError("This game is not running: its seats cannot be taken.")
            seat = t.seat(house)
            if seat is None:
                raise ServiceError(f"{house} has no seat in this game.")
            mine = t.house_of(user_id)
            if mine is not None:
                raise ServiceError(f"You already play {t.game.name_of(mine)} in this game.")
            label = t.game.name_of(house)
            if seat.state != SeatState.OPEN:
                raise ServiceError(f"{label}'s seat is not open: it has been taken.")
            if any(s.user_id == user_id and s is not seat for s in t.seats):
                raise ServiceError("You left another seat of this game; you cannot take a new one.")
            now = core.clock()
            async with core.writing(t) as repo:
                await repo.move_seat(game_id, seat.user_id, user_id, name)  # a player again, not away
                deadlines = await core.deadlines(repo, t)
                rows = [messages.notice(t, f"{'A new player' if t.faceless else name} now plays {label}."),
                        messages.private_notice(game_id, user_id,
                                                f"You now play {label} in game #{game_id}. Your open decisions "
                                                "follow; `/game board private:True` shows what your seat sees.")]
                rows += [messages.prompt(t, user_id, d, deadlines.get(d.id))
                         for d in t.game.open_decisions(submitted=True, player=house)]
                await repo.add_messages(rows, now)
            seat.user_id, seat.name, seat.missed, seat.state = user_id, name, 0, SeatState.PLAYER
            core.woken()
            return game_info(t.row, t.seats)
