"""Issue 12, tables that keep going for weeks: what changed since a player last looked (``digest``), every game a
user sits in (``my_games``), ratings per server over finished games (``leaderboard``, ``record``) and the replay
file of a finished game (``replay_file``).

The digest reads the public events only; it remembers per seat the last public event it showed (``looks``).
Results are recorded when a game ends (``core.py``) and replayed in order here; the rating maths is
``bot.ratings``. A replay file reveals every hidden choice, so it is refused until the game is over.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from bot import ratings
from bot.service.core import TableCore, retried
from bot.service.kinds import ACTIVE, Audience, GameStatus
from bot.service.models import ServiceError
from bot.service.reads import Reads
from bot.service.replayfile import ReplayError, exported, read_stored

KEY_LINES = 12  # the public events a digest quotes at most (the kinds its room's feed names: ``key_kinds``)


class Extras:
    def __init__(self, core: TableCore, reads: Reads) -> None:
        self.core = core
        self.reads = reads

    @retried
    async def digest(self, game_id: int, user_id: int) -> dict[str, Any]:
        """The public events since this user's last digest (or, the first time, since their last answer), counted
        by kind with the key lines quoted, and their pending decisions; remembers what was shown."""
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            if not any(s.user_id == user_id for s in t.seats):
                raise ServiceError("You have no seat in this game.")
            if t.row.seed is None:
                raise ServiceError("The game has not started yet.")
            async with self.core.store.reading() as repo:
                since = await repo.looked(game_id, user_id)
                rows = await repo.events(game_id, audience=Audience.PUBLIC)
                if since is None:
                    mine = [a.seq for a in await repo.answers(game_id) if a.user_id == user_id]
                    since = max((r.n for r in rows if r.answer_seq <= max(mine)), default=0) if mine else 0
            new = [r.event for r in rows if r.n > since]
            last_seen = max((r.n for r in rows), default=since)
            async with self.core.writing(t) as repo:
                await repo.set_looked(game_id, user_id, last_seen, self.core.clock())
        kinds = Counter(str(e["kind"]) for e in new)
        lines = [str(e.get("text") or e["kind"]) for e in new if e["kind"] in t.room.feed.key_kinds][-KEY_LINES:]
        return {"game_id": game_id, "game": t.row.game, "status": t.row.status, "round": t.row.round,
                "phase": t.row.phase,
                "count": len(new), "kinds": dict(kinds.most_common()), "lines": lines,
                "pending": await self.reads.pending(game_id, user_id)}

    async def my_games(self, user_id: int) -> list[dict[str, Any]]:
        """Every game the user sits in, in every server: status, round, phase, and what waits on them."""
        async with self.core.store.reading() as repo:
            rows = await repo.games(user_id=user_id)
        out = []
        for row in rows:
            # an active game's prompts (a finished one is not loaded for nothing: it would leave the cache again)
            pending = await self.reads.pending(row.id, user_id) if row.status in ACTIVE else []
            deadlines = sorted(d["deadline"] for d in pending if d.get("deadline") and not d.get("submitted"))
            out.append({"id": row.id, "game": row.game, "guild_id": row.guild_id, "channel_id": row.channel_id,
                        "status": row.status,
                        "round": row.round, "phase": row.phase, "players": row.players,
                        "waiting": [str(d.get("label") or d["kind"]) for d in pending if not d.get("submitted")],
                        "deadline": deadlines[0] if deadlines else None})
        return out

    async def _rankings(self, guild_id: int) -> list[list[dict[str, Any]]]:
        async with self.core.store.reading() as repo:
            return await repo.results(guild_id)

    async def leaderboard(self, guild_id: int) -> list[dict[str, Any]]:
        """The server's players by rating: pairwise Elo replayed over its finished games, oldest first."""
        games = await self._rankings(guild_id)
        names: dict[int, str] = {}
        table: dict[int, float] = {}
        for ranking in games:
            names.update({int(p["user_id"]): str(p["name"]) for p in ranking})
            table = ratings.update(table, [int(p["user_id"]) for p in ranking], places(ranking))
        records = ratings.record([[int(p["user_id"]) for p in ranking] for ranking in games],
                                 [places(ranking) for ranking in games])
        return [{"user_id": u, "name": names[u], "rating": r, "games": records[u].games, "wins": records[u].wins,
                 "average_place": records[u].average_place}
                for u, r in sorted(table.items(), key=lambda item: (-item[1], item[0]))]

    async def record(self, guild_id: int, user_id: int) -> dict[str, Any] | None:
        """One player's record in this server (None before their first finished game here)."""
        return next((row for row in await self.leaderboard(guild_id) if row["user_id"] == user_id), None)

    async def replay_file(self, game_id: int) -> bytes:
        """The replay file (JSON) of a finished game, as ``python -m bot.admin export`` writes it: read under the
        store's lock, re-played and checked in a worker thread (0.1-0.2 s for a whole game), off the event loop."""
        async with self.core.store.reading() as repo:
            row = await repo.game(game_id)
            if row is None:
                raise ServiceError(f"There is no game #{game_id}.")
            if row.status != GameStatus.FINISHED:
                raise ServiceError("The replay file reveals every hidden choice: it is given once the game is "
                                   "over.")
            stored = await read_stored(repo, row)
        try:
            return await asyncio.to_thread(lambda: exported(stored).text().encode())
        except ReplayError as exc:
            raise ServiceError(f"The replay file cannot be made: {exc}.") from None


def places(ranking: list[dict[str, Any]]) -> list[int]:
    """Each recorded player's place: stored with it (a side shares one), or its rank (results stored before)."""
    return [int(p.get("place") or i) for i, p in enumerate(ranking, start=1)]
