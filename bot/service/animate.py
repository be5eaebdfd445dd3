"""Animated replays: the views of a game at each step of a round, or of the whole game once it is over, replayed
from the stored answers of its live line (the rewound ones left out).

A reel is a list of steps; each step is a view the engine gives (``GameState.view``: its whitelist, never the raw
state), the public one or one seat's own, with the public lines of the step's events (the room's feed) and what a
feed post would highlight. Answers that change nothing in the view join the next step that does (their lines
with it). A round's reel begins with the board as the round began (after the previous round's last answer) and
holds every answer given while the game was in that round. The whole game's reel holds the board at the start and
as each stage (``GameState.stage``) ended. Once the game is over, each past view gets what
the end made public drawn in as far as it had happened then (the room's ``hindsight``: Whitechapel's Jack's path).

Drawing the frames is the front end's (``bot/games/animation.py``): ``Animations.animation`` runs it in a worker
thread, off the event loop, and keeps the last few results by the game's state fingerprint and the request.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from bot.games.room import Room
from bot.service.core import TableCore
from bot.service.kinds import Audience
from bot.service.models import ServiceError
from bot.service.replay import Divergence, apply_answers, end_if_ended_early, state_hash
from bot.storage import AnswerRow, GameRow

CACHED = 4  # animations kept in memory (each a few MiB at most)
T = TypeVar("T")
View = dict[str, Any]
Event = dict[str, Any]


@dataclass(frozen=True)
class Step:
    """One frame's worth: the stage it was played in, the view after it, and its public lines."""

    round: int
    phase: str
    view: View
    lines: tuple[str, ...] = ()
    highlights: dict[str, Any] | None = None


@dataclass(frozen=True)
class Reel:
    """The steps of a round (``round``; None: the whole game) seen by ``seat`` (None: the public)."""

    game_id: int
    game: str
    round: int | None
    seat: str | None
    steps: tuple[Step, ...]
    fingerprint: str  # of the game's state when the reel was asked for
    so_far: bool  # the round is still being played: its steps up to now


@dataclass(frozen=True)
class Asked:
    """What a reel is built from, read under the game's lock: the stored game, the live answers, its public events
    by answer, the seat and the current state's fingerprint."""

    row: GameRow
    room: Room
    live: list[AnswerRow]
    events: dict[int, list[Event]]
    seat: str | None
    fingerprint: str
    current: tuple[int, str]
    final: View | None  # the public view of a game that is over


class Animations:
    def __init__(self, core: TableCore, cached: int = CACHED) -> None:
        self.core = core
        self.cached = cached
        self._done: OrderedDict[Hashable, object] = OrderedDict()
        self._drawing = asyncio.Lock()  # one drawing at a time: a few seconds of a core each

    async def animation(self, game_id: int, user_id: int, round: int | None, private: bool,
                        draw: Callable[[Reel], T], request: Hashable) -> T:
        """``draw`` of the reel (see ``reel``), in a worker thread, one at a time; the same request on the same
        state of the game (its fingerprint) is answered from the cache, also to a request that waited for the
        drawing of the same."""
        asked = await self._ask(game_id, user_id, round, private)
        key = (game_id, asked.fingerprint, round, asked.seat, request)
        async with self._drawing:
            if key in self._done:
                self._done.move_to_end(key)
                return cast(T, self._done[key])
            reel = await self._reel(game_id, asked, round)
            drawn = await asyncio.to_thread(draw, reel)
            self._done[key] = drawn
            while len(self._done) > self.cached:
                self._done.popitem(last=False)
            return drawn

    async def reel(self, game_id: int, user_id: int, round: int | None, private: bool) -> Reel:
        """The steps of ``round`` (None: the whole game if it is over, else the latest round with an answer), in
        the public view or, with ``private``, in the view of the user's own seat. Refused in one line: a game not
        started, a round not played yet, a private reel for a user without a seat."""
        return await self._reel(game_id, await self._ask(game_id, user_id, round, private), round)

    async def _ask(self, game_id: int, user_id: int, round: int | None, private: bool) -> Asked:
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            if t.game is None:
                raise ServiceError(f"Game #{game_id} has not started yet: there is nothing to animate.")
            seat = t.house_of(user_id) if private else None
            if private and seat is None:
                raise ServiceError("You have no seat in this game: only the public animation is yours to see.")
            current = t.game.stage()
            if round is not None and not 1 <= round <= current[0]:
                raise ServiceError(f"There is no round {round} in this game yet: it is in round {current[0]}.")
            async with self.core.store.reading() as repo:
                live = await repo.answers(game_id)
                rows = await repo.events(game_id, audience=Audience.PUBLIC)
            events: dict[int, list[Event]] = defaultdict(list)
            for r in rows:
                events[r.answer_seq].append(r.event)
            final = t.game.view(None) if t.game.over else None
            return Asked(t.row, t.room, live, events, seat, state_hash(t.game), current, final)

    async def _reel(self, game_id: int, asked: Asked, round: int | None) -> Reel:
        async with self.core.store.reading() as repo:
            start = await repo.snapshot(game_id, 0)
        if start is None:
            raise ServiceError("This game has no stored start; it cannot be replayed.")
        try:
            return await asyncio.to_thread(Replayer(asked, start[1]).reel, round)
        except Divergence as exc:
            raise ServiceError("The stored answers of this game do not replay; an admin must look at it.") from exc


class Replayer:
    """A reel replayed in a worker thread: pure CPU over what ``Animations._ask`` read."""

    def __init__(self, asked: Asked, start: str) -> None:
        self.asked = asked
        self.rules = asked.room.rules
        self.game = self.rules.load(json.loads(start))

    def reel(self, round: int | None) -> Reel:
        a = self.asked
        if round is not None:
            steps = self._round(round, self._inside(round))
        elif a.final is not None:
            steps = self._whole()
        else:  # a game under way: its round so far, or the last one while the new one has no answer yet
            round = a.current[0]
            inside = self._inside(round)
            if not inside and round > 1:
                round -= 1
                inside = self._inside(round)
            steps = self._round(round, inside)
        so_far = round is not None and a.final is None and round == a.current[0]
        return Reel(a.row.id, self.rules.name, round, a.seat, tuple(steps), a.fingerprint, so_far)

    def _inside(self, round: int) -> list[AnswerRow]:
        """The live answers given while the game was in ``round`` (an answer is in the stage its game was in when
        it came: the stage after the answer before)."""
        before, inside = self.game.stage(), []
        for a in self.asked.live:
            if before[0] == round:
                inside.append(a)
            elif inside:
                break
            before = (a.round, a.phase)
        return inside

    def _view(self) -> View:
        view = self.game.view(self.asked.seat)
        final = self.asked.final
        return view if final is None else self.asked.room.hindsight(view, final)

    def _step(self, lines: Sequence[str] = (), events: Sequence[Event] = (),
              stage: tuple[int, str] | None = None) -> Step:
        """The step that ends here, named by ``stage`` (default: the stage the game is in now)."""
        shown = self.asked.room.feed.board(events) if events else None
        return Step(*(stage or self.game.stage()), self._view(), tuple(lines), shown["highlights"] if shown else None)

    def _ended(self, answer: AnswerRow) -> None:
        """After the live line's last answer, a game a table vote ended is ended as it was."""
        if answer is self.asked.live[-1]:
            end_if_ended_early(self.game, self.asked.row.status, self.asked.row.note)

    def _round(self, round: int, inside: list[AnswerRow]) -> list[Step]:
        """The round's steps: the board as it began, then the board after each step (``goes_on``) that changed
        the view, with the lines of the steps before it that changed nothing, named by the stage the step began
        in."""
        if not inside:
            raise ServiceError(f"Round {round} has only begun: nothing has happened in it yet.")
        feed = self.asked.room.feed
        apply_answers(self.game, [a for a in self.asked.live if a.seq < inside[0].seq], check=False)
        steps = [self._step()]
        lines: list[str] = []
        events: list[Event] = []
        began = self.game.stage()
        for a, b in zip(inside, [*inside[1:], None]):
            apply_answers(self.game, [a], check=False)
            self._ended(a)
            told = self.asked.events.get(a.seq, [])
            lines += feed.lines(told)
            events += told
            if b is not None and goes_on(a, b, feed.table_wide, self.asked.seat):
                continue
            step = self._step(lines, events, began)
            if step.view != steps[-1].view:
                steps.append(step)
                lines, events, began = [], [], self.game.stage()
        if lines:  # what the last answers said without changing the board
            last = steps[-1]
            steps[-1] = Step(last.round, last.phase, last.view, last.lines + tuple(lines), last.highlights)
        return steps

    def _whole(self) -> list[Step]:
        """The whole game: the start, then the board as each stage ended, with its lines."""
        feed = self.asked.room.feed
        steps = [self._step()]
        lines: list[str] = []
        events: list[Event] = []
        began = self.game.stage()
        for a in self.asked.live:
            apply_answers(self.game, [a], check=False)
            self._ended(a)
            told = self.asked.events.get(a.seq, [])
            lines += feed.lines(told)
            events += told
            if self.game.stage() != began or a is self.asked.live[-1]:
                steps.append(self._step(lines, events, began))
                lines, events, began = [], [], self.game.stage()
        return steps


def goes_on(a: AnswerRow, b: AnswerRow, table_wide: frozenset[str], seat: str | None) -> bool:
    """Whether answer ``b`` belongs to the step of answer ``a`` before it: the same seat goes on (a detective
    moving his policemen one by one), or the whole table answers the same question (orders, bids: nothing
    happens until the last is in), except that ``seat`` (a private reel's) sees its own answer given."""
    if b.house == a.house:
        return True
    return a.kind == b.kind and a.kind in table_wide and a.house != seat
