"""Outbox delivery: order per destination (a game's feed, a player's DMs), retry with backoff, permanent failures
said in the destination's next post, restart, exactly once."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from bot.service import (
    Audience,
    FakeClock,
    OutboxMessage,
    PermanentError,
    RecordingTransport,
    TableService,
    TransientError,
)
from bot.service.outbox import BATCH, MAX_ATTEMPTS
from bot.storage import DELIVERY_WINDOW, compact
from tests.service.kit import aio, play, seated


class Flaky(RecordingTransport):
    """Fails the first ``transient`` posts in one game's channel with TransientError (a channel answering with
    server errors), and DMs to ``closed`` for good."""

    def __init__(self, path: Path | None = None, transient: int = 0, game: int | None = None,
                 closed: int | None = None) -> None:
        super().__init__(path)
        self.transient, self.game, self.closed = transient, game, closed
        self.tries: list[int] = []

    async def send(self, msg: OutboxMessage) -> str:
        self.tries.append(msg.id)
        if msg.game_id == self.game and msg.audience == "public" and self.transient:
            self.transient -= 1
            raise TransientError("503 from the gateway")
        if msg.user_id is not None and msg.user_id == self.closed:
            raise PermanentError("50007: cannot send messages to this user")
        return await super().send(msg)


def unsent(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL").fetchone()[0]


@aio
async def test_every_row_is_sent_once_in_order_and_marked(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, _ = await seated(svc)
    await play(svc, gid, answers=120)
    with sqlite3.connect(path) as db:  # nothing delivered yet: each status written superseded the one before
        waiting = db.execute("SELECT COUNT(*) FROM outbox WHERE kind = 'status' AND sent_at IS NULL").fetchone()[0]
    assert waiting == 1 and unsent(path) > BATCH  # more than one pass of the dispatcher's to catch up
    transport = RecordingTransport()
    await svc.flush(transport)
    assert [m.kind for m in transport.sent].count("status") == 1  # catching up edits the status message once
    with sqlite3.connect(path) as db:
        everything = db.execute("SELECT id, key, message_id, kind, error FROM outbox ORDER BY id").fetchall()
    rows = [r for r in everything if r[4] is None]
    superseded = [r for r in everything if r[4] is not None]
    # only the newest status line is sent (the front end edits one message in place); older ones are skipped
    statuses = [r for r in everything if r[3] == "status"]
    assert superseded == statuses[:-1] and statuses[-1] in rows and all(r[2] is None for r in superseded)
    assert sorted(m.id for m in transport.sent) == [r[0] for r in rows]
    places = {(m.audience, m.user_id) for m in transport.sent}
    assert len(places) == 4  # the feed and three players' DMs, each in id order
    for audience, user in places:
        ids = [m.id for m in transport.sent if (m.audience, m.user_id) == (audience, user)]
        assert ids == sorted(ids)
    assert [transport.ids[key] for key in (r[1] for r in rows)] == [r[2] for r in rows]
    assert len({r[1] for r in everything}) == len(everything) and unsent(path) == 0
    await svc.flush(transport)  # nothing left: nothing sent again
    assert len(transport.sent) == len(rows)
    await svc.close()


@aio
async def test_transient_errors_back_off_and_hold_only_their_destination(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    clock = FakeClock()
    svc = await TableService.open(path, clock=clock)
    slow, _ = await seated(svc)
    fast, _ = await seated(svc)
    transport = Flaky(transient=2, game=slow)
    await svc.flush(transport)
    with sqlite3.connect(path) as db:
        waiting = db.execute("SELECT game_id, attempts, retry_at, error FROM outbox WHERE sent_at IS NULL").fetchall()
    assert {g for g, *_ in waiting} == {slow}  # the other game went through
    # and so did the slow game's DMs: only its feed waits behind the failing post
    assert {m.game_id for m in transport.sent if m.audience == "public"} == {fast}
    assert {m.user_id for m in transport.sent if m.game_id == slow} == {1000, 1001, 1002}
    assert waiting[0][1] == 1 and "503" in waiting[0][3]
    tries = len(transport.tries)
    await svc.flush(transport)  # the retry is not due yet: no new try
    assert len(transport.tries) == tries
    clock.advance(1.0)  # first backoff: 1 s; fails again, next backoff 2 s
    await svc.flush(transport)
    clock.advance(1.0)
    await svc.flush(transport)
    assert unsent(path) > 0
    clock.advance(1.0)
    await svc.flush(transport)
    assert unsent(path) == 0
    feed = [m.id for m in transport.sent if m.game_id == slow and m.audience == "public"]
    assert feed == sorted(feed)  # still in order within the feed
    await svc.close()


@aio
async def test_a_permanent_error_gives_the_row_up_and_records_why(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, users = await seated(svc)
    transport = Flaky(closed=users[1])
    await svc.flush(transport)
    with sqlite3.connect(path) as db:
        failed = db.execute("SELECT user_id, error FROM outbox WHERE failed_at IS NOT NULL").fetchall()
    assert failed and {u for u, _ in failed} == {users[1]} and all("50007" in e for _, e in failed)
    assert unsent(path) == 0 and all(m.user_id != users[1] for m in transport.sent)
    await svc.close()


@aio
async def test_a_closed_dm_players_given_up_prompts_go_once_their_game_is_over(tmp_path: Path) -> None:
    """A player whose DMs stay closed leaves every prompt given up and never said (no DM reaches them): kept, and
    counted, while the game is on; pruned after the delivery window once it is over."""
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock)
    gid, users = await seated(svc)
    transport = Flaky(closed=users[1])
    await play(svc, gid, answers=30)
    await svc.flush(transport)

    async def left() -> tuple[int, int]:
        """The closed player's rows, and the given-up rows a dispatcher pass still counts."""
        with sqlite3.connect(path) as db:
            (rows,) = db.execute("SELECT COUNT(*) FROM outbox WHERE user_id = ?", (users[1],)).fetchone()
        async with svc.store.reading() as repo:
            return rows, sum(g.count for g in await repo.given_up())

    lost, counted = await left()
    assert lost >= 3 and counted == lost  # every prompt of theirs, given up and waiting to be said
    clock.advance(2 * DELIVERY_WINDOW.total_seconds())
    assert (await compact(svc.store, clock())).given_up == 0
    assert await left() == (lost, lost)  # the game is on: a DM that reaches them later says them
    await svc.cancel(gid, users[0])
    await svc.flush(transport)
    clock.advance(2 * DELIVERY_WINDOW.total_seconds())
    assert (await compact(svc.store, clock())).given_up >= lost
    assert await left() == (0, 0)
    await svc.close()


class DownChannel(RecordingTransport):
    """The feed of game ``game`` answers every post with a server error while ``down``; its rows ``lost`` are
    refused for good (e.g. a board the channel may not take)."""

    def __init__(self, game: int) -> None:
        super().__init__()
        self.game, self.down, self.lost = game, True, set[int]()

    async def send(self, msg: OutboxMessage) -> str:
        if msg.game_id == self.game and msg.audience == Audience.PUBLIC:
            if msg.id in self.lost:
                raise PermanentError("50013: missing permissions")
            if self.down:
                raise TransientError("500 from the channel")
        return await super().send(msg)


@aio
async def test_a_failing_channel_does_not_hold_the_players_prompts(tmp_path: Path) -> None:
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock)
    gid, users = await seated(svc)
    transport = DownChannel(gid)
    for _ in range(3):
        await play(svc, gid, answers=2)
        await svc.flush(transport)
        clock.advance(30)
    # every DM (prompts, private events) went out while the channel failed; no public post did
    with sqlite3.connect(path) as db:
        waiting = db.execute("SELECT audience, COUNT(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL "
                             "GROUP BY audience").fetchall()
    assert dict(waiting).keys() == {"public"}
    assert {m.user_id for m in transport.sent if m.kind == "prompt"} == set(users)
    assert not [m for m in transport.sent if m.audience == Audience.PUBLIC]
    transport.down = False
    clock.advance(600)
    await svc.flush(transport)
    feed = [m.id for m in transport.sent if m.audience == Audience.PUBLIC]
    assert feed and feed == sorted(feed) and unsent(path) == 0  # the feed caught up, in order
    await svc.close()


@aio
async def test_what_could_not_be_delivered_is_said_in_the_feeds_next_post(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, _ = await seated(svc)
    transport = DownChannel(gid)
    transport.down = False
    with sqlite3.connect(path) as db:
        first = db.execute("SELECT id FROM outbox WHERE audience = 'public' AND kind != 'status' ORDER BY id"
                           ).fetchone()[0]
    transport.lost = {first}
    await svc.flush(transport)
    await play(svc, gid, answers=3)
    await svc.flush(transport)
    public = [m for m in transport.sent if m.audience == Audience.PUBLIC]
    assert first not in [m.id for m in public] and public[0].id > first
    # the feed's next post says it once; the status line (edited in place) and the DMs never carry it
    assert [m.undelivered for m in public if m.kind != "status"][:3] == [1, 0, 0]
    assert all(m.undelivered == 0 for m in transport.sent if m.kind == "status" or m.audience == Audience.PLAYER)
    await svc.close()


@aio
async def test_a_row_that_keeps_failing_is_given_up_and_said_there(tmp_path: Path) -> None:
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock)
    gid, users = await seated(svc)
    transport = DownChannel(gid)
    for _ in range(MAX_ATTEMPTS):
        await svc.flush(transport)
        clock.advance(3600)
    with sqlite3.connect(path) as db:
        failed = db.execute("SELECT attempts, error FROM outbox WHERE failed_at IS NOT NULL").fetchall()
    assert failed == [(MAX_ATTEMPTS, f"TransientError ({MAX_ATTEMPTS} attempts)")]  # the feed's first post
    transport.down = False
    await svc.flush(transport)
    nxt = next(m for m in transport.sent if m.audience == Audience.PUBLIC and m.kind != "status")
    assert nxt.undelivered == 1
    await svc.close()


@aio
async def test_what_was_given_up_is_said_after_a_restart_once(tmp_path: Path) -> None:
    """The count of given-up rows is in the database: a restart between the giving up and the next post that
    reaches the destination forgets nothing, and once said it is not said again (even after another restart)."""
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock)
    gid, users = await seated(svc)
    transport = DownChannel(gid)
    transport.lost = set(range(1, 1000))  # every post the feed gets before the restart is refused for good
    await svc.flush(transport)
    await play(svc, gid, answers=2)
    await svc.flush(transport)
    with sqlite3.connect(path) as db:
        (lost,) = db.execute("SELECT COUNT(*) FROM outbox WHERE failed_at IS NOT NULL AND said_at IS NULL "
                             "AND audience = 'public'").fetchone()
    assert lost >= 2 and not [m for m in transport.sent if m.audience == Audience.PUBLIC]
    await svc.close()  # the restart: a new service and a new dispatcher on the same file

    svc = await TableService.open(path, clock=clock)
    transport = RecordingTransport()
    await play(svc, gid, answers=2)
    await svc.flush(transport)
    public = [m for m in transport.sent if m.audience == Audience.PUBLIC and m.kind != "status"]
    assert public and public[0].undelivered == lost and all(m.undelivered == 0 for m in public[1:])
    assert all(m.undelivered == 0 for m in transport.sent if m.kind == "status" or m.audience == Audience.PLAYER)
    with sqlite3.connect(path) as db:
        said = db.execute("SELECT said_at FROM outbox WHERE failed_at IS NOT NULL").fetchall()
    assert len(said) == lost and all(at is not None for (at,) in said)
    await svc.close()

    svc = await TableService.open(path, clock=clock)  # said once: another restart does not say it again
    transport = RecordingTransport()
    await play(svc, gid, answers=2)
    await svc.flush(transport)
    assert transport.sent and all(m.undelivered == 0 for m in transport.sent)
    await svc.close()


class Crash(BaseException):
    """Stands for the process dying: no handler of the service catches it."""


class CrashAfterSend(RecordingTransport):
    """Delivers, then 'crashes' before the dispatcher can mark the row sent."""

    async def send(self, msg: OutboxMessage) -> str:
        await super().send(msg)
        raise Crash("killed between sent and marked sent")


@aio
async def test_a_crash_between_sent_and_marked_sent_delivers_once(tmp_path: Path) -> None:
    path, record = tmp_path / "t.sqlite3", tmp_path / "sent.jsonl"
    svc = await TableService.open(path)
    gid, _ = await seated(svc)
    try:
        await svc.flush(CrashAfterSend(record))
    except Crash:
        pass
    await svc.store.close()
    assert unsent(path) > 0  # the first row went out but was never marked

    svc = await TableService.open(path)  # the restart: a new transport reading the same record
    transport = RecordingTransport(record)
    await svc.flush(transport)
    await svc.close()
    keys = [line.split('"key":"')[1].split('"')[0] for line in record.read_text().splitlines()]
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT key, message_id FROM outbox ORDER BY id").fetchall()
    assert len(keys) == len(set(keys)) == len(rows)  # every row delivered, none twice
    assert rows[0][1] == "m1"  # the row sent before the crash is marked with the first delivery's id
    assert unsent(path) == 0


@aio
async def test_the_background_dispatcher_delivers_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, _ = await seated(svc)
    await play(svc, gid, answers=5)
    await svc.close()  # nothing delivered before the "crash"

    svc = await TableService.open(path)
    transport = RecordingTransport()
    svc.serve(transport)
    for _ in range(200):
        if unsent(path) == 0:
            break
        await asyncio.sleep(0.01)
    before = len(transport.sent)
    assert unsent(path) == 0 and before > 0
    await play(svc, gid, answers=1)  # a new answer wakes the dispatcher
    for _ in range(200):
        if unsent(path) == 0:
            break
        await asyncio.sleep(0.01)
    assert unsent(path) == 0 and len(transport.sent) > before
    await svc.close()


@aio
async def test_close_cancels_the_dispatcher_and_the_timer_task(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "t.sqlite3")
    svc.serve(RecordingTransport())
    tasks = list(svc._tasks)
    await seated(svc)
    await asyncio.sleep(0.05)
    assert [t.get_name() for t in tasks] == ["outbox", "timers"] and not any(t.done() for t in tasks)
    await svc.close()
    assert all(t.cancelled() for t in tasks)


class Buggy(RecordingTransport):
    async def send(self, msg: OutboxMessage) -> str:
        raise ValueError("a bug in the front end")


@aio
async def test_a_transport_bug_is_retried_with_backoff_not_hot_looped(tmp_path: Path) -> None:
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock)
    await seated(svc)
    await svc.flush(Buggy())
    await svc.flush(Buggy())  # not due again yet
    with sqlite3.connect(path) as db:
        tried = db.execute("SELECT attempts, error FROM outbox WHERE attempts > 0").fetchall()
    # the first row of each destination (the feed, three players' DMs), once; the rest wait behind them
    assert tried == [(1, "a bug in the front end")] * 4
    clock.advance(1)
    await svc.flush(RecordingTransport())
    assert unsent(path) == 0
    await svc.close()


class SlowChannel(RecordingTransport):
    """Game ``slow``'s messages wait until another game's message has gone out (a rate-limited channel)."""

    def __init__(self, slow: int) -> None:
        super().__init__()
        self.slow = slow
        self.other_sent = asyncio.Event()

    async def send(self, msg: OutboxMessage) -> str:
        if msg.game_id == self.slow:
            await self.other_sent.wait()
        else:
            self.other_sent.set()
        return await super().send(msg)


@aio
async def test_a_slow_game_does_not_stall_the_other_tables(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "t.sqlite3")
    slow, _ = await seated(svc)  # its rows come first
    await seated(svc)
    transport = SlowChannel(slow)
    await asyncio.wait_for(svc.flush(transport), timeout=10)
    assert {m.game_id for m in transport.sent} == {slow, slow + 1}
    await svc.close()
