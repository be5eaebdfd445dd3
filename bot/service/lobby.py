"""The lobby and the life of a game: create, join, leave, start (the houses dealt, the secret committed), and
a manager's cancel, pause, resume and seat hand-over. Each change is one transaction, then the notice is posted."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bot.games.room import game_settings
from bot.games.rooms import room
from bot.service import messages
from bot.service.core import TableCore, retried
from bot.service.feed import make_post
from bot.service.kinds import ACTIVE, OVER, Audience, GameStatus, SeatState, TimerKind
from bot.service.loaded import Table, game_info
from bot.service.models import GameInfo, ServiceError
from bot.service.replay import commitment, fingerprint, new_game, state_text, taken_events
from bot.service.routing import route_private
from bot.service.seats import Seats
from bot.service.settings import normalize, table_houses
from bot.storage import SeatRow
from engine.core import EngineError
from engine.registry import DEFAULT


class Lobby:
    def __init__(self, core: TableCore, seats: Seats) -> None:
        self.core = core
        self.seats = seats

    async def create_game(self, guild_id: int | None, channel_id: int, creator_id: int, players: int,
                          settings: dict[str, Any] | None = None, game: str = DEFAULT) -> int:
        """A new table of ``game`` (its stored name, engine/registry) in the lobby; its settings checked (the
        table's here, the game's by its room)."""
        if not isinstance(players, int) or isinstance(players, bool):
            raise ServiceError("The number of players is a whole number.")
        full = normalize(settings, players, game)
        rules = room(game).rules
        if not rules.min_players <= players <= rules.max_players:
            raise ServiceError(f"{rules.title} takes {rules.min_players} to {rules.max_players} players.")
        async with self.core.store.transaction() as repo:
            return await repo.add_game(guild_id, channel_id, creator_id, players, full, self.core.clock(), game)

    @retried
    async def join(self, game_id: int, user_id: int, name: str, house: str | None = None) -> GameInfo:
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            if t.row.status != GameStatus.LOBBY:
                raise ServiceError("This game has already started; seats can no longer be taken.")
            if any(s.user_id == user_id for s in t.seats):
                raise ServiceError("You already have a seat in this game.")
            if len(t.seats) >= t.row.players:
                raise ServiceError(f"This game is full ({t.row.players} players).")
            if house is not None:
                houses = table_houses(t.row.players, t.row.settings, t.row.game)
                if t.row.settings["houses"] != "choose":
                    raise ServiceError("Houses are dealt at random in this game.")
                if house not in houses:
                    raise ServiceError(f"{house} is not in a {t.row.players}-player game; choose one of "
                                       f"{', '.join(houses)}.")
                if any(s.house == house for s in t.seats):
                    raise ServiceError(f"{house} is already taken.")
            seat = SeatRow(game_id, user_id, name, house, self.core.clock())
            async with self.core.writing(t) as repo:
                await repo.add_seat(seat)
            t.seats.append(seat)
            return game_info(t.row, t.seats)

    @retried
    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            if t.row.status != GameStatus.LOBBY:
                raise ServiceError("The game has started: a seat can no longer be left.")
            if not any(s.user_id == user_id for s in t.seats):
                raise ServiceError("You have no seat in this game.")
            async with self.core.writing(t) as repo:
                await repo.remove_seat(game_id, user_id)
            t.seats = [s for s in t.seats if s.user_id != user_id]
            return game_info(t.row, t.seats)

    @retried
    async def start(self, game_id: int, user_id: int, manager: bool = False) -> GameInfo:
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            self.core.may_manage(t, user_id, manager)
            if t.row.status != GameStatus.LOBBY:
                raise ServiceError("This game has already started.")
            if len(t.seats) != t.row.players:
                raise ServiceError(f"The game needs {t.row.players} players; {len(t.seats)} have joined.")
            seed = str(self.core.randbits(256))  # Game.new derives its 256-bit RNG secret from it
            wishes = {str(s.user_id): s.house for s in t.seats if s.house}
            try:  # the room deals the roles (AGoT: the houses; on a Mother of Dragons set-up, the vassals too)
                dealt = t.room.deal([str(s.user_id) for s in t.seats], wishes, self.core.randbits(64),
                                    game_settings(t.room, t.row.settings))
            except EngineError as exc:
                raise ServiceError(str(exc)) from None
            for s in t.seats:
                s.house = dealt["roles"][str(s.user_id)]
            t.row.settings = {**t.row.settings, **dealt["settings"]}
            game = new_game(t.row.players, seed, t.row.settings, t.row.game)
            events = taken_events(game)
            now = self.core.clock()
            t.game = game
            try:
                async with self.core.writing(t) as repo:
                    for s in t.seats:
                        await repo.set_seat_house(game_id, s.user_id, s.house)
                    salt = f"{self.core.randbits(128):032x}"  # revealed with the secret when the game ends
                    t.row.settings = {**t.row.settings, "fair_salt": salt}
                    await repo.start_game(game_id, seed, t.row.settings, now)
                    t.row.status, t.row.seed, t.row.started_at = GameStatus.RUNNING, seed, now
                    text = state_text(game)
                    await self.core.write_state(repo, t, 0, now, events, fingerprint(text), text)
                    post = make_post(t.room.feed, [e for e in events if e["audience"]["kind"] == Audience.PUBLIC])
                    rows = [messages.post(game_id, post.payload(game))] if post else []
                    rows.append(messages.board(t, "The game begins.", {}))
                    rows += route_private(game_id, events, t.user_of())
                    rows.append(messages.notice(
                        t, f"🔐 Fair dealing: every shuffle of this game comes from one secret, committed now as "
                           f"SHA-256 {commitment(seed, salt, t.row.game)}. It is revealed when the game ends, so "
                           "anyone can re-play the game and check that no deck was arranged."))
                    rows += await self.core.sync_prompts(repo, t, now)
                    await repo.add_messages(rows, now)
            except BaseException:
                self.core.drop(game_id)
                raise
            self.core.woken()
            return game_info(t.row, t.seats)

    @retried
    async def cancel(self, game_id: int, user_id: int, manager: bool = False,
                     by: str | None = None) -> GameInfo:
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            self.core.may_manage(t, user_id, manager)
            if t.row.status in OVER:
                raise ServiceError(f"This game is already {t.row.status}.")
            started = t.row.seed is not None
            who = by or f"🔧 {t.named(user_id)}"  # a manager, or the table by a vote
            await self._set_status(t, GameStatus.CANCELLED, f"{who} cancelled the game." if started else None)
            return game_info(t.row, t.seats)

    @retried
    async def pause(self, game_id: int, user_id: int, manager: bool = False,
                    by: str | None = None) -> GameInfo:
        """Freeze the game's timers, keeping each one's remaining time; answers wait for the resume."""
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            self.core.may_manage(t, user_id, manager)
            if t.row.status != GameStatus.RUNNING:
                raise ServiceError("Only a running game can be paused.")
            who = by or f"🔧 {t.named(user_id)}"
            await self._set_status(t, GameStatus.PAUSED, f"{who} paused the game: deadlines are stopped.")
            return game_info(t.row, t.seats)

    @retried
    async def resume(self, game_id: int, user_id: int, manager: bool = False,
                     by: str | None = None) -> GameInfo:
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            self.core.may_manage(t, user_id, manager)
            if t.row.status != GameStatus.PAUSED:
                raise ServiceError("Only a paused game can be resumed.")
            who = by or f"🔧 {t.named(user_id)}"
            await self._set_status(t, GameStatus.RUNNING, f"{who} resumed the game: deadlines run again.")
            await self.seats.autoplay(game_id)  # autopilot seats answer what opened for them meanwhile
            return game_info(t.row, t.seats)

    @retried
    async def replace(self, game_id: int, user_id: int, house: str, new_user_id: int, name: str,
                      manager: bool = False) -> GameInfo:
        """Give a started game's seat to another user (e.g. after missed deadlines); the new player is sent
        the seat's open prompts. The answer log keeps who answered what."""
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            self.core.may_manage(t, user_id, manager)
            if t.game is None or t.row.status not in ACTIVE:
                raise ServiceError("Only the seat of a running or paused game can be handed over.")
            seat = t.seat(house)
            if seat is None:
                raise ServiceError(f"{house} has no seat in this game.")
            if any(s.user_id == new_user_id for s in t.seats):
                raise ServiceError("That user already has a seat in this game.")
            now = self.core.clock()
            async with self.core.writing(t) as repo:
                await repo.log_seat(game_id, seat.user_id, house, "replaced", now)  # the seat row forgets them
                await repo.move_seat(game_id, seat.user_id, new_user_id, name)  # a player again, not away
                deadlines = await self.core.deadlines(repo, t)
                who = "A new player" if t.faceless else name
                rows = [messages.notice(t, f"{who} now plays {t.game.name_of(house)}.")]
                rows += [messages.prompt(t, new_user_id, d, deadlines.get(d.id))
                         for d in t.game.open_decisions() if d.player == house]
                await repo.add_messages(rows, now)
            seat.user_id, seat.name, seat.missed = new_user_id, name, 0
            seat.state, seat.away_from, seat.away_until = SeatState.PLAYER, None, None
            self.core.woken()
            return game_info(t.row, t.seats)

    async def _set_status(self, t: Table, status: GameStatus, notice: str | None) -> None:
        now = self.core.clock()
        t.deadlines = None  # the prompts' deadlines change below
        async with self.core.writing(t) as repo:
            await repo.set_game_status(t.id, status, now)
            if status == GameStatus.CANCELLED:
                await repo.cancel_timers(t.id)
                prompts = await repo.prompts(t.id)
                if prompts:
                    await repo.remove_prompts(t.id, [p.decision_id for p in prompts])
            elif status == GameStatus.PAUSED:
                for timer in await repo.timers(t.id):
                    if timer.due_at is not None and timer.kind != TimerKind.VOTE:  # a vote runs on while paused
                        left = max(0, int((timer.due_at - now).total_seconds() * 1000))
                        await repo.set_timer(timer.id, None, left)
                for p in await repo.prompts(t.id):
                    await repo.set_prompt_deadline(t.id, p.decision_id, None)
            elif status == GameStatus.RUNNING:
                for timer in await repo.timers(t.id):
                    if timer.due_at is None:
                        due = now + timedelta(milliseconds=timer.remaining_ms or 0)
                        await repo.set_timer(timer.id, due, None)
                        if timer.kind == TimerKind.DEADLINE:
                            await repo.set_prompt_deadline(t.id, timer.payload["decision_id"], due)
            t.row.status = status
            if notice:
                rows = [messages.notice(t, notice)]
                if t.game is not None:
                    rows.append(await self.core.status_message(repo, t))
                await repo.add_messages(rows, now)
        self.core.woken()
