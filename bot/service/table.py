"""The table service: the only code that drives the engine.

Every game has one ``asyncio.Lock``; a game is loaded on first use (latest snapshot + the answers after it,
checked against the stored fingerprints) and cached. An accepted answer, its events, the state fingerprint,
a snapshot every ``SNAPSHOT_EVERY`` answers, the prompts/timers it opens and closes and every outbox row it
causes are written in one transaction, committed before the caller hears "accepted".
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from bot.service.clock import Clock, system_clock
from bot.service.models import GameInfo, Reply, Seat, ServiceError
from bot.service.outbox import Dispatcher, Transport
from bot.service.replay import Divergence, apply_answers, new_game, state_hash, state_text
from bot.service.routing import board_moment, route_events
from bot.service.settings import deadline_seconds, normalize
from bot.storage import (
    AnswerRow,
    GameRow,
    NewMessage,
    PromptRow,
    Repo,
    SeatRow,
    SqliteStore,
    Store,
    from_iso,
    iso,
)
from engine.agot import Game
from engine.agot.board import board
from engine.agot.game import assign_houses
from engine.core import Decision, EngineError

log = logging.getLogger("bot.service")

SNAPSHOT_EVERY = 25
STARTED = ("running", "paused", "finished")
IDLE_WAKE = 60.0


@dataclass
class Table:
    """A loaded game: its row, its seats and (once started) the engine game."""

    row: GameRow
    seats: list[SeatRow]
    game: Game | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def id(self) -> int:
        return self.row.id

    def house_of(self, user_id: int) -> str | None:
        return next((s.house for s in self.seats if s.user_id == user_id), None)

    def user_of(self) -> dict[str, int]:
        return {s.house: s.user_id for s in self.seats if s.house}


def _label(decision: Decision) -> str:
    return str(decision.to_dict().get("label") or decision.kind.replace("_", " "))


def _info(row: GameRow, seats: list[SeatRow]) -> GameInfo:
    return GameInfo(id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, status=row.status,
                    players=row.players, settings=row.settings, creator_id=row.creator_id,
                    seats=[Seat(s.user_id, s.name, s.house, s.missed) for s in seats], round=row.round,
                    phase=row.phase)


class TableService:
    def __init__(self, store: Store, clock: Clock | None = None) -> None:
        self.store = store
        self.clock: Clock = clock or system_clock
        self._tables: dict[int, Table] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self.dispatcher: Dispatcher | None = None
        self.timer_wake = asyncio.Event()

    @classmethod
    async def open(cls, db_path: str | Path, clock: Clock | None = None) -> TableService:
        """Open (create, migrate) the database; games load lazily on first use."""
        return cls(await SqliteStore.open(db_path), clock)

    def serve(self, transport: Transport | None = None) -> None:
        """Start the background tasks: the outbox dispatcher (with a transport) and the timer dispatcher.
        Unsent rows are delivered and timers that fell due while the bot was down fire at once."""
        if transport is not None:
            self.dispatcher = Dispatcher(self.store, transport, self.clock)
            self._tasks.append(asyncio.create_task(self.dispatcher.run(), name="outbox"))
        self._tasks.append(asyncio.create_task(self._timer_loop(), name="timers"))

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            try:
                await task
            except asyncio.CancelledError:
                pass
        self._tasks.clear()
        await self.store.close()

    async def flush(self, transport: Transport) -> None:
        """Deliver every unsent row that may go now (the demo and tests, without background tasks)."""
        await Dispatcher(self.store, transport, self.clock).deliver_once()

    # --- loading ----------------------------------------------------------------------------------------

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def _load(self, game_id: int) -> Table:
        """The cached table, or load it (the caller holds the game's lock)."""
        table = self._tables.get(game_id)
        if table is not None:
            return table
        async with self.store.reading() as repo:
            row = await repo.game(game_id)
            if row is None:
                raise ServiceError(f"There is no game #{game_id}.")
            seats = await repo.seats(game_id)
            snap = await repo.snapshot(game_id, row.seq) if row.seed is not None else None
            answers = await repo.answers(game_id, after_seq=snap[0]) if snap else []
        table = Table(row, seats)
        if row.seed is not None and row.status != "frozen":
            table.game = await self._rebuild(table, snap, answers)
        self._tables[game_id] = table
        return table

    async def _rebuild(self, table: Table, snap: tuple[int, str] | None, answers: list[AnswerRow]) -> Game | None:
        """Snapshot + later answers, checked against every stored fingerprint; a mismatch freezes the game."""
        problem: str | None = None
        game: Game | None = None
        try:
            if snap is None:
                raise LookupError("no snapshot")
            game = Game.from_dict(json.loads(snap[1]))
            apply_answers(game, answers)
            if state_hash(game) != table.row.state_hash:
                problem = "the replayed state differs from the stored fingerprint"
        except Divergence as exc:
            problem = str(exc)
        except Exception as exc:  # noqa: BLE001 - any failure to rebuild is an integrity failure
            # only the error's type: an engine message could name a hidden order
            problem = f"the stored answers cannot be replayed ({type(exc).__name__})"
        if problem is None:
            return game
        log.error("INTEGRITY: game %s is frozen: %s", table.id, problem)
        async with self.store.transaction() as repo:
            await repo.update_game(table.id, status="frozen", note=problem, updated_at=iso(self.clock()))
            await repo.cancel_timers(table.id)
        table.row.status, table.row.note = "frozen", problem
        return None

    # --- lobby and management ---------------------------------------------------------------------------

    async def create_game(self, guild_id: int | None, channel_id: int, creator_id: int, players: int,
                          settings: dict[str, Any] | None = None) -> int:
        if not isinstance(players, int) or not 3 <= players <= 6:
            raise ServiceError("A game takes 3 to 6 players.")
        full = normalize(settings)
        async with self.store.transaction() as repo:
            return await repo.add_game(guild_id, channel_id, creator_id, players, full, iso(self.clock()))

    async def join(self, game_id: int, user_id: int, name: str, house: str | None = None) -> GameInfo:
        async with self._lock(game_id):
            t = await self._load(game_id)
            if t.row.status != "lobby":
                raise ServiceError("This game has already started; seats can no longer be taken.")
            if any(s.user_id == user_id for s in t.seats):
                raise ServiceError("You already have a seat in this game.")
            if len(t.seats) >= t.row.players:
                raise ServiceError(f"This game is full ({t.row.players} players).")
            if house is not None:
                houses = board().setups[str(t.row.players)]["houses"]
                if t.row.settings["houses"] != "choose":
                    raise ServiceError("Houses are dealt at random in this game.")
                if house not in houses:
                    raise ServiceError(f"{house} is not in a {t.row.players}-player game; choose one of "
                                       f"{', '.join(houses)}.")
                if any(s.house == house for s in t.seats):
                    raise ServiceError(f"{house} is already taken.")
            seat = SeatRow(game_id, user_id, name, house, iso(self.clock()))
            async with self.store.transaction() as repo:
                await repo.add_seat(seat)
            t.seats.append(seat)
            return _info(t.row, t.seats)

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        async with self._lock(game_id):
            t = await self._load(game_id)
            if t.row.status != "lobby":
                raise ServiceError("The game has started: a seat can no longer be left.")
            if not any(s.user_id == user_id for s in t.seats):
                raise ServiceError("You have no seat in this game.")
            async with self.store.transaction() as repo:
                await repo.remove_seat(game_id, user_id)
            t.seats = [s for s in t.seats if s.user_id != user_id]
            return _info(t.row, t.seats)

    def _may_manage(self, t: Table, user_id: int, manager: bool) -> None:
        if not manager and user_id != t.row.creator_id:
            raise ServiceError("Only the game's creator or a server manager may do that.")

    async def start(self, game_id: int, user_id: int, manager: bool = False) -> GameInfo:
        async with self._lock(game_id):
            t = await self._load(game_id)
            self._may_manage(t, user_id, manager)
            if t.row.status != "lobby":
                raise ServiceError("This game has already started.")
            if len(t.seats) != t.row.players:
                raise ServiceError(f"The game needs {t.row.players} players; {len(t.seats)} have joined.")
            seed = str(secrets.randbits(64))
            wishes = {str(s.user_id): s.house for s in t.seats if s.house}
            dealt = assign_houses([str(s.user_id) for s in t.seats], secrets.randbits(64), wishes)
            for s in t.seats:
                s.house = dealt[str(s.user_id)]
            game = new_game(t.row.players, seed, t.row.settings)
            events, game.events = [e.to_dict() for e in game.events], []
            now = self.clock()
            t.game = game
            try:
                async with self.store.transaction() as repo:
                    for s in t.seats:
                        await repo.update_seat(game_id, s.user_id, house=s.house)
                    fields = {"status": "running", "seed": seed, "started_at": iso(now)}
                    await self._write_state(repo, t, 0, now, events, fields, snapshot=True)
                    messages = route_events(game_id, events, t.user_of())
                    messages.append(self._board(t, "The game begins.", {}))
                    messages += await self._sync_prompts(repo, t, now)
                    messages.append(await self._status_message(repo, t))
                    await repo.add_messages(messages, iso(now))
            except BaseException:
                self._tables.pop(game_id, None)
                raise
            self._woken()
            return _info(t.row, t.seats)

    async def cancel(self, game_id: int, user_id: int, manager: bool = False) -> GameInfo:
        async with self._lock(game_id):
            t = await self._load(game_id)
            self._may_manage(t, user_id, manager)
            if t.row.status in ("finished", "cancelled"):
                raise ServiceError(f"This game is already {t.row.status}.")
            started = t.row.seed is not None
            await self._set_status(t, "cancelled", "The game was cancelled." if started else None)
            return _info(t.row, t.seats)

    async def pause(self, game_id: int, user_id: int, manager: bool = False) -> GameInfo:
        """Freeze the game's timers, keeping each one's remaining time; answers wait for the resume."""
        async with self._lock(game_id):
            t = await self._load(game_id)
            self._may_manage(t, user_id, manager)
            if t.row.status != "running":
                raise ServiceError("Only a running game can be paused.")
            await self._set_status(t, "paused", "The game is paused: deadlines are stopped.")
            return _info(t.row, t.seats)

    async def resume(self, game_id: int, user_id: int, manager: bool = False) -> GameInfo:
        async with self._lock(game_id):
            t = await self._load(game_id)
            self._may_manage(t, user_id, manager)
            if t.row.status != "paused":
                raise ServiceError("Only a paused game can be resumed.")
            await self._set_status(t, "running", "The game resumes: deadlines run again.")
            return _info(t.row, t.seats)

    async def _set_status(self, t: Table, status: str, notice: str | None) -> None:
        now = self.clock()
        async with self.store.transaction() as repo:
            await repo.update_game(t.id, status=status, updated_at=iso(now))
            if status == "cancelled":
                await repo.cancel_timers(t.id)
                prompts = await repo.prompts(t.id)
                if prompts:
                    await repo.remove_prompts(t.id, [p.decision_id for p in prompts])
            elif status == "paused":
                for timer in await repo.timers(t.id):
                    if timer.due_at is not None:
                        left = max(0, int((from_iso(timer.due_at) - now).total_seconds() * 1000))
                        await repo.set_timer(timer.id, None, left)
                for p in await repo.prompts(t.id):
                    await repo.set_prompt_deadline(t.id, p.decision_id, None)
            elif status == "running":
                for timer in await repo.timers(t.id):
                    if timer.due_at is None:
                        due = iso(now + timedelta(milliseconds=timer.remaining_ms or 0))
                        await repo.set_timer(timer.id, due, None)
                        if timer.kind == "deadline":
                            await repo.set_prompt_deadline(t.id, timer.payload["decision_id"], due)
            t.row.status = status
            if notice:
                messages = [self._notice(t, notice)]
                if t.game is not None:
                    messages.append(await self._status_message(repo, t))
                await repo.add_messages(messages, iso(now))
        self._woken()

    # --- answers ----------------------------------------------------------------------------------------

    async def answer(self, game_id: int, user_id: int, decision_id: str, answer: Any) -> Reply:
        """Apply one player's answer. "accepted" only once it is committed; "refused" and "already" write
        nothing."""
        async with self._lock(game_id):
            try:
                t = await self._load(game_id)
            except ServiceError as exc:
                return Reply("refused", str(exc))
            refusal = self._refusal(t)
            if refusal:
                return Reply("refused", refusal)
            house = t.house_of(user_id)
            if house is None:
                return Reply("refused", "You have no seat in this game.")
            decision_id = str(decision_id)
            async with self.store.reading() as repo:
                before = await repo.answered(game_id, decision_id, house)
            if before is not None:
                how = " (the default, at the deadline)" if before.source == "deadline" else ""
                return Reply("already", f"You already answered this{how}; it cannot be changed.")
            try:
                answer = json.loads(json.dumps(answer))  # stored as JSON, so submitted as JSON
            except (TypeError, ValueError):
                return Reply("refused", "That answer is malformed (it is not plain data).")
            assert t.game is not None
            decision = next((d for d in t.game.open_decisions() if d.id == decision_id), None)
            if decision is None:
                return Reply("refused", "This prompt has expired: the game has moved on.")
            if decision.player != house:
                return Reply("refused", f"This decision belongs to {t.game.house_name(decision.player)}.")
            return await self._apply(t, decision, user_id, answer, "player")

    def _refusal(self, t: Table) -> str | None:
        status = t.row.status
        if status == "running" and t.game is not None:
            return None
        return {
            "lobby": "The game has not started yet.",
            "paused": "The game is paused; answers are taken again when it resumes.",
            "finished": "The game is over.",
            "cancelled": "The game was cancelled.",
            "frozen": "The game is frozen: its stored state failed an integrity check, and an admin must "
                      "repair it.",
        }.get(status, "The game is not running.")

    async def _apply(self, t: Table, decision: Decision, user_id: int | None, answer: Any, source: str,
                     finish: list[int] | None = None) -> Reply:
        """Submit to the engine and, if it accepts, commit everything in one transaction."""
        assert t.game is not None
        try:
            events = t.game.submit(decision.player, decision.id, answer)
        except EngineError as exc:
            return Reply("refused", str(exc))
        except Exception as exc:  # noqa: BLE001 - the engine restored its state; the answer's shape is wrong
            log.warning("game %s: malformed %s answer refused (%s)", t.id, decision.kind, type(exc).__name__)
            return Reply("refused", "That answer is malformed for this decision.")
        now = self.clock()
        seq = t.row.seq + 1
        event_dicts = [e.to_dict() for e in events]
        name = t.game.house_name(decision.player)
        try:
            async with self.store.transaction() as repo:
                fields: dict[str, Any] = {}
                if t.game.over:
                    fields = {"status": "finished", "finished_at": iso(now)}
                answer_row = AnswerRow(t.id, seq, user_id, decision.player, decision.id, decision.kind, answer,
                                       source, t.game.state.round, t.game.state.phase, state_hash(t.game), iso(now))
                await repo.add_answer(answer_row)
                await self._write_state(repo, t, seq, now, event_dicts, fields,
                                        snapshot=seq % SNAPSHOT_EVERY == 0 or t.game.over)
                messages: list[NewMessage] = []
                if source == "deadline":
                    messages += await self._missed(repo, t, decision, user_id, name)
                if finish:
                    await repo.finish_timers(finish)
                messages += route_events(t.id, event_dicts, t.user_of())
                moment = board_moment(event_dicts)
                if moment:
                    messages.append(self._board(t, *moment))
                messages += await self._sync_prompts(repo, t, now)
                messages.append(await self._status_message(repo, t))
                if t.game.over:
                    messages.append(self._game_over(t))
                await repo.add_messages(messages, iso(now))
        except BaseException:
            self._tables.pop(t.id, None)  # memory ran ahead of the database: reload on next use
            raise
        self._woken()
        return Reply("accepted", f"{name}: your answer ({_label(decision)}) is recorded.")

    async def _write_state(self, repo: Repo, t: Table, seq: int, now: datetime, events: list[dict[str, Any]],
                           fields: dict[str, Any], snapshot: bool) -> None:
        assert t.game is not None
        fingerprint = state_hash(t.game)
        await repo.add_events(t.id, seq, events)
        if snapshot:
            await repo.add_snapshot(t.id, seq, state_text(t.game))
        fields = {"seq": seq, "round": t.game.state.round, "phase": t.game.state.phase, "state_hash": fingerprint,
                  "updated_at": iso(now), **fields}
        await repo.update_game(t.id, **fields)
        for key, value in fields.items():
            setattr(t.row, key, value)

    async def _missed(self, repo: Repo, t: Table, decision: Decision, user_id: int | None,
                      name: str) -> list[NewMessage]:
        """A deadline passed: count it on the seat and tell the table."""
        messages = [self._notice(t, f"{name} missed the deadline: default {_label(decision)} given.")]
        seat = next((s for s in t.seats if s.user_id == user_id), None)
        if seat is not None:
            seat.missed += 1
            await repo.update_seat(t.id, seat.user_id, missed=seat.missed)
            if seat.missed == t.row.settings["replace_after"]:
                messages.append(self._notice(t, f"{name} has missed {seat.missed} deadlines: the table may "
                                                "replace this seat."))
        return messages

    # --- prompts and timers -----------------------------------------------------------------------------

    async def _sync_prompts(self, repo: Repo, t: Table, now: datetime) -> list[NewMessage]:
        """Close the prompts of decisions no longer open; prompt (once) each newly open decision, with its
        deadline and reminder timers."""
        assert t.game is not None
        open_now = {d.id: d for d in t.game.open_decisions()} if t.row.status == "running" else {}
        prompted = {p.decision_id for p in await repo.prompts(t.id)}
        gone = sorted(prompted - set(open_now))
        if gone:
            await repo.remove_prompts(t.id, gone)
            await repo.cancel_timers(t.id, gone)
        messages: list[NewMessage] = []
        users = t.user_of()
        for d in open_now.values():
            if d.id in prompted:
                continue
            seconds = deadline_seconds(t.row.settings, d.kind)
            due = iso(now + timedelta(seconds=seconds))
            await repo.add_prompt(PromptRow(t.id, d.id, d.player, d.kind, due, iso(now)))
            timer = {"decision_id": d.id, "house": d.player}
            for fraction in t.row.settings["reminders"]:
                await repo.add_timer(t.id, "reminder", iso(now + timedelta(seconds=seconds * fraction)),
                                     {**timer, "fraction": fraction})
            await repo.add_timer(t.id, "deadline", due, timer)
            messages.append(NewMessage(t.id, "player", users[d.player], "prompt", self._prompt(t, d, due)))
        return messages

    def _prompt(self, t: Table, d: Decision, deadline: str | None) -> dict[str, Any]:
        assert t.game is not None
        return {"decision": d.to_dict(), "deadline": deadline,
                "game": {"id": t.id, "guild_id": t.row.guild_id, "channel_id": t.row.channel_id, "house": d.player,
                         "house_name": t.game.house_name(d.player), "round": t.game.state.round,
                         "phase": t.game.state.phase, "label": _label(d)}}

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
            if t.row.status != "running" or t.game is None:
                return 0
            async with self.store.reading() as repo:
                due = [x for x in await repo.timers(game_id) if x.due_at is not None and x.due_at <= iso(now)]
                prompts = {p.decision_id: p for p in await repo.prompts(game_id)}
            reminders = [x for x in due if x.kind == "reminder"]
            if reminders:
                await self._remind(t, reminders, prompts, now)
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

    async def _remind(self, t: Table, reminders: list[Any], prompts: dict[str, PromptRow], now: datetime) -> None:
        assert t.game is not None
        open_now = {d.id: d for d in t.game.open_decisions()}
        users = t.user_of()
        messages: list[NewMessage] = []
        waiting: list[dict[str, Any]] = []
        for timer in reminders:
            d = open_now.get(timer.payload["decision_id"])
            prompt = prompts.get(timer.payload["decision_id"])
            if d is None or prompt is None:
                continue
            messages.append(NewMessage(t.id, "player", users[d.player], "reminder",
                                       self._prompt(t, d, prompt.deadline_at)))
            waiting.append({"house": d.player, "user_id": users[d.player], "kind": d.kind, "label": _label(d),
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
            try:
                await asyncio.wait_for(self.timer_wake.wait(), timeout)
            except TimeoutError:
                pass

    def _woken(self) -> None:
        """New outbox rows or timers were committed: wake the dispatchers."""
        if self.dispatcher is not None:
            self.dispatcher.wake.set()
        self.timer_wake.set()

    # --- messages ---------------------------------------------------------------------------------------

    def _notice(self, t: Table, text: str) -> NewMessage:
        return NewMessage(t.id, "public", None, "notice", {"text": text})

    def _board(self, t: Table, caption: str, highlights: dict[str, Any]) -> NewMessage:
        assert t.game is not None
        return NewMessage(t.id, "public", None, "board",
                          {"view": t.game.view(None), "caption": caption, "highlights": highlights})

    def _game_over(self, t: Table) -> NewMessage:
        assert t.game is not None
        s = t.game.state
        return NewMessage(t.id, "public", None, "game_over",
                          {"winner": s.winner, "ranking": s.ranking, "round": s.round,
                           "text": f"{t.game.house_name(s.winner or '')} won the game in round {s.round}."})

    async def _status_message(self, repo: Repo, t: Table) -> NewMessage:
        return NewMessage(t.id, "public", None, "status", {"status": self._status(t, await repo.prompts(t.id))})

    def _status(self, t: Table, prompts: list[PromptRow]) -> dict[str, Any]:
        deadlines = {p.decision_id: p.deadline_at for p in prompts}
        users = t.user_of()
        waiting = []
        if t.game is not None and t.row.status in ("running", "paused"):
            waiting = [{"house": d.player, "user_id": users.get(d.player), "kind": d.kind, "label": _label(d),
                        "deadline": deadlines.get(d.id)} for d in t.game.open_decisions()]
        return {"game_id": t.id, "status": t.row.status, "round": t.row.round, "phase": t.row.phase,
                "waiting": waiting, "answers": t.row.seq}

    # --- reading ----------------------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameInfo:
        async with self.store.reading() as repo:
            row = await repo.game(game_id)
            if row is None:
                raise ServiceError(f"There is no game #{game_id}.")
            return _info(row, await repo.seats(game_id))

    async def games_in_channel(self, channel_id: int) -> list[GameInfo]:
        return await self._infos(channel_id, None)

    async def games_of_user(self, user_id: int) -> list[GameInfo]:
        return await self._infos(None, user_id)

    async def _infos(self, channel_id: int | None, user_id: int | None) -> list[GameInfo]:
        async with self.store.reading() as repo:
            rows = await repo.games(channel_id=channel_id, user_id=user_id)
            return [_info(row, await repo.seats(row.id)) for row in rows]

    async def seat_of(self, game_id: int, user_id: int) -> Seat | None:
        return (await self.game(game_id)).seat_of(user_id)

    async def _started(self, game_id: int) -> Table:
        t = await self._load(game_id)
        if t.game is None:
            raise ServiceError(self._refusal(t) or "The game has not started yet.")
        return t

    async def view(self, game_id: int, user_id: int | None = None) -> dict[str, Any]:
        """What this user's house may see (the public view for None or a user without a seat)."""
        async with self._lock(game_id):
            t = await self._started(game_id)
            assert t.game is not None
            return t.game.view(t.house_of(user_id) if user_id is not None else None)

    async def pending(self, game_id: int, user_id: int) -> list[dict[str, Any]]:
        """This user's open decisions: ``Decision.to_dict()`` plus "deadline" (ISO text, None while paused)."""
        async with self._lock(game_id):
            t = await self._load(game_id)
            house = t.house_of(user_id)
            if t.game is None or house is None or t.row.status not in ("running", "paused"):
                return []
            async with self.store.reading() as repo:
                deadlines = {p.decision_id: p.deadline_at for p in await repo.prompts(game_id)}
            return [{**d.to_dict(), "deadline": deadlines.get(d.id)} for d in t.game.open_decisions()
                    if d.player == house]

    async def status(self, game_id: int) -> dict[str, Any]:
        async with self._lock(game_id):
            t = await self._load(game_id)
            async with self.store.reading() as repo:
                return self._status(t, await repo.prompts(game_id))

    async def log(self, game_id: int, before_seq: int | None = None, limit: int = 20) -> list[dict[str, Any]]:
        """Public events, newest last; "seq" numbers them per game (page back with ``before_seq``)."""
        async with self.store.reading() as repo:
            if await repo.game(game_id) is None:
                raise ServiceError(f"There is no game #{game_id}.")
            rows = await repo.events(game_id, audience="public", before=before_seq, limit=limit)
        return [{**r.event, "seq": r.n} for r in rows]
