"""One unit of work on a PostgreSQL connection (``postgres.py`` opens it): the ``Repo`` interface with the
SQLite store's semantics and rows; the calls several processes need are in ``pg_claims.py``.

``NOTIFY`` (ids only) is sent with the rows it announces, so it is delivered only if they commit.
"""

from __future__ import annotations

import zlib
from datetime import UTC, datetime
from typing import Any

from bot.storage import pg_stats
from bot.storage.keys import message_keys
from bot.storage.pg_base import (
    _LIVE_TIMER,
    _OUTBOX,
    _OUTBOX_FROM,
    _TIMER,
    CHANNELS,
    PRUNE_LOCK,
    _dump,
    _fields,
    _t,
    _unpack,
)
from bot.storage.pg_claims import Claims
from bot.storage.pg_queue import PgQueue
from bot.storage.pg_seasons import PgSeasons
from bot.storage.records import (
    AnswerRow,
    EventRow,
    GameRow,
    GivenUp,
    NewMessage,
    OutboxRow,
    PromptRow,
    RewindRow,
    SeatRow,
    TimerRow,
    VoteRow,
    Whisper,
)
from bot.storage.repository import PACK_PER_PRUNE, PRUNE_ROWS, Pruned
from bot.storage.sqlite_repo import _position
from bot.storage.stats_rows import PlayerRows, SeatWait

_GAME = ("id, guild_id, channel_id, creator_id, players, status, settings, seed, seq, round, phase, state_hash, "
         "note, created_at, updated_at, started_at, finished_at, game")
_ANSWER = "game_id, seq, user_id, house, decision_id, kind, answer, source, round, phase, state_hash, at, rewound"
_VOTE = "id, game_id, kind, house, hours, opener_id, status, outcome, opened_at, closes_at, closed_at"


class PostgresRepo(Claims, PgSeasons, PgQueue):  # issue 29: pg_seasons.py, pg_queue.py
    # --- games -----------------------------------------------------------------------------------------

    async def add_game(self, guild_id: int | None, channel_id: int, creator_id: int, players: int,
                       settings: dict[str, Any], now: datetime, game: str = "agot") -> int:
        return int(await self._value(
            "INSERT INTO games (guild_id, channel_id, creator_id, players, status, settings, created_at, updated_at,"
            " game) VALUES ($1, $2, $3, $4, 'lobby', $5, $6, $6, $7) RETURNING id",
            guild_id, channel_id, creator_id, players, settings, _t(now), game))

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._one(f"SELECT {_GAME} FROM games WHERE id = $1", game_id)
        return GameRow(**_fields(row)) if row else None

    async def games(self, channel_id: int | None = None, user_id: int | None = None,
                    status: str | None = None) -> list[GameRow]:
        where: list[str] = []
        args: list[Any] = []
        if channel_id is not None:
            args.append(channel_id)
            where.append(f"channel_id = ${len(args)}")
        if user_id is not None:
            args.append(user_id)
            where.append(f"id IN (SELECT game_id FROM seats WHERE user_id = ${len(args)})")
        if status is not None:
            args.append(status)
            where.append(f"status = ${len(args)}")
        sql = f"SELECT {_GAME} FROM games" + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY id"
        return [GameRow(**_fields(r)) for r in await self._all(sql, *args)]

    async def record_state(self, game_id: int, seq: int, round: int | None, phase: str | None, state_hash: str,
                           now: datetime) -> None:
        await self._write("UPDATE games SET seq = $2, round = $3, phase = $4, state_hash = $5, updated_at = $6 "
                          "WHERE id = $1", game_id, seq, round, phase, state_hash, _t(now))

    async def start_game(self, game_id: int, seed: str, settings: dict[str, Any], now: datetime) -> None:
        await self._write("UPDATE games SET status = 'running', seed = $2, settings = $3, started_at = $4, "
                          "updated_at = $4 WHERE id = $1", game_id, seed, settings, _t(now))

    async def finish_game(self, game_id: int, now: datetime, note: str | None = None) -> None:
        await self._write("UPDATE games SET status = 'finished', finished_at = $2, note = $3, updated_at = $2 "
                          "WHERE id = $1", game_id, _t(now), note)

    async def reopen_game(self, game_id: int, now: datetime, clear_note: bool) -> None:
        await self._write("UPDATE games SET status = 'running', finished_at = NULL, updated_at = $2"
                          + (", note = NULL" if clear_note else "") + " WHERE id = $1", game_id, _t(now))

    async def set_game_status(self, game_id: int, status: str, now: datetime) -> None:
        if status not in ("running", "paused", "cancelled"):
            raise ValueError(f"set_game_status cannot make a game {status!r}")
        await self._write("UPDATE games SET status = $2, updated_at = $3 WHERE id = $1", game_id, status, _t(now))

    async def freeze_game(self, game_id: int, note: str, now: datetime) -> None:
        await self._write("UPDATE games SET status = 'frozen', note = $2, updated_at = $3 WHERE id = $1",
                          game_id, note, _t(now))

    # --- seats -----------------------------------------------------------------------------------------

    async def add_seat(self, seat: SeatRow) -> None:
        await self._write(
            "INSERT INTO seats (game_id, user_id, name, house, joined_at, missed, state, away_from, away_until) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            seat.game_id, seat.user_id, seat.name, seat.house, _t(seat.joined_at), seat.missed, seat.state,
            _t(seat.away_from), _t(seat.away_until))

    async def remove_seat(self, game_id: int, user_id: int) -> None:
        await self._write("DELETE FROM seats WHERE game_id = $1 AND user_id = $2", game_id, user_id)

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._all("SELECT game_id, user_id, name, house, joined_at, missed, state, away_from, away_until "
                               "FROM seats WHERE game_id = $1 ORDER BY joined_at, user_id", game_id)
        return [SeatRow(**_fields(r)) for r in rows]

    async def move_seat(self, game_id: int, user_id: int, new_user_id: int, name: str) -> None:
        await self._write("UPDATE seats SET user_id = $3, name = $4, missed = 0, state = 'player', away_from = NULL, "
                          "away_until = NULL WHERE game_id = $1 AND user_id = $2", game_id, user_id, new_user_id, name)

    async def set_seat_house(self, game_id: int, user_id: int, house: str | None) -> None:
        await self._write("UPDATE seats SET house = $3 WHERE game_id = $1 AND user_id = $2", game_id, user_id, house)

    async def set_missed(self, game_id: int, user_id: int, missed: int) -> None:
        await self._write("UPDATE seats SET missed = $3 WHERE game_id = $1 AND user_id = $2", game_id, user_id, missed)

    async def set_seat_state(self, game_id: int, user_id: int, state: str, away_from: datetime | None = None,
                             away_until: datetime | None = None) -> None:
        await self._write("UPDATE seats SET state = $3, away_from = $4, away_until = $5 WHERE game_id = $1 "
                          "AND user_id = $2", game_id, user_id, state, _t(away_from), _t(away_until))

    # --- answers and events ----------------------------------------------------------------------------

    async def add_answer(self, a: AnswerRow) -> None:
        await self._write(
            # the answer goes as JSON text: a null answer (a legal "none") would otherwise be sent as SQL NULL
            # asked_at: when the decision was prompted (its prompt row, still there in this transaction)
            f"INSERT INTO answers ({_ANSWER}, asked_at) VALUES ($1, $2, $3, $4, $5, $6, $7::text::jsonb, $8, $9, $10, "
            "$11, $12, NULL, (SELECT opened_at FROM prompts WHERE game_id = $1 AND decision_id = $5))",
            a.game_id, a.seq, a.user_id, a.house, a.decision_id, a.kind, _dump(a.answer), a.source, a.round,
            a.phase, a.state_hash, _t(a.at))

    async def answers(self, game_id: int, after_seq: int = 0, live: bool = True) -> list[AnswerRow]:
        extra = " AND rewound IS NULL" if live else ""
        rows = await self._all(f"SELECT {_ANSWER} FROM answers WHERE game_id = $1 AND seq > $2{extra} ORDER BY seq",
                               game_id, after_seq)
        return [AnswerRow(**_fields(r)) for r in rows]

    async def answered(self, game_id: int, decision_id: str, house: str) -> AnswerRow | None:
        row = await self._one(f"SELECT {_ANSWER} FROM answers WHERE game_id = $1 AND decision_id = $2 AND house = $3 "
                              "AND rewound IS NULL ORDER BY seq DESC LIMIT 1", game_id, decision_id, house)
        return AnswerRow(**_fields(row)) if row else None

    async def mark_rewound(self, game_id: int, seqs: list[int], rewind_id: int) -> None:
        await self._write("UPDATE answers SET rewound = $1 WHERE game_id = $2 AND seq = ANY($3::integer[])",
                          rewind_id, game_id, seqs)

    async def add_events(self, game_id: int, answer_seq: int, events: list[dict[str, Any]]) -> None:
        if not events:
            return
        await self._write(
            "INSERT INTO events (game_id, n, answer_seq, kind, audience, who, event) "
            "SELECT $1, COALESCE((SELECT MAX(n) FROM events WHERE game_id = $1), "
            "(SELECT last_n FROM event_archives WHERE game_id = $1), 0) + u.i, $2, u.k, u.a, u.w, u.e::jsonb "
            "FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) "
            "WITH ORDINALITY AS u(k, a, w, e, i)",
            game_id, answer_seq, [e["kind"] for e in events], [e["audience"]["kind"] for e in events],
            [e["audience"]["who"] for e in events], [_dump(e) for e in events])

    async def events(self, game_id: int, audience: str | None = None, before: int | None = None,
                     limit: int | None = None) -> list[EventRow]:
        """Events of the live line (not of rewound answers), oldest first; ``limit`` keeps the newest."""
        sql = ("SELECT e.game_id, e.n, e.answer_seq, e.event FROM events e LEFT JOIN answers a "
               "ON a.game_id = e.game_id AND a.seq = e.answer_seq WHERE e.game_id = $1 AND a.rewound IS NULL")
        args: list[Any] = [game_id]
        if audience is not None:
            args.append(audience)
            sql += f" AND e.audience = ${len(args)}"
        if before is not None:  # the engine's public "seq" where the event has one
            args.append(before)
            sql += (" AND COALESCE(CASE WHEN jsonb_typeof(e.event -> 'seq') = 'number' "
                    f"THEN (e.event ->> 'seq')::numeric END, e.n) < ${len(args)}")
        sql += " ORDER BY e.n DESC"
        if limit is not None:
            args.append(limit)
            sql += f" LIMIT ${len(args)}"
        rows = [EventRow(**_fields(r)) for r in reversed(await self._all(sql, *args))]
        packed = await self._value("SELECT events FROM event_archives WHERE game_id = $1", game_id)
        if packed is None:
            return rows
        marked = await self._all("SELECT seq FROM answers WHERE game_id = $1 AND rewound IS NOT NULL", game_id)
        rewound = {r["seq"] for r in marked}
        archived = [EventRow(game_id, e["n"], e["answer_seq"], e["event"]) for e in _unpack(packed)]
        kept = [e for e in archived if e.answer_seq not in rewound and (audience is None or e.audience == audience)
                and (before is None or _position(e) < before)]
        return (kept + rows)[-limit:] if limit is not None else kept + rows

    # --- snapshots -------------------------------------------------------------------------------------

    async def add_snapshot(self, game_id: int, seq: int, state: str) -> None:
        await self._write("INSERT INTO snapshots (game_id, seq, state) VALUES ($1, $2, $3) "
                          "ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state", game_id, seq, state)

    async def snapshot(self, game_id: int, at_most: int) -> tuple[int, str] | None:
        """The latest snapshot of the live line at or before answer ``at_most``."""
        row = await self._one(
            "SELECT s.seq, s.state FROM snapshots s LEFT JOIN answers a ON a.game_id = s.game_id AND a.seq = s.seq "
            "WHERE s.game_id = $1 AND s.seq <= $2 AND (s.seq = 0 OR (a.seq IS NOT NULL AND a.rewound IS NULL)) "
            "ORDER BY s.seq DESC LIMIT 1", game_id, at_most)
        return (int(row["seq"]), str(row["state"])) if row else None

    # --- outbox ----------------------------------------------------------------------------------------

    async def add_messages(self, messages: list[NewMessage], now: datetime) -> None:
        # one statement: the rows in the given order (the key is random, as in the SQLite store: see there), then
        # NOTIFY once per game, delivered at COMMIT
        if not messages:
            return
        await self._write(
            "WITH m AS (INSERT INTO outbox (game_id, audience, user_id, kind, payload, key, created_at) "
            "SELECT t.g, t.a, t.usr, t.k, t.p::jsonb, t.key, $7 FROM unnest($1::bigint[], $2::text[], $3::bigint[], "
            "$4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS t(g, a, usr, k, p, key, i) ORDER BY t.i "
            "RETURNING game_id) SELECT pg_notify($8, d.g::text) FROM (SELECT DISTINCT game_id AS g FROM m) AS d",
            [m.game_id for m in messages], [m.audience for m in messages], [m.user_id for m in messages],
            [m.kind for m in messages], [_dump(m.payload) for m in messages],
            message_keys(len(messages)), _t(now), CHANNELS["outbox"])

    async def unsent(self, limit: int = 100) -> list[OutboxRow]:
        rows = await self._all(f"SELECT {_OUTBOX} FROM {_OUTBOX_FROM} WHERE o.sent_at IS NULL AND o.failed_at IS NULL "
                               "ORDER BY o.id LIMIT $1", limit)
        return [OutboxRow(**_fields(r)) for r in rows]

    async def outbox(self, game_id: int) -> list[OutboxRow]:
        rows = await self._all(f"SELECT {_OUTBOX} FROM {_OUTBOX_FROM} WHERE o.game_id = $1 ORDER BY o.id", game_id)
        return [OutboxRow(**_fields(r)) for r in rows]

    async def mark_sent(self, message_id: int, front_id: str, now: datetime) -> None:
        await self._write("UPDATE outbox SET sent_at = $2, message_id = $3, retry_at = NULL WHERE id = $1",
                          message_id, _t(now), front_id)

    async def mark_sent_many(self, sent: list[tuple[int, str]], now: datetime) -> None:
        await self._write("UPDATE outbox o SET sent_at = $1, message_id = u.front, retry_at = NULL "
                          "FROM unnest($2::bigint[], $3::text[]) AS u(id, front) WHERE o.id = u.id",
                          _t(now), [m for m, _ in sent], [f for _, f in sent])

    async def mark_retry(self, message_id: int, error: str, retry_at: datetime) -> None:
        await self._write("UPDATE outbox SET attempts = attempts + 1, error = $2, retry_at = $3 WHERE id = $1",
                          message_id, error, _t(retry_at))

    async def mark_superseded(self, message_id: int, now: datetime) -> None:
        await self._write("UPDATE outbox SET sent_at = $2, error = 'superseded by a newer status' WHERE id = $1",
                          message_id, _t(now))

    async def supersede_status(self, game_id: int, now: datetime) -> None:
        await self._write("UPDATE outbox SET sent_at = $2, error = 'superseded by a newer status' "
                          "WHERE sent_at IS NULL AND failed_at IS NULL AND game_id = $1 AND kind = 'status'",
                          game_id, _t(now))

    async def mark_failed(self, message_id: int, error: str, now: datetime) -> None:
        await self._write("UPDATE outbox SET attempts = attempts + 1, error = $2, failed_at = $3 WHERE id = $1",
                          message_id, error, _t(now))

    async def given_up(self) -> list[GivenUp]:
        rows = await self._all("SELECT game_id, audience, user_id, count(*) AS count FROM outbox "
                               "WHERE failed_at IS NOT NULL AND said_at IS NULL GROUP BY game_id, audience, user_id "
                               "ORDER BY game_id, audience, user_id")
        return [GivenUp(**_fields(r)) for r in rows]

    async def mark_said(self, game_id: int, user_id: int | None, before: int, now: datetime) -> None:
        unsaid = "UPDATE outbox SET said_at = $1 WHERE failed_at IS NOT NULL AND said_at IS NULL AND id < $2 AND "
        if user_id is not None:
            await self._write(unsaid + "audience = 'player' AND user_id = $3", _t(now), before, user_id)
        else:
            await self._write(unsaid + "game_id = $3 AND NOT (audience = 'player' AND user_id IS NOT NULL)",
                              _t(now), before, game_id)

    async def prune(self, before: datetime, limit: int = PRUNE_ROWS) -> Pruned:
        """As the SQLite store's; one process prunes at a time (the others return nothing pruned)."""
        if not await self._value("SELECT pg_try_advisory_xact_lock($1, 0)", PRUNE_LOCK):
            return Pruned(0, 0, 0, 0, 0)
        messages = await self._value(
            "WITH gone AS (DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE sent_at < $1 "
            "ORDER BY sent_at, id LIMIT $2) RETURNING game_id, kind, audience), "
            "counted AS (INSERT INTO deliveries (game_id, kind, audience, messages) SELECT game_id, kind, audience, "
            "count(*) FROM gone GROUP BY game_id, kind, audience ON CONFLICT (game_id, kind, audience) "
            "DO UPDATE SET messages = deliveries.messages + excluded.messages RETURNING messages) "
            "SELECT count(*) FROM gone", _t(before), limit)
        given_up = await self._value(
            "WITH gone AS (DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE failed_at < $1 AND "
            "(said_at < $1 OR game_id IN (SELECT id FROM games WHERE status IN ('finished', 'cancelled'))) "
            "ORDER BY failed_at, id LIMIT $2) RETURNING 1) SELECT count(*) FROM gone", _t(before), limit)
        timers = await self._value("WITH gone AS (DELETE FROM timers WHERE id IN (SELECT id FROM timers WHERE done "
                                   "ORDER BY id LIMIT $1) RETURNING 1) SELECT count(*) FROM gone", limit)
        snapshots = await self._value(
            "WITH gone AS (DELETE FROM snapshots WHERE (game_id, seq) IN (SELECT o.game_id, o.seq FROM snapshots o "
            "WHERE o.seq > 0 AND o.game_id IN (SELECT id FROM games WHERE status = 'finished') AND o.seq < "
            "(SELECT MAX(s.seq) FROM snapshots s WHERE s.game_id = o.game_id) ORDER BY o.game_id, o.seq LIMIT $1) "
            "RETURNING 1) SELECT count(*) FROM gone", limit)
        events = 0
        for game in await self._all("SELECT g.id FROM games g WHERE g.status = 'finished' "
                                    "AND EXISTS (SELECT 1 FROM events e WHERE e.game_id = g.id) ORDER BY g.id LIMIT $1",
                                    PACK_PER_PRUNE):
            events += await self._pack_events(int(game["id"]))
        return Pruned(int(messages), int(timers), int(snapshots), events, int(given_up))

    async def _pack_events(self, game_id: int) -> int:
        """Move a finished game's event rows into its compressed archive; return how many moved."""
        rows = await self._all("SELECT n, answer_seq, event FROM events WHERE game_id = $1 ORDER BY n", game_id)
        old = await self._value("SELECT events FROM event_archives WHERE game_id = $1", game_id)
        packed = _unpack(old) if old is not None else []
        packed += [{"n": r["n"], "answer_seq": r["answer_seq"], "event": r["event"]} for r in rows]
        blob = zlib.compress(_dump(packed).encode(), 9)
        await self._write("INSERT INTO event_archives (game_id, last_n, events) VALUES ($1, $2, $3) ON CONFLICT "
                          "(game_id) DO UPDATE SET last_n = excluded.last_n, events = excluded.events",
                          game_id, packed[-1]["n"], blob)
        await self._write("DELETE FROM events WHERE game_id = $1", game_id)
        return len(rows)

    async def delivered(self, game_id: int) -> dict[str, int]:
        rows = await self._all("SELECT kind, sum(messages) AS n FROM (SELECT kind, messages FROM deliveries "
                               "WHERE game_id = $1 UNION ALL SELECT kind, 1 FROM outbox WHERE game_id = $1 "
                               "AND sent_at IS NOT NULL) AS d GROUP BY kind ORDER BY kind", game_id)
        return {str(r["kind"]): int(r["n"]) for r in rows}

    # --- prompts and timers ----------------------------------------------------------------------------

    async def prompts(self, game_id: int) -> list[PromptRow]:
        # SQLite orders by CAST(decision_id AS INTEGER): the leading digits as a number (0 when there are none)
        rows = await self._all("SELECT game_id, decision_id, house, kind, deadline_at, opened_at FROM prompts "
                               "WHERE game_id = $1 ORDER BY opened_at, "
                               "COALESCE(NULLIF(substring(decision_id FROM '^[0-9]+'), '')::numeric, 0), decision_id",
                               game_id)
        return [PromptRow(**_fields(r)) for r in rows]

    async def add_prompt(self, p: PromptRow) -> None:
        await self._write("INSERT INTO prompts (game_id, decision_id, house, kind, deadline_at, opened_at) "
                          "VALUES ($1, $2, $3, $4, $5, $6)",
                          p.game_id, p.decision_id, p.house, p.kind, _t(p.deadline_at), _t(p.opened_at))

    async def remove_prompts(self, game_id: int, decision_ids: list[str]) -> None:
        await self._write("DELETE FROM prompts WHERE game_id = $1 AND decision_id = ANY($2::text[])",
                          game_id, decision_ids)

    async def set_prompt_deadline(self, game_id: int, decision_id: str, deadline_at: datetime | None) -> None:
        await self._write("UPDATE prompts SET deadline_at = $3 WHERE game_id = $1 AND decision_id = $2",
                          game_id, decision_id, _t(deadline_at))

    async def add_timer(self, game_id: int, kind: str, due_at: datetime, payload: dict[str, Any]) -> None:
        await self._write("WITH t AS (INSERT INTO timers (game_id, kind, due_at, payload) VALUES ($1, $2, $3, $4) "
                          "RETURNING game_id) SELECT pg_notify($5, game_id::text) FROM t",
                          game_id, kind, _t(due_at), payload, CHANNELS["timers"])

    async def timers(self, game_id: int) -> list[TimerRow]:
        rows = await self._all(f"SELECT {_TIMER} FROM timers WHERE game_id = $1 AND NOT done ORDER BY id", game_id)
        return [TimerRow(**_fields(r)) for r in rows]

    async def due_timers(self, now: datetime) -> list[TimerRow]:
        rows = await self._all(f"SELECT {_TIMER} FROM timers WHERE NOT done AND due_at <= $1 AND {_LIVE_TIMER} "
                               "ORDER BY due_at, id", _t(now))
        return [TimerRow(**_fields(r)) for r in rows]

    async def next_due(self) -> datetime | None:
        # a timer another process has claimed is due again for the others when its lease ends
        moment = await self._value("SELECT MIN(GREATEST(due_at, claimed_until)) FROM timers WHERE NOT done "
                                   f"AND due_at IS NOT NULL AND {_LIVE_TIMER}")
        return moment.astimezone(UTC) if moment is not None else None

    async def finish_timers(self, ids: list[int]) -> None:
        await self._write("UPDATE timers SET done = true WHERE id = ANY($1::bigint[])", ids)

    async def cancel_timers(self, game_id: int, decision_ids: list[str] | None = None) -> None:
        if decision_ids is None:
            await self._write("UPDATE timers SET done = true WHERE game_id = $1 AND NOT done", game_id)
            return
        await self._write("UPDATE timers SET done = true WHERE game_id = $1 AND NOT done "
                          "AND payload ->> 'decision_id' = ANY($2::text[])", game_id, decision_ids)

    async def set_timer(self, timer_id: int, due_at: datetime | None, remaining_ms: int | None) -> None:
        await self._write("WITH t AS (UPDATE timers SET due_at = $2, remaining_ms = $3 WHERE id = $1 "
                          "RETURNING game_id, due_at) SELECT pg_notify($4, game_id::text) FROM t "
                          "WHERE due_at IS NOT NULL",
                          timer_id, _t(due_at), remaining_ms, CHANNELS["timers"])

    # --- rewinds ---------------------------------------------------------------------------------------

    async def add_rewind(self, game_id: int, user_id: int, count: int, from_seq: int, to_seq: int, reason: str,
                         now: datetime) -> int:
        return int(await self._value(
            "INSERT INTO rewinds (game_id, user_id, count, from_seq, to_seq, reason, at) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id", game_id, user_id, count, from_seq, to_seq, reason,
            _t(now)))

    async def rewinds(self, game_id: int) -> list[RewindRow]:
        rows = await self._all("SELECT id, game_id, user_id, count, from_seq, to_seq, reason, at FROM rewinds "
                               "WHERE game_id = $1 ORDER BY id", game_id)
        return [RewindRow(**_fields(r)) for r in rows]

    # --- votes -----------------------------------------------------------------------------------------

    async def add_vote(self, game_id: int, kind: str, house: str | None, hours: int | None, opener_id: int,
                       now: datetime, closes_at: datetime) -> int:
        return int(await self._value(
            "INSERT INTO votes (game_id, kind, house, hours, opener_id, opened_at, closes_at) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id", game_id, kind, house, hours, opener_id, _t(now),
            _t(closes_at)))

    async def vote(self, vote_id: int) -> VoteRow | None:
        row = await self._one(f"SELECT {_VOTE} FROM votes WHERE id = $1", vote_id)
        return VoteRow(**_fields(row)) if row else None

    async def open_votes(self, game_id: int) -> list[VoteRow]:
        rows = await self._all(f"SELECT {_VOTE} FROM votes WHERE game_id = $1 AND status = 'open' ORDER BY id",
                               game_id)
        return [VoteRow(**_fields(r)) for r in rows]

    async def close_vote(self, vote_id: int, status: str, outcome: str, now: datetime) -> None:
        await self._write("UPDATE votes SET status = $2, outcome = $3, closed_at = $4 "
                          "WHERE id = $1 AND status = 'open'", vote_id, status, outcome, _t(now))

    async def cast_ballot(self, vote_id: int, user_id: int, yes: bool, now: datetime) -> None:
        await self._write("INSERT INTO ballots (vote_id, user_id, yes, at) VALUES ($1, $2, $3, $4) "
                          "ON CONFLICT (vote_id, user_id) DO UPDATE SET yes = excluded.yes, at = excluded.at",
                          vote_id, user_id, bool(yes), _t(now))

    async def ballots(self, vote_id: int) -> dict[int, bool]:
        rows = await self._all("SELECT user_id, yes FROM ballots WHERE vote_id = $1 ORDER BY user_id", vote_id)
        return {int(r["user_id"]): bool(r["yes"]) for r in rows}

    # --- looks and results (issue 12) ------------------------------------------------------------------

    async def looked(self, game_id: int, user_id: int) -> int | None:
        seq = await self._value("SELECT seq FROM looks WHERE game_id = $1 AND user_id = $2", game_id, user_id)
        return int(seq) if seq is not None else None

    async def set_looked(self, game_id: int, user_id: int, seq: int, now: datetime) -> None:
        await self._write("INSERT INTO looks (game_id, user_id, seq, at) VALUES ($1, $2, $3, $4) "
                          "ON CONFLICT (game_id, user_id) DO UPDATE SET seq = excluded.seq, at = excluded.at",
                          game_id, user_id, seq, _t(now))

    async def add_result(self, game_id: int, guild_id: int | None, ranking: list[dict[str, Any]],
                         now: datetime) -> None:
        await self._write("INSERT INTO results (game_id, guild_id, finished_at, ranking) VALUES ($1, $2, $3, $4) "
                          "ON CONFLICT (game_id) DO UPDATE SET guild_id = excluded.guild_id, "
                          "finished_at = excluded.finished_at, ranking = excluded.ranking",
                          game_id, guild_id, _t(now), ranking)
        await self._write("UPDATE seats s SET place = (r.value ->> 'place')::integer FROM jsonb_array_elements($2) "
                          "AS r(value) WHERE s.game_id = $1 AND s.house = r.value ->> 'house'",
                          game_id, ranking)  # each seat's place, for the statistics (stats.py)

    async def remove_result(self, game_id: int) -> None:
        await self._write("DELETE FROM results WHERE game_id = $1", game_id)
        await self._write("UPDATE seats SET place = NULL WHERE game_id = $1", game_id)

    async def results(self, guild_id: int) -> list[list[dict[str, Any]]]:
        """The rankings of the server's finished games, oldest first."""
        rows = await self._all("SELECT ranking FROM results WHERE guild_id = $1 ORDER BY finished_at, game_id",
                               guild_id)
        return [list(r["ranking"]) for r in rows]

    # --- members' time zones and the front end's posts (issue 15) --------------------------------------

    async def front_post(self, game_id: int, kind: str, user_id: int = 0) -> str | None:
        found = await self._value("SELECT message_id FROM front_posts WHERE game_id = $1 AND kind = $2 "
                                  "AND user_id = $3", game_id, kind, user_id)
        return str(found) if found is not None else None

    async def set_front_post(self, game_id: int, kind: str, user_id: int, message_id: str, now: datetime) -> None:
        await self._write("INSERT INTO front_posts (game_id, kind, user_id, message_id, at) "
                          "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (game_id, kind, user_id) "
                          "DO UPDATE SET message_id = excluded.message_id, at = excluded.at",
                          game_id, kind, user_id, message_id, _t(now))

    async def member_zone(self, user_id: int) -> str | None:
        zone = await self._value("SELECT zone FROM member_zones WHERE user_id = $1", user_id)
        return str(zone) if zone is not None else None

    async def set_member_zone(self, user_id: int, zone: str, now: datetime) -> None:
        await self._write("INSERT INTO member_zones (user_id, zone, at) VALUES ($1, $2, $3) ON CONFLICT (user_id) "
                          "DO UPDATE SET zone = excluded.zone, at = excluded.at", user_id, zone, _t(now))

    # --- whispers between houses (issue 15) --------------------------------------------------------------

    async def add_whisper(self, game_id: int, from_house: str, to_house: str, text: str, now: datetime) -> None:
        await self._write("INSERT INTO whispers (game_id, from_house, to_house, text, at) VALUES ($1, $2, $3, $4, $5)",
                          game_id, from_house, to_house, text, _t(now))

    async def whispers(self, game_id: int, from_house: str | None = None,
                       since: datetime | None = None) -> list[Whisper]:
        """A game's whispers in the order sent; ``from_house``: one house's only; ``since``: sent at or after."""
        rows = await self._all("SELECT from_house, to_house, text, at FROM whispers WHERE game_id = $1 "
                               "AND ($2::text IS NULL OR from_house = $2) AND ($3::timestamptz IS NULL OR at >= $3) "
                               "ORDER BY id", game_id, from_house, _t(since))
        return [{"from": str(r["from_house"]), "to": str(r["to_house"]), "text": str(r["text"]),
                 "at": r["at"].astimezone(UTC)} for r in rows]

    # --- statistics (issue 29): the SQL in pg_stats.py -----------------------------------------------------

    async def log_seat(self, game_id: int, user_id: int, house: str, kind: str, now: datetime) -> None:
        await self._write("INSERT INTO seat_log (game_id, user_id, house, kind, at) VALUES ($1, $2, $3, $4, $5)",
                          game_id, user_id, house, kind, _t(now))

    async def player_rows(self, user_id: int, guild_id: int | None) -> PlayerRows:
        return await pg_stats.player_rows(self, user_id, guild_id)

    async def seat_waits(self, game_id: int) -> list[SeatWait]:
        return await pg_stats.seat_waits(self, game_id)
