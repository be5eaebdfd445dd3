"""The statistics' SQL on PostgreSQL (issue 29), as ``sqlite_stats.py`` on SQLite: a player's rows found by user
through ``seats_user``, ``answers_user`` and ``seat_log_user``, each game by its key; a game's by its key."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.storage.stats_rows import Placed, Played, PlayerRows, SeatWait, seconds

if TYPE_CHECKING:
    from bot.storage.pg_repo import PostgresRepo


def _game_of(alias: str) -> str:
    """``g``: the games row of each row of ``alias``, looked up by its key (OFFSET 0 keeps the planner from turning
    the lookups into a join that reads the games table whole, which it prefers while the table is small)."""
    return (f"CROSS JOIN LATERAL (SELECT game, status, started_at, guild_id FROM games WHERE id = {alias}.game_id "
            "OFFSET 0) g")


# the games of one server, or of every server (NULL): $2 the server
_SERVER = "($2::bigint IS NULL OR g.guild_id = $2)"
# the first answer of each decision (a secret answer changed later counts once), with its seconds since the prompt
_FIRST = ("DISTINCT ON (a.game_id, a.decision_id, a.house) a.house, a.user_id, a.source, "
          "EXTRACT(EPOCH FROM a.at - a.asked_at)::float8 AS wait")
_FIRST_ORDER = "ORDER BY a.game_id, a.decision_id, a.house, a.seq"


async def player_rows(repo: PostgresRepo, user_id: int, guild_id: int | None) -> PlayerRows:
    played = await repo._all(
        "SELECT g.game, count(*) AS played, count(*) FILTER (WHERE g.status = 'finished' AND p.seated) AS finished "
        "FROM (SELECT game_id, bool_or(seated) AS seated FROM (SELECT game_id, state <> 'open' AS seated FROM seats "
        "WHERE user_id = $1 UNION ALL SELECT game_id, false FROM seat_log WHERE user_id = $1 AND kind = 'replaced') "
        f"AS x GROUP BY game_id) p {_game_of('p')} WHERE g.started_at IS NOT NULL AND {_SERVER} "
        "GROUP BY g.game ORDER BY g.game", user_id, guild_id)
    placed = await repo._all(
        f"SELECT g.game, s.house, s.place, count(*) AS games FROM seats s {_game_of('s')} "
        f"WHERE s.user_id = $1 AND s.place IS NOT NULL AND s.state <> 'open' AND {_SERVER} "
        "GROUP BY g.game, s.house, s.place ORDER BY g.game, s.house, s.place", user_id, guild_id)
    waits = await repo._all(
        f"SELECT {_FIRST} FROM answers a {_game_of('a')} WHERE a.user_id = $1 "
        f"AND a.source = 'player' AND a.asked_at IS NOT NULL AND a.rewound IS NULL AND {_SERVER} {_FIRST_ORDER}",
        user_id, guild_id)
    missed = await repo._value(
        f"SELECT count(*) FROM answers a {_game_of('a')} WHERE a.user_id = $1 "
        f"AND a.source = 'deadline' AND a.rewound IS NULL AND {_SERVER}", user_id, guild_id)
    logged = await repo._all(
        "SELECT l.kind, CASE WHEN l.kind = 'away' THEN count(*) ELSE count(DISTINCT l.game_id) END AS n "
        f"FROM seat_log l {_game_of('l')} WHERE l.user_id = $1 AND {_SERVER} GROUP BY l.kind",
        user_id, guild_id)
    return PlayerRows(
        played=[Played(str(r["game"]), int(r["played"]), int(r["finished"])) for r in played],
        placed=[Placed(str(r["game"]), str(r["house"]), int(r["place"]), int(r["games"])) for r in placed],
        waits=[seconds(r["wait"]) for r in waits], missed=int(missed),
        logged={str(r["kind"]): int(r["n"]) for r in logged})


async def seat_waits(repo: PostgresRepo, game_id: int) -> list[SeatWait]:
    rows = await repo._all(
        f"SELECT {_FIRST} FROM answers a WHERE a.game_id = $1 AND a.source IN ('player', 'deadline') "
        f"AND a.asked_at IS NOT NULL AND a.rewound IS NULL {_FIRST_ORDER}", game_id)
    return [SeatWait(str(r["house"]), r["user_id"], str(r["source"]), seconds(r["wait"])) for r in rows]
