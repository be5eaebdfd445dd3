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

Order: rows are delivered in id order per destination (``destination``: a game's feed, its channel or thread;
one player's DMs); a row waiting for a retry holds back the later rows of its destination only, so a failing
channel never stalls the players' prompts, nor one player's closed DMs the feed. ``TransientError`` retries with
exponential backoff, up to ``MAX_ATTEMPTS`` sends; ``PermanentError`` (e.g. Discord 50007, the user's DMs are
closed) gives the row up at once and records why. The next message that reaches a destination after rows of it
were given up carries how many (``OutboxMessage.undelivered``; the front end says so in that post, e.g. "1
earlier message could not be delivered here"); a status line, edited in place, never carries it. The count is
read from the database at each pass (``Repo.given_up``: the given-up rows not said yet), and those rows are marked
said in the transaction that marks that post sent (``Repo.mark_said``), so a restart in between forgets nothing.
Several processes on one database (``Store.shared``): each pass claims the unsent rows of the destinations whose
delivery lease it holds or takes (``Repo.claim_messages``), so one destination's rows go through one process at a
time (one player's DMs of all their games too), and gives the leases back once the pass is marked; a dead
process's lease is taken over after LEASE (while rows are left that others leased, a dispatcher looks again every
SHARED_POLL: no commit may come to wake it).
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
from bot.service.kinds import Audience, OutboxKind
from bot.service.wake import Sleeper
from bot.storage import GivenUp, OutboxRow, Store

log = logging.getLogger("bot.service.outbox")

BACKOFF_FIRST = 1.0  # seconds before the first retry; doubled per attempt
BACKOFF_MAX = 300.0
BATCH = 100  # unsent rows read per pass
MAX_BATCH = 1600  # when every row read waits behind a held one, read up to this many to reach other destinations
MAX_ATTEMPTS = 12  # transient failures before a row is given up (about 1.5 hours of back-off)
IDLE_WAKE = 900.0  # a safety net: commits wake the dispatcher (``Signal``), retries set their own time
SHARED_POLL = 5.0  # a shared database: rows another process leased (and maybe died holding) are looked at again
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
    undelivered: int = 0  # earlier messages to the same destination that were given up, not said there yet

    @classmethod
    def from_row(cls, row: OutboxRow, undelivered: int = 0) -> OutboxMessage:
        return cls(row.id, row.game_id, row.audience, row.user_id, row.kind, row.payload, row.key, row.channel_id,
                   undelivered)


Destination = tuple[str, int]


def destination(row: OutboxRow | GivenUp) -> Destination:
    """Where a row goes, the unit of delivery order: one player's DMs, or the feed (channel or thread) of a game
    (``Repo.mark_said`` knows the same rule)."""
    if row.audience == Audience.PLAYER and row.user_id is not None:
        return ("dm", row.user_id)
    return ("feed", row.game_id)


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
        self.undelivered: dict[Destination, int] = {}  # rows given up per destination, not yet said (each pass)
        self.owner = owner_name()

    async def deliver_once(self) -> datetime | None:
        """Send every row that may go now; return when the earliest held-back row may be retried (None: none).

        Destinations are delivered concurrently (a rate-limited or failing channel stalls nothing else), the rows
        of one destination one after another in id order."""
        waiting: list[datetime] = []
        held: set[Destination] = set()
        limit = BATCH
        while True:
            rows, given_up = await self._claim(limit)
            self.undelivered = {}
            for group in given_up:
                where = destination(group)
                self.undelivered[where] = self.undelivered.get(where, 0) + group.count
            by_destination: dict[Destination, list[OutboxRow]] = {}
            for row in rows:
                where = destination(row)
                if where not in held:
                    by_destination.setdefault(where, []).append(row)
            sent: list[tuple[int, str]] = []  # marked sent together, in one transaction, after the pass
            said: list[OutboxRow] = []  # sent rows that said their destination's given-up rows
            superseded: list[int] = []  # older status rows, skipped: marked in the same transaction
            progress = await asyncio.gather(*(self._deliver(where, queue, held, waiting, sent, said, superseded)
                                              for where, queue in by_destination.items()))
            if sent or superseded or (rows and self.store.shared):
                async with self.store.transaction() as repo:
                    now = self.clock()
                    await repo.mark_sent_many(sent, now)
                    for row_id in superseded:
                        await repo.mark_superseded(row_id, now)
                    for row in said:
                        where = destination(row)
                        await repo.mark_said(row.game_id, where[1] if where[0] == "dm" else None, row.id, now)
                    if self.store.shared:
                        await repo.release_messages(self.owner)
            if len(rows) < limit:
                return await self._next_pass(waiting)
            if not any(progress):  # every row read waits behind a held one: read further, for other destinations
                if limit >= MAX_BATCH:
                    return await self._next_pass(waiting)
                limit *= 4

    async def _next_pass(self, waiting: list[datetime]) -> datetime | None:
        """When to look again: the earliest retry; on a shared database, in SHARED_POLL at the latest while rows
        are left that another process leased (it may have died holding them, and no commit may come to wake this
        one)."""
        soonest = min(waiting, default=None)
        if soonest is None and self.store.shared:
            async with self.store.reading() as repo:
                if await repo.unsent(1):
                    soonest = self.clock() + timedelta(seconds=SHARED_POLL)
        return soonest

    async def _claim(self, limit: int) -> tuple[list[OutboxRow], list[GivenUp]]:
        """The unsent rows this process delivers now: all of them (one process), or those of the games whose
        delivery lease it holds or takes (a database several processes share); and the given-up rows not said."""
        if not self.store.shared:
            async with self.store.reading() as repo:
                return await repo.unsent(limit), await repo.given_up()
        now = self.clock()
        async with self.store.transaction() as repo:
            return await repo.claim_messages(self.owner, now, now + LEASE, limit), await repo.given_up()

    async def _deliver(self, where: Destination, rows: list[OutboxRow], held: set[Destination],
                       waiting: list[datetime], sent: list[tuple[int, str]], said: list[OutboxRow],
                       superseded: list[int]) -> bool:
        """One destination's rows in order, stopping at the first that must wait; True if any row was done."""
        done = False
        newest_status = max((row.id for row in rows if row.kind == OutboxKind.STATUS), default=None)
        for row in rows:
            if row.kind == OutboxKind.STATUS and row.id != newest_status:
                # the front end edits one status message in place: only the newest unsent one matters (marked
                # with the pass's deliveries: a restart before that skips it again)
                superseded.append(row.id)
                done = True
                continue
            if row.retry_at is not None and row.retry_at > self.clock():
                waiting.append(row.retry_at)
            elif await self._send(row, where, sent, said):
                done = True
                continue
            held.add(where)
            return done
        return done

    async def _send(self, row: OutboxRow, where: Destination, sent: list[tuple[int, str]],
                    said: list[OutboxRow]) -> bool:
        """Deliver one row; True if it is done (sent: added to ``sent``, and to ``said`` if it said given-up rows;
        or given up), False if it waits for a retry."""
        undelivered = 0 if row.kind == OutboxKind.STATUS else self.undelivered.get(where, 0)
        try:
            front_id = await self.transport.send(OutboxMessage.from_row(row, undelivered))
        except PermanentError as exc:
            await self._give_up(row, where, str(exc) or type(exc).__name__)
            return True
        except Exception as exc:  # TransientError; a transport bug is retried too (with backoff, never hot-looped)
            if not isinstance(exc, TransientError):
                log.exception("outbox row %s (game %s): the transport failed unexpectedly", row.id, row.game_id)
            attempts = row.attempts + 1
            if attempts >= MAX_ATTEMPTS:
                await self._give_up(row, where, f"{type(exc).__name__} ({attempts} attempts)")
                return True
            retry_at = self.clock() + timedelta(seconds=backoff(attempts))
            log.warning("outbox row %s (game %s): transient error, retry %s in %.0f s: %s", row.id, row.game_id,
                        attempts, backoff(attempts), type(exc).__name__)
            async with self.store.transaction() as repo:
                await repo.mark_retry(row.id, str(exc) or type(exc).__name__, retry_at)
            return False
        sent.append((row.id, str(front_id)))
        if undelivered:
            self.undelivered.pop(where, None)  # said in this post (marked with it)
            said.append(row)
        return True

    async def _give_up(self, row: OutboxRow, where: Destination, why: str) -> None:
        log.warning("outbox row %s (game %s): given up: %s", row.id, row.game_id, why)
        async with self.store.transaction() as repo:
            await repo.mark_failed(row.id, why, self.clock())
        self.undelivered[where] = self.undelivered.get(where, 0) + 1

    async def run(self, sleeper: Sleeper) -> None:
        """Deliver forever: after each pass sleep until woken (a commit added rows) or the next retry is due."""
        while True:
            try:
                retry = await self.deliver_once()
            except Exception:  # noqa: BLE001 - the dispatcher must outlive a bad row or a transport bug
                log.exception("outbox dispatcher pass failed")
                retry = self.clock() + timedelta(seconds=BACKOFF_FIRST)
            timeout = IDLE_WAKE if retry is None else max(0.0, (retry - self.clock()).total_seconds())
            await sleeper.sleep(min(timeout, IDLE_WAKE))


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
