"""The SQLite store (aiosqlite): one connection per process, every use serialised by one lock.

Durability: WAL journal with ``synchronous=FULL``. With WAL, ``NORMAL`` already keeps a committed transaction
through a crash of the process (``kill -9``): the commit is in the WAL file in the OS cache when COMMIT returns.
It can lose the last transactions on a power cut or an OS crash, because the WAL is only fsynced at checkpoints.
``FULL`` fsyncs the WAL at every commit, so an answer the player was told is accepted survives both. A table
answers a few times a minute, so one fsync per answer costs nothing that matters (tools/bench_service.py
measures it), and an "accepted" that silently disappears after a host reboot is the failure this store exists
to prevent.

Every statement goes through one connection guarded by one ``asyncio.Lock``: a transaction holds the lock from
BEGIN to COMMIT, so no other coroutine can read its uncommitted rows (the dispatcher must never send an outbox
row whose transaction may still roll back) or interleave statements into it. ``busy_timeout`` covers other
processes (the admin command line) using the same file.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.records import (
    AnswerRow,
    EventRow,
    GameRow,
    NewMessage,
    OutboxRow,
    PromptRow,
    RewindRow,
    SeatRow,
    TimerRow,
    VoteRow,
)
from bot.storage.repository import StorageError

MIGRATIONS = Path(__file__).with_name("migrations")
BUSY_TIMEOUT_MS = 5000
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def migrations() -> list[tuple[int, Path]]:
    """The numbered migration files, in order; the numbers must run 1, 2, 3 ... without a gap."""
    found = sorted((int(m.group(1)), p) for p in MIGRATIONS.iterdir() if (m := _NAME.match(p.name)))
    if [n for n, _ in found] != list(range(1, len(found) + 1)):
        raise StorageError(f"migrations in {MIGRATIONS} are not numbered 1..{len(found)}")
    return found


LATEST = len(migrations())


async def migrate(db: aiosqlite.Connection, path: str, upto: int | None = None) -> int:
    """Apply the migrations the database lacks, each in its own transaction; return the new version."""
    target = LATEST if upto is None else upto
    async with db.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    version = int(row[0]) if row else 0
    if version > LATEST:
        raise StorageError(f"{path} has schema version {version}, but this bot knows versions up to {LATEST}: "
                           "it was written by a newer version of the bot. Upgrade the bot (or use another file).")
    for number, file in migrations():
        if version < number <= target:
            script = file.read_text()
            try:
                # executescript commits any open transaction first, so the BEGIN/COMMIT live inside the script;
                # user_version is part of the database header and so part of the same transaction.
                await db.executescript(f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")
            except sqlite3.Error as exc:
                if db.in_transaction:
                    await db.rollback()
                raise StorageError(f"migration {file.name} failed on {path}: {exc}") from exc
            version = number
    return version


class SqliteStore:
    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self.db = db
        self.path = path
        self.lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path, upto: int | None = None) -> SqliteStore:
        """Open (creating if needed) and migrate the database; ``upto`` stops at an older version (tests)."""
        db = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            mode = await (await db.execute("PRAGMA journal_mode = WAL")).fetchone()
            if not mode or mode[0].lower() != "wal":
                raise StorageError(f"{path}: cannot switch the journal to WAL")
            await db.execute("PRAGMA synchronous = FULL")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await migrate(db, str(path), upto)
        except BaseException:
            await db.close()
            raise
        return cls(db, str(path))

    async def close(self) -> None:
        async with self.lock:
            await self.db.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteRepo]:
        async with self.lock:
            repo = SqliteRepo(self.db, [("BEGIN IMMEDIATE", (), False)])
            try:
                yield repo
                await repo.flush()
            except BaseException:
                if self.db.in_transaction:
                    await self.db.rollback()
                raise
            await self.db.commit()

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[SqliteRepo]:
        async with self.lock:
            yield SqliteRepo(self.db, [])


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _placeholders(items: Iterable[Any]) -> str:
    return ",".join("?" for _ in items)


_GAME_FIELDS = {"status", "settings", "seed", "seq", "round", "phase", "state_hash", "note", "updated_at",
                "started_at", "finished_at", "players"}
_SEAT_FIELDS = {"house", "missed", "state", "name", "away_from", "away_until"}


Statement = tuple[str, Any, bool]  # SQL, parameters (a list of tuples when many), executemany?


def _run(conn: sqlite3.Connection, batch: list[Statement], query: tuple[str, Any] | None) -> Any:
    """In the connection's worker thread: the deferred writes, then the query (its rows, or its lastrowid)."""
    for sql, args, many in batch:
        if many:
            conn.executemany(sql, args)
        else:
            conn.execute(sql, args)
    if query is None:
        return None
    cur = conn.execute(*query)
    rows = cur.fetchall()
    return rows if cur.description else cur.lastrowid


class SqliteRepo:
    """One unit of work on the shared connection (the store's lock is held while it is in use).

    Writes are deferred and sent to aiosqlite's worker thread in one batch with the next read or at the
    commit: an answer's whole transaction costs a few thread hops instead of one per statement (each hop is
    ~0.1 ms of waiting). SQLite errors of a deferred write surface at that read or at the commit, inside the
    transaction, which then rolls back as a whole.
    """

    def __init__(self, db: aiosqlite.Connection, batch: list[Statement]) -> None:
        self.db = db
        self.batch = batch

    def _write(self, sql: str, args: Iterable[Any] = ()) -> None:
        self.batch.append((sql, tuple(args), False))

    def _write_many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        if rows:
            self.batch.append((sql, rows, True))

    async def _send(self, query: tuple[str, Any] | None) -> Any:
        batch, self.batch = self.batch, []
        # aiosqlite has no public call for "run these statements in one go"; _execute runs a function in the
        # connection's worker thread, the way its own execute/commit do (aiosqlite is pinned in requirements).
        return await self.db._execute(_run, self.db._conn, batch, query)

    async def flush(self) -> None:
        if self.batch:
            await self._send(None)

    async def _all(self, sql: str, args: Iterable[Any] = ()) -> list[sqlite3.Row]:
        return list(await self._send((sql, tuple(args))))

    async def _one(self, sql: str, args: Iterable[Any] = ()) -> Any:
        rows = await self._all(sql, args)
        return rows[0] if rows else None

    async def _insert(self, sql: str, args: Iterable[Any] = ()) -> int:
        return int(await self._send((sql, tuple(args))))

    # --- games -----------------------------------------------------------------------------------------

    async def add_game(self, guild_id: int | None, channel_id: int, creator_id: int, players: int,
                       settings: dict[str, Any], now: str) -> int:
        return await self._insert(
            "INSERT INTO games (guild_id, channel_id, creator_id, players, status, settings, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?)", (guild_id, channel_id, creator_id, players, _json(settings),
                                                        now, now))

    _GAME_COLUMNS = ("id, guild_id, channel_id, creator_id, players, status, settings, seed, seq, round, phase, "
                     "state_hash, note, created_at, updated_at, started_at, finished_at")

    @staticmethod
    def _game(row: Any) -> GameRow:
        values = list(row)
        values[6] = json.loads(values[6])
        return GameRow(*values)

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

    async def update_game(self, game_id: int, **fields: Any) -> None:
        unknown = set(fields) - _GAME_FIELDS
        if unknown:
            raise ValueError(f"unknown game fields {sorted(unknown)}")
        if "settings" in fields:
            fields["settings"] = _json(fields["settings"])
        sets = ", ".join(f"{k} = ?" for k in fields)
        self._write(f"UPDATE games SET {sets} WHERE id = ?", (*fields.values(), game_id))

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
        return [SeatRow(*r) for r in rows]

    async def move_seat(self, game_id: int, user_id: int, new_user_id: int, name: str) -> None:
        self._write("UPDATE seats SET user_id = ?, name = ?, missed = 0, state = 'active' "
                    "WHERE game_id = ? AND user_id = ?",
                    (new_user_id, name, game_id, user_id))

    async def update_seat(self, game_id: int, user_id: int, **fields: Any) -> None:
        unknown = set(fields) - _SEAT_FIELDS
        if unknown:
            raise ValueError(f"unknown seat fields {sorted(unknown)}")
        sets = ", ".join(f"{k} = ?" for k in fields)
        self._write(f"UPDATE seats SET {sets} WHERE game_id = ? AND user_id = ?",
                    (*fields.values(), game_id, user_id))

    # --- answers and events ----------------------------------------------------------------------------

    _ANSWER_COLUMNS = ("game_id, seq, user_id, house, decision_id, kind, answer, source, round, phase, state_hash, at,"
                       " rewound")

    @staticmethod
    def _answer(row: Any) -> AnswerRow:
        values = list(row)
        values[6] = json.loads(values[6])
        return AnswerRow(*values)

    async def add_answer(self, a: AnswerRow) -> None:
        self._write(
            f"INSERT INTO answers ({self._ANSWER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)",
            (a.game_id, a.seq, a.user_id, a.house, a.decision_id, a.kind, _json(a.answer), a.source, a.round,
             a.phase, a.state_hash, a.at))

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
            "(?, (SELECT COALESCE(MAX(n), 0) + 1 FROM events WHERE game_id = ?), ?, ?, ?, ?, ?)",
            [(game_id, game_id, answer_seq, e["kind"], e["audience"]["kind"], e["audience"]["who"], _json(e))
             for e in events])

    async def events(self, game_id: int, audience: str | None = None, before: int | None = None,
                     limit: int | None = None) -> list[EventRow]:
        """Events of the live line (not of rewound answers), oldest first; ``limit`` keeps the newest."""
        sql = ("SELECT e.game_id, e.n, e.answer_seq, e.event FROM events e LEFT JOIN answers a "
               "ON a.game_id = e.game_id AND a.seq = e.answer_seq WHERE e.game_id = ? AND a.rewound IS NULL")
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
        rows = await self._all(sql, args)
        return [EventRow(r[0], r[1], r[2], json.loads(r[3])) for r in reversed(rows)]

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
        return (int(row[0]), str(row[1])) if row else None

    # --- outbox ----------------------------------------------------------------------------------------

    _OUTBOX_COLUMNS = ("o.id, o.game_id, o.audience, o.user_id, o.kind, o.payload, o.key, o.created_at, o.sent_at, "
                       "o.message_id, o.attempts, o.retry_at, o.failed_at, o.error, g.channel_id")
    _OUTBOX_FROM = "outbox o JOIN games g ON g.id = o.game_id"

    @staticmethod
    def _message(row: Any) -> OutboxRow:
        values = list(row)
        values[5] = json.loads(values[5])
        return OutboxRow(*values)

    async def add_messages(self, messages: list[NewMessage], now: str) -> None:
        # The idempotency key is random (not derived from the row id) so that it is fixed before the row exists
        # and stays unique across databases; 24 hex characters fit Discord's 25-character nonce.
        self._write_many(
            "INSERT INTO outbox (game_id, audience, user_id, kind, payload, key, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(m.game_id, m.audience, m.user_id, m.kind, _json(m.payload), secrets.token_hex(12), now)
             for m in messages])

    async def unsent(self, limit: int = 100) -> list[OutboxRow]:
        rows = await self._all(f"SELECT {self._OUTBOX_COLUMNS} FROM {self._OUTBOX_FROM} "
                               "WHERE o.sent_at IS NULL AND o.failed_at IS NULL ORDER BY o.id LIMIT ?", (limit,))
        return [self._message(r) for r in rows]

    async def outbox(self, game_id: int) -> list[OutboxRow]:
        rows = await self._all(f"SELECT {self._OUTBOX_COLUMNS} FROM {self._OUTBOX_FROM} WHERE o.game_id = ? "
                               "ORDER BY o.id", (game_id,))
        return [self._message(r) for r in rows]

    async def mark_sent(self, message_id: int, front_id: str, now: str) -> None:
        self._write("UPDATE outbox SET sent_at = ?, message_id = ?, retry_at = NULL WHERE id = ?",
                    (now, front_id, message_id))

    async def mark_retry(self, message_id: int, error: str, retry_at: str) -> None:
        self._write("UPDATE outbox SET attempts = attempts + 1, error = ?, retry_at = ? WHERE id = ?",
                    (error, retry_at, message_id))

    async def mark_superseded(self, message_id: int, now: str) -> None:
        self._write("UPDATE outbox SET sent_at = ?, error = 'superseded by a newer status' WHERE id = ?",
                    (now, message_id))

    async def mark_failed(self, message_id: int, error: str, now: str) -> None:
        self._write("UPDATE outbox SET attempts = attempts + 1, error = ?, failed_at = ? WHERE id = ?",
                    (error, now, message_id))

    # --- prompts and timers ----------------------------------------------------------------------------

    async def prompts(self, game_id: int) -> list[PromptRow]:
        rows = await self._all("SELECT game_id, decision_id, house, kind, deadline_at, opened_at FROM prompts "
                               "WHERE game_id = ? ORDER BY opened_at, CAST(decision_id AS INTEGER)", (game_id,))
        return [PromptRow(*r) for r in rows]

    async def add_prompt(self, p: PromptRow) -> None:
        self._write("INSERT INTO prompts (game_id, decision_id, house, kind, deadline_at, opened_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (p.game_id, p.decision_id, p.house, p.kind, p.deadline_at, p.opened_at))

    async def remove_prompts(self, game_id: int, decision_ids: list[str]) -> None:
        marks = _placeholders(decision_ids)
        self._write(f"DELETE FROM prompts WHERE game_id = ? AND decision_id IN ({marks})",
                    (game_id, *decision_ids))

    async def set_prompt_deadline(self, game_id: int, decision_id: str, deadline_at: str | None) -> None:
        self._write("UPDATE prompts SET deadline_at = ? WHERE game_id = ? AND decision_id = ?",
                    (deadline_at, game_id, decision_id))

    _TIMER_COLUMNS = "id, game_id, kind, due_at, remaining_ms, payload, done"

    @staticmethod
    def _timer(row: Any) -> TimerRow:
        values = list(row)
        values[5] = json.loads(values[5])
        values[6] = bool(values[6])
        return TimerRow(*values)

    async def add_timer(self, game_id: int, kind: str, due_at: str, payload: dict[str, Any]) -> None:
        self._write("INSERT INTO timers (game_id, kind, due_at, payload) VALUES (?, ?, ?, ?)",
                    (game_id, kind, due_at, _json(payload)))

    async def timers(self, game_id: int) -> list[TimerRow]:
        rows = await self._all(f"SELECT {self._TIMER_COLUMNS} FROM timers WHERE game_id = ? AND done = 0 ORDER BY id",
                               (game_id,))
        return [self._timer(r) for r in rows]

    async def due_timers(self, now: str) -> list[TimerRow]:
        rows = await self._all(f"SELECT {self._TIMER_COLUMNS} FROM timers WHERE done = 0 AND due_at <= ? "
                               "AND (kind = 'vote' OR game_id IN (SELECT id FROM games WHERE status = 'running')) "
                               "ORDER BY due_at, id",
                               (now,))
        return [self._timer(r) for r in rows]

    async def next_due(self) -> str | None:
        row = await self._one("SELECT MIN(due_at) FROM timers WHERE done = 0 AND due_at IS NOT NULL "
                              "AND (kind = 'vote' OR game_id IN (SELECT id FROM games WHERE status = 'running'))")
        return str(row[0]) if row and row[0] is not None else None

    async def finish_timers(self, ids: list[int]) -> None:
        self._write(f"UPDATE timers SET done = 1 WHERE id IN ({_placeholders(ids)})", ids)

    async def cancel_timers(self, game_id: int, decision_ids: list[str] | None = None) -> None:
        if decision_ids is None:
            self._write("UPDATE timers SET done = 1 WHERE game_id = ? AND done = 0", (game_id,))
            return
        self._write(
            f"UPDATE timers SET done = 1 WHERE game_id = ? AND done = 0 AND json_extract(payload, '$.decision_id') "
            f"IN ({_placeholders(decision_ids)})", (game_id, *decision_ids))

    async def set_timer(self, timer_id: int, due_at: str | None, remaining_ms: int | None) -> None:
        self._write("UPDATE timers SET due_at = ?, remaining_ms = ? WHERE id = ?",
                    (due_at, remaining_ms, timer_id))

    # --- rewinds ---------------------------------------------------------------------------------------

    async def add_rewind(self, game_id: int, user_id: int, count: int, from_seq: int, to_seq: int, reason: str,
                         now: str) -> int:
        return await self._insert(
            "INSERT INTO rewinds (game_id, user_id, count, from_seq, to_seq, reason, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, user_id, count, from_seq, to_seq, reason, now))

    async def rewinds(self, game_id: int) -> list[RewindRow]:
        rows = await self._all("SELECT id, game_id, user_id, count, from_seq, to_seq, reason, at FROM rewinds "
                               "WHERE game_id = ? ORDER BY id", (game_id,))
        return [RewindRow(*r) for r in rows]

    # --- votes -----------------------------------------------------------------------------------------

    _VOTE_COLUMNS = "id, game_id, kind, house, hours, opener_id, status, outcome, opened_at, closes_at, closed_at"

    async def add_vote(self, game_id: int, kind: str, house: str | None, hours: int | None, opener_id: int,
                       now: str, closes_at: str) -> int:
        return await self._insert(
            "INSERT INTO votes (game_id, kind, house, hours, opener_id, opened_at, closes_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, kind, house, hours, opener_id, now, closes_at))

    async def vote(self, vote_id: int) -> VoteRow | None:
        row = await self._one(f"SELECT {self._VOTE_COLUMNS} FROM votes WHERE id = ?", (vote_id,))
        return VoteRow(*row) if row else None

    async def open_votes(self, game_id: int) -> list[VoteRow]:
        rows = await self._all(f"SELECT {self._VOTE_COLUMNS} FROM votes WHERE game_id = ? AND status = 'open' "
                               "ORDER BY id", (game_id,))
        return [VoteRow(*r) for r in rows]

    async def close_vote(self, vote_id: int, status: str, outcome: str, now: str) -> None:
        self._write("UPDATE votes SET status = ?, outcome = ?, closed_at = ? WHERE id = ? AND status = 'open'",
                    (status, outcome, now, vote_id))

    async def cast_ballot(self, vote_id: int, user_id: int, yes: bool, now: str) -> None:
        self._write("INSERT OR REPLACE INTO ballots (vote_id, user_id, yes, at) VALUES (?, ?, ?, ?)",
                    (vote_id, user_id, int(yes), now))

    async def ballots(self, vote_id: int) -> dict[int, bool]:
        rows = await self._all("SELECT user_id, yes FROM ballots WHERE vote_id = ? ORDER BY user_id", (vote_id,))
        return {int(r[0]): bool(r[1]) for r in rows}

    # --- looks and results (issue 12) ------------------------------------------------------------------

    async def looked(self, game_id: int, user_id: int) -> int | None:
        row = await self._one("SELECT seq FROM looks WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        return int(row[0]) if row else None

    async def set_looked(self, game_id: int, user_id: int, seq: int, now: str) -> None:
        self._write("INSERT INTO looks (game_id, user_id, seq, at) VALUES (?, ?, ?, ?) ON CONFLICT (game_id, user_id)"
                    " DO UPDATE SET seq = excluded.seq, at = excluded.at", (game_id, user_id, seq, now))

    async def add_result(self, game_id: int, guild_id: int | None, ranking: list[dict[str, Any]], now: str) -> None:
        self._write("INSERT OR REPLACE INTO results (game_id, guild_id, finished_at, ranking) VALUES (?, ?, ?, ?)",
                    (game_id, guild_id, now, _json(ranking)))

    async def remove_result(self, game_id: int) -> None:
        self._write("DELETE FROM results WHERE game_id = ?", (game_id,))

    async def results(self, guild_id: int) -> list[list[dict[str, Any]]]:
        """The rankings of the server's finished games, oldest first."""
        rows = await self._all("SELECT ranking FROM results WHERE guild_id = ? ORDER BY finished_at, game_id",
                               (guild_id,))
        return [json.loads(r[0]) for r in rows]

    # --- members' time zones and the front end's posts (issue 15) --------------------------------------

    async def front_post(self, game_id: int, kind: str, user_id: int = 0) -> str | None:
        row = await self._one("SELECT message_id FROM front_posts WHERE game_id = ? AND kind = ? AND user_id = ?",
                              (game_id, kind, user_id))
        return str(row[0]) if row else None

    async def set_front_post(self, game_id: int, kind: str, user_id: int, message_id: str, now: str) -> None:
        self._write("INSERT INTO front_posts (game_id, kind, user_id, message_id, at) VALUES (?, ?, ?, ?, ?) "
                    "ON CONFLICT (game_id, kind, user_id) DO UPDATE SET message_id = excluded.message_id, "
                    "at = excluded.at", (game_id, kind, user_id, message_id, now))

    async def member_zone(self, user_id: int) -> str | None:
        row = await self._one("SELECT zone FROM member_zones WHERE user_id = ?", (user_id,))
        return str(row[0]) if row else None

    async def set_member_zone(self, user_id: int, zone: str, now: str) -> None:
        self._write("INSERT INTO member_zones (user_id, zone, at) VALUES (?, ?, ?) ON CONFLICT (user_id) "
                    "DO UPDATE SET zone = excluded.zone, at = excluded.at", (user_id, zone, now))

    # --- whispers between houses (issue 15) --------------------------------------------------------------

    async def add_whisper(self, game_id: int, from_house: str, to_house: str, text: str, now: str) -> None:
        self._write("INSERT INTO whispers (game_id, from_house, to_house, text, at) VALUES (?, ?, ?, ?, ?)",
                    (game_id, from_house, to_house, text, now))

    async def whispers(self, game_id: int, from_house: str | None = None,
                       since: str | None = None) -> list[dict[str, str]]:
        """A game's whispers in the order sent; ``from_house``: one house's only; ``since``: sent at or after."""
        rows = await self._all("SELECT from_house, to_house, text, at FROM whispers WHERE game_id = ? "
                               "AND (? IS NULL OR from_house = ?) AND (? IS NULL OR at >= ?) ORDER BY id",
                               (game_id, from_house, from_house, since, since))
        return [{"from": str(r[0]), "to": str(r[1]), "text": str(r[2]), "at": str(r[3])} for r in rows]
