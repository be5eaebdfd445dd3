"""The answer path: durable before "accepted", refusals and double clicks write nothing."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.service import FakeClock, TableService
from tests.service.kit import CREATOR, aio, play, seated


def counts(path: Path) -> dict[str, int]:
    """Rows per table, read with the plain sqlite3 module (a second, independent reader)."""
    with sqlite3.connect(path) as db:
        return {t: db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
                for t in ("answers", "events", "outbox", "snapshots", "prompts", "timers", "seats")}


@aio
async def test_accepted_answer_is_in_the_file_when_the_reply_comes(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, users = await seated(svc)
    decision = (await svc.pending(gid, users[0]))[0]
    reply = await svc.answer(gid, users[0], decision["id"], decision["default"])
    assert reply.status == "accepted"
    # read the file from another connection before closing the service: it is committed already
    with sqlite3.connect(path) as db:
        row = db.execute("SELECT user_id, decision_id, answer FROM answers WHERE game_id = ?", (gid,)).fetchone()
    assert row == (users[0], decision["id"], json.dumps(decision["default"], separators=(",", ":"),
                                                         sort_keys=True))
    await svc.close()


@aio
async def test_refusals_write_nothing(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, users = await seated(svc)
    mine = (await svc.pending(gid, users[0]))[0]
    before = counts(path)
    stranger = 99
    cases = [
        (gid, stranger, mine["id"], mine["default"], "no seat"),
        (gid, users[1], mine["id"], mine["default"], "belongs to"),
        (gid, users[0], "999999", mine["default"], "expired"),
        (gid, users[0], mine["id"], {"not-an-area": "M0"}, ""),
        (gid, users[0], mine["id"], object(), "malformed"),
        (424242, users[0], mine["id"], mine["default"], "no game"),
    ]
    for game_id, user, decision_id, answer, words in cases:
        reply = await svc.answer(game_id, user, decision_id, answer)
        assert reply.status == "refused", (user, decision_id, reply)
        assert words in reply.message, reply.message
    assert counts(path) == before
    await svc.close()


@aio
async def test_an_answer_bigger_than_any_legal_one_is_refused_at_the_door(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, users = await seated(svc)
    mine = (await svc.pending(gid, users[0]))[0]
    await svc.close()
    svc = await TableService.open(path)  # nothing loaded: a refusal at the door loads nothing either
    before = counts(path)
    nested: list = []
    for _ in range(1000):
        nested = [nested]
    cases = [
        (list(range(100_000)), "more than 2000 items"),
        ("x" * 2_000_000, "more than 2000 characters"),
        ({f"area{i}": "M0" for i in range(100_000)}, "more than 2000 items"),
        ([["M0"] * 1999] * 1999, "more than 2000 items"),
        (nested, "nested more than 10 deep"),
        ({"winterfell": "y" * 5000}, "more than 2000 characters"),
    ]
    for answer, words in cases:
        start = time.perf_counter()
        reply = await svc.answer(gid, users[0], mine["id"], answer)
        assert time.perf_counter() - start < 0.05  # the engine took 0.8-2.3 s to refuse the first two
        assert reply.status == "refused" and words in reply.message and "too big" in reply.message, reply
    assert svc._tables == {} and counts(path) == before
    assert (await svc.answer(gid, users[0], mine["id"], mine["default"])).accepted  # a legal one still is
    await svc.close()


@aio
async def test_double_click_is_already_submitted_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, users = await seated(svc)
    decision = (await svc.pending(gid, users[0]))[0]
    assert (await svc.answer(gid, users[0], decision["id"], decision["default"])).status == "accepted"
    before = counts(path)
    again = await svc.answer(gid, users[0], decision["id"], decision["default"])
    assert again.status == "already"
    assert counts(path) == before
    await svc.close()


@aio
async def test_paused_and_finished_games_refuse_answers(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, users = await seated(svc)
    decision = (await svc.pending(gid, users[0]))[0]
    await svc.pause(gid, CREATOR)
    before = counts(path)
    reply = await svc.answer(gid, users[0], decision["id"], decision["default"])
    assert reply.status == "refused" and "paused" in reply.message
    assert counts(path) == before
    await svc.resume(gid, CREATOR)
    await play(svc, gid)
    assert (await svc.game(gid)).status == "finished"
    reply = await svc.answer(gid, users[0], decision["id"], decision["default"])
    assert reply.status in ("refused", "already")
    await svc.close()


@aio
async def test_a_secret_answer_may_change_until_everyone_has_answered(tmp_path: Path) -> None:
    from engine.agot.agent import RandomAgent

    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, users = await seated(svc)
    me = users[0]
    orders = (await svc.pending(gid, me))[0]
    assert orders["kind"] == "orders" and orders["secret"]
    view = await svc.view(gid, me)
    first = RandomAgent(1).answer(view, orders)
    second = next(a for a in (RandomAgent(s).answer(view, orders) for s in range(2, 50)) if a != first)
    assert (await svc.answer(gid, me, orders["id"], first)).status == "accepted"
    changed = await svc.answer(gid, me, orders["id"], second)
    assert changed.status == "accepted" and "changed" in changed.message
    before = counts(path)
    again = await svc.answer(gid, me, orders["id"], second)
    assert again.status == "already" and counts(path) == before  # the same answer again writes nothing
    for user in users[1:]:
        other = (await svc.pending(gid, user))[0]
        assert (await svc.answer(gid, user, other["id"], other["default"])).accepted
    revealed = next(e for e in await svc.log(gid, limit=100) if e["kind"] == "orders_revealed")
    house = (await svc.seat_of(gid, me)).house  # type: ignore[union-attr]
    mine = {area: token for area, (h, token) in revealed["data"]["orders"].items() if h == house}
    assert mine == second  # the changed orders are the ones revealed
    late = await svc.answer(gid, me, orders["id"], first)
    assert late.status == "already" and "no longer" in late.message  # revealed: no more changes
    await svc.close()
    svc = await TableService.open(path)  # both answers are in the log and replay to the stored state
    assert (await svc.status(gid))["status"] == "running"
    await svc.close()


@aio
async def test_the_public_log_pages_back_by_seq(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "t.sqlite3")
    gid, _ = await seated(svc)
    await play(svc, gid, answers=30)
    everything = await svc.log(gid, limit=10_000)
    seqs = [e["seq"] for e in everything]
    assert seqs == list(range(1, len(seqs) + 1))  # public events only, numbered without a gap
    assert all(e["audience"]["kind"] == "public" for e in everything)
    page = await svc.log(gid, limit=5)
    older = await svc.log(gid, before_seq=page[0]["seq"], limit=5)
    assert page == everything[-5:] and older == everything[-10:-5]
    await svc.close()


@aio
async def test_a_save_that_fails_is_not_accepted_and_the_same_answer_goes_through_after(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, users = await seated(svc)
    await play(svc, gid, answers=3)
    store, real = svc.store, svc.store.transaction
    failures: list[str] = []

    @asynccontextmanager
    async def full_disk() -> AsyncIterator[Any]:
        """The store's own transaction, failing when it commits (every statement written, then SQLITE_FULL)."""
        async with real() as repo:
            yield repo
            failures.append("commit")
            raise sqlite3.OperationalError("database or disk is full")

    waiting = {u: pending for u in users if (pending := await svc.pending(gid, u))}
    user = min(waiting)
    decision = waiting[user][0]
    with sqlite3.connect(path) as db:
        last = db.execute("SELECT MAX(seq) FROM answers WHERE game_id = ?", (gid,)).fetchone()[0]
    before = counts(path)
    assert gid in svc._tables
    store.transaction = full_disk  # type: ignore[method-assign]
    reply = await svc.answer(gid, user, decision["id"], decision["default"])
    store.transaction = real  # type: ignore[method-assign]
    assert failures == ["commit"]
    assert reply.status == "refused" and "could not be saved" in reply.message  # never "accepted"
    assert counts(path) == before  # no row of that answer: not the answer, its events, outbox rows or timers
    assert gid not in svc._tables  # the cached game ran ahead of the database: dropped
    again = await svc.answer(gid, user, decision["id"], decision["default"])
    assert again.status == "accepted", again
    with sqlite3.connect(path) as db:
        row = db.execute("SELECT seq, user_id, decision_id FROM answers WHERE game_id = ? ORDER BY seq DESC",
                         (gid,)).fetchone()
    assert row == (last + 1, user, decision["id"])  # the next sequence number: the failed one took none
    await svc.close()


@aio
async def test_an_answer_the_engine_refuses_half_way_leaves_the_game_as_it_was(tmp_path: Path) -> None:
    """The engine keeps no copy to roll back to (``rollback=False``): a refusal its step finds leaves the cached
    game spoiled, so the service drops it, and the game loaded again is the one before the refused answer."""
    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, users = await seated(svc)
    await play(svc, gid, answers=4)
    waiting = {u: pending for u in users if (pending := await svc.pending(gid, u))}
    user = min(waiting)
    decision = waiting[user][0]
    state_before, view_before, before = svc._tables[gid].game.to_dict(), await svc.view(gid, user), counts(path)
    reply = await svc.answer(gid, user, decision["id"], {"narnia": "M0"} if decision["kind"] == "orders"
                             else {"nonsense": True})
    assert reply.status == "refused" and reply.message, reply
    assert counts(path) == before
    assert gid not in svc._tables  # the spoiled game was dropped
    assert await svc.view(gid, user) == view_before  # loaded again from the store
    assert svc._tables[gid].game.to_dict() == state_before
    again = await svc.answer(gid, user, decision["id"], decision["default"])
    assert again.status == "accepted", again
    await svc.close()


@aio
async def test_a_players_own_answer_is_said_back_in_its_reply_and_a_default_by_dm(tmp_path: Path) -> None:
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock)
    gid, users = await seated(svc, settings={"deadlines": {"default": 100, "orders": 100}, "reminders": []})
    decision = (await svc.pending(gid, users[0]))[0]
    reply = await svc.answer(gid, users[0], decision["id"], decision["default"])
    assert reply.accepted and reply.message.splitlines()[1].startswith("Your orders are recorded")
    clock.advance(100)
    await svc.run_due_timers()  # the others' orders: the default, at the deadline
    await svc.close()

    def placed(raw: str) -> bool:
        return any(e["kind"] == "orders_placed" for e in json.loads(raw)["events"])

    with sqlite3.connect(path) as db:
        told = [user for user, raw in db.execute("SELECT user_id, payload FROM outbox WHERE kind = 'events'")
                if placed(raw)]
    assert sorted(told) == users[1:]  # the player who answered was told in the reply only
