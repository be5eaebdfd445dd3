"""The core of the table service: the per-game lock, the cache of loaded games (loaded and checked on first
use), and one answer applied to the engine and committed in one transaction with everything it causes.

The collaborators (``seats.py``, ``votes.py``, ``repairs.py``, ``deadlines.py``, ``history.py``, ``extras.py``,
``lobby.py``, ``reads.py``) are built with the core and call it; none inherits from it. The core calls back
only through its hooks: ``after_answer`` (each accepted answer, once committed) and the ``within`` argument of
``apply`` (rows the caller adds to the answer's own transaction, e.g. a missed deadline counted).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, ParamSpec, TypeVar

from bot.service import messages
from bot.service.clock import Clock, system_clock
from bot.service.kinds import ACTIVE, OVER, GameStatus, Source, TimerKind
from bot.service.loaded import Table
from bot.service.models import Reply, ServiceError, Stale
from bot.service.replay import Divergence, rebuilt, snapshot_at
from bot.service.routing import echoes, route_events
from bot.service.settings import shaped_deadline
from bot.service.wake import Signal
from bot.storage import AnswerRow, NewMessage, PromptRow, Repo, Store
from engine.core import AlreadySubmitted, Decision, EngineError
from engine.core.contract import GameState

log = logging.getLogger("bot.service")

SNAPSHOT_EVERY = 25  # a snapshot every N answers; loading replays at most N - 1 answers after the latest
STALE_TRIES = 3  # a call computed on a game another process had just advanced is made this often in all
STALE = "Another bot process changed this game just now: nothing was changed, try again in a moment."
# an autopilot seat's decision is answered by the pass right after the commit that opened it; if that pass fails
# (the database went away just after the commit), its ``autoplay`` timer has the timer task answer it this much later
AUTOPLAY_RETRY = timedelta(seconds=30)

AfterAnswer = Callable[[Table, Source], Awaitable[None]]  # an accepted answer was committed (the lock is held)
Within = Callable[[Repo], Awaitable[list[NewMessage]]]  # more writes and rows in the answer's transaction

REFUSALS: dict[str, str] = {
    GameStatus.LOBBY: "The game has not started yet.",
    GameStatus.PAUSED: "The game is paused; answers are taken again when it resumes.",
    GameStatus.FINISHED: "The game is over.",
    GameStatus.CANCELLED: "The game was cancelled.",
    GameStatus.FROZEN: "The game is frozen: its stored state failed an integrity check, and an admin must repair it.",
}


# bounds far above any legal answer (the largest a whole game of random play gives: 20 items, 4 deep, 20
# characters), far below what would cost the engine time: checked before any JSON or engine work
ANSWER_ITEMS = 2000  # values in the answer, nested ones and dict keys included
ANSWER_DEPTH = 10
ANSWER_TEXT = 2000  # characters in one string (a Discord message at most)


def oversized(answer: Any) -> str | None:
    """Why ``answer`` is bigger than any legal answer, or None. Items are counted before they are visited and the
    walk stops at the first excess, so its cost is bounded by the limits, not by the size of what was sent."""
    todo: list[tuple[Any, int]] = [(answer, 1)]
    items = 1
    while todo:
        value, depth = todo.pop()
        if depth > ANSWER_DEPTH:
            return f"nested more than {ANSWER_DEPTH} deep"
        if isinstance(value, str | bytes) and len(value) > ANSWER_TEXT:
            return f"a text of more than {ANSWER_TEXT} characters"
        if not isinstance(value, dict | list | tuple):
            continue
        items += len(value) * (2 if isinstance(value, dict) else 1)
        if items > ANSWER_ITEMS:
            return f"more than {ANSWER_ITEMS} items"
        children = [*value, *value.values()] if isinstance(value, dict) else value
        todo += [(child, depth + 1) for child in children]
    return None


P = ParamSpec("P")
T = TypeVar("T")


async def add_reminders(repo: Repo, game_id: int, decision_id: str, house: str, times: list[datetime]) -> None:
    """A decision's reminders as one timer, due at the first: its payload keeps each later one as the time from
    the one before (``later_us``, microseconds), so a pause or an extension, which moves the row's due time,
    moves them all; firing it adds the timer of the next (``Deadlines._remind``)."""
    if not times:
        return
    times = sorted(times)
    payload: dict[str, Any] = {"decision_id": decision_id, "house": house}
    if len(times) > 1:
        payload["later_us"] = [(b - a) // timedelta(microseconds=1) for a, b in zip(times, times[1:])]
    await repo.add_timer(game_id, TimerKind.REMINDER, times[0], payload)


async def add_autoplay(repo: Repo, game_id: int, decisions: list[tuple[str, str]], now: datetime) -> None:
    """An ``autoplay`` timer for each (decision id, house) the autopilot is to answer, in the transaction that hands
    it the decision. Its answer (a commit that closes the decision) cancels the timer with the decision's other
    timers (``sync_prompts``); a timer still there at AUTOPLAY_RETRY means that answer never came (``Seats``)."""
    for decision_id, house in decisions:
        await repo.add_timer(game_id, TimerKind.AUTOPLAY, now + AUTOPLAY_RETRY,
                             {"decision_id": decision_id, "house": house})


def retried(call: Callable[P, Awaitable[T]]) -> Callable[P, Coroutine[Any, Any, T]]:
    """Make a writing call again, on the game loaded afresh, when another process advanced the game between its
    load and its write (``Stale``: nothing was written), up to STALE_TRIES times in all; then ``Stale`` ("try
    again in a moment") reaches the caller. Only for a call that takes the game's lock itself (the retry must
    not hold it) and whose writes happen in one ``writing`` transaction or in transactions that are each
    complete (done again, a call does only what is still to do)."""

    @functools.wraps(call)
    async def again(*args: P.args, **kwargs: P.kwargs) -> T:
        for _ in range(STALE_TRIES - 1):
            try:
                return await call(*args, **kwargs)
            except Stale:
                continue
        return await call(*args, **kwargs)

    return again


CACHE_GAMES = 200  # loaded games kept in memory (config AGOT_CACHE_GAMES): a 6-player game is about 0.5 MB


@dataclass
class Slot:
    """One game's lock and the calls that use it (waiting or holding)."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


class TableCore:
    def __init__(self, store: Store, clock: Clock | None = None,
                 randbits: Callable[[int], int] | None = None, cache_games: int = CACHE_GAMES) -> None:
        self.store = store
        self.clock: Clock = clock or system_clock
        # the source of each game's RNG secret and house deal: secrets.randbits, or a seeded one (the demo)
        self.randbits: Callable[[int], int] = randbits or secrets.randbits
        # the loaded games, least recently used first: at most ``cache_games`` of them once their locks are free
        # (more only while that many are in use at once); a finished or cancelled game leaves when its call ends
        self.tables: OrderedDict[int, Table] = OrderedDict()
        self.cache_games = max(1, cache_games)
        self.slots: dict[int, Slot] = {}  # the lock of each game loaded or in use, and how many calls use it
        self.committed = Signal()  # set after every commit that adds outbox rows or timers (``woken``)
        self.after_answer: list[AfterAnswer] = []

    # --- loading ----------------------------------------------------------------------------------------

    @asynccontextmanager
    async def lock(self, game_id: int) -> AsyncIterator[None]:
        """Hold the game's lock. The lock lives as long as the game is loaded or a call uses it; when the last
        call ends, a finished game leaves the cache, and the cache is trimmed to ``cache_games``."""
        slot = self.slots.get(game_id)
        if slot is None:
            slot = self.slots[game_id] = Slot()
        slot.users += 1
        try:
            async with slot.lock:
                yield
        finally:
            slot.users -= 1
            if slot.users == 0:
                self._release(game_id)

    def _release(self, game_id: int) -> None:
        table = self.tables.get(game_id)
        if table is not None and table.row.status in OVER:
            del self.tables[game_id]  # a finished game is read again from its snapshot if anyone asks
        if game_id not in self.tables:
            del self.slots[game_id]
        while len(self.tables) > self.cache_games:
            idle = next((gid for gid in self.tables if gid not in self.slots or self.slots[gid].users == 0), None)
            if idle is None:
                return  # every loaded game is in use: the cache shrinks when their calls end
            del self.tables[idle]
            self.slots.pop(idle, None)

    async def load(self, game_id: int) -> Table:
        """The cached table, or load it (the caller holds the game's lock)."""
        table = self.tables.get(game_id)
        if table is not None and self.store.shared:
            table = await self._refreshed(table)
        if table is not None:
            self.tables.move_to_end(game_id)
            return table
        async with self.store.reading() as repo:
            row = await repo.game(game_id)
            if row is None:
                raise ServiceError(f"There is no game #{game_id}.")
            seats = await repo.seats(game_id)
            snap = await repo.snapshot(game_id, row.seq) if row.seed is not None else None
            # from the snapshot's own answer on: its fingerprint checks the snapshot
            answers = await repo.answers(game_id, after_seq=max(snap[0] - 1, 0)) if snap else []
        table = Table(row, seats)
        if row.seed is not None and row.status != GameStatus.FROZEN:
            table.game = await self._rebuild(table, snap, answers)
        self.tables[game_id] = table
        return table

    async def _refreshed(self, table: Table) -> Table | None:
        """On a database other processes share: the cached game with its row and seats read again (a join, a
        pause or a vote of another process), or None (drop it) when another process advanced its answers."""
        async with self.store.reading() as repo:
            row = await repo.game(table.id)
            seats = await repo.seats(table.id) if row is not None and row.seq == table.row.seq else []
        if row is None or row.seq != table.row.seq:
            self.drop(table.id)
            return None
        if row != table.row or seats != table.seats:
            table.row, table.seats, table.deadlines = row, seats, None
        return table

    @asynccontextmanager
    async def writing(self, t: Table) -> AsyncIterator[Repo]:
        """A write transaction on the game ``t`` (the caller holds its lock). On a database other processes share
        it first takes the game's lock there (``lock_game``: their transactions on the game wait for this one)
        and checks that none of them changed the game since ``t`` was loaded (advanced it, paused or cancelled
        it, took, left or opened a seat); if one did, nothing is written, the game is dropped from the cache and
        ``Stale`` is raised."""
        async with self.store.transaction() as repo:
            if self.store.shared and not await self._current(repo, t):
                self.drop(t.id)
                raise Stale(STALE)
            yield repo

    @staticmethod
    async def _current(repo: Repo, t: Table) -> bool:
        """Whether the stored game (its lock held) is the one ``t`` holds: its seq, status and who sits where."""
        if await repo.lock_game(t.id) != t.row.seq:
            return False
        row = await repo.game(t.id)
        seats = sorted((s.user_id, s.state) for s in await repo.seats(t.id))
        return row is not None and row.status == t.row.status and seats == sorted((s.user_id, s.state)
                                                                                 for s in t.seats)

    def drop(self, game_id: int) -> None:
        """Memory ran ahead of the database (a transaction failed, or the engine refused an answer half-way and
        left its game spoiled): the game is loaded again on next use."""
        self.tables.pop(game_id, None)

    async def _rebuild(self, table: Table, snap: tuple[int, str] | None, answers: list[AnswerRow]) -> GameState | None:
        """Snapshot + later answers, checked against every stored fingerprint; a mismatch freezes the game."""
        problem: str | None = None
        game: GameState | None = None
        row = table.row

        def replayed() -> GameState:  # pure CPU (up to SNAPSHOT_EVERY - 1 answers, checked): a worker thread
            if snap is None:
                raise LookupError("no snapshot")
            return rebuilt(row, snap, answers)

        try:
            game = await asyncio.to_thread(replayed)
        except Divergence as exc:
            problem = str(exc)
        except Exception as exc:  # noqa: BLE001 - any failure to rebuild is an integrity failure
            # only the error's type: an engine message could name a hidden order
            problem = f"the stored answers cannot be replayed ({type(exc).__name__})"
        if problem is None:
            return game
        log.error("INTEGRITY: game %s is frozen: %s", table.id, problem)
        async with self.store.transaction() as repo:
            await repo.freeze_game(table.id, problem, self.clock())
            await repo.cancel_timers(table.id)
        table.row.status, table.row.note = GameStatus.FROZEN, problem
        return None

    async def started(self, game_id: int) -> Table:
        t = await self.load(game_id)
        if t.game is None:
            raise ServiceError(self.refusal(t) or "The game has not started yet.")
        return t

    @staticmethod
    def may_manage(t: Table, user_id: int, manager: bool) -> None:
        if not manager and user_id != t.row.creator_id:
            raise ServiceError("Only the game's creator or a server manager may do that.")

    @staticmethod
    def refusal(t: Table) -> str | None:
        status = t.row.status
        if status == GameStatus.RUNNING and t.game is not None:
            return None
        return REFUSALS.get(status, "The game is not running.")

    # --- answers ----------------------------------------------------------------------------------------

    async def answer(self, game_id: int, user_id: int, decision_id: str, answer: Any) -> Reply:
        """Apply one player's answer. "accepted" only once it is committed; "refused" and "already" write
        nothing. An answer bigger than any legal one is refused at the door, before any other work. On a database
        other processes share, an answer computed on a game one of them had just advanced is answered again on the
        fresh game (``Stale``), up to STALE_TRIES times."""
        too_big = oversized(answer)
        if too_big is not None:
            return Reply("refused", f"That answer is too big to be an answer ({too_big}): nothing was changed.")
        try:
            return await self._answer(game_id, user_id, decision_id, answer)
        except Stale:
            return Reply("refused", STALE)

    @retried
    async def _answer(self, game_id: int, user_id: int, decision_id: str, answer: Any) -> Reply:
        async with self.lock(game_id):
            try:
                t = await self.load(game_id)
            except ServiceError as exc:
                return Reply("refused", str(exc))
            house = t.house_of(user_id)
            if house is None:
                return Reply("refused", "You have no seat in this game.")
            decision_id = str(decision_id)
            # open decisions, and secret answers that may still change (until their reveal group is complete)
            decision = t.open_decision(decision_id)
            # a double click is "already", even on the answer that ended the game; an open decision of this
            # house is left to the engine (it refuses the same answer again with AlreadySubmitted)
            if t.row.seed is not None and (decision is None or decision.player != house):
                async with self.store.reading() as repo:
                    before = await repo.answered(game_id, decision_id, house)
                if before is not None:
                    how: str = {Source.DEADLINE.value: " (the default, at the deadline)",
                           Source.AUTOPILOT.value: " (by the autopilot)"}.get(before.source, "")
                    return Reply("already", f"You already answered this{how}; it can no longer be changed.")
            refusal = self.refusal(t)
            if refusal:
                return Reply("refused", refusal)
            assert t.game is not None
            if decision is None:
                return Reply("refused", "This prompt has expired: the game has moved on.")
            if decision.player != house:
                return Reply("refused", f"This decision belongs to {t.game.name_of(decision.player)}.")
            try:
                return await self.apply(t, decision, user_id, answer, Source.PLAYER)
            except Stale:
                raise  # another process advanced the game: answer again on the fresh game
            except Exception:  # noqa: BLE001 - a save that failed (a locked or full database): nothing is kept
                log.exception("game %s: the answer to decision %s could not be saved", game_id, decision_id)
                return Reply("refused", "Your answer could not be saved just now (the database failed); nothing "
                                        "changed: please answer again in a moment.")

    async def apply(self, t: Table, decision: Decision, user_id: int | None, answer: Any, source: Source,
                    within: Within | None = None) -> Reply:
        """Submit to the engine and, if it accepts, commit everything in one transaction (with what ``within``
        adds); then run the ``after_answer`` hooks. The caller holds the game's lock. A refusal may drop the game
        from the cache (``drop``): a caller going on with it loads it again first.

        The engine is given the answer as the store gives it back to a replay (JSON, keys sorted): the events of
        the live game are those of its replay, also where an event follows the order of an answer's keys."""
        assert t.game is not None
        try:
            answer = json.loads(json.dumps(answer, sort_keys=True))
        except (TypeError, ValueError):  # it is stored as JSON
            return Reply("refused", "That answer is malformed (it is not plain data).")
        try:
            # no copy of the state to roll back to: a game the engine refused half-way is loaded again instead
            events = t.game.submit(decision.player, decision.id, answer, rollback=False)
        except Exception as exc:  # noqa: BLE001 - refused: nothing was written
            # a game spoiled by a refusal without rollback (the contract) is loaded again from the store on next
            # use, as it was before
            if t.game.spoiled or not isinstance(exc, EngineError):
                self.drop(t.id)
            if isinstance(exc, AlreadySubmitted):
                return Reply("already", str(exc))
            if isinstance(exc, EngineError):
                return Reply("refused", str(exc))
            log.warning("game %s: malformed %s answer refused (%s)", t.id, decision.kind, type(exc).__name__)
            return Reply("refused", "That answer is malformed for this decision.")
        now = self.clock()
        seq = t.row.seq + 1
        event_dicts = [e.to_dict() for e in events]
        name = t.game.name_of(decision.player)
        replied = user_id if source == Source.PLAYER else None  # the reply says the answer back, not a DM
        try:
            snapshot, fingerprint = snapshot_at(t.game, seq, SNAPSHOT_EVERY)  # every N answers, else none
            async with self.writing(t) as repo:
                answer_row = AnswerRow(t.id, seq, user_id, decision.player, decision.id, decision.kind, answer,
                                       source, *t.game.stage(), fingerprint, now)
                await repo.add_answer(answer_row)
                await self.write_state(repo, t, seq, now, event_dicts, fingerprint, snapshot)
                if t.game.over:
                    await repo.finish_game(t.id, now)
                    t.row.status, t.row.finished_at = GameStatus.FINISHED, now
                rows: list[NewMessage] = await within(repo) if within is not None else []
                opened = t.game.open_decisions()  # built once for the feed, the prompts and the next answer
                t.opened = (t.game, seq, {d.id: d for d in opened})
                rows += await route_events(repo, t, event_dicts, seq, opened=opened, replied=replied)
                rows += await self.sync_prompts(repo, t, now, opened)
                if t.game.over:
                    rows.append(messages.game_over(t))
                    await repo.add_result(t.id, t.row.guild_id, self._ranking(t), now)
                await repo.add_messages(rows, now)
        except BaseException:
            self.drop(t.id)
            raise
        self.woken()
        # committed: the answer is accepted, whatever a hook does next
        done = "changed (you may change it until everyone has answered)" if decision.submitted else "recorded"
        said = [e["text"] for e in echoes(t, event_dicts, replied)] if replied is not None else []
        reply = Reply("accepted", "\n".join([f"{name}: your answer ({t.label(decision)}) is {done}.", *said]))
        for hook in self.after_answer:
            try:
                await hook(t, source)
            except Exception:  # noqa: BLE001 - its work is kept in the store (e.g. autoplay timers), done later
                log.exception("game %s: a hook failed after answer %s was committed", t.id, seq)
        return reply

    async def write_state(self, repo: Repo, t: Table, seq: int, now: datetime, events: list[dict[str, Any]],
                          fingerprint: str, snapshot: str | None) -> None:
        """The answer's events, the state's snapshot (its text, where one is taken) and the game row's state."""
        assert t.game is not None
        await repo.add_events(t.id, seq, events)
        if snapshot is not None:
            await repo.add_snapshot(t.id, seq, snapshot)
        round_, phase = t.game.stage()
        await repo.record_state(t.id, seq, round_, phase, fingerprint, now)
        t.row.seq, t.row.round, t.row.phase, t.row.state_hash = seq, round_, phase, fingerprint
        t.row.updated_at = now

    @staticmethod
    def _ranking(t: Table) -> list[dict[str, Any]]:
        """The final standings with the seat of each player, first place first (recorded for the ratings); players
        of one side share a place (Whitechapel)."""
        assert t.game is not None
        seats = {s.house: s for s in t.seats if s.house}
        return [{"house": s.player, "user_id": seats[s.player].user_id, "name": seats[s.player].name,
                 "place": s.place} for s in sorted(t.game.standings(), key=lambda s: s.place) if s.player in seats]

    # --- prompts and timers -----------------------------------------------------------------------------

    async def sync_prompts(self, repo: Repo, t: Table, now: datetime,
                           opened: list[Decision] | None = None) -> list[NewMessage]:
        """Close the prompts of decisions no longer open; prompt (once) each newly open decision, with its
        deadline and reminder timers (or its autoplay timer); then the public status line, which supersedes the
        older ones not sent yet. ``opened``: the open decisions, if the caller has them."""
        assert t.game is not None
        if t.row.status != GameStatus.RUNNING:
            opened = []
        open_now = {d.id: d for d in (t.game.open_decisions() if opened is None else opened)}
        deadlines = dict(await self.deadlines(repo, t))
        prompted = set(deadlines)
        gone = sorted(prompted - set(open_now))
        if gone:
            await repo.remove_prompts(t.id, gone)
            await repo.cancel_timers(t.id, gone)
        rows: list[NewMessage] = []
        users = t.user_of()
        autopiloted: list[tuple[str, str]] = []
        for d in open_now.values():
            if d.id in prompted:
                continue
            due, reminders = shaped_deadline(t.row.settings, d.kind,
                                              t.deadline_start(d.player, now))  # later while away
            await repo.add_prompt(PromptRow(t.id, d.id, d.player, d.kind, due, now))
            await add_reminders(repo, t.id, d.id, d.player, reminders)
            await repo.add_timer(t.id, TimerKind.DEADLINE, due, {"decision_id": d.id, "house": d.player})
            deadlines[d.id] = due
            if t.autopiloted(d.player, now):
                autopiloted.append((d.id, d.player))
            elif d.player in users:
                rows.append(messages.prompt(t, users[d.player], d, due))
        await add_autoplay(repo, t.id, autopiloted, now)
        for decision_id in gone:
            del deadlines[decision_id]
        t.deadlines = deadlines  # a failed transaction drops the whole table from the cache
        await repo.supersede_status(t.id, now)
        rows.append(messages.status(t, list(open_now.values()), deadlines))
        return rows

    async def deadlines(self, repo: Repo, t: Table) -> dict[str, datetime | None]:
        """The open prompts of the game and their deadlines (cached on the table)."""
        if t.deadlines is None:
            t.deadlines = {p.decision_id: p.deadline_at for p in await repo.prompts(t.id)}
        return t.deadlines

    async def status_message(self, repo: Repo, t: Table) -> NewMessage:
        """The status row to add in ``repo``'s transaction; the older ones not sent yet are superseded (the status
        message is edited once, to this one)."""
        await repo.supersede_status(t.id, self.clock())
        return messages.status(t, self.opened(t), await self.deadlines(repo, t))

    async def read_status(self, repo: Repo, t: Table) -> dict[str, Any]:
        return dict(messages.status_line(t, self.opened(t), await self.deadlines(repo, t)))

    @staticmethod
    def opened(t: Table) -> list[Decision]:
        return t.game.open_decisions() if t.game is not None and t.row.status in ACTIVE else []

    async def post(self, t: Table, rows: list[NewMessage], when: datetime | None = None) -> None:
        """Commit outbox rows on their own (a notice), then wake the dispatchers."""
        async with self.store.transaction() as repo:
            await repo.add_messages(rows, when or self.clock())
        self.woken()

    def woken(self) -> None:
        """New outbox rows or timers were committed: wake the outbox dispatcher and the timer task."""
        self.committed.set()
