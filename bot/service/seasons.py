"""Seasons and rank roles (issue 29): a server's span of time whose finished games are rated apart, its leaderboard,
its end archived with the final standings, and the rank each member holds for the season's roles.

A season counts the results (``results``, recorded when a game ends) finished within [start, end), of its game or
of every game; the rating is ``bot.ratings`` replayed over them, one rating across the season's games or one per
game (``per_game``). ``counted``: only a player's best N games count: the season score is 1500 plus the player's N
largest rating changes within the season (with every game counted it is the final rating). The all-time ratings
(``extras.py``) read every result and are never touched. A season is archived when it is ended (``end_season``)
or, lazily, on the first call after its end: its final leaderboard is kept and its roles keep their last holders.

Rank roles: each season names bands (top 1, top 3, top 10 ...), each a Discord role. The service decides ranks and
which member should hold which role (``rank_roles``: a member holds the narrowest band their best rank reaches);
the front end (``bot/frontend/seasons.py``) checks the roles against Discord, gives and takes them, and stores who
holds each (``set_role_holders``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from bot import ratings
from bot.service.core import TableCore
from bot.service.extras import places
from bot.service.models import ServiceError
from bot.storage.season_rows import SeasonRow
from engine.registry import names

MAX_NAME = 40
MAX_BANDS = 5
MAX_TOP = 100


@dataclass(frozen=True)
class Band:
    """A rank role: the members ranked ``top`` or better hold it (unless a narrower band holds them)."""
    top: int
    role_id: int
    name: str
    created: bool = False  # the bot created the role when the season opened
    said: bool = False  # the bot said once that it cannot manage the role

    def stored(self) -> dict[str, Any]:
        return {"top": self.top, "role_id": self.role_id, "name": self.name, "created": self.created,
                "said": self.said}


@dataclass(frozen=True)
class RolePlan:
    """What one season wants of its roles now: role id -> the members who should hold it."""
    season: SeasonRow
    bands: list[Band]
    wanted: dict[int, set[int]] = field(default_factory=dict)


def bands_of(season: SeasonRow) -> list[Band]:
    return [Band(int(b["top"]), int(b["role_id"]), str(b["name"]), bool(b.get("created")), bool(b.get("said")))
            for b in season.roles]


def standings(games: list[tuple[str, list[dict[str, Any]]]], counted: int | None,
              per_game: bool) -> list[dict[str, Any]]:
    """The leaderboard rows of a season's results (game, ranking), oldest first: per game (each row names its
    game) or across them (game None), best first, each with its rank (equal scores share one)."""
    groups: dict[str | None, list[list[dict[str, Any]]]] = {}
    for played, ranking in games:
        groups.setdefault(played if per_game else None, []).append(ranking)
    rows: list[dict[str, Any]] = []
    for game, rankings in sorted(groups.items(), key=lambda item: item[0] or ""):
        table: dict[int, float] = {}
        gains: dict[int, list[float]] = {}
        names_of: dict[int, str] = {}
        for ranking in rankings:
            ids = [int(p["user_id"]) for p in ranking]
            names_of.update({int(p["user_id"]): str(p["name"]) for p in ranking})
            after = ratings.update(table, ids, places(ranking))
            for user in ids:
                gains.setdefault(user, []).append(after[user] - table.get(user, ratings.START))
            table = after
        records = ratings.record([[int(p["user_id"]) for p in r] for r in rankings], [places(r) for r in rankings])
        scores = {u: ratings.START + sum(sorted(g, reverse=True)[:counted]) if counted else table[u]
                  for u, g in gains.items()}
        ordered = sorted(scores.items(), key=lambda item: (-round(item[1], 6), item[0]))
        for i, (user, score) in enumerate(ordered):
            tied = i > 0 and round(score, 6) == round(ordered[i - 1][1], 6)
            rank = rows[-1]["rank"] if tied else i + 1
            rows.append({"game": game, "rank": rank, "user_id": user, "name": names_of[user], "rating": score,
                         "games": records[user].games, "wins": records[user].wins,
                         "average_place": records[user].average_place})
    return rows


def wanted(bands: list[Band], rows: list[dict[str, Any]]) -> dict[int, set[int]]:
    """Role id -> members: each member's best rank on the board, in the narrowest band that reaches it."""
    best: dict[int, int] = {}
    for row in rows:
        best[row["user_id"]] = min(best.get(row["user_id"], row["rank"]), row["rank"])
    out: dict[int, set[int]] = {b.role_id: set() for b in bands}
    for user, rank in best.items():
        band = min((b for b in bands if rank <= b.top), key=lambda b: b.top, default=None)
        if band is not None:
            out[band.role_id].add(user)
    return out


class Seasons:
    def __init__(self, core: TableCore) -> None:
        self.core = core

    async def _all(self, guild_id: int) -> list[SeasonRow]:
        """The server's seasons, those past their end archived first."""
        async with self.core.store.reading() as repo:
            found = await repo.seasons(guild_id)
        now = self.core.clock()
        for season in found:
            if season.ended_at is None and season.ends_at <= now:
                await self._archive(season, season.ends_at)
        return found

    async def _archive(self, season: SeasonRow, end: datetime) -> None:
        """Archive the season as it stands (every result so far, up to its end), its end moved to ``end``."""
        rows = await self._board_rows(season)
        async with self.core.store.transaction() as repo:
            await repo.end_season(season.id, end, end, rows)
        season.ended_at, season.ends_at, season.standings = end, end, rows

    async def _board_rows(self, season: SeasonRow) -> list[dict[str, Any]]:
        if season.standings is not None:
            return season.standings
        async with self.core.store.reading() as repo:
            games = await repo.season_results(season.guild_id, season.starts_at, season.ends_at, season.game)
        return standings(games, season.counted, season.per_game)

    async def check_season(self, guild_id: int, name: str, starts_at: datetime, ends_at: datetime,
                           game: str | None = None, counted: int | None = None, per_game: bool = False,
                           bands: list[Band] | None = None, manager: bool = False) -> None:
        """Refuse (ServiceError, one line) a season that cannot be opened; nothing is written."""
        if not manager:
            raise ServiceError("Only a member with Manage Server may open a season.")
        if not name.strip() or len(name.strip()) > MAX_NAME:
            raise ServiceError(f"A season's name has 1 to {MAX_NAME} characters.")
        if ends_at <= starts_at:
            raise ServiceError("The season ends before it starts: give an end on or after its start.")
        if game is not None and game not in names():
            raise ServiceError(f"There is no game '{game}': choose {', '.join(names())} (or none for every game).")
        if counted is not None and counted < 1:
            raise ServiceError("The games counted must be at least 1 (or none: every game).")
        bands = bands or []
        tops = [b.top for b in bands]
        if len(bands) > MAX_BANDS or any(not 1 <= t <= MAX_TOP for t in tops) or len(set(tops)) != len(tops) \
                or len({b.role_id for b in bands}) != len(bands):
            raise ServiceError(f"Rank roles: at most {MAX_BANDS}, each for a different top 1 to {MAX_TOP} and a "
                               "different role.")
        for other in await self._all(guild_id):
            if other.name.lower() == name.strip().lower():
                raise ServiceError(f"This server already has a season named '{other.name}'.")
            if not (other.starts_at < ends_at and starts_at < other.ends_at):
                continue
            if other.game is None or game is None or other.game == game:
                raise ServiceError(f"It overlaps the season '{other.name}' ({other.starts_at:%Y-%m-%d} to "
                                   f"{other.ends_at:%Y-%m-%d}) of {other.game or 'every game'}.")
            shared = [b.name for b in bands_of(other) if b.role_id in {mine.role_id for mine in bands}]
            if shared:
                raise ServiceError(f"The role {shared[0]} already ranks the season '{other.name}' at the same "
                                   "time: name another.")

    async def open_season(self, guild_id: int, channel_id: int, user_id: int, name: str, starts_at: datetime,
                          ends_at: datetime, game: str | None = None, counted: int | None = None,
                          per_game: bool = False, bands: list[Band] | None = None,
                          manager: bool = False) -> SeasonRow:
        """A new season of the server (a server manager only); refused in one line, with nothing stored, when its
        end is before its start, it overlaps another season of the same game, or the game is unknown."""
        await self.check_season(guild_id, name, starts_at, ends_at, game, counted, per_game, bands, manager)
        season = SeasonRow(0, guild_id, channel_id, name.strip(), game, per_game and game is None, counted,
                           starts_at, ends_at, [b.stored() for b in sorted(bands or [], key=lambda b: b.top)],
                           user_id, self.core.clock())
        async with self.core.store.transaction() as repo:
            season.id = await repo.add_season(season)
        return season

    async def seasons(self, guild_id: int) -> list[SeasonRow]:
        """The server's seasons, by start (ended ones archived)."""
        return await self._all(guild_id)

    async def season(self, guild_id: int, name: str | None = None) -> SeasonRow:
        """The season named so (any case), or the one running now, or else the latest one that began."""
        found = await self._all(guild_id)
        if name is not None:
            for s in found:
                if s.name.lower() == name.strip().lower():
                    return s
            raise ServiceError(f"There is no season named '{name.strip()[:MAX_NAME]}' here (`/season list`).")
        now = self.core.clock()
        begun = [s for s in found if s.starts_at <= now]
        running = [s for s in begun if s.ended_at is None]
        if running or begun:
            return (running or begun)[-1]
        raise ServiceError("No season has begun here: a manager opens one with `/season open`.")

    async def board(self, guild_id: int, name: str | None = None) -> tuple[SeasonRow, list[dict[str, Any]]]:
        """A season and its leaderboard: live while it runs, its archived final standings once ended."""
        season = await self.season(guild_id, name)
        return season, await self._board_rows(season)

    async def end_season(self, guild_id: int, user_id: int, manager: bool = False,
                         name: str | None = None) -> SeasonRow:
        """End the season running now (or the one named) early: archived with its final standings."""
        if not manager:
            raise ServiceError("Only a member with Manage Server may end a season.")
        season = await self.season(guild_id, name)
        if season.ended_at is not None:
            raise ServiceError(f"The season '{season.name}' has already ended.")
        now = self.core.clock()
        if season.starts_at > now:
            raise ServiceError(f"The season '{season.name}' has not begun yet.")
        await self._archive(season, now)
        return season

    async def rank_roles(self, guild_id: int, season_id: int | None = None) -> list[RolePlan]:
        """For each season running now with rank roles (or the season ``season_id``, e.g. just ended, with its
        final standings), once begun: who should hold each of its roles."""
        plans = []
        for season in await self._all(guild_id):
            begun = season.starts_at <= self.core.clock()  # a season yet to begin leaves the roles as they are
            chosen = begun and (season.id == season_id if season_id is not None else season.ended_at is None)
            if chosen and season.roles:
                bands = bands_of(season)
                rows = await self._board_rows(season)
                plans.append(RolePlan(season, bands, wanted(bands, rows)))
        return plans

    async def role_holders(self, guild_id: int) -> dict[int, set[int]]:
        async with self.core.store.reading() as repo:
            return await repo.role_holders(guild_id)

    async def set_role_holders(self, guild_id: int, role_id: int, user_ids: list[int]) -> None:
        async with self.core.store.transaction() as repo:
            await repo.set_role_holders(guild_id, role_id, user_ids)

    async def role_said(self, season: SeasonRow, role_id: int, said: bool) -> None:
        """Remember that the bot said (or may say again) that it cannot manage this role of the season."""
        season.roles = [replace(b, said=said).stored() if b.role_id == role_id else b.stored()
                        for b in bands_of(season)]
        async with self.core.store.transaction() as repo:
            await repo.set_season_roles(season.id, season.roles)
