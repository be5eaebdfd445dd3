"""The statistics' SQL on SQLite (issue 29): a player's rows found by user through ``seats_user``,
``answers_user`` and ``seat_log_user``, each game by its key (its server filters it); a game's by its key. Times to
answer are computed in SQL from ``answers.asked_at`` (the prompt's opening, stored with the answer)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.storage.stats_rows import Placed, Played, PlayerRows, SeatWait, seconds

if TYPE_CHECKING:
    from bot.storage.sqlite_repo import SqliteRepo

# the games of one server, or of every server (NULL): ``g`` is the games row joined by its key
_SERVER = "(? IS NULL OR g.guild_id = ?)"
# seconds from the prompt to the first answer of each decision (a secret answer changed later counts once)
_WAIT = "(julianday(min(a.at)) - julianday(a.asked_at)) * 86400.0"


async def player_rows(repo: SqliteRepo, user_id: int, guild_id: int | None) -> PlayerRows:
    server = (guild_id, guild_id)
    played = await repo._all(
        "SELECT g.game, count(*) AS played, sum(g.status = 'finished' AND p.seated) AS finished "
        "FROM (SELECT game_id, max(seated) AS seated FROM (SELECT game_id, state != 'open' AS seated FROM seats "
        "WHERE user_id = ? UNION ALL SELECT game_id, 0 FROM seat_log WHERE user_id = ? AND kind = 'replaced') "
        f"GROUP BY game_id) p JOIN games g ON g.id = p.game_id WHERE g.started_at IS NOT NULL AND {_SERVER} "
        "GROUP BY g.game ORDER BY g.game", (user_id, user_id, *server))
    placed = await repo._all(
        "SELECT g.game, s.house, s.place, count(*) AS games FROM seats s JOIN games g ON g.id = s.game_id "
        f"WHERE s.user_id = ? AND s.place IS NOT NULL AND s.state != 'open' AND {_SERVER} "
        "GROUP BY g.game, s.house, s.place ORDER BY g.game, s.house, s.place", (user_id, *server))
    waits = await repo._all(
        f"SELECT {_WAIT} AS wait FROM answers a JOIN games g ON g.id = a.game_id WHERE a.user_id = ? "
        f"AND a.source = 'player' AND a.asked_at IS NOT NULL AND a.rewound IS NULL AND {_SERVER} "
        "GROUP BY a.game_id, a.decision_id, a.house", (user_id, *server))
    missed = await repo._one(
        "SELECT count(*) AS n FROM answers a JOIN games g ON g.id = a.game_id WHERE a.user_id = ? "
        f"AND a.source = 'deadline' AND a.rewound IS NULL AND {_SERVER}", (user_id, *server))
    logged = await repo._all(
        "SELECT l.kind, CASE WHEN l.kind = 'away' THEN count(*) ELSE count(DISTINCT l.game_id) END AS n "
        f"FROM seat_log l JOIN games g ON g.id = l.game_id WHERE l.user_id = ? AND {_SERVER} GROUP BY l.kind",
        (user_id, *server))
    return PlayerRows(
        played=[Played(str(r["game"]), int(r["played"]), int(r["finished"] or 0)) for r in played],
        placed=[Placed(str(r["game"]), str(r["house"]), int(r["place"]), int(r["games"])) for r in placed],
        waits=[seconds(r["wait"]) for r in waits], missed=int(missed["n"]),
        logged={str(r["kind"]): int(r["n"]) for r in logged})


async def seat_waits(repo: SqliteRepo, game_id: int) -> list[SeatWait]:
    rows = await repo._all(
        f"SELECT a.house, a.user_id, a.source, {_WAIT} AS wait FROM answers a WHERE a.game_id = ? "
        "AND a.source IN ('player', 'deadline') AND a.asked_at IS NOT NULL AND a.rewound IS NULL "
        "GROUP BY a.decision_id, a.house", (game_id,))
    return [SeatWait(str(r["house"]), r["user_id"], str(r["source"]), seconds(r["wait"])) for r in rows]
