"""A server's queue (issue 29): members wait for a game of given settings; when enough wait for the same game,
number of players and settings, a ready check opens, and when every matched member has clicked Ready the game
starts in the queue's channel with them seated (the room deals their seats, as ``Lobby.start`` does).

A ready check is a game row in the lobby, made with the check (without a creator: ``NO_CREATOR``; its channel
the one where the member who waited longest joined the queue): its seats are the matched members, its public
outbox rows the check's posts (the first carries the Ready button: payload key ``ready``), and its ``ready`` timer
the check's deadline, which the timer task fires even after a restart (``Deadlines.lobby_timers``). The entries
name their check's game (``check_game``) and when their member clicked Ready. When the time runs out, the members
who did not click leave the queue, the others wait on in their places, the check's game is cancelled, and the
queue is matched again (a new check may open at once with the next waiting members). A member who leaves the
queue during a check calls it off the same way.

The front end opens the game's thread once every member is ready (``ready`` says "all"), then calls ``launch``
with it; if that never comes (the bot stopped in between), the check's deadline launches the game in the queue's
channel itself.

Several bot processes on one PostgreSQL database: the queue's own lock is per process; two processes matching
the same server's queue at once is not guarded against (each may open a check for the same waiting members; the
later one holds their entries).
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.games.rooms import room
from bot.service.core import TableCore
from bot.service.kinds import ACTIVE, Audience, GameStatus, OutboxKind, TimerKind
from bot.service.lobby import Lobby
from bot.service.models import GameInfo, ServiceError
from bot.service.settings import normalize
from bot.storage import NewMessage, Repo, SeatRow, TimerRow
from bot.storage.queue_rows import QueueEntry
from engine.registry import names

READY_TIME = timedelta(minutes=10)  # how long the matched members have to click Ready
MAX_GAMES = 5  # a member already in this many running or paused games may not queue for another
MAX_HOURS = 336  # hours per deadline, as /game create allows
# a queue's game has no creator: no stranger of the queue may start it early or manage the others' game; the
# server's managers manage it
NO_CREATOR = 0


@dataclass(frozen=True)
class ReadyReply:
    status: str  # "ready" (recorded; others are awaited), "all" (every member is ready: launch), "already"
    message: str
    game_id: int  # the check's game


def _people(entries: list[QueueEntry]) -> str:
    return ", ".join(f"<@{e.user_id}>" for e in entries)


def _table(e: QueueEntry) -> str:
    """The settings a queue entry waits for, in words."""
    words = f", {e.words}" if e.words else ""
    return f"{room(e.game).rules.title}, {e.players} players{words}, {e.hours} h per deadline"


class Queue:
    def __init__(self, core: TableCore, lobby: Lobby, ready_time: timedelta = READY_TIME,
                 max_games: int = MAX_GAMES) -> None:
        self.core = core
        self.lobby = lobby
        self.ready_time = ready_time
        self.max_games = max_games
        self.lock = asyncio.Lock()  # one change of the queue at a time (matching reads every waiting entry)

    def configure(self, ready_minutes: int | None = None, max_games: int | None = None) -> None:
        """The bot's settings (``AGOT_QUEUE_READY_MINUTES``, ``AGOT_QUEUE_GAMES``); None keeps the default."""
        if ready_minutes is not None:
            self.ready_time = timedelta(minutes=ready_minutes)
        if max_games is not None:
            self.max_games = max_games

    async def join(self, guild_id: int, channel_id: int, user_id: int, name: str, game: str, players: int,
                   settings: dict[str, Any] | None = None, words: str = "", hours: int = 12) -> str:
        """Put the member in the server's queue for ``game`` (``settings``: the game's own, as its front read
        ``words``); a ready check opens if enough members now wait for the same table. Returns what to tell them."""
        if game not in names():
            raise ServiceError(f"No game is called {game!r}; the bot hosts {', '.join(names())}.")
        if not isinstance(players, int) or isinstance(players, bool):
            raise ServiceError("The number of players is a whole number.")
        rules = room(game).rules
        if not rules.min_players <= players <= rules.max_players:
            raise ServiceError(f"{rules.title} takes {rules.min_players} to {rules.max_players} players.")
        if not isinstance(hours, int) or isinstance(hours, bool) or not 1 <= hours <= MAX_HOURS:
            raise ServiceError(f"Hours per deadline are a whole number from 1 to {MAX_HOURS}.")
        own = dict(settings or {})
        table = normalize({**own, "deadlines": {**own.get("deadlines", {}), "default": hours * 3600}}, players, game)
        async with self.lock:
            async with self.core.store.reading() as repo:
                if any(e.game == game for e in await repo.queue_entries(guild_id, user_id)):
                    raise ServiceError(f"You are already in this server's queue for {rules.title}: `/queue leave` "
                                       "first to wait for other settings.")
                busy = [g for g in await repo.games(user_id=user_id) if g.status in ACTIVE]
            if len(busy) >= self.max_games:
                raise ServiceError(f"You already play {len(busy)} running games (at most {self.max_games}): finish "
                                   "one before you queue for another.")
            entry = QueueEntry(guild_id, user_id, game, channel_id, name, players, words.strip(), table, hours,
                               self.core.clock())
            async with self.core.store.transaction() as repo:
                await repo.add_queue_entry(entry)
                opened = await self._match(repo, guild_id)
                waiting = [e for e in await repo.queue_entries(guild_id) if e.check_game is None
                           and e.game == game and e.players == players and e.settings == entry.settings]
            self.core.woken()
        if any(user_id in users for users in opened.values()):
            return f"You join the queue for {_table(entry)}: enough members wait, a ready check is open: press Ready."
        return (f"You join the queue for {_table(entry)}: {len(waiting)}/{players} waiting. A ready check opens "
                "when the table is full.")

    async def leave(self, guild_id: int, user_id: int, game: str | None = None) -> str:
        """Take the member out of the server's queue (for ``game`` only, or every game); a ready check they were in
        is called off, its other members waiting on."""
        async with self.lock:
            async with self.core.store.reading() as repo:
                mine = [e for e in await repo.queue_entries(guild_id, user_id) if game is None or e.game == game]
            if not mine:
                raise ServiceError("You are not in this server's queue" + (f" for {room(game).rules.title}."
                                                                            if game in names() else "."))
            now = self.core.clock()
            called_off = []
            async with self.core.store.transaction() as repo:
                for e in mine:
                    await repo.remove_queue_entry(guild_id, user_id, e.game)
                    if e.check_game is not None:
                        called_off.append(e.check_game)
                        others = [x for x in await repo.check_entries(e.check_game) if x.user_id != user_id]
                        await self._call_off(repo, e.check_game, others, now,
                                             f"🚪 <@{user_id}> left the queue: the ready check is off; "
                                             f"{_people(others)} wait on.")
                await self._match(repo, guild_id)
            self._dropped(called_off)
        return "You leave the queue for " + ", ".join(_table(e) for e in mine) + "."

    async def show(self, guild_id: int) -> list[str]:
        """The server's queue, one line per table waited for (and per open ready check), longest wait first."""
        async with self.core.store.reading() as repo:
            entries = await repo.queue_entries(guild_id)
        groups: dict[tuple[Any, ...], list[QueueEntry]] = {}
        for e in entries:
            groups.setdefault((e.check_game, e.game, e.players, json.dumps(e.settings, sort_keys=True)), []).append(e)
        lines = []
        for (check, *_), group in groups.items():
            names_ = ", ".join(e.name for e in group)
            if check is None:
                lines.append(f"{_table(group[0])}: {len(group)}/{group[0].players} waiting ({names_})")
            else:
                ready = sum(e.ready_at is not None for e in group)
                lines.append(f"{_table(group[0])}: ready check for game #{check}, {ready}/{len(group)} ready "
                             f"({names_})")
        return lines

    async def ready(self, check_game: int, user_id: int) -> ReadyReply:
        """The member clicked Ready in the check ``check_game``."""
        async with self.lock:
            entries = await self._open(check_game)
            if not entries:
                raise ServiceError("This ready check is over: `/queue show` shows the queue now.")
            me = next((e for e in entries if e.user_id == user_id), None)
            if me is None:
                raise ServiceError("This ready check is not yours: `/queue join` to wait for a game.")
            waiting = [e for e in entries if e.ready_at is None and e.user_id != user_id]
            if me.ready_at is not None:
                return ReadyReply("already", "You are ready already; waiting for " + (_people(waiting) or "the game")
                                  + ".", check_game)
            async with self.core.store.transaction() as repo:
                await repo.set_queue_ready(check_game, user_id, self.core.clock())
        if waiting:
            return ReadyReply("ready", f"✅ You are ready; waiting for {_people(waiting)}.", check_game)
        return ReadyReply("all", "✅ Everyone is ready: the game is being set up.", check_game)

    async def launch(self, check_game: int, channel_id: int | None = None) -> GameInfo:
        """Every member of the check is ready: its game starts (in ``channel_id``, the thread the front end opened
        for it; None: in the queue's channel), its members' entries leave the queue."""
        async with self.lock:
            entries = await self._open(check_game)
            if not entries or any(e.ready_at is None for e in entries):
                raise ServiceError("This ready check is over: `/queue show` shows the queue now.")
            async with self.core.store.transaction() as repo:
                if channel_id is not None:
                    await repo.set_game_channel(check_game, channel_id)
                await repo.finish_timers([x.id for x in await repo.timers(check_game) if x.kind == TimerKind.READY])
                await repo.end_queue_check(check_game)
            self.core.drop(check_game)  # its row is read again, with its channel
        return await self.lobby.start(check_game, NO_CREATOR, manager=True)

    async def expire(self, timer: TimerRow) -> None:
        """A ready check's deadline: the members who did not click Ready leave the queue, the others wait on, and
        the queue is matched again (every member ready but no launch yet: the game starts here)."""
        check_game = timer.game_id
        async with self.lock:
            entries = await self._open(check_game)
            launch = bool(entries) and all(e.ready_at is not None for e in entries)
            if not launch:
                late = [e for e in entries if e.ready_at is None]
                ready = [e for e in entries if e.ready_at is not None]
                async with self.core.store.transaction() as repo:
                    await repo.finish_timers([timer.id])
                    if entries:
                        for e in late:
                            await repo.remove_queue_entry(e.guild_id, e.user_id, e.game)
                        await self._call_off(repo, check_game, ready, self.core.clock(),
                                             f"⌛ The ready check timed out: {_people(late)} did not press Ready and "
                                             "left the queue (`/queue join` to wait again)"
                                             + (f"; {_people(ready)} wait on." if ready else "."))
                        await self._match(repo, entries[0].guild_id)
                self._dropped([check_game])
                return
        await self.launch(check_game)

    async def _open(self, check_game: int) -> list[QueueEntry]:
        """The entries of the ready check while its game is in the lobby. A server manager who started or cancelled
        that game meanwhile ended the check: its entries leave the queue (and its timer is done)."""
        async with self.core.store.reading() as repo:
            entries = await repo.check_entries(check_game)
            row = await repo.game(check_game)
        if not entries or (row is not None and row.status == GameStatus.LOBBY):
            return entries
        async with self.core.store.transaction() as repo:
            await repo.end_queue_check(check_game)
            await repo.finish_timers([x.id for x in await repo.timers(check_game) if x.kind == TimerKind.READY])
        return []

    async def _call_off(self, repo: Repo, check_game: int, kept: list[QueueEntry], now: datetime,
                        notice: str) -> None:
        """The check's game is cancelled with its timer; ``kept`` wait on (their places kept); the notice said."""
        if kept:
            await repo.set_queue_check(kept[0].guild_id, kept[0].game, [e.user_id for e in kept], None)
        await repo.set_game_status(check_game, GameStatus.CANCELLED, now)
        await repo.cancel_timers(check_game)
        await repo.add_messages([NewMessage(check_game, Audience.PUBLIC, None, OutboxKind.NOTICE, {"text": notice})],
                                now)

    def _dropped(self, games: list[int]) -> None:
        for game_id in games:
            self.core.drop(game_id)  # a loaded copy would still be in the lobby
        self.core.woken()

    async def _match(self, repo: Repo, guild_id: int) -> dict[int, list[int]]:
        """Open a ready check for every table enough members wait for (same game, players and settings), the
        longest waiting first; a member in a check is not matched in another. Returns check game -> members."""
        entries = await repo.queue_entries(guild_id)
        busy = {e.user_id for e in entries if e.check_game is not None}
        groups: dict[tuple[str, int, str], list[QueueEntry]] = {}
        for e in entries:
            if e.check_game is None:
                groups.setdefault((e.game, e.players, json.dumps(e.settings, sort_keys=True)), []).append(e)
        opened: dict[int, list[int]] = {}
        for group in groups.values():
            free = [e for e in group if e.user_id not in busy]
            if len(free) < group[0].players:
                continue
            matched = free[:group[0].players]
            game_id = await self._open_check(repo, matched)
            busy.update(e.user_id for e in matched)
            opened[game_id] = [e.user_id for e in matched]
        return opened

    async def _open_check(self, repo: Repo, matched: list[QueueEntry]) -> int:
        first, now = matched[0], self.core.clock()
        due = now + self.ready_time
        game_id = await repo.add_game(first.guild_id, first.channel_id, NO_CREATOR, first.players, first.settings,
                                      now, first.game)
        for e in matched:
            await repo.add_seat(SeatRow(game_id, e.user_id, e.name, None, now))
        await repo.set_queue_check(first.guild_id, first.game, [e.user_id for e in matched], game_id)
        await repo.add_timer(game_id, TimerKind.READY, due, {})
        minutes = round(self.ready_time.total_seconds() / 60)
        text = (f"🔔 **Ready check** for {_table(first)}: {_people(matched)}, press **Ready** within {minutes} "
                f"minutes (<t:{int(due.timestamp())}:R>). Whoever does not leaves the queue; when all are ready, "
                f"game #{game_id} starts.")
        await repo.add_messages([NewMessage(game_id, Audience.PUBLIC, None, OutboxKind.NOTICE,
                                            {"text": text, "ready": game_id})], now)
        return game_id

