"""Two table services on one PostgreSQL database (as two bot processes): when service A advances a game between
service B's load of it and B's write (B's write finds a newer stored seq: ``Stale``), B's call is made again on
the game loaded afresh, for every writing call (answers, votes, ballots, absences, seats, repairs, whispers,
the lobby), instead of answering "try again in a moment"."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.service import TableService
from bot.service.core import STALE_TRIES
from bot.service.loaded import Table
from bot.service.models import ServiceError, Stale
from bot.storage import open_store
from tests.service.kit import aio, seated

Call = Callable[[TableService, int, list[int]], Awaitable[Any]]


async def a_answers(a: TableService, gid: int, besides: int | None = None) -> None:
    """Service A answers one open decision (its default; not one of user ``besides``), advancing the game's
    stored seq."""
    user = next(w["user_id"] for w in (await a.status(gid))["waiting"] if w["user_id"] != besides)
    decision = (await a.pending(gid, user))[0]
    assert (await a.answer(gid, user, decision["id"], decision["default"])).accepted


def race(b: TableService, a: TableService, gid: int, times: int = 1, besides: int | None = None,
         on: set[int] | None = None, act: Callable[[], Awaitable[Any]] | None = None) -> list[int]:
    """The next ``times`` loads of the game by B (or those of these numbers, from 1) are followed by an answer of
    A (or ``act``) before B writes: B's table is behind the database when it writes. Returns the list of B's loads,
    as the stored seq each one saw."""
    real = b.core.load
    loads: list[int] = []

    async def load(game_id: int) -> Table:
        t = await real(game_id)
        loads.append(t.row.seq)
        if game_id == gid and (len(loads) in on if on is not None else len(loads) <= times):
            await (act() if act is not None else a_answers(a, gid, besides))
        return t

    b.core.load = load  # type: ignore[method-assign]
    return loads


async def whisper(b: TableService, gid: int, users: list[int]) -> str:
    mine = (await b.seat_of(gid, users[0])).house  # type: ignore[union-attr]
    other = next(s.house for s in (await b.game(gid)).seats if s.house != mine)
    return await b.whisper(gid, users[0], other or "", "psst")


CALLS: dict[str, Call] = {
    "open a vote": lambda b, gid, users: b.open_vote(gid, users[0], "pause"),
    "away": lambda b, gid, users: b.away(gid, users[1], days=2),
    "kick": lambda b, gid, users: b.kick(gid, users[0], "baratheon", manager=True),
    "set a deadline": lambda b, gid, users: b.set_deadline(gid, users[0], 5, manager=True),
    "whisper": whisper,
    "pause": lambda b, gid, users: b.pause(gid, users[0], manager=True),
    "digest": lambda b, gid, users: b.digest(gid, users[2]),
}


async def two_services(url: str, players: int = 3) -> tuple[TableService, TableService, int, list[int]]:
    a = await TableService.open(await open_store(url))
    b = await TableService.open(await open_store(url))
    gid, users = await seated(a, players=players)
    return a, b, gid, users


@pytest.mark.timeout(120)
@pytest.mark.parametrize("call", list(CALLS))
@aio
async def test_a_writing_call_on_a_game_another_process_just_advanced_is_made_again(pg_url: str, call: str) -> None:
    a, b, gid, users = await two_services(pg_url)
    try:
        before = (await b.status(gid))["last_answer"]
        loads = race(b, a, gid)
        result = await CALLS[call](b, gid, users)  # no "try again": done on the fresh game
        assert result is not None
        assert loads[0] == before and loads[1] == before + 1  # B's first try saw the old game, the second the new
        after = await b.game(gid)
        assert (await a.status(gid))["last_answer"] >= before + 1  # A's answer stands
        if call == "away":
            assert after.seat_of(users[1]).away_until is not None  # type: ignore[union-attr]
        if call == "pause":
            assert after.status == "paused"
        if call == "kick":
            assert next(s for s in after.seats if s.house == "baratheon").state == "open"
    finally:
        await a.close()
        await b.close()


@pytest.mark.timeout(120)
@aio
async def test_a_ballot_and_the_vote_it_carries_out_are_made_again_on_the_fresh_game(pg_url: str) -> None:
    """A vote opened by B; A advances the game before B's ballot is written, before the vote's action (every open
    deadline later) is carried out and before the vote is closed: each step is made again once, the ballot is
    counted, the vote passes and its action is carried out."""
    a, b, gid, users = await two_services(pg_url)
    try:
        vote = await b.open_vote(gid, users[0], "extend", hours=2)
        loads = race(b, a, gid, on={1, 4, 6})  # the ballot's write, the action's, the closing's
        words = await b.cast_ballot(gid, vote["id"], users[1], True)
        # each raced step loads again and sees one answer more: the ballot, the count, the action, the closing
        assert "is counted" in words and [n - loads[0] for n in loads] == [0, 1, 1, 1, 2, 2, 3]
        info = await b.vote_info(gid, vote["id"])
        assert info["status"] == "passed" and info["yes"] == 2
        async with b.store.reading() as repo:
            notices = [m.payload.get("text", "") for m in await repo.outbox(gid) if m.kind == "notice"]
        assert any("passed" in n and "2 h later" in n for n in notices)
    finally:
        await a.close()
        await b.close()


@pytest.mark.timeout(120)
@aio
async def test_an_answer_on_a_game_another_process_just_advanced_is_answered_again(pg_url: str) -> None:
    a, b, gid, users = await two_services(pg_url)
    try:
        user = (await b.status(gid))["waiting"][0]["user_id"]
        decision = (await b.pending(gid, user))[0]
        loads = race(b, a, gid, besides=user)
        assert (await b.answer(gid, user, decision["id"], decision["default"])).accepted
        assert loads[1] == loads[0] + 1
        async with b.store.reading() as repo:
            assert [(x.seq, x.user_id) for x in await repo.answers(gid)][-1] == (loads[1] + 1, user)
    finally:
        await a.close()
        await b.close()


@pytest.mark.timeout(120)
@aio
async def test_a_call_is_refused_only_after_every_try_was_stale(pg_url: str) -> None:
    """A advances the game before each of B's tries: after STALE_TRIES tries B's answer is refused with "try
    again", a seat change raises the same words, and nothing of either is written."""
    a, b, gid, users = await two_services(pg_url, players=STALE_TRIES + 1)  # A answers the others' orders
    try:
        user = (await b.status(gid))["waiting"][0]["user_id"]
        decision = (await b.pending(gid, user))[0]
        loads = race(b, a, gid, times=STALE_TRIES, besides=user)
        reply = await b.answer(gid, user, decision["id"], decision["default"])
        assert reply.status == "refused" and "try again" in reply.message and len(loads) == STALE_TRIES
        other, _ = await seated(a, players=STALE_TRIES + 1)
        loads = race(b, a, other, times=STALE_TRIES)
        with pytest.raises(Stale, match="try again"):
            await b.away(other, users[0], days=1)
        assert len(loads) == STALE_TRIES
        assert (await b.game(other)).seat_of(users[0]).away_until is None  # type: ignore[union-attr]
        async with b.store.reading() as repo:
            assert user not in {x.user_id for x in await repo.answers(gid)}
    finally:
        await a.close()
        await b.close()


@pytest.mark.timeout(120)
@aio
async def test_a_seat_taken_or_a_pause_in_another_process_is_seen_before_writing(pg_url: str) -> None:
    """Changes that leave the answers as they were: A takes the last seat between B's load and B's join (B is
    told the game is full, not seated as a fourth player of three), and A pauses the game between B's load and
    B's answer (B's answer is refused: the game is paused)."""
    a = await TableService.open(await open_store(pg_url))
    b = await TableService.open(await open_store(pg_url))
    try:
        gid, users = await seated(a, players=3, start=False)  # three seated, not started
        await a.leave(gid, users[2])
        race(b, a, gid, act=lambda: a.join(gid, users[2], "late"))
        with pytest.raises(ServiceError, match="full"):
            await b.join(gid, 4242, "fourth")
        assert sorted(s.user_id for s in (await a.game(gid)).seats) == sorted(users)

        other, _ = await seated(a, players=3)
        user = (await b.status(other))["waiting"][0]["user_id"]
        decision = (await b.pending(other, user))[0]
        race(b, a, other, act=lambda: a.pause(other, 0, manager=True))
        reply = await b.answer(other, user, decision["id"], decision["default"])
        assert reply.status == "refused" and "paused" in reply.message
        async with b.store.reading() as repo:
            assert await repo.answers(other) == []
    finally:
        await a.close()
        await b.close()
