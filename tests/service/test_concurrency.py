"""Many games at once on one file: answers serialised per game, double clicks and out-of-turn answers handled."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

from bot.service import TableService
from engine.agot.agent import RandomAgent
from tests.service.kit import aio, seated

GAMES = 8


async def drive(svc: TableService, gid: int, users: list[int], seed: int, tally: Counter[str]) -> None:
    agents = {u: RandomAgent(seed * 100 + u) for u in users}
    turn = 0
    while True:
        status = await svc.status(gid)
        if status["status"] != "running":
            return
        turn += 1
        waiting = status["waiting"][turn % len(status["waiting"])]
        user = waiting["user_id"]
        decision = (await svc.pending(gid, user))[0]
        if turn % 7 == 0:  # out of turn: somebody else answers this decision
            other = next(u for u in users if u != user)
            reply = await svc.answer(gid, other, decision["id"], decision["default"])
            tally[reply.status] += 1
            assert reply.status in ("refused", "already")
        view = await svc.view(gid, user)
        answer = agents[user].answer(view, decision)
        if turn % 5 == 0:  # a double click: the same answer twice at the same moment
            replies = await asyncio.gather(*(svc.answer(gid, user, decision["id"], answer) for _ in range(2)))
            statuses = sorted(r.status for r in replies)
            if "accepted" in statuses:
                assert statuses == ["accepted", "already"], replies
            tally["double"] += 1
        else:
            reply = await svc.answer(gid, user, decision["id"], answer)
            if not reply.accepted:
                reply = await svc.answer(gid, user, decision["id"], decision["default"])
            assert reply.accepted, reply


@aio
async def test_games_driven_at_once_all_finish_and_reload_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    tables = [await seated(svc, players=3 + i % 4) for i in range(GAMES)]
    tally: Counter[str] = Counter()
    await asyncio.gather(*(drive(svc, gid, users, i, tally) for i, (gid, users) in enumerate(tables)))
    assert tally["double"] > 20 and tally["refused"] > 10
    await svc.close()

    svc = await TableService.open(path)  # every game replays to its stored fingerprint (none frozen)
    assert [(await svc.status(gid))["status"] for gid, _ in tables] == ["finished"] * GAMES
    await svc.close()
