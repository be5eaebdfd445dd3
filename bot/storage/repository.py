"""The typed storage interface the service uses. SQLite implements it (``sqlite.py``); any other store must pass
the same contract tests (``tests/storage/test_contract.py``). ``open_store(url)`` (``stores.py``) opens one.

``Store.transaction()`` yields a ``Repo`` inside one atomic transaction; ``Store.reading()`` yields one for reads
only (a write through it raises StorageError). Every failure of the database surfaces as ``StorageError``.

What the service relies on (every store must give it):

- Atomic and durable before acknowledged: a transaction's block is left normally only after all of its writes
  are committed durably (fsynced); if the block raises, or the commit fails, none of its writes exist and the
  error reaches the caller. A store may commit several transactions together (group commit), but one failing
  transaction never takes another's writes with it, nor lets another's failed writes in.
- Reads see committed rows only: a reading repo never sees a write that may still roll back (the dispatcher must
  not send an outbox row of an answer that is not durable), and sees every transaction whose block was left.
- A transaction sees its own writes, in order; its reads may also see writes of transactions committed together
  with it (they then stand or fall together).
- No lost updates between games: the service never runs two transactions on the same game at once (it holds the
  game's lock across the block and its commit), and rows of different games are independent; the writes a
  transaction makes to shared rows (an outbox row marked sent, a timer finished) are idempotent.
- Times are timezone-aware ``datetime``s: every time a ``Repo`` call takes (``now``, ``due_at``, ``until``,
  ``before``, ``since`` ...) and every time in a row it returns (``created_at``, ``due_at``, a whisper's "at" ...)
  is one; what it returns is in UTC, with the microseconds it was given (a stored time round-trips equal), and
  times compare as instants. A naive ``datetime`` (no zone) is refused with ``ValueError`` when it reaches the
  store's call, before anything is written (the transaction then rolls back as a whole). How a store keeps
  times is its own affair (SQLite: fixed-width ISO-8601 UTC text, ``records.iso``, as every older database has
  them; PostgreSQL: ``timestamptz``); times inside JSON payloads (outbox and timer payloads) stay ISO text.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

from bot.storage.queue_rows import QueueEntry
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
from bot.storage.season_rows import SeasonRow
from bot.storage.stats_rows import PlayerRows, SeatWait

# A delivered message is kept this long (a re-send after a crash finds its key; Discord remembers a nonce for a
# few minutes), then pruned: its payload was most of a finished game's database.
DELIVERY_WINDOW = timedelta(hours=1)
PACK_PER_PRUNE = 20  # finished games whose events one prune packs (the packing is Python work on the event loop)
# Rows of each kind (delivered messages, finished timers, old snapshots) one prune removes at most: the work of one
# transaction stays bounded (the SQLite store keeps the pages a transaction changes in memory until it commits, and
# every other transaction waits for it); ``prune_all`` prunes again until nothing is left.
PRUNE_ROWS = 5000


class StorageError(Exception):
    """The database cannot be used (written by a newer version of the bot, not a database, not writable) or an
    operation on it failed (a constraint, a full disk); the message is one line."""


@dataclass(frozen=True)
class Pruned:
    messages: int  # delivered outbox rows removed
    timers: int  # finished timers removed
    snapshots: int  # snapshots removed
    events: int  # events of finished games packed into their archive
    given_up: int  # given-up outbox rows removed: said in a later post of their destination, or of a game over

    def __add__(self, other: Pruned) -> Pruned:
        return Pruned(self.messages + other.messages, self.timers + other.timers, self.snapshots + other.snapshots,
                      self.events + other.events, self.given_up + other.given_up)

    def bounded(self, limit: int) -> bool:
        """Whether a bound stopped this prune (``limit`` rows of a kind, or events packed): more may be left."""
        return limit in (self.messages, self.timers, self.snapshots, self.given_up) or self.events > 0


class Repo(Protocol):
    # games
    async def add_game(self, guild_id: int | None, channel_id: int, creator_id: int, players: int,
                       settings: dict[str, Any], now: datetime, game: str = "agot") -> int: ...
    async def game(self, game_id: int) -> GameRow | None: ...
    async def games(self, channel_id: int | None = None, user_id: int | None = None,
                    status: str | None = None) -> list[GameRow]: ...
    async def record_state(self, game_id: int, seq: int, round: int | None, phase: str | None, state_hash: str,
                           now: datetime) -> None:
        """The engine state after answer ``seq`` (0: the start): its round, phase and fingerprint (``""`` when that
        state was not fingerprinted: the service fingerprints only the states it snapshots, rewinds and ends)."""
        ...
    async def start_game(self, game_id: int, seed: str, settings: dict[str, Any], now: datetime) -> None:
        """Lobby -> running, with the RNG secret and the settings it starts with."""
        ...
    async def finish_game(self, game_id: int, now: datetime, note: str | None = None) -> None:
        """Running -> finished (``note``: why it ended early, if it did)."""
        ...
    async def reopen_game(self, game_id: int, now: datetime, clear_note: bool) -> None:
        """Back to running after a rewind (no longer finished; ``clear_note`` forgets an early end)."""
        ...
    async def set_game_status(self, game_id: int, status: str, now: datetime) -> None:
        """Paused, running again or cancelled."""
        ...
    async def freeze_game(self, game_id: int, note: str, now: datetime) -> None:
        """The stored game failed an integrity check: frozen, with why."""
        ...

    # seats
    async def add_seat(self, seat: SeatRow) -> None: ...
    async def remove_seat(self, game_id: int, user_id: int) -> None: ...
    async def seats(self, game_id: int) -> list[SeatRow]: ...
    async def move_seat(self, game_id: int, user_id: int, new_user_id: int, name: str) -> None: ...
    async def set_seat_house(self, game_id: int, user_id: int, house: str | None) -> None:
        """The house dealt to (or wished by) this seat."""
        ...
    async def set_missed(self, game_id: int, user_id: int, missed: int) -> None:
        """How many deadlines this seat's player has missed."""
        ...
    async def set_seat_state(self, game_id: int, user_id: int, state: str, away_from: datetime | None = None,
                             away_until: datetime | None = None) -> None:
        """The seat's state (player, autopilot, open) with its declared absence (both None: none)."""
        ...

    # the answer log (append-only) and its events
    async def add_answer(self, answer: AnswerRow) -> None: ...
    async def answers(self, game_id: int, after_seq: int = 0, live: bool = True) -> list[AnswerRow]: ...
    async def answered(self, game_id: int, decision_id: str, house: str) -> AnswerRow | None: ...
    async def mark_rewound(self, game_id: int, seqs: list[int], rewind_id: int) -> None: ...
    async def add_events(self, game_id: int, answer_seq: int, events: list[dict[str, Any]]) -> None: ...
    async def events(self, game_id: int, audience: str | None = None, before: int | None = None,
                     limit: int | None = None) -> list[EventRow]: ...

    # snapshots
    async def add_snapshot(self, game_id: int, seq: int, state: str) -> None: ...
    async def snapshot(self, game_id: int, at_most: int) -> tuple[int, str] | None: ...

    # outbox
    async def add_messages(self, messages: list[NewMessage], now: datetime) -> None: ...
    async def unsent(self, limit: int = 100) -> list[OutboxRow]: ...
    async def outbox(self, game_id: int) -> list[OutboxRow]: ...
    async def mark_sent(self, message_id: int, front_id: str, now: datetime) -> None: ...
    async def mark_sent_many(self, sent: list[tuple[int, str]], now: datetime) -> None:
        """Mark several rows sent at once: (row id, the front end's message id)."""
        ...
    async def mark_retry(self, message_id: int, error: str, retry_at: datetime) -> None: ...
    async def mark_superseded(self, message_id: int, now: datetime) -> None: ...
    async def supersede_status(self, game_id: int, now: datetime) -> None:
        """The game's status rows not yet sent (waiting for a retry included) are superseded (``mark_superseded``):
        a newer status is written in this transaction, and the status message is edited once, to the newest."""
        ...
    async def mark_failed(self, message_id: int, error: str, now: datetime) -> None: ...
    async def given_up(self) -> list[GivenUp]:
        """The rows given up (``mark_failed``) and not yet said (``mark_said``), counted per game, audience and
        user. ``prune`` never drops such a row."""
        ...
    async def mark_said(self, game_id: int, user_id: int | None, before: int, now: datetime) -> None:
        """The given-up rows of one destination were said in its post ``before`` (an outbox row id): those before
        it. ``user_id``: one player's DMs (the rows of audience "player" to that user, of every game); None: the
        feed of ``game_id`` (its rows of every other audience)."""
        ...
    async def prune(self, before: datetime, limit: int = PRUNE_ROWS) -> Pruned:
        """Drop what nothing needs any more, at most ``limit`` rows of each kind (the oldest first): outbox rows
        delivered (or superseded) before ``before`` (the idempotency window has passed; ``delivered`` still counts
        them); outbox rows given up before ``before`` and then either said before it or left in a game over
        (finished or cancelled: no later post will say them; ``given_up`` counts them no more); finished timers;
        the snapshots of finished games other than their first and last (verify and replay need the answers, not
        those); and pack the events of up to PACK_PER_PRUNE finished games compactly (``events`` still reads them
        all)."""
        ...

    async def delivered(self, game_id: int) -> dict[str, int]:
        """Messages of the game delivered so far, per kind (pruned rows included)."""
        ...

    # prompts (the open decisions already sent) and timers
    async def prompts(self, game_id: int) -> list[PromptRow]: ...
    async def add_prompt(self, prompt: PromptRow) -> None: ...
    async def remove_prompts(self, game_id: int, decision_ids: list[str]) -> None: ...
    async def set_prompt_deadline(self, game_id: int, decision_id: str, deadline_at: datetime | None) -> None: ...
    async def add_timer(self, game_id: int, kind: str, due_at: datetime, payload: dict[str, Any]) -> None: ...
    async def timers(self, game_id: int) -> list[TimerRow]: ...
    async def due_timers(self, now: datetime) -> list[TimerRow]: ...
    async def next_due(self) -> datetime | None: ...
    async def finish_timers(self, ids: list[int]) -> None: ...
    async def cancel_timers(self, game_id: int, decision_ids: list[str] | None = None) -> None: ...
    async def set_timer(self, timer_id: int, due_at: datetime | None, remaining_ms: int | None) -> None: ...

    # the rewind audit
    async def add_rewind(self, game_id: int, user_id: int, count: int, from_seq: int, to_seq: int, reason: str,
                         now: datetime) -> int: ...
    async def rewinds(self, game_id: int) -> list[RewindRow]: ...

    # votes and their ballots (user id -> yes)
    async def add_vote(self, game_id: int, kind: str, house: str | None, hours: int | None, opener_id: int,
                       now: datetime, closes_at: datetime) -> int: ...
    async def vote(self, vote_id: int) -> VoteRow | None: ...
    async def open_votes(self, game_id: int) -> list[VoteRow]: ...
    async def close_vote(self, vote_id: int, status: str, outcome: str, now: datetime) -> None: ...
    async def cast_ballot(self, vote_id: int, user_id: int, yes: bool, now: datetime) -> None: ...
    async def ballots(self, vote_id: int) -> dict[int, bool]: ...

    # what each seat last looked at, and finished games' results (issue 12)
    async def looked(self, game_id: int, user_id: int) -> int | None: ...
    async def set_looked(self, game_id: int, user_id: int, seq: int, now: datetime) -> None: ...
    async def add_result(self, game_id: int, guild_id: int | None, ranking: list[dict[str, Any]],
                         now: datetime) -> None: ...
    async def remove_result(self, game_id: int) -> None: ...
    async def results(self, guild_id: int) -> list[list[dict[str, Any]]]: ...

    # members' time zones, and the front end's posts found again after a restart (issue 15)
    async def member_zone(self, user_id: int) -> str | None: ...
    async def set_member_zone(self, user_id: int, zone: str, now: datetime) -> None: ...
    async def front_post(self, game_id: int, kind: str, user_id: int = 0) -> str | None: ...
    async def set_front_post(self, game_id: int, kind: str, user_id: int, message_id: str, now: datetime) -> None: ...

    # whispers between houses (issue 15): each a dict with "from", "to" (houses), "text", "at" (a datetime)
    async def add_whisper(self, game_id: int, from_house: str, to_house: str, text: str, now: datetime) -> None: ...
    async def whispers(self, game_id: int, from_house: str | None = None,
                       since: datetime | None = None) -> list[Whisper]: ...

    # several processes on one database (PostgreSQL, pg_repo.py); one SQLite process has them trivially
    async def lock_game(self, game_id: int) -> int | None:
        """Hold the game's lock until this transaction ends (other processes wait); return the game's stored seq
        (None: no such game). A process whose cached game has another seq reloads it before answering."""
        ...

    async def claim_messages(self, owner: str, now: datetime, until: datetime, limit: int = 100) -> list[OutboxRow]:
        """``unsent`` for one process among several: the unsent rows (in id order) of the destinations (one
        player's DMs, one game's feed) whose delivery lease ``owner`` holds or takes now, leased until ``until``;
        a dead owner's lease is taken once expired."""
        ...

    async def release_messages(self, owner: str) -> None:
        """Give back ``owner``'s delivery leases early (its pass is done)."""
        ...

    async def claim_timers(self, owner: str, now: datetime, until: datetime, limit: int = 100) -> list[TimerRow]:
        """``due_timers`` for one process among several: the due timers no other process holds, leased to
        ``owner`` until ``until``."""
        ...

    async def lease_shards(self, owner: str, shards: list[int], now: datetime, until: datetime) -> list[int]:
        """Lease these Discord shards to ``owner`` until ``until`` (or renew its leases); return the shards another
        live process holds (then the caller must raise, so that the transaction takes none of them)."""
        ...

    # seasons per server and the rank roles the bot gave (issue 29: sqlite_seasons.py, pg_seasons.py)
    async def add_season(self, season: SeasonRow) -> int:
        """Store a season (its ``id`` is ignored); return its id."""
        ...
    async def seasons(self, guild_id: int) -> list[SeasonRow]:
        """The server's seasons, by start."""
        ...
    async def set_season_roles(self, season_id: int, roles: list[dict[str, Any]]) -> None: ...
    async def end_season(self, season_id: int, ended_at: datetime, ends_at: datetime,
                         standings: list[dict[str, Any]]) -> None:
        """Archive a season not yet ended: when, its end (moved earlier when ended early), its final standings."""
        ...
    async def season_results(self, guild_id: int, since: datetime, until: datetime,
                             game: str | None = None) -> list[tuple[str, list[dict[str, Any]]]]:
        """(game, ranking) of the server's results finished in [since, until) (of ``game`` only), oldest first."""
        ...
    async def role_holders(self, guild_id: int) -> dict[int, set[int]]:
        """Role id -> the members the bot gave it to."""
        ...
    async def set_role_holders(self, guild_id: int, role_id: int, user_ids: list[int]) -> None: ...

    # a server's queue and its ready checks (issue 29: sqlite_queue.py, pg_queue.py)
    async def add_queue_entry(self, entry: QueueEntry) -> None: ...
    async def queue_entries(self, guild_id: int, user_id: int | None = None) -> list[QueueEntry]:
        """The server's entries (one member's only), by the time they joined."""
        ...
    async def check_entries(self, check_game: int) -> list[QueueEntry]:
        """The entries a ready check (its game in the lobby) holds."""
        ...
    async def remove_queue_entry(self, guild_id: int, user_id: int, game: str) -> None: ...
    async def set_queue_check(self, guild_id: int, game: str, user_ids: list[int], check_game: int | None) -> None:
        """These members' entries for ``game`` enter the ready check ``check_game`` (None: back to waiting), not
        ready."""
        ...
    async def set_queue_ready(self, check_game: int, user_id: int, now: datetime) -> None: ...
    async def end_queue_check(self, check_game: int) -> None:
        """The check's game starts: its entries leave the queue."""
        ...
    async def set_game_channel(self, game_id: int, channel_id: int) -> None:
        """A game still in the lobby moves to another channel (the thread opened for it)."""
        ...

    # player statistics (issue 29: sqlite_stats.py, pg_stats.py; add_answer stores when the decision was asked,
    # add_result each seat's place)
    async def log_seat(self, game_id: int, user_id: int, house: str, kind: str, now: datetime) -> None:
        """What the seats table forgets (``stats_rows.SEAT_LOG_KINDS``): an absence declared, a seat opened by a kick
        or after missed deadlines, a seat handed to another member."""
        ...
    async def player_rows(self, user_id: int, guild_id: int | None) -> PlayerRows:
        """A player's statistics rows in one server (``guild_id``) or in all of them (None), read by index."""
        ...
    async def seat_waits(self, game_id: int) -> list[SeatWait]:
        """Each decision of the game answered by its player or at its deadline after a prompt: the first answer."""
        ...


class Store(Protocol):
    # other processes may write the same database (PostgreSQL): the service then takes each game's lock in the
    # database (``Repo.lock_game``), claims outbox rows and timers, and listens for their work
    shared: bool

    def transaction(self) -> AbstractAsyncContextManager[Repo]: ...
    def reading(self) -> AbstractAsyncContextManager[Repo]: ...
    async def vacuum(self) -> None:
        """Give the space freed by ``Repo.prune`` back to the file system (after every waiting commit)."""
        ...
    async def listen(self, wake: Callable[[str, int], None]) -> None:
        """Call ``wake(kind, game_id)`` when another process commits outbox rows ("outbox") or timers ("timers")
        (game id 0: anything may have changed). A single-process store never calls it."""
        ...

    async def close(self) -> None: ...


async def prune_all(store: Store, before: datetime, limit: int = PRUNE_ROWS) -> Pruned:
    """``Repo.prune`` until a prune leaves nothing behind, each in a transaction of its own (other transactions run
    between them); the totals."""
    total = Pruned(0, 0, 0, 0, 0)
    while True:
        async with store.transaction() as repo:
            pruned = await repo.prune(before, limit)
        total += pruned
        if not pruned.bounded(limit):
            return total
