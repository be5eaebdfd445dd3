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
from typing import TYPE_CHECKING, Any

from bot.service.core import Table
from bot.service.history import History
from bot.service.models import GameInfo, ServiceError
from bot.service.repairs import MAX_HOURS, Repairs
from bot.service.settings import vote_rules
from bot.storage import NewMessage, VoteRow, iso

log = logging.getLogger("bot.service.votes")

KINDS = {"pause": "pause the game", "resume": "resume the game", "extend": "extend every open deadline",
         "cancel": "cancel the game", "kick": "open the seat of", "undo": "undo the last answer",
         "end": "end the game now with the current standings"}
NEEDS = {"pause": ("running",), "resume": ("paused",), "extend": ("running", "paused"),
         "cancel": ("running", "paused"), "kick": ("running", "paused"), "undo": ("running",),
         "end": ("running", "paused")}


class Votes(Repairs, History):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._carrying: set[int] = set()  # votes whose action is being carried out now

    if TYPE_CHECKING:  # the management calls of TableService
        async def pause(self, game_id: int, user_id: int, manager: bool = False,
                        by: str | None = None) -> GameInfo: ...
        async def resume(self, game_id: int, user_id: int, manager: bool = False,
                         by: str | None = None) -> GameInfo: ...
        async def cancel(self, game_id: int, user_id: int, manager: bool = False,
                         by: str | None = None) -> GameInfo: ...
        async def kick(self, game_id: int, user_id: int, house: str, manager: bool = False,
                       why: str | None = None) -> GameInfo: ...

    async def open_vote(self, game_id: int, user_id: int, kind: str, house: str | None = None,
                        hours: int | None = None) -> dict[str, Any]:
        """Open a vote (the opener's Yes counted) and post it; returns the vote as ``vote_info``."""
        async with self._lock(game_id):
            t = await self._load(game_id)
            self._may_vote(t, user_id)
            if kind not in KINDS:
                raise ServiceError(f"There is no '{kind}' vote: choose one of {', '.join(KINDS)}.")
            if t.row.status not in NEEDS[kind]:
                raise ServiceError(f"A '{kind}' vote needs a {' or '.join(NEEDS[kind])} game; this one is "
                                   f"{t.row.status}.")
            if kind == "kick":
                seat = next((s for s in t.seats if s.house == house), None)
                if seat is None or seat.state == "open":
                    raise ServiceError("Name the house of a seated player to open their seat.")
            elif kind == "extend":
                if not isinstance(hours, int) or isinstance(hours, bool) or not 1 <= hours <= MAX_HOURS:
                    raise ServiceError(f"An 'extend' vote needs hours between 1 and {MAX_HOURS}.")
            house = house if kind == "kick" else None
            hours = hours if kind == "extend" else None
            async with self.store.reading() as repo:
                opened = await repo.open_votes(game_id)
                live = await repo.answers(game_id) if kind in ("undo", "end") else [None]
            if opened:
                raise ServiceError(f"Vote #{opened[0].id} ({opened[0].kind}) is still open: answer it first.")
            if not live:
                raise ServiceError("Nothing has been answered yet in this game.")
            threshold, vote_hours = vote_rules(t.row.settings)
            now = self.clock()
            closes = now + timedelta(hours=vote_hours)
            async with self.store.transaction() as repo:
                vote_id = await repo.add_vote(game_id, kind, house, hours, user_id, iso(now), iso(closes))
                await repo.cast_ballot(vote_id, user_id, True, iso(now))
                await repo.add_timer(game_id, "vote", iso(closes), {"vote_id": vote_id})
                vote = await repo.vote(vote_id)
                assert vote is not None
                what = self._what(t, vote)
                needed = self._needed(t)
                text = (f"🗳️ **Vote #{vote_id}**: {t.named(user_id)} proposes to {what}. It passes with {needed} Yes of "
                        f"{len(self._voters(t))} seated players (1 so far) and closes <t:{int(closes.timestamp())}:R>.")
                await repo.add_messages([NewMessage(game_id, "public", None, "vote",
                                                    {"text": text, "vote_id": vote_id, "kind": kind})], iso(now))
            self._woken()
        await self._settle(game_id, vote_id)
        return await self.vote_info(game_id, vote_id)

    async def cast_ballot(self, game_id: int, vote_id: int, user_id: int, yes: bool) -> str:
        """Record (or change) a seated player's ballot; returns the words for them."""
        async with self._lock(game_id):
            t = await self._load(game_id)
            vote = await self._vote(game_id, vote_id)
            if vote.status != "open" or vote_id in self._carrying:
                raise ServiceError(f"Vote #{vote_id} is closed ({vote.status if vote.status != 'open' else 'passed'}).")
            self._may_vote(t, user_id)
            async with self.store.transaction() as repo:
                await repo.cast_ballot(vote_id, user_id, yes, iso(self.clock()))
                ballots = await repo.ballots(vote_id)
        await self._settle(game_id, vote_id)
        count = sum(1 for u, y in ballots.items() if y and u in self._voters(t))
        return (f"🗳️ Your {'Yes' if yes else 'No'} on vote #{vote_id} is counted ({count} Yes of "
                f"{self._needed(t)} needed).")

    async def vote_info(self, game_id: int, vote_id: int) -> dict[str, Any]:
        async with self.store.reading() as repo:
            vote = await repo.vote(vote_id)
            ballots = await repo.ballots(vote_id) if vote else {}
        if vote is None or vote.game_id != game_id:
            raise ServiceError(f"There is no vote #{vote_id} in game #{game_id}.")
        return {"id": vote.id, "kind": vote.kind, "house": vote.house, "hours": vote.hours, "status": vote.status,
                "outcome": vote.outcome, "closes_at": vote.closes_at, "yes": sum(ballots.values()),
                "no": sum(1 for y in ballots.values() if not y)}

    async def run_due_timers(self) -> int:
        """Expired votes fail (checked first: a vote may have passed meanwhile), then deadlines and reminders."""
        now = self.clock()
        async with self.store.reading() as repo:
            due = [x for x in await repo.due_timers(iso(now)) if x.kind == "vote"]
        for timer in due:
            await self._settle(timer.game_id, int(timer.payload["vote_id"]), expired=True)
        return len(due) + await super().run_due_timers()

    # --- counting and carrying out ----------------------------------------------------------------------------

    async def _settle(self, game_id: int, vote_id: int, expired: bool = False) -> None:
        """Pass, fail or leave open; a passing vote's action runs outside the game's lock (it takes it itself)."""
        async with self._lock(game_id):
            t = await self._load(game_id)
            async with self.store.reading() as repo:
                vote = await repo.vote(vote_id)
                ballots = await repo.ballots(vote_id)
            if vote is None or vote.status != "open" or vote_id in self._carrying:
                if expired and vote is not None and vote.status != "open":
                    await self._close(t, vote, vote.status, "")  # the timer of a closed vote: finish it
                return
            voters = self._voters(t)
            yes = sum(1 for u, y in ballots.items() if y and u in voters)
            no = sum(1 for u, y in ballots.items() if not y and u in voters)
            needed = self._needed(t)
            if t.row.status not in NEEDS[vote.kind]:
                await self._close(t, vote, "failed", f"🗳️ Vote #{vote_id} failed: the game is now {t.row.status}.")
                return
            if yes < needed:
                if len(voters) - no < needed or expired:
                    why = "time ran out" if expired and len(voters) - no >= needed else f"{no} No"
                    await self._close(t, vote, "failed", f"🗳️ Vote #{vote_id} failed ({yes} Yes of {needed} "
                                                         f"needed, {why}): the game goes on unchanged.")
                return
            self._carrying.add(vote_id)
        try:
            try:
                done = await self._carry_out(vote)
                status, words = "passed", f"🗳️ Vote #{vote_id} passed ({yes} Yes of {needed} needed): {done}"
            except ServiceError as exc:
                status, words = "failed", f"🗳️ Vote #{vote_id} passed but could not be carried out: {exc}"
            async with self._lock(game_id):
                await self._close(await self._load(game_id), vote, status, words)
        finally:
            self._carrying.discard(vote_id)

    async def _carry_out(self, vote: VoteRow) -> str:
        gid, who = vote.game_id, vote.opener_id
        table = f"🗳️ The table (vote #{vote.id})"
        if vote.kind == "pause":
            await self.pause(gid, who, manager=True, by=table)
            return "the game is paused."
        if vote.kind == "resume":
            await self.resume(gid, who, manager=True, by=table)
            return "the game resumes."
        if vote.kind == "cancel":
            await self.cancel(gid, who, manager=True, by=table)
            return "the game is cancelled."
        if vote.kind == "undo":
            await self.rewind(gid, who, 1, manager=True, reason=f"vote #{vote.id}")
            return "the last answer is undone."
        if vote.kind == "extend":
            await self._extend(gid, vote.hours or 0)
            return f"every open deadline is {vote.hours} h later."
        if vote.kind == "kick":
            await self.kick(gid, who, vote.house or "", manager=True, why=f"the table voted so (vote #{vote.id})")
            return "the seat is open."
        await self._end_now(gid)
        return "the game ended with the current standings."

    async def _close(self, t: Table, vote: VoteRow, status: str, words: str) -> None:
        now = self.clock()
        async with self.store.transaction() as repo:
            if vote.status == "open":
                await repo.close_vote(vote.id, status, words, iso(now))
            timers = [x.id for x in await repo.timers(t.id)
                      if x.kind == "vote" and x.payload.get("vote_id") == vote.id]
            if timers:
                await repo.finish_timers(timers)
            if words:
                await repo.add_messages([self._notice(t, words)], iso(now))
        self._woken()

    # --- helpers --------------------------------------------------------------------------------------------

    @staticmethod
    def _voters(t: Table) -> set[int]:
        return {s.user_id for s in t.seats if s.house and s.state != "open"}

    def _needed(self, t: Table) -> int:
        threshold, _ = vote_rules(t.row.settings)
        return max(1, math.ceil(threshold * len(self._voters(t)) - 1e-9))

    def _may_vote(self, t: Table, user_id: int) -> None:
        if t.row.status in ("finished", "cancelled", "frozen", "lobby"):
            raise ServiceError(self._refusal(t) or "There is nothing to vote on.")
        if user_id not in self._voters(t):
            raise ServiceError("Only the seated players of this game vote.")

    async def _vote(self, game_id: int, vote_id: int) -> VoteRow:
        async with self.store.reading() as repo:
            vote = await repo.vote(vote_id)
        if vote is None or vote.game_id != game_id:
            raise ServiceError(f"There is no vote #{vote_id} in game #{game_id}.")
        return vote

    @staticmethod
    def _what(t: Table, vote: VoteRow) -> str:
        if vote.kind == "kick" and t.game is not None:
            return f"{KINDS['kick']} {t.game.house_name(vote.house or '')}"
        if vote.kind == "extend":
            return f"{KINDS['extend']} by {vote.hours} h"
        return KINDS[vote.kind]
