"""Table votes: a seated player proposes pause, resume, extend, cancel, kick, undo or end; the seated players
answer Yes or No (one ballot each, a later one replaces it; the opener counts as Yes).

A vote passes as soon as the Yes reach the game's ``vote_threshold`` share of the seated players (rounded up),
and its action is carried out at once; it fails as soon as passing is impossible, or when its ``vote_hours``
timer (the timers table, kind ``vote``: it survives restarts and runs on while the game is paused) expires.
Every step is committed before it is told, and posted publicly through the outbox.
"""

from __future__ import annotations

import logging
import math
from datetime import timedelta
from typing import Any, assert_never

from bot.service import messages
from bot.service.core import TableCore, retried
from bot.service.history import History
from bot.service.kinds import ACTIVE, OVER, GameStatus, SeatState, TimerKind, VoteKind, VoteStatus
from bot.service.loaded import Table
from bot.service.lobby import Lobby
from bot.service.models import ServiceError
from bot.service.repairs import MAX_HOURS, Repairs
from bot.service.seats import Seats
from bot.service.settings import vote_rules
from bot.storage import TimerRow, VoteRow

log = logging.getLogger("bot.service.votes")

KINDS = {VoteKind.PAUSE: "pause the game", VoteKind.RESUME: "resume the game",
         VoteKind.EXTEND: "extend every open deadline", VoteKind.CANCEL: "cancel the game",
         VoteKind.KICK: "open the seat of", VoteKind.UNDO: "undo the last answer",
         VoteKind.END: "end the game now with the current standings"}
NEEDS = {VoteKind.PAUSE: (GameStatus.RUNNING,), VoteKind.RESUME: (GameStatus.PAUSED,), VoteKind.EXTEND: ACTIVE,
         VoteKind.CANCEL: ACTIVE, VoteKind.KICK: ACTIVE, VoteKind.UNDO: (GameStatus.RUNNING,), VoteKind.END: ACTIVE}


class Votes:
    def __init__(self, core: TableCore, lobby: Lobby, seats: Seats, history: History, repairs: Repairs) -> None:
        self.core = core
        self.lobby = lobby
        self.seats = seats
        self.history = history
        self.repairs = repairs
        self._carrying: set[int] = set()  # votes whose action is being carried out now

    async def open_vote(self, game_id: int, user_id: int, kind: str, house: str | None = None,
                        hours: int | None = None) -> dict[str, Any]:
        """Open a vote (the opener's Yes counted) and post it; returns the vote as ``vote_info``."""
        vote_id = await self._open(game_id, user_id, kind, house, hours)
        await self._settle(game_id, vote_id)
        return await self.vote_info(game_id, vote_id)

    @retried
    async def _open(self, game_id: int, user_id: int, kind: str, house: str | None, hours: int | None) -> int:
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            self._may_vote(t, user_id)
            if kind not in KINDS:
                raise ServiceError(f"There is no '{kind}' vote: choose one of {', '.join(KINDS)}.")
            kind = VoteKind(kind)
            if t.row.status not in NEEDS[kind]:
                raise ServiceError(f"A '{kind}' vote needs a {' or '.join(NEEDS[kind])} game; this one is "
                                   f"{t.row.status}.")
            if kind == VoteKind.KICK:
                seat = next((s for s in t.seats if s.house == house), None)
                if seat is None or seat.state == SeatState.OPEN:
                    raise ServiceError("Name the house of a seated player to open their seat.")
            elif kind == VoteKind.EXTEND:
                if not isinstance(hours, int) or isinstance(hours, bool) or not 1 <= hours <= MAX_HOURS:
                    raise ServiceError(f"An 'extend' vote needs hours between 1 and {MAX_HOURS}.")
            house = house if kind == VoteKind.KICK else None
            hours = hours if kind == VoteKind.EXTEND else None
            async with self.core.store.reading() as repo:
                opened = await repo.open_votes(game_id)
                live = await repo.answers(game_id) if kind in (VoteKind.UNDO, VoteKind.END) else [None]
            if opened:
                raise ServiceError(f"Vote #{opened[0].id} ({opened[0].kind}) is still open: answer it first.")
            if not live:
                raise ServiceError("Nothing has been answered yet in this game.")
            threshold, vote_hours = vote_rules(t.row.settings)
            now = self.core.clock()
            closes = now + timedelta(hours=vote_hours)
            async with self.core.writing(t) as repo:
                vote_id = await repo.add_vote(game_id, kind, house, hours, user_id, now, closes)
                await repo.cast_ballot(vote_id, user_id, True, now)
                await repo.add_timer(game_id, TimerKind.VOTE, closes, {"vote_id": vote_id})
                vote = await repo.vote(vote_id)
                assert vote is not None
                what = self._what(t, vote)
                needed = self._needed(t)
                text = (f"🗳️ **Vote #{vote_id}**: {t.named(user_id)} proposes to {what}. It passes with {needed} Yes of "
                        f"{len(self._voters(t))} seated players (1 so far) and closes <t:{int(closes.timestamp())}:R>.")
                await repo.add_messages([messages.vote(t, text, vote_id, kind)], now)
            self.core.woken()
            return vote_id

    async def cast_ballot(self, game_id: int, vote_id: int, user_id: int, yes: bool) -> str:
        """Record (or change) a seated player's ballot; returns the words for them."""
        t, ballots = await self._cast(game_id, vote_id, user_id, yes)
        await self._settle(game_id, vote_id)
        count = sum(1 for u, y in ballots.items() if y and u in self._voters(t))
        return (f"🗳️ Your {'Yes' if yes else 'No'} on vote #{vote_id} is counted ({count} Yes of "
                f"{self._needed(t)} needed).")

    @retried
    async def _cast(self, game_id: int, vote_id: int, user_id: int, yes: bool) -> tuple[Table, dict[int, bool]]:
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            vote = await self._vote(game_id, vote_id)
            if vote.status != VoteStatus.OPEN or vote_id in self._carrying:
                raise ServiceError(f"Vote #{vote_id} is closed "
                                   f"({vote.status if vote.status != VoteStatus.OPEN else VoteStatus.PASSED}).")
            self._may_vote(t, user_id)
            async with self.core.writing(t) as repo:
                await repo.cast_ballot(vote_id, user_id, yes, self.core.clock())
                ballots = await repo.ballots(vote_id)
            return t, ballots

    async def vote_info(self, game_id: int, vote_id: int) -> dict[str, Any]:
        async with self.core.store.reading() as repo:
            vote = await repo.vote(vote_id)
            ballots = await repo.ballots(vote_id) if vote else {}
        if vote is None or vote.game_id != game_id:
            raise ServiceError(f"There is no vote #{vote_id} in game #{game_id}.")
        return {"id": vote.id, "kind": vote.kind, "house": vote.house, "hours": vote.hours, "status": vote.status,
                "outcome": vote.outcome, "closes_at": vote.closes_at, "yes": sum(ballots.values()),
                "no": sum(1 for y in ballots.values() if not y)}

    async def expire(self, timer: TimerRow) -> None:
        """The timer of a vote is due: it fails unless it passed meanwhile."""
        await self._settle(timer.game_id, int(timer.payload["vote_id"]), expired=True)

    # --- counting and carrying out ----------------------------------------------------------------------------

    async def _settle(self, game_id: int, vote_id: int, expired: bool = False) -> None:
        """Pass, fail or leave open; a passing vote's action runs outside the game's lock (it takes it itself)."""
        passing = await self._count(game_id, vote_id, expired)
        if passing is None:
            return
        vote, yes, needed = passing
        try:
            try:
                done = await self._carry_out(vote)
                status, words = VoteStatus.PASSED, f"🗳️ Vote #{vote_id} passed ({yes} Yes of {needed} needed): {done}"
            except ServiceError as exc:
                status, words = VoteStatus.FAILED, f"🗳️ Vote #{vote_id} passed but could not be carried out: {exc}"
            await self._closed(game_id, vote, status, words)
        finally:
            self._carrying.discard(vote_id)

    @retried
    async def _count(self, game_id: int, vote_id: int, expired: bool) -> tuple[VoteRow, int, int] | None:
        """Close a vote that failed; a vote that passes is marked as being carried out and returned with its
        count (None: nothing to carry out)."""
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            async with self.core.store.reading() as repo:
                vote = await repo.vote(vote_id)
                ballots = await repo.ballots(vote_id)
            if vote is None or vote.status != VoteStatus.OPEN or vote_id in self._carrying:
                if expired and vote is not None and vote.status != VoteStatus.OPEN:
                    await self._close(t, vote, vote.status, "")  # the timer of a closed vote: finish it
                return None
            voters = self._voters(t)
            yes = sum(1 for u, y in ballots.items() if y and u in voters)
            no = sum(1 for u, y in ballots.items() if not y and u in voters)
            needed = self._needed(t)
            if t.row.status not in NEEDS[VoteKind(vote.kind)]:
                await self._close(t, vote, VoteStatus.FAILED,
                                  f"🗳️ Vote #{vote_id} failed: the game is now {t.row.status}.")
                return None
            if yes < needed:
                if len(voters) - no < needed or expired:
                    why = "time ran out" if expired and len(voters) - no >= needed else f"{no} No"
                    await self._close(t, vote, VoteStatus.FAILED, f"🗳️ Vote #{vote_id} failed ({yes} Yes of "
                                      f"{needed} needed, {why}): the game goes on unchanged.")
                return None
            self._carrying.add(vote_id)
            return vote, yes, needed

    @retried
    async def _closed(self, game_id: int, vote: VoteRow, status: str, words: str) -> None:
        async with self.core.lock(game_id):
            await self._close(await self.core.load(game_id), vote, status, words)

    async def _carry_out(self, vote: VoteRow) -> str:
        gid, who = vote.game_id, vote.opener_id
        table = f"🗳️ The table (vote #{vote.id})"
        kind = VoteKind(vote.kind)
        match kind:
            case VoteKind.PAUSE:
                await self.lobby.pause(gid, who, manager=True, by=table)
                return "the game is paused."
            case VoteKind.RESUME:
                await self.lobby.resume(gid, who, manager=True, by=table)
                return "the game resumes."
            case VoteKind.CANCEL:
                await self.lobby.cancel(gid, who, manager=True, by=table)
                return "the game is cancelled."
            case VoteKind.UNDO:
                await self.history.rewind(gid, who, 1, manager=True, reason=f"vote #{vote.id}")
                return "the last answer is undone."
            case VoteKind.EXTEND:
                await self.repairs.extend(gid, vote.hours or 0)
                return f"every open deadline is {vote.hours} h later."
            case VoteKind.KICK:
                await self.seats.kick(gid, who, vote.house or "", manager=True,
                                      why=f"the table voted so (vote #{vote.id})")
                return "the seat is open."
            case VoteKind.END:
                await self.repairs.end_now(gid)
                return "the game ended with the current standings."
            case _:
                assert_never(kind)

    async def _close(self, t: Table, vote: VoteRow, status: str, words: str) -> None:
        now = self.core.clock()
        async with self.core.writing(t) as repo:
            if vote.status == VoteStatus.OPEN:
                await repo.close_vote(vote.id, status, words, now)
            timers = [x.id for x in await repo.timers(t.id)
                      if x.kind == TimerKind.VOTE and x.payload.get("vote_id") == vote.id]
            if timers:
                await repo.finish_timers(timers)
            if words:
                await repo.add_messages([messages.notice(t, words)], now)
        self.core.woken()

    # --- helpers --------------------------------------------------------------------------------------------

    @staticmethod
    def _voters(t: Table) -> set[int]:
        return {s.user_id for s in t.seats if s.house and s.state != SeatState.OPEN}

    def _needed(self, t: Table) -> int:
        threshold, _ = vote_rules(t.row.settings)
        return max(1, math.ceil(threshold * len(self._voters(t)) - 1e-9))

    def _may_vote(self, t: Table, user_id: int) -> None:
        if t.row.status in (*OVER, GameStatus.FROZEN, GameStatus.LOBBY):
            raise ServiceError(self.core.refusal(t) or "There is nothing to vote on.")
        if user_id not in self._voters(t):
            raise ServiceError("Only the seated players of this game vote.")

    async def _vote(self, game_id: int, vote_id: int) -> VoteRow:
        async with self.core.store.reading() as repo:
            vote = await repo.vote(vote_id)
        if vote is None or vote.game_id != game_id:
            raise ServiceError(f"There is no vote #{vote_id} in game #{game_id}.")
        return vote

    @staticmethod
    def _what(t: Table, vote: VoteRow) -> str:
        if vote.kind == VoteKind.KICK and t.game is not None:
            return f"{KINDS[VoteKind.KICK]} {t.game.name_of(vote.house or '')}"
        if vote.kind == VoteKind.EXTEND:
            return f"{KINDS[VoteKind.EXTEND]} by {vote.hours} h"
        return KINDS[VoteKind(vote.kind)]
