"""What front ends read: a game's summary, the games of a channel or user, a house's view, a player's pending
decisions, the status line and the public log. Nothing here writes."""

from __future__ import annotations

from typing import Any

from bot.service import messages
from bot.service.core import TableCore
from bot.service.kinds import ACTIVE, Audience, GameStatus
from bot.service.loaded import game_info
from bot.service.models import GameInfo, Seat, ServiceError


class Reads:
    def __init__(self, core: TableCore) -> None:
        self.core = core

    async def game(self, game_id: int) -> GameInfo:
        async with self.core.store.reading() as repo:
            row = await repo.game(game_id)
            if row is None:
                raise ServiceError(f"There is no game #{game_id}.")
            return game_info(row, await repo.seats(game_id))

    async def games_in_channel(self, channel_id: int) -> list[GameInfo]:
        return await self._infos(channel_id, None)

    async def games_of_user(self, user_id: int) -> list[GameInfo]:
        return await self._infos(None, user_id)

    async def _infos(self, channel_id: int | None, user_id: int | None) -> list[GameInfo]:
        async with self.core.store.reading() as repo:
            rows = await repo.games(channel_id=channel_id, user_id=user_id)
            return [game_info(row, await repo.seats(row.id)) for row in rows]

    async def seat_of(self, game_id: int, user_id: int) -> Seat | None:
        return (await self.game(game_id)).seat_of(user_id)

    async def view(self, game_id: int, user_id: int | None = None) -> dict[str, Any]:
        """What this user's house may see (the public view for None or a user without a seat)."""
        async with self.core.lock(game_id):
            t = await self.core.started(game_id)
            assert t.game is not None
            return t.game.view(t.house_of(user_id) if user_id is not None else None)

    async def pending(self, game_id: int, user_id: int) -> list[dict[str, Any]]:
        """This user's open decisions: ``Decision.to_dict()`` plus "deadline" (ISO text, None while paused),
        including answered secret ones that may still change (``submitted``) until their reveal."""
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            house = t.house_of(user_id)
            if t.game is None or house is None or t.row.status not in ACTIVE:
                return []
            async with self.core.store.reading() as repo:
                deadlines = await self.core.deadlines(repo, t)
            return [{**d.to_dict(), "deadline": messages.when(deadlines.get(d.id))}
                    for d in t.game.open_decisions(submitted=True, player=house)]

    async def standing(self, game_id: int, user_id: int) -> list[dict[str, Any]]:
        """The questions this user may answer at any time without a prompt (``GameState.standing_decisions``:
        Monopoly's build, sell, mortgage and trade); none while the game is not running."""
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            house = t.house_of(user_id)
            if t.game is None or house is None or t.row.status != GameStatus.RUNNING:
                return []
            return [d.to_dict() for d in t.game.standing_decisions(house)]

    async def status(self, game_id: int) -> dict[str, Any]:
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            async with self.core.store.reading() as repo:
                return await self.core.read_status(repo, t)

    async def log(self, game_id: int, before_seq: int | None = None, limit: int = 20) -> list[dict[str, Any]]:
        """Public events, newest last; "seq" is the engine's public event number (page back with ``before_seq``)."""
        async with self.core.store.reading() as repo:
            if await repo.game(game_id) is None:
                raise ServiceError(f"There is no game #{game_id}.")
            rows = await repo.events(game_id, audience=Audience.PUBLIC, before=before_seq, limit=limit)
        return [{**r.event, "seq": r.event.get("seq") or r.n} for r in rows]
