"""The SQL of seasons (issue 29) for the PostgreSQL store, mixed into ``PostgresRepo``: the rows and semantics of
``sqlite_seasons.py``."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.storage.pg_base import PgUnit, _fields, _t
from bot.storage.season_rows import SeasonRow

_SEASON = ("id, guild_id, channel_id, name, game, per_game, counted, starts_at, ends_at, roles, opened_by, opened_at, "
           "ended_at, standings")


class PgSeasons(PgUnit):
    async def add_season(self, season: SeasonRow) -> int:
        return int(await self._value(
            f"INSERT INTO seasons ({_SEASON.removeprefix('id, ')}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, "
            "$11, $12, $13) RETURNING id",
            season.guild_id, season.channel_id, season.name, season.game, season.per_game, season.counted,
            _t(season.starts_at), _t(season.ends_at), season.roles, season.opened_by, _t(season.opened_at),
            _t(season.ended_at), season.standings))

    async def seasons(self, guild_id: int) -> list[SeasonRow]:
        rows = await self._all(f"SELECT {_SEASON} FROM seasons WHERE guild_id = $1 ORDER BY starts_at, id", guild_id)
        return [SeasonRow(**_fields(r)) for r in rows]

    async def set_season_roles(self, season_id: int, roles: list[dict[str, Any]]) -> None:
        await self._write("UPDATE seasons SET roles = $1 WHERE id = $2", roles, season_id)

    async def end_season(self, season_id: int, ended_at: datetime, ends_at: datetime,
                         standings: list[dict[str, Any]]) -> None:
        await self._write("UPDATE seasons SET ended_at = $1, ends_at = $2, standings = $3 WHERE id = $4 "
                          "AND ended_at IS NULL", _t(ended_at), _t(ends_at), standings, season_id)

    async def season_results(self, guild_id: int, since: datetime, until: datetime,
                             game: str | None = None) -> list[tuple[str, list[dict[str, Any]]]]:
        rows = await self._all(
            "SELECT g.game, r.ranking FROM results r JOIN games g ON g.id = r.game_id WHERE r.guild_id = $1 "
            "AND r.finished_at >= $2 AND r.finished_at < $3 AND ($4::text IS NULL OR g.game = $4) "
            "ORDER BY r.finished_at, r.game_id", guild_id, _t(since), _t(until), game)
        return [(str(r["game"]), list(r["ranking"])) for r in rows]

    async def role_holders(self, guild_id: int) -> dict[int, set[int]]:
        rows = await self._all("SELECT role_id, user_id FROM role_holders WHERE guild_id = $1", guild_id)
        held: dict[int, set[int]] = {}
        for r in rows:
            held.setdefault(int(r["role_id"]), set()).add(int(r["user_id"]))
        return held

    async def set_role_holders(self, guild_id: int, role_id: int, user_ids: list[int]) -> None:
        await self._write("DELETE FROM role_holders WHERE guild_id = $1 AND role_id = $2", guild_id, role_id)
        users = sorted(set(user_ids))
        if users:
            await self._write("INSERT INTO role_holders (guild_id, role_id, user_id) "
                              "SELECT $1, $2, u FROM unnest($3::bigint[]) AS u", guild_id, role_id, users)
