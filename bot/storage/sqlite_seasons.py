"""The SQL of seasons (issue 29) for the SQLite store, mixed into ``SqliteRepo``: seasons per server, the results
finished within one (read through the ``results_guild`` index), and who holds a rank role the bot gave."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from datetime import datetime
from typing import Any, Protocol

from bot.storage.season_rows import SeasonRow
from bot.storage.sqlite_rows import build
from bot.storage.sqlite_rows import to_json as _json

_SEASON = ("id, guild_id, channel_id, name, game, per_game, counted, starts_at, ends_at, roles, opened_by, opened_at, "
           "ended_at, standings")


class _Unit(Protocol):
    def _write(self, sql: str, args: Iterable[Any] = ()) -> None: ...
    def _write_many(self, sql: str, rows: list[tuple[Any, ...]], stored: bool = False) -> None: ...
    async def _all(self, sql: str, args: Iterable[Any] = ()) -> list[sqlite3.Row]: ...
    async def _insert(self, sql: str, args: Iterable[Any] = ()) -> int: ...


def _season(row: sqlite3.Row) -> SeasonRow:
    season = build(SeasonRow, row, ("roles",))
    season.per_game = bool(season.per_game)
    season.standings = None if row["standings"] is None else json.loads(row["standings"])
    return season


class SqliteSeasons:
    async def add_season(self: _Unit, season: SeasonRow) -> int:
        return await self._insert(
            f"INSERT INTO seasons ({_SEASON.removeprefix('id, ')}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (season.guild_id, season.channel_id, season.name, season.game, int(season.per_game), season.counted,
             season.starts_at, season.ends_at, _json(season.roles), season.opened_by, season.opened_at,
             season.ended_at, None if season.standings is None else _json(season.standings)))

    async def seasons(self: _Unit, guild_id: int) -> list[SeasonRow]:
        rows = await self._all(f"SELECT {_SEASON} FROM seasons WHERE guild_id = ? ORDER BY starts_at, id",
                               (guild_id,))
        return [_season(r) for r in rows]

    async def set_season_roles(self: _Unit, season_id: int, roles: list[dict[str, Any]]) -> None:
        self._write("UPDATE seasons SET roles = ? WHERE id = ?", (_json(roles), season_id))

    async def end_season(self: _Unit, season_id: int, ended_at: datetime, ends_at: datetime,
                         standings: list[dict[str, Any]]) -> None:
        self._write("UPDATE seasons SET ended_at = ?, ends_at = ?, standings = ? WHERE id = ? AND ended_at IS NULL",
                    (ended_at, ends_at, _json(standings), season_id))

    async def season_results(self: _Unit, guild_id: int, since: datetime, until: datetime,
                             game: str | None = None) -> list[tuple[str, list[dict[str, Any]]]]:
        rows = await self._all(
            "SELECT g.game, r.ranking FROM results r JOIN games g ON g.id = r.game_id WHERE r.guild_id = ? "
            "AND r.finished_at >= ? AND r.finished_at < ? AND (? IS NULL OR g.game = ?) "
            "ORDER BY r.finished_at, r.game_id", (guild_id, since, until, game, game))
        return [(str(r["game"]), json.loads(r["ranking"])) for r in rows]

    async def role_holders(self: _Unit, guild_id: int) -> dict[int, set[int]]:
        rows = await self._all("SELECT role_id, user_id FROM role_holders WHERE guild_id = ?", (guild_id,))
        held: dict[int, set[int]] = {}
        for r in rows:
            held.setdefault(int(r["role_id"]), set()).add(int(r["user_id"]))
        return held

    async def set_role_holders(self: _Unit, guild_id: int, role_id: int, user_ids: list[int]) -> None:
        self._write("DELETE FROM role_holders WHERE guild_id = ? AND role_id = ?", (guild_id, role_id))
        self._write_many("INSERT INTO role_holders (guild_id, role_id, user_id) VALUES (?, ?, ?)",
                         [(guild_id, role_id, u) for u in sorted(set(user_ids))])
