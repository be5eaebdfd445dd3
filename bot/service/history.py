"""History and repair: the state at any (round, phase), and an admin rewind of the last answers.

A rewind never deletes: the rewind is recorded in the audit table and the answers it undoes are marked with
it (their content stays). The live line of a game is its answers not marked; replays, the log and snapshots
all follow the live line.
"""

from __future__ import annotations

import asyncio
import json
import logging
from bisect import bisect_left
from typing import Any

from bot.games.rooms import room
from bot.service import messages
from bot.service.core import TableCore, retried
from bot.service.kinds import Audience, GameStatus
from bot.service.loaded import Table
from bot.service.models import ServiceError
from bot.service.replay import ENDED_EARLY, Divergence, apply_answers, new_game, state_hash
from bot.storage import AnswerRow
from engine.core.contract import GameState

log = logging.getLogger("bot.service.history")


class History:
    def __init__(self, core: TableCore) -> None:
        self.core = core

    async def _replay_to(self, game_id: int, seq: int, live: list[AnswerRow]) -> GameState:
        """The game as it stood after live answer ``seq`` (0: at the start)."""
        async with self.core.store.reading() as repo:
            snap = await repo.snapshot(game_id, seq)
            row = await repo.game(game_id)
        home = room(row.game if row else None)
        if snap is None:
            raise ServiceError("This game has no stored start; it cannot be replayed.")
        after, state = snap
        later = [a for a in live if after < a.seq <= seq]

        def replayed() -> GameState:  # pure CPU: a worker thread, off the event loop and outside the store's lock
            game = home.rules.load(json.loads(state))
            apply_answers(game, later)
            return game

        try:
            return await asyncio.to_thread(replayed)
        except Divergence as exc:
            log.error("INTEGRITY: game %s: %s", game_id, exc)
            raise ServiceError("The stored answers of this game do not replay; an admin must look at it.") from exc

    async def _live(self, game_id: int) -> list[AnswerRow]:
        async with self.core.store.reading() as repo:
            return await repo.answers(game_id)

    async def history(self, game_id: int, round: int, phase: str, user_id: int | None = None) -> dict[str, Any]:
        """The view (of this user's house, or the public one) as the game entered ``phase`` of ``round``."""
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            if t.game is None:
                raise ServiceError(self.core.refusal(t) or "The game has not started yet.")
            live = await self._live(game_id)
            start = await self._replay_to(game_id, 0, [])
            if start.stage() == (round, phase):
                game = start
            else:
                first = next((a for a in live if (a.round, a.phase) == (round, phase)), None)
                if first is None:  # a stage that asked nothing (AGoT's Westeros phase may not): as it ended
                    first = await self._began(t, (round, phase), live)
                if first is None:
                    raise ServiceError(f"This game has not reached the {phase} phase of round {round}.")
                game = await self._replay_to(game_id, first.seq, live)
            return game.view(t.house_of(user_id) if user_id is not None else None)

    async def _began(self, t: Table, stage: tuple[int, str], live: list[AnswerRow]) -> AnswerRow | None:
        """The live answer whose public events begin ``stage`` (the room's ``feed.stage_of``), if one does."""
        async with self.core.store.reading() as repo:
            rows = await repo.events(t.id, audience=Audience.PUBLIC)
        seq = next((r.answer_seq for r in rows if t.room.feed.stage_of(r.event) == stage), None)
        return next((a for a in live if a.seq == seq), None)

    async def history_events(self, game_id: int, round: int, phase: str) -> list[dict[str, Any]]:
        """The public events of ``phase`` of ``round``, oldest first, of the live line (rewound answers left out)."""
        async with self.core.store.reading() as repo:
            row = await repo.game(game_id)
            if row is None:
                raise ServiceError(f"There is no game #{game_id}.")
            live = await repo.answers(game_id)
            rows = await repo.events(game_id, audience=Audience.PUBLIC)
        # an event belongs to the phase the game was in when its answer came (the after-state of the answer
        # before), except that an event the room's feed says begins a stage begins it (AGoT: a new round's event
        # begins its Westeros phase)
        before = {a.seq: (a.round, a.phase) for a in live}
        seqs = sorted(before)
        out: list[dict[str, Any]] = []
        feed = room(row.game).feed
        first = new_game(row.players, row.seed, row.settings, row.game).stage() if row.seed else (1, "")
        answer, current = -1, first
        for r in rows:
            if r.answer_seq != answer:
                answer = r.answer_seq
                earlier = bisect_left(seqs, answer) - 1
                current = before[seqs[earlier]] if earlier >= 0 else first
            current = feed.stage_of(r.event) or current
            if current == (round, phase):
                out.append({**r.event, "seq": r.event.get("seq") or r.n})
        if not out and (round, phase) not in before.values():
            raise ServiceError(f"This game has not reached the {phase} phase of round {round}.")
        return out

    @retried
    async def rewind(self, game_id: int, user_id: int, count: int, manager: bool = False, reason: str = "") -> str:
        """Undo the last ``count`` answers (an admin repair the table agreed to); the decisions they answered
        open again, with fresh deadlines and prompts. Returns the public notice."""
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            self.core.may_manage(t, user_id, manager)
            if t.game is None or t.row.status not in (GameStatus.RUNNING, GameStatus.FINISHED):
                raise ServiceError("Only a running or finished game can be rewound (resume a paused game first).")
            live = await self._live(game_id)
            if not isinstance(count, int) or not 1 <= count <= len(live):
                raise ServiceError(f"Give a number of answers to rewind between 1 and {len(live)}.")
            undone, kept = live[-count:], live[:-count]
            game = await self._replay_to(game_id, kept[-1].seq if kept else 0, kept)
            notice = (f"🔧 {count} answer{'s' if count > 1 else ''} rewound by "
                      f"{t.named(user_id)}"
                      f"{': ' + reason if reason else ''}. The game is back in round {game.stage()[0]}, "
                      f"{game.stage()[1]} phase.")
            await self._commit_rewind(t, game, user_id, undone, reason, notice)
            return notice

    async def _commit_rewind(self, t: Table, game: GameState, user_id: int, undone: list[AnswerRow], reason: str,
                             notice: str) -> None:
        now = self.core.clock()
        try:
            async with self.core.writing(t) as repo:
                rewind_id = await repo.add_rewind(t.id, user_id, len(undone), undone[0].seq, undone[-1].seq, reason,
                                                  now)
                await repo.mark_rewound(t.id, [a.seq for a in undone], rewind_id)
                await repo.remove_result(t.id)  # a finished game rewound is no longer finished
                # every open decision is prompted afresh (the rewound line's prompts and timers end here)
                prompts = await repo.prompts(t.id)  # (an open vote's timer runs on)
                if prompts:
                    await repo.cancel_timers(t.id, [p.decision_id for p in prompts])
                    await repo.remove_prompts(t.id, [p.decision_id for p in prompts])
                t.deadlines = {}
                t.game = game
                t.feed = None  # read back from the live line's events
                ended_early = t.row.note == ENDED_EARLY  # the game an early end closed runs again
                await repo.record_state(t.id, t.row.seq, *game.stage(), state_hash(game),
                                        now)
                await repo.reopen_game(t.id, now, clear_note=ended_early)
                t.row.status, t.row.finished_at, t.row.updated_at = GameStatus.RUNNING, None, now
                t.row.round, t.row.phase, t.row.state_hash = *game.stage(), state_hash(game)
                if ended_early:
                    t.row.note = None
                rows = [messages.notice(t, notice), messages.board(t, "The board after the rewind.", {})]
                rows += await self.core.sync_prompts(repo, t, now)
                await repo.add_messages(rows, now)
        except BaseException:
            self.core.drop(t.id)
            raise
        self.core.woken()
