"""The SQL of the SQLite store: one ``SqliteRepo`` per transaction or read (see ``sqlite.py`` for how it runs).

Rows are built by column name (``sqlite3.Row``), never by position. Times are stored as fixed-width ISO-8601 UTC
text (``records.iso``), so that they compare and sort as text in SQL: every ``datetime`` parameter is turned into
that text on its way in (a naive one is refused with ValueError), and every time column back into an aware UTC
``datetime`` on its way out.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import zlib
from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from bot.storage import sqlite_stats
from bot.storage.keys import message_keys
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
    from_iso,
    iso,
)
from bot.storage.repository import PACK_PER_PRUNE, PRUNE_ROWS, Pruned, StorageError
from bot.storage.sqlite_group import Member, Statement, merged
from bot.storage.sqlite_queue import SqliteQueue
from bot.storage.sqlite_rows import build as _build
from bot.storage.sqlite_rows import params as _params
from bot.storage.sqlite_rows import to_json as _json
from bot.storage.sqlite_seasons import SqliteSeasons
from bot.storage.stats_rows import PlayerRows, SeatWait

if TYPE_CHECKING:
    from bot.storage.sqlite import SqliteStore


def _placeholders(items: Iterable[Any]) -> str:
    return ",".join("?" for _ in items)


# a timer fires while its game runs (a vote's also while it is paused, a ready check's while its game is in the
# lobby): the game is looked up by its key
_LIVE = ("(t.kind IN ('vote', 'ready') OR EXISTS (SELECT 1 FROM games g WHERE g.id = t.game_id "
         "AND g.status = 'running'))")


def _position(e: EventRow) -> int:
    """The engine's public "seq" of an event where it has one, else its number (what ``events(before=)`` uses)."""
    seq = e.event.get("seq")
    return int(seq) if seq is not None else e.n


class SqliteRepo(SqliteSeasons, SqliteQueue):  # issue 29: sqlite_seasons.py, sqlite_queue.py
    """One unit of work. Writes are deferred: a transaction that only writes hands them to its group when its block
    ends (``SqliteStore.enqueue``); one that reads takes the writing connection at its first read and sends them
    with each read. The SQLite error of a deferred write surfaces there, and the transaction rolls back as a whole.
    A reading repo refuses writes."""

    def __init__(self, store: SqliteStore, writable: bool) -> None:
        self.store = store
        self.writable = writable
        self.batch: list[Statement] = []
        self.holding = False  # a writable repo that read holds the writing connection, in its own transaction
        self.opened = False  # a reading repo's read transaction is open

    def _write(self, sql: str, args: Iterable[Any] = ()) -> None:
        if not self.writable:
            raise StorageError("a write through a reading repository (use store.transaction())")
        self.batch.append((sql, _params(args), False))

    def _write_many(self, sql: str, rows: list[tuple[Any, ...]], stored: bool = False) -> None:
        """``stored``: the rows hold only values SQLite stores as they are (no datetime: those are written as
        ``iso`` text by the caller), so they are not looked through again (the answer path's many rows)."""
        if not self.writable:
            raise StorageError("a write through a reading repository (use store.transaction())")
        if rows:
            self.batch.append((sql, rows if stored else [_params(r) for r in rows], True))

    async def _send(self, query: tuple[str, Any], insert: bool = False) -> Any:
        if not self.writable:
            self.opened = True
            return await self.store.read(query)
        if not self.holding:
            await self.store.hold()
            self.holding = True
        batch, self.batch = self.batch, []
        try:
            return await self.store.write(merged([batch]), query, insert)
        except sqlite3.Error as exc:
            raise self.store.error(exc) from exc

    async def finish(self) -> None:
        """The block ended: its writes go with the next group (or, if it read, are committed now); returns once
        they are committed."""
        if not self.holding:
            if self.batch:
                member = Member(self.batch, asyncio.get_running_loop().create_future())
                self.batch = []
                self.store.enqueue(member)
                await member.done
            return
        try:
            await self.store.write(merged([self.batch]))
            await self.store.commit()
        except sqlite3.Error as exc:
            await self.abandon()
            raise self.store.error(exc) from exc
        except BaseException:
            await self.abandon()
            raise
        self._release()

    async def abandon(self) -> None:
        """The block raised: undo what of it ran."""
        self.batch = []
        if not self.holding:
            return
        try:
            await self.store.rollback()
        finally:
            self._release()

    def _release(self) -> None:
        self.holding = False
        self.store.lock.release()

    async def _all(self, sql: str, args: Iterable[Any] = ()) -> list[sqlite3.Row]:
        return list(await self._send((sql, _params(args))))

    async def _one(self, sql: str, args: Iterable[Any] = ()) -> Any:
        rows = await self._all(sql, args)
        return rows[0] if rows else None

    async def _insert(self, sql: str, args: Iterable[Any] = ()) -> int:
        if not self.writable:
            raise StorageError("a write through a reading repository (use store.transaction())")
        return int(await self._send((sql, _params(args)), insert=True))

    # --- games -----------------------------------------------------------------------------------------

    async def add_game(self, guild_id: int | None, channel_id: int, creator_id: int, players: int,
                       settings: dict[str, Any], now: datetime, game: str = "agot") -> int:
        return await self._insert(
            "INSERT INTO games (guild_id, channel_id, creator_id, players, status, settings, created_at, updated_at,"
            " game) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
            (guild_id, channel_id, creator_id, players, _json(settings), now, now, game))

    _GAME_COLUMNS = ("id, guild_id, channel_id, creator_id, players, status, settings, seed, seq, round, phase, "
                     "state_hash, note, created_at, updated_at, started_at, finished_at, game")

    @staticmethod
    def _game(row: sqlite3.Row) -> GameRow:
        return _build(GameRow, row, ("settings",))

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._one(f"SELECT {self._GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return self._game(row) if row else None

    async def games(self, channel_id: int | None = None, user_id: int | None = None,
                    status: str | None = None) -> list[GameRow]:
        where: list[str] = []
        args: list[Any] = []
        if channel_id is not None:
            where.append("channel_id = ?")
            args.append(channel_id)
        if user_id is not None:
            where.append("id IN (SELECT game_id FROM seats WHERE user_id = ?)")
            args.append(user_id)
        if status is not None:
            where.append("status = ?")
            args.append(status)
        clause = (" WHERE " + " AND ".join(where)) if where else ""
        rows = await self._all(f"SELECT {self._GAME_COLUMNS} FROM games{clause} ORDER BY id", args)
        return [self._game(r) for r in rows]

    async def record_state(self, game_id: int, seq: int, round: int | None, phase: str | None, state_hash: str,
                           now: datetime) -> None:
        self._write("UPDATE games SET seq = ?, round = ?, phase = ?, state_hash = ?, updated_at = ? WHERE id = ?",
                    (seq, round, phase, state_hash, now, game_id))

    async def start_game(self, game_id: int, seed: str, settings: dict[str, Any], now: datetime) -> None:
        self._write("UPDATE games SET status = 'running', seed = ?, settings = ?, started_at = ?, updated_at = ? "
                    "WHERE id = ?", (seed, _json(settings), now, now, game_id))

    async def finish_game(self, game_id: int, now: datetime, note: str | None = None) -> None:
        self._write("UPDATE games SET status = 'finished', finished_at = ?, note = ?, updated_at = ? WHERE id = ?",
                    (now, note, now, game_id))

    async def reopen_game(self, game_id: int, now: datetime, clear_note: bool) -> None:
        self._write("UPDATE games SET status = 'running', finished_at = NULL, updated_at = ?"
                    + (", note = NULL" if clear_note else "") + " WHERE id = ?", (now, game_id))

    async def set_game_status(self, game_id: int, status: str, now: datetime) -> None:
        if status not in ("running", "paused", "cancelled"):
            raise ValueError(f"set_game_status cannot make a game {status!r}")
        self._write("UPDATE games SET status = ?, updated_at = ? WHERE id = ?", (status, now, game_id))

    async def freeze_game(self, game_id: int, note: str, now: datetime) -> None:
        self._write("UPDATE games SET status = 'frozen', note = ?, updated_at = ? WHERE id = ?", (note, now, game_id))

    # --- seats -----------------------------------------------------------------------------------------

    async def add_seat(self, seat: SeatRow) -> None:
        self._write(
            "INSERT INTO seats (game_id, user_id, name, house, joined_at, missed, state, away_from, away_until) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (seat.game_id, seat.user_id, seat.name, seat.house, seat.joined_at, seat.missed, seat.state,
             seat.away_from, seat.away_until))

    async def remove_seat(self, game_id: int, user_id: int) -> None:
        self._write("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._all("SELECT game_id, user_id, name, house, joined_at, missed, state, away_from, "
                               "away_until FROM seats WHERE game_id = ? ORDER BY joined_at, user_id", (game_id,))
        return [_build(SeatRow, r) for r in rows]

    async def move_seat(self, game_id: int, user_id: int, new_user_id: int, name: str) -> None:
        self._write("UPDATE seats SET user_id = ?, name = ?, missed = 0, state = 'player', away_from = NULL, "
                    "away_until = NULL "
                    "WHERE game_id = ? AND user_id = ?",
                    (new_user_id, name, game_id, user_id))

    async def set_seat_house(self, game_id: int, user_id: int, house: str | None) -> None:
        self._write("UPDATE seats SET house = ? WHERE game_id = ? AND user_id = ?", (house, game_id, user_id))

    async def set_missed(self, game_id: int, user_id: int, missed: int) -> None:
        self._write("UPDATE seats SET missed = ? WHERE game_id = ? AND user_id = ?", (missed, game_id, user_id))

    async def set_seat_state(self, game_id: int, user_id: int, state: str, away_from: datetime | None = None,
                             away_until: datetime | None = None) -> None:
        self._write("UPDATE seats SET state = ?, away_from = ?, away_until = ? WHERE game_id = ? AND user_id = ?",
                    (state, away_from, away_until, game_id, user_id))

    # --- answers and events ----------------------------------------------------------------------------

    _ANSWER_COLUMNS = ("game_id, seq, user_id, house, decision_id, kind, answer, source, round, phase, state_hash, at,"
                       " rewound")

    @staticmethod
    def _answer(row: sqlite3.Row) -> AnswerRow:
        return _build(AnswerRow, row, ("answer",))

    async def add_answer(self, a: AnswerRow) -> None:
        self._write(
            # asked_at: when the decision was prompted (its prompt row, still there in this transaction)
            f"INSERT INTO answers ({self._ANSWER_COLUMNS}, asked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, "
            "(SELECT opened_at FROM prompts WHERE game_id = ? AND decision_id = ?))",
            (a.game_id, a.seq, a.user_id, a.house, a.decision_id, a.kind, _json(a.answer), a.source, a.round,
             a.phase, a.state_hash, a.at, a.game_id, a.decision_id))

    async def answers(self, game_id: int, after_seq: int = 0, live: bool = True) -> list[AnswerRow]:
        extra = " AND rewound IS NULL" if live else ""
        rows = await self._all(f"SELECT {self._ANSWER_COLUMNS} FROM answers WHERE game_id = ? AND seq > ?{extra} "
                               "ORDER BY seq", (game_id, after_seq))
        return [self._answer(r) for r in rows]

    async def answered(self, game_id: int, decision_id: str, house: str) -> AnswerRow | None:
        row = await self._one(f"SELECT {self._ANSWER_COLUMNS} FROM answers WHERE game_id = ? AND decision_id = ? "
                              "AND house = ? AND rewound IS NULL ORDER BY seq DESC LIMIT 1",
                              (game_id, decision_id, house))
        return self._answer(row) if row else None

    async def mark_rewound(self, game_id: int, seqs: list[int], rewind_id: int) -> None:
        self._write(f"UPDATE answers SET rewound = ? WHERE game_id = ? AND seq IN ({_placeholders(seqs)})",
                    (rewind_id, game_id, *seqs))

    async def add_events(self, game_id: int, answer_seq: int, events: list[dict[str, Any]]) -> None:
        if not events:
            return
        self._write_many(
            "INSERT INTO events (game_id, n, answer_seq, kind, audience, who, event) VALUES "
            "(?, (SELECT COALESCE(MAX(n), (SELECT last_n FROM event_archives WHERE game_id = ?), 0) + 1 FROM events "
            "WHERE game_id = ?), ?, ?, ?, ?, ?)",
            [(game_id, game_id, game_id, answer_seq, e["kind"], e["audience"]["kind"], e["audience"]["who"], _json(e))
             for e in events], stored=True)

    async def events(self, game_id: int, audience: str | None = None, before: int | None = None,
                     limit: int | None = None) -> list[EventRow]:
        """Events of the live line (not of rewound answers), oldest first; ``limit`` keeps the newest."""
        sql = ("SELECT e.game_id, e.n, e.answer_seq, e.event FROM events e "
               "LEFT JOIN answers a ON a.game_id = e.game_id AND a.seq = e.answer_seq "
               "WHERE e.game_id = ? AND a.rewound IS NULL")
        args: list[Any] = [game_id]
        if audience is not None:
            sql += " AND e.audience = ?"
            args.append(audience)
        if before is not None:  # the engine's public "seq" where the event has one
            sql += " AND COALESCE(json_extract(e.event, '$.seq'), e.n) < ?"
            args.append(before)
        sql += " ORDER BY e.n DESC"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        rows = [_build(EventRow, r, ("event",)) for r in reversed(await self._all(sql, args))]
        packed = await self._one("SELECT events FROM event_archives WHERE game_id = ?", (game_id,))
        if packed is None:
            return rows
        marked = await self._all("SELECT seq FROM answers WHERE game_id = ? AND rewound IS NOT NULL", (game_id,))
        rewound = {r["seq"] for r in marked}
        archived = [EventRow(game_id, e["n"], e["answer_seq"], e["event"])
                    for e in json.loads(zlib.decompress(packed["events"]))]
        kept = [e for e in archived if e.answer_seq not in rewound and (audience is None or e.audience == audience)
                and (before is None or _position(e) < before)]
        return (kept + rows)[-limit:] if limit is not None else kept + rows

    # --- snapshots -------------------------------------------------------------------------------------

    async def add_snapshot(self, game_id: int, seq: int, state: str) -> None:
        self._write("INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)",
                    (game_id, seq, state))

    async def snapshot(self, game_id: int, at_most: int) -> tuple[int, str] | None:
        """The latest snapshot of the live line at or before answer ``at_most``."""
        row = await self._one(
            "SELECT s.seq, s.state FROM snapshots s LEFT JOIN answers a ON a.game_id = s.game_id AND a.seq = s.seq "
            "WHERE s.game_id = ? AND s.seq <= ? AND (s.seq = 0 OR (a.seq IS NOT NULL AND a.rewound IS NULL)) "
            "ORDER BY s.seq DESC LIMIT 1", (game_id, at_most))
        return (int(row["seq"]), str(row["state"])) if row else None

    # --- outbox ----------------------------------------------------------------------------------------

    _OUTBOX_COLUMNS = ("o.id, o.game_id, o.audience, o.user_id, o.kind, o.payload, o.key, o.created_at, o.sent_at, "
                       "o.message_id, o.attempts, o.retry_at, o.failed_at, o.error, o.said_at, g.channel_id")
    _OUTBOX_FROM = "outbox o JOIN games g ON g.id = o.game_id"

    @staticmethod
    def _message(row: sqlite3.Row) -> OutboxRow:
        return _build(OutboxRow, row, ("payload",))

    async def add_messages(self, messages: list[NewMessage], now: datetime) -> None:
        # Idempotency keys: ``keys.py``. Payloads keep sorted keys: a front end that walks a dict of one renders
        # the same text whether the game was reloaded or not.
        at = iso(now)
        self._write_many(
            "INSERT INTO outbox (game_id, audience, user_id, kind, payload, key, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(m.game_id, m.audience, m.user_id, m.kind, _json(m.payload), key, at)
             for m, key in zip(messages, message_keys(len(messages)), strict=True)], stored=True)

    async def unsent(self, limit: int = 100) -> list[OutboxRow]:
        rows = await self._all(f"SELECT {self._OUTBOX_COLUMNS} FROM {self._OUTBOX_FROM} "
                               "WHERE o.sent_at IS NULL AND o.failed_at IS NULL ORDER BY o.id LIMIT ?", (limit,))
        return [self._message(r) for r in rows]

    async def outbox(self, game_id: int) -> list[OutboxRow]:
        rows = await self._all(f"SELECT {self._OUTBOX_COLUMNS} FROM {self._OUTBOX_FROM} WHERE o.game_id = ? "
                               "ORDER BY o.id", (game_id,))
        return [self._message(r) for r in rows]

    async def mark_sent(self, message_id: int, front_id: str, now: datetime) -> None:
        self._write("UPDATE outbox SET sent_at = ?, message_id = ?, retry_at = NULL WHERE id = ?",
                    (now, front_id, message_id))

    async def mark_sent_many(self, sent: list[tuple[int, str]], now: datetime) -> None:
        at = iso(now)
        self._write_many("UPDATE outbox SET sent_at = ?, message_id = ?, retry_at = NULL WHERE id = ?",
                         [(at, front_id, message_id) for message_id, front_id in sent], stored=True)

    async def mark_retry(self, message_id: int, error: str, retry_at: datetime) -> None:
        self._write("UPDATE outbox SET attempts = attempts + 1, error = ?, retry_at = ? WHERE id = ?",
                    (error, retry_at, message_id))

    async def mark_superseded(self, message_id: int, now: datetime) -> None:
        self._write("UPDATE outbox SET sent_at = ?, error = 'superseded by a newer status' WHERE id = ?",
                    (now, message_id))

    async def supersede_status(self, game_id: int, now: datetime) -> None:
        # the game's rows from the oldest unsent row of all on (outbox_game), not every row it kept for an hour
        self._write("UPDATE outbox SET sent_at = ?, error = 'superseded by a newer status' WHERE game_id = ? "
                    "AND id >= (SELECT min(id) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL) "
                    "AND sent_at IS NULL AND failed_at IS NULL AND kind = 'status'", (now, game_id))

    async def mark_failed(self, message_id: int, error: str, now: datetime) -> None:
        self._write("UPDATE outbox SET attempts = attempts + 1, error = ?, failed_at = ? WHERE id = ?",
                    (error, now, message_id))

    async def given_up(self) -> list[GivenUp]:
        rows = await self._all("SELECT game_id, audience, user_id, count(*) AS count FROM outbox "
                               "WHERE failed_at IS NOT NULL AND said_at IS NULL GROUP BY game_id, audience, user_id "
                               "ORDER BY game_id, audience, user_id")
        return [_build(GivenUp, r) for r in rows]

    async def mark_said(self, game_id: int, user_id: int | None, before: int, now: datetime) -> None:
        unsaid = "UPDATE outbox SET said_at = ? WHERE failed_at IS NOT NULL AND said_at IS NULL AND id < ? AND "
        if user_id is not None:
            self._write(unsaid + "audience = 'player' AND user_id = ?", (now, before, user_id))
        else:
            self._write(unsaid + "game_id = ? AND NOT (audience = 'player' AND user_id IS NOT NULL)",
                        (now, before, game_id))

    async def prune(self, before: datetime, limit: int = PRUNE_ROWS) -> Pruned:
        # each kind: the rows to remove (the oldest ``limit``), counted, then deleted (the same rows: this
        # transaction holds the write lock)
        sent = "SELECT id FROM outbox WHERE sent_at < ? ORDER BY sent_at, id LIMIT ?"
        (messages,) = await self._one(f"SELECT count(*) FROM ({sent})", (before, limit))
        self._write("INSERT INTO deliveries (game_id, kind, audience, messages) SELECT game_id, kind, audience, "
                    f"count(*) FROM outbox WHERE id IN ({sent}) GROUP BY game_id, kind, audience ON CONFLICT "
                    "(game_id, kind, audience) DO UPDATE SET messages = messages + excluded.messages", (before, limit))
        self._write(f"DELETE FROM outbox WHERE id IN ({sent})", (before, limit))
        spent = ("SELECT id FROM outbox WHERE failed_at < ? AND (said_at < ? OR game_id IN (SELECT id FROM games "
                 "WHERE status IN ('finished', 'cancelled'))) ORDER BY failed_at, id LIMIT ?")
        (given_up,) = await self._one(f"SELECT count(*) FROM ({spent})", (before, before, limit))
        self._write(f"DELETE FROM outbox WHERE id IN ({spent})", (before, before, limit))
        done = "SELECT id FROM timers WHERE done = 1 ORDER BY id LIMIT ?"
        (timers,) = await self._one(f"SELECT count(*) FROM ({done})", (limit,))
        self._write(f"DELETE FROM timers WHERE id IN ({done})", (limit,))
        old = ("SELECT rowid FROM snapshots WHERE seq > 0 AND game_id IN (SELECT id FROM games WHERE status = "
               "'finished') AND seq < (SELECT MAX(s.seq) FROM snapshots s WHERE s.game_id = snapshots.game_id) "
               "ORDER BY game_id, seq LIMIT ?")
        (snapshots,) = await self._one(f"SELECT count(*) FROM ({old})", (limit,))
        self._write(f"DELETE FROM snapshots WHERE rowid IN ({old})", (limit,))
        events = 0
        for game in await self._all("SELECT g.id FROM games g WHERE g.status = 'finished' "
                                    "AND EXISTS (SELECT 1 FROM events e WHERE e.game_id = g.id) LIMIT ?",
                                    (PACK_PER_PRUNE,)):
            events += await self._pack_events(int(game["id"]))
        return Pruned(int(messages), int(timers), int(snapshots), events, int(given_up))

    async def _pack_events(self, game_id: int) -> int:
        """Move a finished game's event rows into its compressed archive; return how many moved."""
        rows = await self._all("SELECT n, answer_seq, event FROM events WHERE game_id = ? ORDER BY n", (game_id,))
        old = await self._one("SELECT events FROM event_archives WHERE game_id = ?", (game_id,))
        packed = json.loads(zlib.decompress(old["events"])) if old else []
        packed += [{"n": r["n"], "answer_seq": r["answer_seq"], "event": json.loads(r["event"])} for r in rows]
        self._write("INSERT OR REPLACE INTO event_archives (game_id, last_n, events) VALUES (?, ?, ?)",
                    (game_id, packed[-1]["n"], zlib.compress(_json(packed).encode(), 9)))
        self._write("DELETE FROM events WHERE game_id = ?", (game_id,))
        return len(rows)

    async def delivered(self, game_id: int) -> dict[str, int]:
        rows = await self._all("SELECT kind, sum(messages) AS n FROM (SELECT kind, messages FROM deliveries "
                               "WHERE game_id = ? UNION ALL SELECT kind, 1 FROM outbox WHERE game_id = ? "
                               "AND sent_at IS NOT NULL) GROUP BY kind ORDER BY kind", (game_id, game_id))
        return {str(r["kind"]): int(r["n"]) for r in rows}

    # --- prompts and timers ----------------------------------------------------------------------------

    async def prompts(self, game_id: int) -> list[PromptRow]:
        rows = await self._all("SELECT game_id, decision_id, house, kind, deadline_at, opened_at FROM prompts "
                               "WHERE game_id = ? ORDER BY opened_at, CAST(decision_id AS INTEGER)", (game_id,))
        return [_build(PromptRow, r) for r in rows]

    async def add_prompt(self, p: PromptRow) -> None:
        self._write("INSERT INTO prompts (game_id, decision_id, house, kind, deadline_at, opened_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (p.game_id, p.decision_id, p.house, p.kind, p.deadline_at, p.opened_at))

    async def remove_prompts(self, game_id: int, decision_ids: list[str]) -> None:
        marks = _placeholders(decision_ids)
        self._write(f"DELETE FROM prompts WHERE game_id = ? AND decision_id IN ({marks})",
                    (game_id, *decision_ids))

    async def set_prompt_deadline(self, game_id: int, decision_id: str, deadline_at: datetime | None) -> None:
        self._write("UPDATE prompts SET deadline_at = ? WHERE game_id = ? AND decision_id = ?",
                    (deadline_at, game_id, decision_id))

    _TIMER_COLUMNS = "id, game_id, kind, due_at, remaining_ms, payload, done"

    @staticmethod
    def _timer(row: sqlite3.Row) -> TimerRow:
        timer = _build(TimerRow, row, ("payload",))
        timer.done = bool(timer.done)
        return timer

    async def add_timer(self, game_id: int, kind: str, due_at: datetime, payload: dict[str, Any]) -> None:
        self._write("INSERT INTO timers (game_id, kind, due_at, payload) VALUES (?, ?, ?, ?)",
                    (game_id, kind, due_at, _json(payload)))

    async def timers(self, game_id: int) -> list[TimerRow]:
        rows = await self._all(f"SELECT {self._TIMER_COLUMNS} FROM timers WHERE game_id = ? AND done = 0 ORDER BY id",
                               (game_id,))
        return [self._timer(r) for r in rows]

    async def due_timers(self, now: datetime) -> list[TimerRow]:
        rows = await self._all(f"SELECT {self._TIMER_COLUMNS} FROM timers t WHERE t.done = 0 AND t.due_at <= ? "
                               f"AND {_LIVE} ORDER BY t.due_at, t.id", (now,))
        return [self._timer(r) for r in rows]

    async def next_due(self) -> datetime | None:
        row = await self._one(f"SELECT t.due_at FROM timers t WHERE t.done = 0 AND t.due_at IS NOT NULL AND {_LIVE} "
                              "ORDER BY t.due_at LIMIT 1")
        return from_iso(row["due_at"]) if row else None

    async def finish_timers(self, ids: list[int]) -> None:
        self._write(f"UPDATE timers SET done = 1 WHERE id IN ({_placeholders(ids)})", ids)

    async def cancel_timers(self, game_id: int, decision_ids: list[str] | None = None) -> None:
        if decision_ids is None:
            self._write("UPDATE timers SET done = 1 WHERE game_id = ? AND done = 0", (game_id,))
            return
        self._write(
            f"UPDATE timers SET done = 1 WHERE game_id = ? AND done = 0 AND json_extract(payload, '$.decision_id') "
            f"IN ({_placeholders(decision_ids)})", (game_id, *decision_ids))

    async def set_timer(self, timer_id: int, due_at: datetime | None, remaining_ms: int | None) -> None:
        self._write("UPDATE timers SET due_at = ?, remaining_ms = ? WHERE id = ?",
                    (due_at, remaining_ms, timer_id))

    # --- rewinds ---------------------------------------------------------------------------------------

    async def add_rewind(self, game_id: int, user_id: int, count: int, from_seq: int, to_seq: int, reason: str,
                         now: datetime) -> int:
        return await self._insert(
            "INSERT INTO rewinds (game_id, user_id, count, from_seq, to_seq, reason, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, user_id, count, from_seq, to_seq, reason, now))

    async def rewinds(self, game_id: int) -> list[RewindRow]:
        rows = await self._all("SELECT id, game_id, user_id, count, from_seq, to_seq, reason, at FROM rewinds "
                               "WHERE game_id = ? ORDER BY id", (game_id,))
        return [_build(RewindRow, r) for r in rows]

    # --- votes -----------------------------------------------------------------------------------------

    _VOTE_COLUMNS = "id, game_id, kind, house, hours, opener_id, status, outcome, opened_at, closes_at, closed_at"

    async def add_vote(self, game_id: int, kind: str, house: str | None, hours: int | None, opener_id: int,
                       now: datetime, closes_at: datetime) -> int:
        return await self._insert(
            "INSERT INTO votes (game_id, kind, house, hours, opener_id, opened_at, closes_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, kind, house, hours, opener_id, now, closes_at))

    async def vote(self, vote_id: int) -> VoteRow | None:
        row = await self._one(f"SELECT {self._VOTE_COLUMNS} FROM votes WHERE id = ?", (vote_id,))
        return _build(VoteRow, row) if row else None

    async def open_votes(self, game_id: int) -> list[VoteRow]:
        rows = await self._all(f"SELECT {self._VOTE_COLUMNS} FROM votes WHERE game_id = ? AND status = 'open' "
                               "ORDER BY id", (game_id,))
        return [_build(VoteRow, r) for r in rows]

    async def close_vote(self, vote_id: int, status: str, outcome: str, now: datetime) -> None:
        self._write("UPDATE votes SET status = ?, outcome = ?, closed_at = ? WHERE id = ? AND status = 'open'",
                    (status, outcome, now, vote_id))

    async def cast_ballot(self, vote_id: int, user_id: int, yes: bool, now: datetime) -> None:
        self._write("INSERT OR REPLACE INTO ballots (vote_id, user_id, yes, at) VALUES (?, ?, ?, ?)",
                    (vote_id, user_id, int(yes), now))

    async def ballots(self, vote_id: int) -> dict[int, bool]:
        rows = await self._all("SELECT user_id, yes FROM ballots WHERE vote_id = ? ORDER BY user_id", (vote_id,))
        return {int(r["user_id"]): bool(r["yes"]) for r in rows}

    # --- looks and results (issue 12) ------------------------------------------------------------------

    async def looked(self, game_id: int, user_id: int) -> int | None:
        row = await self._one("SELECT seq FROM looks WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        return int(row["seq"]) if row else None

    async def set_looked(self, game_id: int, user_id: int, seq: int, now: datetime) -> None:
        self._write("INSERT INTO looks (game_id, user_id, seq, at) VALUES (?, ?, ?, ?) ON CONFLICT (game_id, user_id)"
                    " DO UPDATE SET seq = excluded.seq, at = excluded.at", (game_id, user_id, seq, now))

    async def add_result(self, game_id: int, guild_id: int | None, ranking: list[dict[str, Any]],
                         now: datetime) -> None:
        self._write("INSERT OR REPLACE INTO results (game_id, guild_id, finished_at, ranking) VALUES (?, ?, ?, ?)",
                    (game_id, guild_id, now, _json(ranking)))
        self._write("UPDATE seats SET place = (SELECT json_extract(r.value, '$.place') FROM json_each(?) AS r "
                    "WHERE json_extract(r.value, '$.house') = seats.house) WHERE game_id = ?",
                    (_json(ranking), game_id))  # each seat's place, for the statistics (stats.py)

    async def remove_result(self, game_id: int) -> None:
        self._write("DELETE FROM results WHERE game_id = ?", (game_id,))
        self._write("UPDATE seats SET place = NULL WHERE game_id = ?", (game_id,))

    async def results(self, guild_id: int) -> list[list[dict[str, Any]]]:
        """The rankings of the server's finished games, oldest first."""
        rows = await self._all("SELECT ranking FROM results WHERE guild_id = ? ORDER BY finished_at, game_id",
                               (guild_id,))
        return [json.loads(r["ranking"]) for r in rows]

    # --- members' time zones and the front end's posts (issue 15) --------------------------------------

    async def front_post(self, game_id: int, kind: str, user_id: int = 0) -> str | None:
        row = await self._one("SELECT message_id FROM front_posts WHERE game_id = ? AND kind = ? AND user_id = ?",
                              (game_id, kind, user_id))
        return str(row["message_id"]) if row else None

    async def set_front_post(self, game_id: int, kind: str, user_id: int, message_id: str, now: datetime) -> None:
        self._write("INSERT INTO front_posts (game_id, kind, user_id, message_id, at) VALUES (?, ?, ?, ?, ?) "
                    "ON CONFLICT (game_id, kind, user_id) DO UPDATE SET message_id = excluded.message_id, "
                    "at = excluded.at", (game_id, kind, user_id, message_id, now))

    async def member_zone(self, user_id: int) -> str | None:
        row = await self._one("SELECT zone FROM member_zones WHERE user_id = ?", (user_id,))
        return str(row["zone"]) if row else None

    async def set_member_zone(self, user_id: int, zone: str, now: datetime) -> None:
        self._write("INSERT INTO member_zones (user_id, zone, at) VALUES (?, ?, ?) ON CONFLICT (user_id) "
                    "DO UPDATE SET zone = excluded.zone, at = excluded.at", (user_id, zone, now))

    # --- whispers between houses (issue 15) --------------------------------------------------------------

    async def add_whisper(self, game_id: int, from_house: str, to_house: str, text: str, now: datetime) -> None:
        self._write("INSERT INTO whispers (game_id, from_house, to_house, text, at) VALUES (?, ?, ?, ?, ?)",
                    (game_id, from_house, to_house, text, now))

    async def whispers(self, game_id: int, from_house: str | None = None,
                       since: datetime | None = None) -> list[Whisper]:
        """A game's whispers in the order sent; ``from_house``: one house's only; ``since``: sent at or after."""
        rows = await self._all("SELECT from_house, to_house, text, at FROM whispers WHERE game_id = ? "
                               "AND (? IS NULL OR from_house = ?) AND (? IS NULL OR at >= ?) ORDER BY id",
                               (game_id, from_house, from_house, since, since))
        return [{"from": str(r["from_house"]), "to": str(r["to_house"]), "text": str(r["text"]),
                 "at": from_iso(r["at"])} for r in rows]

    # --- several processes: one SQLite process has them trivially (its lock serialises every transaction) -----

    async def lock_game(self, game_id: int) -> int | None:
        row = await self._one("SELECT seq FROM games WHERE id = ?", (game_id,))
        return int(row["seq"]) if row else None

    async def claim_messages(self, owner: str, now: datetime, until: datetime, limit: int = 100) -> list[OutboxRow]:
        _params((now, until))  # a naive time is refused here too
        return await self.unsent(limit)

    async def release_messages(self, owner: str) -> None:
        return None

    async def claim_timers(self, owner: str, now: datetime, until: datetime, limit: int = 100) -> list[TimerRow]:
        _params((until,))
        return (await self.due_timers(now))[:limit]

    async def lease_shards(self, owner: str, shards: list[int], now: datetime, until: datetime) -> list[int]:
        _params((now, until))
        return []

    # --- statistics (issue 29): the SQL in sqlite_stats.py ------------------------------------------------

    async def log_seat(self, game_id: int, user_id: int, house: str, kind: str, now: datetime) -> None:
        self._write("INSERT INTO seat_log (game_id, user_id, house, kind, at) VALUES (?, ?, ?, ?, ?)",
                    (game_id, user_id, house, kind, now))

    async def player_rows(self, user_id: int, guild_id: int | None) -> PlayerRows:
        return await sqlite_stats.player_rows(self, user_id, guild_id)

    async def seat_waits(self, game_id: int) -> list[SeatWait]:
        return await sqlite_stats.seat_waits(self, game_id)
