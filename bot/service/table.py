"""The table service: the one object front ends, the demo and the tests hold. A thin facade: it builds the core
and its collaborators and hands each call to the one that does it (the flow of an answer: ``README.md``).

- ``core.py``: the per-game lock, the cache of loaded games, one answer applied and committed (hook
  ``after_answer``).
- ``lobby.py`` (create, join, start, pause, resume, cancel, replace), ``reads.py`` (views, pending, status, log),
  ``seats.py`` (absence, autopilot, open seats), ``votes.py``, ``repairs.py`` (force, set_deadline, a vote's
  extend and end), ``deadlines.py`` (the timers, one handler per kind), ``history.py`` (history, rewind),
  ``extras.py`` (digest, my games, ratings, replay file), ``whispers.py`` (anonymous whispers between houses),
  ``calculator`` of the game's room (AGoT's combat calculator, over the player's own view), ``animate.py``
  (animated replays: a round's views step by step, the drawing cached).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Hashable
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from bot.games.rooms import room
from bot.service.animate import Animations, Reel
from bot.service.clock import Clock
from bot.service.collector import tune_collector
from bot.service.core import CACHE_GAMES, TableCore
from bot.service.deadlines import Deadlines
from bot.service.extras import Extras
from bot.service.history import History
from bot.service.kinds import TimerKind
from bot.service.loaded import Table
from bot.service.lobby import Lobby
from bot.service.models import GameInfo, Reply, Seat, ServiceError
from bot.service.outbox import Dispatcher, Transport
from bot.service.queue import Queue, ReadyReply
from bot.service.reads import Reads
from bot.service.repairs import Repairs
from bot.service.seasons import Band, RolePlan, Seasons
from bot.service.seats import Seats
from bot.service.stats import PlayerStats, Stats, TableStats
from bot.service.votes import Votes
from bot.service.wake import Sleeper
from bot.service.whispers import Whispers
from bot.storage import StorageError, Store, open_store
from bot.storage.season_rows import SeasonRow
from engine.core import EngineError
from engine.registry import DEFAULT

log = logging.getLogger("bot.service")
T = TypeVar("T")


class TableService:
    def __init__(self, store: Store, clock: Clock | None = None,
                 randbits: Callable[[int], int] | None = None, cache_games: int | None = None) -> None:
        self.core = core = TableCore(store, clock, randbits, cache_games or CACHE_GAMES)
        self.seats = Seats(core)  # registers the autopilot's after_answer hook
        self.lobby = Lobby(core, self.seats)
        self.reads = Reads(core)
        self.history_of = History(core)
        self.repairs = Repairs(core)
        self.votes = Votes(core, self.lobby, self.seats, self.history_of, self.repairs)
        self.deadlines = Deadlines(core, self.seats, self.votes)
        self.extras = Extras(core, self.reads)
        self.whispers = Whispers(core)
        self.queue = Queue(core, self.lobby)  # a server's queue; the timer task fires its ready checks
        self.deadlines.lobby_timers[TimerKind.READY] = self.queue.expire
        self.animations = Animations(core)
        self.seasons_of = Seasons(core)
        self._tasks: list[asyncio.Task[None]] = []
        self._sleepers: list[Sleeper] = []
        self._flusher: Dispatcher | None = None

    @classmethod
    async def open(cls, db: str | Path | Store, clock: Clock | None = None,
                   randbits: Callable[[int], int] | None = None, cache_games: int | None = None) -> TableService:
        """On an opened store, or open (create, migrate) the one at a database address (``open_store``); games load
        lazily on first use, at most ``cache_games`` (default ``CACHE_GAMES``) stay loaded while idle. ``randbits``
        (default ``secrets.randbits``) draws each started game's RNG secret and house deal: seed it for a
        replayable demo."""
        return cls(await open_store(db) if isinstance(db, str | Path) else db, clock, randbits, cache_games)

    @property
    def store(self) -> Store:
        return self.core.store

    @property
    def clock(self) -> Clock:
        return self.core.clock

    @property
    def _tables(self) -> dict[int, Table]:
        """The loaded games (tests look at the live state)."""
        return self.core.tables

    def serve(self, transport: Transport | None = None) -> None:
        """Start the background tasks: the outbox dispatcher (with a transport) and the timer task, both woken by
        every commit (``TableCore.committed``) and, on a database several processes share, by the other processes'
        commits (``Store.listen``). Unsent rows are delivered and timers that fell due while the bot was down fire
        at once. The garbage collector is set for a long-running server (``collector.py``)."""
        tune_collector()
        committed = self.core.committed
        if transport is not None:
            dispatcher = Dispatcher(self.store, transport, self.clock)
            self._sleepers.append(sleeper := committed.sleeper())
            self._tasks.append(asyncio.create_task(dispatcher.run(sleeper), name="outbox"))
        self._sleepers.append(sleeper := committed.sleeper())
        self._tasks.append(asyncio.create_task(self.deadlines.timer_loop(sleeper), name="timers"))
        if self.store.shared:
            self._tasks.append(asyncio.create_task(self._listen(), name="listen"))

    async def _listen(self) -> None:
        """A database several processes share: another process's new outbox rows or timers (NOTIFY, ids only)
        wake the dispatcher and the timer task; their slow poll stays the safety net."""
        try:
            await self.store.listen(lambda _kind, _game_id: self.core.woken())
        except StorageError as exc:
            log.warning("not listening for other processes' work (the slow poll remains): %s", exc)

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            try:
                await task
            except asyncio.CancelledError:
                pass
        self._tasks.clear()
        for sleeper in self._sleepers:
            self.core.committed.forget(sleeper)
        self._sleepers.clear()
        await self.store.close()

    async def flush(self, transport: Transport) -> None:
        """Deliver every unsent row that may go now (the demo and tests, without background tasks), with one
        dispatcher per transport."""
        if self._flusher is None or self._flusher.transport is not transport:
            self._flusher = Dispatcher(self.store, transport, self.clock)
        await self._flusher.deliver_once()

    async def run_due_timers(self) -> int:
        """Fire every timer due by the clock; return how many fired."""
        return await self.deadlines.run_due_timers()

    # --- answers (core.py) ---------------------------------------------------------------------------------

    async def answer(self, game_id: int, user_id: int, decision_id: str, answer: Any) -> Reply:
        """Apply one player's answer. "accepted" only once it is committed; "refused" and "already" write
        nothing."""
        return await self.core.answer(game_id, user_id, decision_id, answer)

    # --- lobby and management (lobby.py) ----------------------------------------------------------------------

    async def create_game(self, guild_id: int | None, channel_id: int, creator_id: int, players: int,
                          settings: dict[str, Any] | None = None, game: str = DEFAULT) -> int:
        """A new table of ``game`` (its stored name in ``engine.registry``; A Game of Thrones by default)."""
        return await self.lobby.create_game(guild_id, channel_id, creator_id, players, settings, game)

    async def join(self, game_id: int, user_id: int, name: str, house: str | None = None) -> GameInfo:
        return await self.lobby.join(game_id, user_id, name, house)

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        return await self.lobby.leave(game_id, user_id)

    async def start(self, game_id: int, user_id: int, manager: bool = False) -> GameInfo:
        return await self.lobby.start(game_id, user_id, manager)

    async def cancel(self, game_id: int, user_id: int, manager: bool = False, by: str | None = None) -> GameInfo:
        return await self.lobby.cancel(game_id, user_id, manager, by)

    async def pause(self, game_id: int, user_id: int, manager: bool = False, by: str | None = None) -> GameInfo:
        return await self.lobby.pause(game_id, user_id, manager, by)

    async def resume(self, game_id: int, user_id: int, manager: bool = False, by: str | None = None) -> GameInfo:
        return await self.lobby.resume(game_id, user_id, manager, by)

    async def replace(self, game_id: int, user_id: int, house: str, new_user_id: int, name: str,
                      manager: bool = False) -> GameInfo:
        return await self.lobby.replace(game_id, user_id, house, new_user_id, name, manager)

    # --- reading (reads.py) ------------------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameInfo:
        return await self.reads.game(game_id)

    async def games_in_channel(self, channel_id: int) -> list[GameInfo]:
        return await self.reads.games_in_channel(channel_id)

    async def games_of_user(self, user_id: int) -> list[GameInfo]:
        return await self.reads.games_of_user(user_id)

    async def seat_of(self, game_id: int, user_id: int) -> Seat | None:
        return await self.reads.seat_of(game_id, user_id)

    async def view(self, game_id: int, user_id: int | None = None) -> dict[str, Any]:
        return await self.reads.view(game_id, user_id)

    async def calc(self, game_id: int, user_id: int, area: str, sources: list[str] | None = None) -> str:
        """The private combat calculator: an attack on ``area`` (from ``sources``), worked out from this user's
        own view only (the room's ``calculator``)."""
        if await self.seat_of(game_id, user_id) is None:
            raise ServiceError("The calculator works from your own house's view: you need a seat in this game.")
        calculator = room((await self.game(game_id)).game).calculator
        if calculator is None:
            raise ServiceError("This game has no calculator.")
        try:
            return calculator(await self.view(game_id, user_id), area, sources)
        except EngineError as exc:
            raise ServiceError(str(exc)) from None

    async def pending(self, game_id: int, user_id: int) -> list[dict[str, Any]]:
        return await self.reads.pending(game_id, user_id)

    async def standing(self, game_id: int, user_id: int) -> list[dict[str, Any]]:
        return await self.reads.standing(game_id, user_id)

    async def status(self, game_id: int) -> dict[str, Any]:
        return await self.reads.status(game_id)

    async def log(self, game_id: int, before_seq: int | None = None, limit: int = 20) -> list[dict[str, Any]]:
        return await self.reads.log(game_id, before_seq, limit)

    # --- seats (seats.py) ----------------------------------------------------------------------------------------

    async def away(self, game_id: int, user_id: int, days: float | None = None,
                   until: datetime | None = None) -> GameInfo:
        return await self.seats.away(game_id, user_id, days, until)

    async def back(self, game_id: int, user_id: int) -> GameInfo:
        return await self.seats.back(game_id, user_id)

    async def kick(self, game_id: int, user_id: int, house: str, manager: bool = False,
                   why: str | None = None) -> GameInfo:
        return await self.seats.kick(game_id, user_id, house, manager, why)

    async def claim_seat(self, game_id: int, user_id: int, name: str, house: str) -> GameInfo:
        return await self.seats.claim_seat(game_id, user_id, name, house)

    # --- votes (votes.py) and repairs (repairs.py) ------------------------------------------------------------

    async def open_vote(self, game_id: int, user_id: int, kind: str, house: str | None = None,
                        hours: int | None = None) -> dict[str, Any]:
        return await self.votes.open_vote(game_id, user_id, kind, house, hours)

    async def cast_ballot(self, game_id: int, vote_id: int, user_id: int, yes: bool) -> str:
        return await self.votes.cast_ballot(game_id, vote_id, user_id, yes)

    async def vote_info(self, game_id: int, vote_id: int) -> dict[str, Any]:
        return await self.votes.vote_info(game_id, vote_id)

    async def force(self, game_id: int, user_id: int, house: str, manager: bool = False) -> str:
        return await self.repairs.force(game_id, user_id, house, manager)

    async def set_deadline(self, game_id: int, user_id: int, hours: float, house: str | None = None,
                           manager: bool = False) -> str:
        return await self.repairs.set_deadline(game_id, user_id, hours, house, manager)

    # --- history (history.py) -------------------------------------------------------------------------------

    async def history(self, game_id: int, round: int, phase: str, user_id: int | None = None) -> dict[str, Any]:
        return await self.history_of.history(game_id, round, phase, user_id)

    async def history_events(self, game_id: int, round: int, phase: str) -> list[dict[str, Any]]:
        return await self.history_of.history_events(game_id, round, phase)

    async def rewind(self, game_id: int, user_id: int, count: int, manager: bool = False, reason: str = "") -> str:
        return await self.history_of.rewind(game_id, user_id, count, manager, reason)

    # --- extras (extras.py) -----------------------------------------------------------------------------------

    async def digest(self, game_id: int, user_id: int) -> dict[str, Any]:
        return await self.extras.digest(game_id, user_id)

    async def my_games(self, user_id: int) -> list[dict[str, Any]]:
        return await self.extras.my_games(user_id)

    async def leaderboard(self, guild_id: int) -> list[dict[str, Any]]:
        return await self.extras.leaderboard(guild_id)

    async def record(self, guild_id: int, user_id: int) -> dict[str, Any] | None:
        return await self.extras.record(guild_id, user_id)

    async def replay_file(self, game_id: int) -> bytes:
        return await self.extras.replay_file(game_id)

    # --- whispers (whispers.py) -------------------------------------------------------------------------------

    async def whisper(self, game_id: int, user_id: int, house: str, text: str) -> str:
        """Relay ``text`` by DM from the user's house to ``house``'s player, naming only the sending house."""
        return await self.whispers.whisper(game_id, user_id, house, text)

    # --- seasons and rank roles (seasons.py, issue 29) ----------------------------------------------------------

    async def check_season(self, guild_id: int, name: str, starts_at: datetime, ends_at: datetime,
                           game: str | None = None, counted: int | None = None, per_game: bool = False,
                           bands: list[Band] | None = None, manager: bool = False) -> None:
        """Refuse a season that cannot be opened (before the front end creates its roles); writes nothing."""
        await self.seasons_of.check_season(guild_id, name, starts_at, ends_at, game, counted, per_game, bands,
                                           manager)

    async def open_season(self, guild_id: int, channel_id: int, user_id: int, name: str, starts_at: datetime,
                          ends_at: datetime, game: str | None = None, counted: int | None = None,
                          per_game: bool = False, bands: list[Band] | None = None,
                          manager: bool = False) -> SeasonRow:
        return await self.seasons_of.open_season(guild_id, channel_id, user_id, name, starts_at, ends_at, game,
                                                 counted, per_game, bands, manager)

    async def seasons(self, guild_id: int) -> list[SeasonRow]:
        return await self.seasons_of.seasons(guild_id)

    async def season_board(self, guild_id: int, name: str | None = None) -> tuple[SeasonRow, list[dict[str, Any]]]:
        return await self.seasons_of.board(guild_id, name)

    async def end_season(self, guild_id: int, user_id: int, manager: bool = False,
                         name: str | None = None) -> SeasonRow:
        return await self.seasons_of.end_season(guild_id, user_id, manager, name)

    async def rank_roles(self, guild_id: int, season_id: int | None = None) -> list[RolePlan]:
        return await self.seasons_of.rank_roles(guild_id, season_id)

    async def role_holders(self, guild_id: int) -> dict[int, set[int]]:
        return await self.seasons_of.role_holders(guild_id)

    async def set_role_holders(self, guild_id: int, role_id: int, user_ids: list[int]) -> None:
        await self.seasons_of.set_role_holders(guild_id, role_id, user_ids)

    async def role_said(self, season: SeasonRow, role_id: int, said: bool) -> None:
        await self.seasons_of.role_said(season, role_id, said)

    # --- player statistics and who a table waits for (stats.py, issue 29) ----------------------------------------

    async def stats(self, user_id: int, asker_id: int, guild_id: int | None, everywhere: bool = False) -> PlayerStats:
        """``user_id``'s figures in the server ``guild_id``, or in every server (the asker's own only)."""
        return await Stats(self.core).player(user_id, asker_id, guild_id, everywhere)

    async def table_stats(self, game_id: int) -> TableStats:
        """Each seat's times to answer and deadlines missed, the seat the table waits for most first."""
        return await Stats(self.core).table(game_id)

    # --- animated replays (animate.py, issue 29) -------------------------------------------------------------

    async def reel(self, game_id: int, user_id: int, round: int | None = None, private: bool = False) -> Reel:
        """The views of ``round`` step by step (None: the whole game once it is over, else the latest round), the
        public ones or, with ``private``, the user's own seat's."""
        return await self.animations.reel(game_id, user_id, round, private)

    async def animation(self, game_id: int, user_id: int, round: int | None, private: bool,
                        draw: Callable[[Reel], T], request: Hashable) -> T:
        """``draw`` of the reel, off the event loop; cached by the game's state fingerprint and ``request``."""
        return await self.animations.animation(game_id, user_id, round, private, draw, request)

    # --- the queue (queue.py, issue 29) -------------------------------------------------------------------------

    async def queue_join(self, guild_id: int, channel_id: int, user_id: int, name: str, game: str, players: int,
                         settings: dict[str, Any] | None = None, words: str = "", hours: int = 12) -> str:
        """Wait in the server's queue for a table of ``game`` (its own settings read from ``words``); a ready check
        opens when enough members wait for the same one."""
        return await self.queue.join(guild_id, channel_id, user_id, name, game, players, settings, words, hours)

    async def queue_leave(self, guild_id: int, user_id: int, game: str | None = None) -> str:
        return await self.queue.leave(guild_id, user_id, game)

    async def queue_show(self, guild_id: int) -> list[str]:
        return await self.queue.show(guild_id)

    async def queue_ready(self, check_game: int, user_id: int) -> ReadyReply:
        return await self.queue.ready(check_game, user_id)

    async def queue_launch(self, check_game: int, channel_id: int | None = None) -> GameInfo:
        """Start the game of a ready check whose members are all ready (in ``channel_id``: its new thread)."""
        return await self.queue.launch(check_game, channel_id)
