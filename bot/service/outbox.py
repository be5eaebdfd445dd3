"""Outbox delivery: every message the service wants sent is an outbox row written in the same transaction as
the answer that caused it; the ``Dispatcher`` hands unsent rows to a ``Transport`` and marks them sent.

Exactly once. A crash can fall between the transport's send and the row being marked sent; after the restart
the row is still unsent and is handed to the transport again, with the same ``key``. The transport must make
that second send a no-op and return the first message's id. Ways a front end does it:

- Discord: send with ``nonce=msg.key`` and ``enforce_nonce=True`` (discord.py ``Messageable.send``): Discord
  returns the message already created with that nonce instead of posting again (it remembers nonces for a few
  minutes, which covers a crash and restart). For a longer gap, look the key up before re-sending: check the
  recent history of the channel (or DM) for a message whose ``nonce`` equals the key, or keep a small local
  key -> message id table written right after each send.
- Tests and the demo: ``RecordingTransport`` remembers every key it delivered and never delivers a key twice.

Order: rows are delivered in id order per game; a row waiting for a retry holds back the later rows of its game
(never of other games). Several processes on one database (``Store.shared``): each pass claims the unsent rows of
games whose delivery lease it holds or takes (``Repo.claim_messages``), so one game's rows go through one process
at a time, and gives the leases back once the pass is marked; a dead process's lease is taken over after LEASE.
``TransientError`` retries with exponential backoff; ``PermanentError`` (e.g. Discord 50007, the user's DMs are
closed) gives the row up and records why.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import socket
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

from bot.service.clock import Clock
from bot.service.kinds import OutboxKind
from bot.storage import OutboxRow, Store, from_iso, iso

log = logging.getLogger("bot.service.outbox")

BACKOFF_FIRST = 1.0  # seconds before the first retry; doubled per attempt
BACKOFF_MAX = 300.0
BATCH = 100  # unsent rows read per pass
IDLE_WAKE = 60.0  # the dispatcher re-checks at least this often even without a wake-up
LEASE = timedelta(minutes=1)  # a game's delivery lease (a shared database): another process takes it after this


def owner_name() -> str:
    """A name for one claimer in a database several processes share: host, process id and a random part."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


@dataclass(frozen=True)
class OutboxMessage:
    """One message to deliver. ``audience`` is "public" (the game's channel) or "player" (a DM to ``user_id``).

    ``kind`` is a ``kinds.OutboxKind`` value and ``payload`` that kind's ``TypedDict`` (``messages.py``). A front
    end handles every kind; a row of a kind it does not know is given up (``PermanentError``), never skipped.
    """

    id: int
    game_id: int
    audience: str
    user_id: int | None
    kind: str
    payload: dict[str, Any]
    key: str
    channel_id: int | None = None

    @classmethod
    def from_row(cls, row: OutboxRow) -> OutboxMessage:
        return cls(row.id, row.game_id, row.audience, row.user_id, row.kind, row.payload, row.key, row.channel_id)


class TransientError(Exception):
    """The send failed but may work later (network, rate limit, 5xx): retried with backoff."""


class PermanentError(Exception):
    """The send can never work (closed DMs, deleted channel): the row is given up and the reason recorded."""


class Transport(Protocol):
    async def send(self, msg: OutboxMessage) -> str:
        """Deliver ``msg`` (at most once per ``msg.key``) and return the front end's message id."""
        ...


def backoff(attempts: int) -> float:
    return min(BACKOFF_FIRST * 2 ** min(max(attempts - 1, 0), 20), BACKOFF_MAX)  # capped: never overflows


class Dispatcher:
    def __init__(self, store: Store, transport: Transport, clock: Clock) -> None:
        self.store = store
        self.transport = transport
        self.clock = clock
        self.wake = asyncio.Event()
        self.owner = owner_name()

    async def deliver_once(self) -> datetime | None:
        """Send every row that may go now; return when the earliest held-back row may be retried (None: none).

        Games are delivered concurrently (a rate-limited channel does not stall the other tables), the rows
        of one game one after another in id order."""
        waiting: list[datetime] = []
        held: set[int] = set()
        while True:
            rows = await self._claim()
            by_game: dict[int, list[OutboxRow]] = {}
            for row in rows:
                if row.game_id not in held:
                    by_game.setdefault(row.game_id, []).append(row)
            sent: list[tuple[int, str]] = []  # marked sent together, in one transaction, after the pass
            progress = await asyncio.gather(*(self._deliver_game(game_rows, held, waiting, sent)
                                              for game_rows in by_game.values()))
            if sent or (rows and self.store.shared):
                async with self.store.transaction() as repo:
                    await repo.mark_sent_many(sent, iso(self.clock()))
                    if self.store.shared:
                        await repo.release_messages(self.owner, sorted({row.game_id for row in rows}))
            if not any(progress) or len(rows) < BATCH:
                return min(waiting, default=None)

    async def _claim(self) -> list[OutboxRow]:
        """The unsent rows this process delivers now: all of them (one process), or those of the games whose
        delivery lease it holds or takes (a database several processes share)."""
        if not self.store.shared:
            async with self.store.reading() as repo:
                return await repo.unsent(BATCH)
        now = self.clock()
        async with self.store.transaction() as repo:
            return await repo.claim_messages(self.owner, iso(now), iso(now + LEASE), BATCH)

    async def _deliver_game(self, rows: list[OutboxRow], held: set[int], waiting: list[datetime],
                            sent: list[tuple[int, str]]) -> bool:
        """One game's rows in order, stopping at the first that must wait; True if any row was done."""
        done = False
        newest_status = max((row.id for row in rows if row.kind == OutboxKind.STATUS), default=None)
        for row in rows:
            if row.kind == OutboxKind.STATUS and row.id != newest_status:
                # the front end edits one status message in place: only the newest unsent one matters
                async with self.store.transaction() as repo:
                    await repo.mark_superseded(row.id, iso(self.clock()))
                done = True
                continue
            if row.retry_at is not None and from_iso(row.retry_at) > self.clock():
                waiting.append(from_iso(row.retry_at))
            elif await self._send(row, sent):
                done = True
                continue
            held.add(row.game_id)
            return done
        return done

    async def _send(self, row: OutboxRow, sent: list[tuple[int, str]]) -> bool:
        """Deliver one row; True if it is done (sent: added to ``sent``, or given up), False if it waits."""
        try:
            front_id = await self.transport.send(OutboxMessage.from_row(row))
        except PermanentError as exc:
            log.warning("outbox row %s (game %s): given up: %s", row.id, row.game_id, exc)
            async with self.store.transaction() as repo:
                await repo.mark_failed(row.id, str(exc) or type(exc).__name__, iso(self.clock()))
            return True
        except Exception as exc:  # TransientError; a transport bug is retried too (with backoff, never hot-looped)
            if not isinstance(exc, TransientError):
                log.exception("outbox row %s (game %s): the transport failed unexpectedly", row.id, row.game_id)
            attempts = row.attempts + 1
            retry_at = self.clock() + timedelta(seconds=backoff(attempts))
            log.warning("outbox row %s (game %s): transient error, retry %s in %.0f s: %s", row.id, row.game_id,
                        attempts, backoff(attempts), type(exc).__name__)
            async with self.store.transaction() as repo:
                await repo.mark_retry(row.id, str(exc) or type(exc).__name__, iso(retry_at))
            return False
        sent.append((row.id, str(front_id)))
        return True

    async def run(self) -> None:
        """Deliver forever: after each pass sleep until woken (new rows) or until the next retry is due."""
        while True:
            self.wake.clear()
            try:
                retry = await self.deliver_once()
            except Exception:  # noqa: BLE001 - the dispatcher must outlive a bad row or a transport bug
                log.exception("outbox dispatcher pass failed")
                retry = self.clock() + timedelta(seconds=BACKOFF_FIRST)
            timeout = IDLE_WAKE if retry is None else max(0.0, (retry - self.clock()).total_seconds())
            try:  # asyncio.timeout, not wait_for: on 3.11 wait_for can swallow a cancel when the event is set too
                async with asyncio.timeout(min(timeout, IDLE_WAKE)):
                    await self.wake.wait()
            except TimeoutError:
                pass


class RecordingTransport:
    """A transport for tests and the demo: appends each message it delivers to a JSON-lines file (if given)
    and delivers each key at most once, returning the first message id for a repeated key (see module doc)."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path else None
        self.sent: list[OutboxMessage] = []
        self.ids: dict[str, str] = {}
        if self.path and self.path.exists():
            for line in self.path.read_text().splitlines():
                try:
                    record = json.loads(line)
                except ValueError:  # a line torn by a kill in mid-write was never delivered
                    continue
                self.ids[record["key"]] = record["message_id"]

    async def send(self, msg: OutboxMessage) -> str:
        if msg.key in self.ids:
            return self.ids[msg.key]
        message_id = f"m{len(self.ids) + 1}"
        self.ids[msg.key] = message_id
        self.sent.append(msg)
        if self.path:  # one write() per message on an O_APPEND file: a kill leaves whole lines (or one torn)
            line = json.dumps({**asdict(msg), "message_id": message_id}, separators=(",", ":")) + "\n"
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(fd, line.encode())
            finally:
                os.close(fd)
        return message_id
