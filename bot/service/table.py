"""The table service: the only code that drives the engine, and the whole interface front ends use.

Every game has one ``asyncio.Lock``; a game is loaded on first use (latest snapshot + the answers after it,
checked against the stored fingerprints) and cached. An accepted answer, its events, the state fingerprint,
a snapshot every ``SNAPSHOT_EVERY`` answers, the prompts/timers it opens and closes and every outbox row it
causes are written in one transaction, committed before the caller hears "accepted" (``core.py``).
Deadlines live in ``deadlines.py``, history and rewind in ``history.py``.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.service.clock import Clock
from bot.service.core import Table, game_info
from bot.service.deadlines import Deadlines
from bot.service.extras import Extras
from bot.service.history import History
from bot.service.models import GameInfo, Reply, Seat, ServiceError
from bot.service.outbox import Dispatcher, Transport
from bot.service.replay import commitment, new_game, state_hash
from bot.service.routing import route_events
from bot.service.seats import Seats
from bot.service.settings import normalize
from bot.service.votes import Votes
from bot.storage import (
    NewMessage,
    SeatRow,
    Store,
    from_iso,
    iso,
    open_store,
)
from engine.agot.board import board
from engine.agot.game import assign_houses

log = logging.getLogger("bot.service")
IDLE_WAKE = 60.0




class TableService(Seats, Votes, Deadlines, History, Extras):
    @classmethod
    async def open(cls, db: str | Path | Store, clock: Clock | None = None,
                   randbits: Callable[[int], int] | None = None) -> TableService:
        """On an opened store, or open (create, migrate) the one at a database address (``open_store``); games load
        lazily on first use. ``randbits`` (default ``secrets.randbits``) draws each started game's RNG secret and
        house deal: seed it for a replayable demo."""
        return cls(await open_store(db) if isinstance(db, str | Path) else db, clock, randbits)

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
            return game_info(t.row, t.seats)

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
            return game_info(t.row, t.seats)

    async def start(self, game_id: int, user_id: int, manager: bool = False) -> GameInfo:
        async with self._lock(game_id):
            t = await self._load(game_id)
            self._may_manage(t, user_id, manager)
            if t.row.status != "lobby":
                raise ServiceError("This game has already started.")
            if len(t.seats) != t.row.players:
                raise ServiceError(f"The game needs {t.row.players} players; {len(t.seats)} have joined.")
            seed = str(self.randbits(256))  # Game.new derives its 256-bit RNG secret from it
            wishes = {str(s.user_id): s.house for s in t.seats if s.house}
            dealt = assign_houses([str(s.user_id) for s in t.seats], self.randbits(64), wishes)
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
                    salt = f"{self.randbits(128):032x}"  # revealed with the secret when the game ends
                    t.row.settings = {**t.row.settings, "fair_salt": salt}
                    fields = {"status": "running", "seed": seed, "started_at": iso(now), "settings": t.row.settings}
                    await self._write_state(repo, t, 0, now, events, state_hash(game), fields, snapshot=True)
                    messages = route_events(game_id, events, t.user_of())
                    messages.append(self._board(t, "The game begins.", {}))
                    messages.append(self._notice(
                        t, f"🔐 Fair dealing: every shuffle of this game comes from one secret, committed now as "
                           f"SHA-256 {commitment(seed, salt)}. It is revealed when the game ends, so anyone can "
                           "re-play the game and check that no deck was arranged."))
                    messages += await self._sync_prompts(repo, t, now)
                    await repo.add_messages(messages, iso(now))
            except BaseException:
                self._tables.pop(game_id, None)
                raise
            self._woken()
            return game_info(t.row, t.seats)

    async def cancel(self, game_id: int, user_id: int, manager: bool = False,
                     by: str | None = None) -> GameInfo:
        async with self._lock(game_id):
            t = await self._load(game_id)
            self._may_manage(t, user_id, manager)
            if t.row.status in ("finished", "cancelled"):
                raise ServiceError(f"This game is already {t.row.status}.")
            started = t.row.seed is not None
            who = by or f"🔧 {t.named(user_id)}"  # a manager, or the table by a vote
            await self._set_status(t, "cancelled", f"{who} cancelled the game." if started else None)
            return game_info(t.row, t.seats)

    async def pause(self, game_id: int, user_id: int, manager: bool = False,
                    by: str | None = None) -> GameInfo:
        """Freeze the game's timers, keeping each one's remaining time; answers wait for the resume."""
        async with self._lock(game_id):
            t = await self._load(game_id)
            self._may_manage(t, user_id, manager)
            if t.row.status != "running":
                raise ServiceError("Only a running game can be paused.")
            who = by or f"🔧 {t.named(user_id)}"
            await self._set_status(t, "paused", f"{who} paused the game: deadlines are stopped.")
            return game_info(t.row, t.seats)

    async def resume(self, game_id: int, user_id: int, manager: bool = False,
                     by: str | None = None) -> GameInfo:
        async with self._lock(game_id):
            t = await self._load(game_id)
            self._may_manage(t, user_id, manager)
            if t.row.status != "paused":
                raise ServiceError("Only a paused game can be resumed.")
            who = by or f"🔧 {t.named(user_id)}"
            await self._set_status(t, "running", f"{who} resumed the game: deadlines run again.")
            await self._autoplay(game_id)  # autopilot seats answer what opened for them meanwhile
            return game_info(t.row, t.seats)

    async def replace(self, game_id: int, user_id: int, house: str, new_user_id: int, name: str,
                      manager: bool = False) -> GameInfo:
        """Give a started game's seat to another user (e.g. after missed deadlines); the new player is sent
        the seat's open prompts. The answer log keeps who answered what."""
        async with self._lock(game_id):
            t = await self._load(game_id)
            self._may_manage(t, user_id, manager)
            if t.game is None or t.row.status not in ("running", "paused"):
                raise ServiceError("Only the seat of a running or paused game can be handed over.")
            seat = next((s for s in t.seats if s.house == house), None)
            if seat is None:
                raise ServiceError(f"{house} has no seat in this game.")
            if any(s.user_id == new_user_id for s in t.seats):
                raise ServiceError("That user already has a seat in this game.")
            now = self.clock()
            async with self.store.transaction() as repo:
                await repo.move_seat(game_id, seat.user_id, new_user_id, name)
                await repo.update_seat(game_id, new_user_id, state="player", away_from=None, away_until=None)
                deadlines = await self._deadlines(repo, t)
                who = "A new player" if t.faceless else name
                messages = [self._notice(t, f"{who} now plays {t.game.house_name(house)}.")]
                messages += [NewMessage(game_id, "player", new_user_id, "prompt",
                                        self._prompt(t, d, deadlines.get(d.id)))
                             for d in t.game.open_decisions() if d.player == house]
                await repo.add_messages(messages, iso(now))
            seat.user_id, seat.name, seat.missed = new_user_id, name, 0
            seat.state, seat.away_from, seat.away_until = "player", None, None
            self._woken()
            return game_info(t.row, t.seats)

    async def _set_status(self, t: Table, status: str, notice: str | None) -> None:
        now = self.clock()
        t.deadlines = None  # the prompts' deadlines change below
        async with self.store.transaction() as repo:
            await repo.update_game(t.id, status=status, updated_at=iso(now))
            if status == "cancelled":
                await repo.cancel_timers(t.id)
                prompts = await repo.prompts(t.id)
                if prompts:
                    await repo.remove_prompts(t.id, [p.decision_id for p in prompts])
            elif status == "paused":
                for timer in await repo.timers(t.id):
                    if timer.due_at is not None and timer.kind != "vote":  # a vote runs on while paused
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
            house = t.house_of(user_id)
            if house is None:
                return Reply("refused", "You have no seat in this game.")
            decision_id = str(decision_id)
            # open decisions, and secret answers that may still change (until their reveal group is complete)
            open_now = {d.id: d for d in t.game.open_decisions(submitted=True)} if t.game is not None else {}
            decision = open_now.get(decision_id)
            # a double click is "already", even on the answer that ended the game; an open decision of this
            # house is left to the engine (it refuses the same answer again with AlreadySubmitted)
            if t.row.seed is not None and (decision is None or decision.player != house):
                async with self.store.reading() as repo:
                    before = await repo.answered(game_id, decision_id, house)
                if before is not None:
                    how = {"deadline": " (the default, at the deadline)",
                           "autopilot": " (by the autopilot)"}.get(before.source, "")
                    return Reply("already", f"You already answered this{how}; it can no longer be changed.")
            refusal = self._refusal(t)
            if refusal:
                return Reply("refused", refusal)
            try:
                answer = json.loads(json.dumps(answer))  # stored as JSON, so submitted as JSON
            except (TypeError, ValueError):
                return Reply("refused", "That answer is malformed (it is not plain data).")
            assert t.game is not None
            if decision is None:
                return Reply("refused", "This prompt has expired: the game has moved on.")
            if decision.player != house:
                return Reply("refused", f"This decision belongs to {t.game.house_name(decision.player)}.")
            return await self._apply(t, decision, user_id, answer, "player")

    # --- reading ----------------------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameInfo:
        async with self.store.reading() as repo:
            row = await repo.game(game_id)
            if row is None:
                raise ServiceError(f"There is no game #{game_id}.")
            return game_info(row, await repo.seats(game_id))

    async def games_in_channel(self, channel_id: int) -> list[GameInfo]:
        return await self._infos(channel_id, None)

    async def games_of_user(self, user_id: int) -> list[GameInfo]:
        return await self._infos(None, user_id)

    async def _infos(self, channel_id: int | None, user_id: int | None) -> list[GameInfo]:
        async with self.store.reading() as repo:
            rows = await repo.games(channel_id=channel_id, user_id=user_id)
            return [game_info(row, await repo.seats(row.id)) for row in rows]

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
        """This user's open decisions: ``Decision.to_dict()`` plus "deadline" (ISO text, None while paused),
        including answered secret ones that may still change (``submitted``) until their reveal."""
        async with self._lock(game_id):
            t = await self._load(game_id)
            house = t.house_of(user_id)
            if t.game is None or house is None or t.row.status not in ("running", "paused"):
                return []
            async with self.store.reading() as repo:
                deadlines = await self._deadlines(repo, t)
            return [{**d.to_dict(), "deadline": deadlines.get(d.id)}
                    for d in t.game.open_decisions(submitted=True, player=house)]

    async def status(self, game_id: int) -> dict[str, Any]:
        async with self._lock(game_id):
            t = await self._load(game_id)
            async with self.store.reading() as repo:
                return await self._read_status(repo, t)

    async def log(self, game_id: int, before_seq: int | None = None, limit: int = 20) -> list[dict[str, Any]]:
        """Public events, newest last; "seq" is the engine's public event number (page back with ``before_seq``)."""
        async with self.store.reading() as repo:
            if await repo.game(game_id) is None:
                raise ServiceError(f"There is no game #{game_id}.")
            rows = await repo.events(game_id, audience="public", before=before_seq, limit=limit)
        return [{**r.event, "seq": r.event.get("seq") or r.n} for r in rows]
