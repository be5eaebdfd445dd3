"""Table votes and manager repairs on the test clock: each kind passing, failing by No and by expiry; who may vote;
restarts; an undo across the orders reveal leaks nothing."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.admin.stored import opened, verify_game
from bot.service import FakeClock, ServiceError, TableService
from engine.agot.agent import RandomAgent
from engine.agot.board import board
from engine.agot.orders import describe
from tests.service.kit import CREATOR, aio, seated

SETTINGS: dict[str, Any] = {"deadlines": {"default": 3600, "orders": 3600}, "reminders": [0.5], "vote_hours": 2}


def rows(path: Path, after: int = 0) -> list[tuple[int, str, int | None, str, str]]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT id, audience, user_id, kind, payload FROM outbox WHERE id > ? ORDER BY id",
                          (after,)).fetchall()


def notices(path: Path) -> list[str]:
    return [json.loads(r[4]).get("text", "") for r in rows(path) if r[3] in ("notice", "vote")]


def seat_state(path: Path, user: int) -> str:
    with sqlite3.connect(path) as db:
        return str(db.execute("SELECT state FROM seats WHERE user_id = ?", (user,)).fetchone()[0])


async def table(tmp_path: Path, **settings: Any) -> tuple[TableService, FakeClock, Path, int, list[int]]:
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock)
    gid, users = await seated(svc, settings={**SETTINGS, **settings})
    return svc, clock, path, gid, users


async def answer_default(svc: TableService, gid: int, user: int) -> None:
    decision = (await svc.pending(gid, user))[0]
    assert (await svc.answer(gid, user, decision["id"], decision["default"])).accepted


async def passes(svc: TableService, gid: int, users: list[int], kind: str, **extra: Any) -> dict[str, Any]:
    vote = await svc.open_vote(gid, users[0], kind, **extra)
    assert vote["status"] == "open"
    await svc.cast_ballot(gid, vote["id"], users[1], True)  # 2 of 3: the default two thirds
    return await svc.vote_info(gid, vote["id"])


@aio
async def test_pause_resume_cancel_and_extend_pass(tmp_path: Path) -> None:
    svc, clock, path, gid, users = await table(tmp_path)
    before = {p["id"]: p["deadline"] for p in await svc.pending(gid, users[2])}
    vote = await passes(svc, gid, users, "extend", hours=5)
    assert vote["status"] == "passed"
    after = {p["id"]: p["deadline"] for p in await svc.pending(gid, users[2])}
    assert all(after[k] > before[k] for k in before)
    assert (await passes(svc, gid, users, "pause"))["status"] == "passed"
    assert (await svc.game(gid)).status == "paused"
    assert any(n.startswith("🗳️ The table (vote #2) paused the game") for n in notices(path))
    assert (await passes(svc, gid, users, "resume"))["status"] == "passed"
    assert (await svc.game(gid)).status == "running"
    assert (await passes(svc, gid, users, "cancel"))["status"] == "passed"
    assert (await svc.game(gid)).status == "cancelled"
    assert any("Vote #1 passed" in n for n in notices(path)) and any("🗳️ **Vote #4**" in n for n in notices(path))
    await svc.close()


@aio
async def test_kick_undo_and_end_pass(tmp_path: Path) -> None:
    svc, clock, path, gid, users = await table(tmp_path)
    house = (await svc.pending(gid, users[2]))[0]["player"]
    assert (await passes(svc, gid, users, "kick", house=house))["status"] == "passed"
    assert seat_state(path, users[2]) == "open"
    posts = [json.loads(r[4])["text"] for r in rows(path) if r[3] == "seat_open"]
    assert any("seat is open (the table voted so" in text for text in posts)
    await answer_default(svc, gid, users[0])
    assert not await svc.pending(gid, users[0]) or (await svc.pending(gid, users[0]))[0]["submitted"]
    # two seated voters remain: two thirds of 2 is 2
    vote = await svc.open_vote(gid, users[0], "undo")
    assert vote["status"] == "open"
    await svc.cast_ballot(gid, vote["id"], users[1], True)
    assert (await svc.vote_info(gid, vote["id"]))["status"] == "passed"
    assert not (await svc.pending(gid, users[0]))[0]["submitted"]  # the orders are asked again
    await answer_default(svc, gid, users[0])
    vote = await svc.open_vote(gid, users[1], "end")
    await svc.cast_ballot(gid, vote["id"], users[0], True)
    assert (await svc.vote_info(gid, vote["id"]))["status"] == "passed"
    assert (await svc.game(gid)).status == "finished"
    over = [json.loads(r[4]) for r in rows(path) if r[3] == "game_over"]
    assert len(over) == 1 and len(over[0]["ranking"]) == 3 and over[0]["winner"] == over[0]["ranking"][0]
    with pytest.raises(ServiceError, match="over"):
        await svc.open_vote(gid, users[0], "pause")
    await svc.close()
    again = await TableService.open(path, clock=clock)  # the ended game reloads (its fingerprint holds)
    assert (await again.status(gid))["status"] == "finished"
    assert (await again.view(gid))["winner"] == over[0]["winner"]
    await again.close()
    async with opened(str(path)) as repo:  # and the admin re-play finds the same end
        row = await repo.game(gid)
        assert row is not None
        verdict = await verify_game(repo, row)
    assert verdict.problem is None and verdict.game is not None and verdict.game.state.winner == over[0]["winner"]


@aio
async def test_a_vote_fails_by_no_and_by_expiry(tmp_path: Path) -> None:
    svc, clock, path, gid, users = await table(tmp_path)
    vote = await svc.open_vote(gid, users[0], "pause")
    await svc.cast_ballot(gid, vote["id"], users[1], False)
    assert (await svc.vote_info(gid, vote["id"]))["status"] == "open"  # 1 Yes, 1 No: still possible
    await svc.cast_ballot(gid, vote["id"], users[2], False)
    assert (await svc.vote_info(gid, vote["id"]))["status"] == "failed"
    assert (await svc.game(gid)).status == "running"
    with pytest.raises(ServiceError, match="closed"):
        await svc.cast_ballot(gid, vote["id"], users[1], True)
    vote = await svc.open_vote(gid, users[1], "pause")
    clock.advance(2 * 3600 - 1)
    await svc.run_due_timers()
    assert (await svc.vote_info(gid, vote["id"]))["status"] == "open"
    clock.advance(1)
    await svc.run_due_timers()
    assert (await svc.vote_info(gid, vote["id"]))["status"] == "failed"
    assert any("time ran out" in n for n in notices(path))
    await svc.close()


@aio
async def test_who_may_vote_and_a_second_ballot_replaces_the_first(tmp_path: Path) -> None:
    svc, clock, path, gid, users = await table(tmp_path, vote_threshold=1.0)
    with pytest.raises(ServiceError, match="seated players"):
        await svc.open_vote(gid, 4242, "pause")
    with pytest.raises(ServiceError, match="no 'nap' vote"):
        await svc.open_vote(gid, users[0], "nap")
    with pytest.raises(ServiceError, match="hours"):
        await svc.open_vote(gid, users[0], "extend")
    with pytest.raises(ServiceError, match="paused"):
        await svc.open_vote(gid, users[0], "resume")
    with pytest.raises(ServiceError, match="Nothing has been answered"):
        await svc.open_vote(gid, users[0], "undo")
    before = len(rows(path))
    vote = await svc.open_vote(gid, users[0], "pause")
    assert len(rows(path)) == before + 1  # only the vote's post
    with pytest.raises(ServiceError, match="still open"):
        await svc.open_vote(gid, users[1], "cancel")
    with pytest.raises(ServiceError, match="seated players"):
        await svc.cast_ballot(gid, vote["id"], 4242, True)
    await svc.cast_ballot(gid, vote["id"], users[1], True)
    await svc.cast_ballot(gid, vote["id"], users[1], True)
    info = await svc.vote_info(gid, vote["id"])
    assert (info["status"], info["yes"], info["no"]) == ("open", 2, 0)  # one ballot each
    await svc.cast_ballot(gid, vote["id"], users[1], False)  # changed: all three can no longer say Yes
    assert (await svc.vote_info(gid, vote["id"]))["status"] == "failed"
    await svc.close()


@aio
async def test_an_open_vote_survives_a_restart(tmp_path: Path) -> None:
    svc, clock, path, gid, users = await table(tmp_path)
    first = await svc.open_vote(gid, users[0], "pause")
    await svc.close()
    svc = await TableService.open(path, clock=clock)
    await svc.cast_ballot(gid, first["id"], users[2], True)
    assert (await svc.game(gid)).status == "paused"
    second = await svc.open_vote(gid, users[0], "resume")
    await svc.close()
    clock.advance(3 * 3600)  # expired while the bot was down (and the game paused): it fails at start-up
    svc = await TableService.open(path, clock=clock)
    await svc.run_due_timers()
    assert (await svc.vote_info(gid, second["id"]))["status"] == "failed"
    assert (await svc.game(gid)).status == "paused"
    await svc.close()


def pairs(orders: dict[str, str]) -> list[re.Pattern[str]]:
    """An order as stored (area id and token id) and as the feed says it (area name and the order in words: the
    reveal's post), each a pattern."""
    b = board()
    return [re.compile(rf"{re.escape(area.replace('-', '.'))}\W{{1,6}}{re.escape(token)}", re.I)
            for area, token in orders.items()] + \
        [re.compile(re.escape(f"{b.areas[area].name} {describe(b.order_tokens[token])}"), re.I)
         for area, token in orders.items()]


@aio
async def test_an_undo_across_the_orders_reveal_leaks_no_order(tmp_path: Path) -> None:
    svc, clock, path, gid, users = await table(tmp_path)
    placed: dict[int, dict[str, str]] = {}
    for i, user in enumerate(users):
        decision = (await svc.pending(gid, user))[0]
        answer = decision["default"]
        if i == 0:  # an order set of its own, not the documented default
            answer = RandomAgent(7).answer(await svc.view(gid, user), decision)
        assert (await svc.answer(gid, user, decision["id"], answer)).accepted
        placed[user] = answer
    revealed = rows(path)[-1][0]
    assert any(p.search(r[4]) for r in rows(path) for p in pairs(placed[users[0]]))  # the check sees a reveal
    assert any(r[3] == "post" and json.loads(r[4])["step"] == "orders" for r in rows(path))  # the reveal's post
    vote = await svc.open_vote(gid, users[0], "undo")
    await svc.cast_ballot(gid, vote["id"], users[1], True)
    assert (await svc.vote_info(gid, vote["id"]))["status"] == "passed"
    # the first two players' orders are hidden again (they may still change them): nothing after the undo
    # shows them to anyone but their owner
    later = rows(path, revealed)
    assert any(r[3] == "board" for r in later)
    for user in users[:2]:
        for row in later:
            if row[2] != user:
                assert not any(p.search(row[4]) for p in pairs(placed[user])), (user, row[3])
    await svc.close()


@aio
async def test_force_and_deadline_repairs_are_announced(tmp_path: Path) -> None:
    svc, clock, path, gid, users = await table(tmp_path)
    house = (await svc.pending(gid, users[1]))[0]["player"]
    with pytest.raises(ServiceError, match="creator"):
        await svc.force(gid, users[1], house)
    with pytest.raises(ServiceError, match="no seat"):
        await svc.force(gid, CREATOR, "dragons")
    notice = await svc.force(gid, CREATOR, house)
    assert notice.startswith(f"🔧 <@{CREATOR}> forced the default for") and "orders" in notice
    assert (await svc.pending(gid, users[1]))[0]["submitted"]
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT source FROM answers").fetchall() == [("forced",)]
    with pytest.raises(ServiceError, match="no open decision"):
        await svc.force(gid, CREATOR, house)
    with pytest.raises(ServiceError, match="hours"):
        await svc.set_deadline(gid, CREATOR, 0)
    other = (await svc.pending(gid, users[2]))[0]["player"]
    notice = await svc.set_deadline(gid, CREATOR, 0.5, house=other)
    assert "set the deadline of" in notice
    clock.advance(1800)
    await svc.run_due_timers()  # the half-hour deadline passed: the default is given
    assert (await svc.pending(gid, users[2]))[0]["submitted"]
    assert not (await svc.pending(gid, users[0]))[0]["submitted"]  # its own deadline is still an hour
    assert sum("🔧" in n for n in notices(path)) == 2
    await svc.close()


@aio
async def test_every_kind_fails_by_no_and_by_expiry_changing_nothing(tmp_path: Path) -> None:
    long = {"default": 360000, "orders": 360000}
    svc, clock, path, gid, users = await table(tmp_path, deadlines=long)
    await answer_default(svc, gid, users[0])  # undo and end need an answer
    house = (await svc.pending(gid, users[2]))[0]["player"]
    args: dict[str, dict[str, Any]] = {"extend": {"hours": 3}, "kick": {"house": house}}
    before = await svc.pending(gid, users[1])
    for kind in ("pause", "extend", "cancel", "kick", "undo", "end", "resume"):
        if kind == "resume":
            await svc.pause(gid, CREATOR)
        vote = await svc.open_vote(gid, users[0], kind, **args.get(kind, {}))
        await svc.cast_ballot(gid, vote["id"], users[1], False)
        await svc.cast_ballot(gid, vote["id"], users[2], False)
        assert (await svc.vote_info(gid, vote["id"]))["status"] == "failed", kind
        vote = await svc.open_vote(gid, users[1], kind, **args.get(kind, {}))
        clock.advance(2 * 3600)
        await svc.run_due_timers()
        assert (await svc.vote_info(gid, vote["id"]))["status"] == "failed", kind
    assert (await svc.game(gid)).status == "paused"
    assert all(seat_state(path, u) == "player" for u in users)
    assert await svc.pending(gid, users[1]) == [{**d, "deadline": None} for d in before]  # paused: no deadline
    assert (await svc.pending(gid, users[0]))[0]["submitted"]  # nothing was undone
    await svc.close()
