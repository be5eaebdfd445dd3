"""The core of the table service: loading a game (and checking it), applying one answer in one transaction,
prompts, and the outbox rows an answer causes. ``table.py`` builds the public service on it."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.service.clock import Clock, system_clock
from bot.service.models import GameInfo, Reply, Seat, ServiceError
from bot.service.outbox import Dispatcher
from bot.service.replay import Divergence, apply_answers, commitment, end_if_ended_early, state_hash, state_text
from bot.service.routing import route_events
from bot.service.settings import shaped_deadline
from bot.storage import (
    AnswerRow,
    GameRow,
    NewMessage,
    PromptRow,
    Repo,
    SeatRow,
    Store,
    TimerRow,
    iso,
)
from engine.agot import Game
from engine.core import AlreadySubmitted, Decision, EngineError

log = logging.getLogger("bot.service")

SNAPSHOT_EVERY = 25  # a snapshot every N answers; loading replays at most N - 1 answers after the latest


@dataclass
class Table:
    """A loaded game: its row, its seats and (once started) the engine game."""

    row: GameRow
    seats: list[SeatRow]
    game: Game | None = None
    # decision id -> deadline of the prompts table, cached (None: read it); only _sync_prompts changes it,
    # and whoever else writes prompts (pause, resume, cancel, rewind) drops it
    deadlines: dict[str, str | None] | None = None

    @property
    def id(self) -> int:
        return self.row.id

    def house_of(self, user_id: int) -> str | None:
        """The house this user plays (an open seat's last player has none)."""
        return next((s.house for s in self.seats if s.user_id == user_id and s.state != "open"), None)

    def user_of(self) -> dict[str, int]:
        """house -> the user who plays it (an open seat has nobody: its private messages go nowhere)."""
        return {s.house: s.user_id for s in self.seats if s.house and s.state != "open"}

    @property
    def faceless(self) -> bool:
        """Public messages name houses only until the game ends (the setting ``faceless``)."""
        return bool(self.row.settings.get("faceless")) and self.row.status not in ("finished", "cancelled")

    def named(self, user_id: int) -> str:
        """How a public message names a user who acted (a mention; in a faceless game only "a player" or "a
        manager", never who)."""
        if not self.faceless:
            return f"<@{user_id}>"
        return "a player" if self.house_of(user_id) else "a manager"

    def public_user(self, house: str) -> int | None:
        """The user a public message may name for ``house`` (None in a faceless game)."""
        return None if self.faceless else self.user_of().get(house)


def label_of(decision: Decision) -> str:
    return str(decision.to_dict().get("label") or decision.kind.replace("_", " "))


def game_info(row: GameRow, seats: list[SeatRow]) -> GameInfo:
    return GameInfo(id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, status=row.status,
                    players=row.players, settings=row.settings, creator_id=row.creator_id,
                    seats=[Seat(s.user_id, s.name, s.house, s.missed, s.state, s.away_until)
                           for s in seats], round=row.round,
                    phase=row.phase)


class TableCore:
    def __init__(self, store: Store, clock: Clock | None = None,
                 randbits: Callable[[int], int] | None = None) -> None:
        self.store = store
        self.clock: Clock = clock or system_clock
        # the source of each game's RNG secret and house deal: secrets.randbits, or a seeded one (the demo)
        self.randbits: Callable[[int], int] = randbits or secrets.randbits
        self._tables: dict[int, Table] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self.dispatcher: Dispatcher | None = None
        self.timer_wake = asyncio.Event()

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
            end_if_ended_early(game, table.row.status, table.row.note)
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

    @staticmethod
    def _may_manage(t: Table, user_id: int, manager: bool) -> None:
        if not manager and user_id != t.row.creator_id:
            raise ServiceError("Only the game's creator or a server manager may do that.")

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
        except AlreadySubmitted as exc:
            return Reply("already", str(exc))
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
                fingerprint = state_hash(t.game)
                answer_row = AnswerRow(t.id, seq, user_id, decision.player, decision.id, decision.kind, answer,
                                       source, t.game.state.round, t.game.state.phase, fingerprint, iso(now))
                await repo.add_answer(answer_row)
                await self._write_state(repo, t, seq, now, event_dicts, fingerprint, fields,
                                        snapshot=seq % SNAPSHOT_EVERY == 0 or t.game.over)
                messages: list[NewMessage] = []
                if source == "deadline":
                    messages += await self._missed(repo, t, decision, user_id, name)
                if finish:
                    await repo.finish_timers(finish)
                messages += await route_events(repo, t.id, t.game, event_dicts, t.user_of(), seq)
                messages += await self._sync_prompts(repo, t, now)
                if t.game.over:
                    messages.append(self._game_over(t))
                    await repo.add_result(t.id, t.row.guild_id, self._ranking(t), iso(now))
                await repo.add_messages(messages, iso(now))
        except BaseException:
            self._tables.pop(t.id, None)  # memory ran ahead of the database: reload on next use
            raise
        self._woken()
        done = "changed (you may change it until everyone has answered)" if decision.submitted else "recorded"
        return Reply("accepted", f"{name}: your answer ({label_of(decision)}) is {done}.")

    async def _write_state(self, repo: Repo, t: Table, seq: int, now: datetime, events: list[dict[str, Any]],
                           fingerprint: str, fields: dict[str, Any], snapshot: bool) -> None:
        assert t.game is not None
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
        messages = [self._notice(t, f"{name} missed the deadline: default {label_of(decision)} given.")]
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
        deadline and reminder timers; then the public status line."""
        assert t.game is not None
        open_now = {d.id: d for d in t.game.open_decisions()} if t.row.status == "running" else {}
        deadlines = dict(await self._deadlines(repo, t))
        prompted = set(deadlines)
        gone = sorted(prompted - set(open_now))
        if gone:
            await repo.remove_prompts(t.id, gone)
            await repo.cancel_timers(t.id, gone)
        messages: list[NewMessage] = []
        users = t.user_of()
        for d in open_now.values():
            if d.id in prompted:
                continue
            moment, reminders = shaped_deadline(t.row.settings, d.kind,
                                                 self._deadline_start(t, d.player, now))  # later while away
            due = iso(moment)
            await repo.add_prompt(PromptRow(t.id, d.id, d.player, d.kind, due, iso(now)))
            timer = {"decision_id": d.id, "house": d.player}
            for fraction, at in zip(t.row.settings["reminders"], reminders, strict=True):
                await repo.add_timer(t.id, "reminder", iso(at), {**timer, "fraction": fraction})
            await repo.add_timer(t.id, "deadline", due, timer)
            deadlines[d.id] = due
            if d.player in users and not self._autopiloted(t, d.player, now):  # else the autopilot answers
                messages.append(NewMessage(t.id, "player", users[d.player], "prompt", self._prompt(t, d, due)))
        for decision_id in gone:
            del deadlines[decision_id]
        t.deadlines = deadlines  # a failed transaction drops the whole table from the cache
        status = self._status(t, list(open_now.values()), deadlines)
        messages.append(NewMessage(t.id, "public", None, "status", {"status": status}))
        return messages

    async def _other_timers(self, t: Table, timers: list[TimerRow], now: datetime) -> None:
        """Timers that are neither reminders nor deadlines (the Seats mixin handles its own); finish the rest."""
        async with self.store.transaction() as repo:
            await repo.finish_timers([x.id for x in timers])

    def _deadline_start(self, t: Table, house: str, now: datetime) -> datetime:
        """When a new prompt's deadline starts counting (the Seats mixin stretches it for an absence)."""
        return now

    def _autopiloted(self, t: Table, house: str, now: datetime) -> bool:
        """Whether the autopilot answers this house's decisions (the Seats mixin decides)."""
        return False

    def _prompt(self, t: Table, d: Decision, deadline: str | None) -> dict[str, Any]:
        assert t.game is not None
        return {"decision": d.to_dict(), "deadline": deadline,
                "game": {"id": t.id, "guild_id": t.row.guild_id, "channel_id": t.row.channel_id, "house": d.player,
                         "house_name": t.game.house_name(d.player), "round": t.game.state.round,
                         "phase": t.game.state.phase, "label": label_of(d)}}

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
        fair = {}
        if t.row.seed is not None and t.row.settings.get("fair_salt"):
            salt = t.row.settings["fair_salt"]
            fair = {"secret": t.row.seed, "salt": salt, "commitment": commitment(t.row.seed, salt)}
        players = {x.house: x.name for x in t.seats if x.house}  # the standings reveal who played which house
        return NewMessage(t.id, "public", None, "game_over",
                          {"winner": s.winner, "ranking": s.ranking, "round": s.round, "fair": fair, "players": players,
                           "text": f"{t.game.house_name(s.winner or '')} won the game in round {s.round}."})

    def _ranking(self, t: Table) -> list[dict[str, Any]]:
        """The final ranking with the seat of each house, winner first (recorded for the ratings)."""
        assert t.game is not None
        seats = {s.house: s for s in t.seats if s.house}
        return [{"house": h, "user_id": seats[h].user_id, "name": seats[h].name}
                for h in t.game.state.ranking or [] if h in seats]

    async def _status_message(self, repo: Repo, t: Table) -> NewMessage:
        return NewMessage(t.id, "public", None, "status", {"status": await self._read_status(repo, t)})

    async def _read_status(self, repo: Repo, t: Table) -> dict[str, Any]:
        opened = t.game.open_decisions() if t.game is not None and t.row.status in ("running", "paused") else []
        return self._status(t, opened, await self._deadlines(repo, t))

    async def _deadlines(self, repo: Repo, t: Table) -> dict[str, str | None]:
        """The open prompts of the game and their deadlines (cached on the table)."""
        if t.deadlines is None:
            t.deadlines = {p.decision_id: p.deadline_at for p in await repo.prompts(t.id)}
        return t.deadlines

    def _status(self, t: Table, opened: list[Decision], deadlines: dict[str, str | None]) -> dict[str, Any]:
        """The public status line: who is awaited for what, until when."""
        waiting = [{"house": d.player, "user_id": t.public_user(d.player), "kind": d.kind, "label": label_of(d),
                    "deadline": deadlines.get(d.id)} for d in opened]
        return {"game_id": t.id, "status": t.row.status, "round": t.row.round, "phase": t.row.phase,
                "waiting": waiting, "last_answer": t.row.seq}
