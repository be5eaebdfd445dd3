"""Fifty games driven at once through one table service on one SQLite file, to the end, with double clicks
(the same answer twice at the same moment) and answers out of turn mixed in."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

from bot.admin.cli import main as admin
from bot.demo import answer_as
from bot.service import TableService
from bot.storage import SqliteStore
from engine.agot.agent import RandomAgent
from engine.core import Rng
from tests.service.kit import seated

GAMES = 50
PLAYERS = 3


async def drive(svc: TableService, gid: int, users: list[int], seed: int) -> Counter[str]:
    """Random agents play one game to its end; every 20th answer is a double click, every 30th is preceded by
    another seat answering that decision, and by an answer to a decision that no longer exists."""
    seen: Counter[str] = Counter()
    agents = {u: RandomAgent(seed * 100 + u) for u in users}
    picker = Rng(seed)
    answered: list[tuple[int, str]] = []
    while (status := await svc.status(gid))["status"] == "running":
        user = picker.choice(status["waiting"])["user_id"]
        decision = (await svc.pending(gid, user))[0]
        n = seen["accepted"] + 1
        if n % 30 == 0:
            other = next(u for u in users if u != user)
            wrong = await svc.answer(gid, other, decision["id"], decision["default"])
            assert wrong.status == "refused" and "belongs to" in wrong.message, wrong
            seen["out of turn"] += 1
            if answered:
                old_user, old_id = answered[-1]
                again = await svc.answer(gid, old_user, old_id, None)
                assert again.status == "already", again
                seen["stale"] += 1
        if n % 20 == 0:
            first, second = await asyncio.gather(svc.answer(gid, user, decision["id"], decision["default"]),
                                                 svc.answer(gid, user, decision["id"], decision["default"]))
            assert first.status == "accepted", first
            # the second is "already"; or, when the first ended the game, "the game is over" (both write nothing)
            assert second.status == "already" or (second.status == "refused" and "over" in second.message), second
            seen["double"] += 1
        else:
            reply = (await answer_as(svc, gid, user, agents[user])).reply
            assert reply.status == "accepted", reply
        answered.append((user, decision["id"]))
        seen["accepted"] += 1
        await asyncio.sleep(0)
    return seen


async def fifty_games(db: Path) -> tuple[list[Counter[str]], list[int]]:
    svc = await TableService.open(db)
    try:
        tables = [await seated(svc, players=PLAYERS) for _ in range(GAMES)]
        results = await asyncio.gather(*(drive(svc, gid, users, seed) for seed, (gid, users) in enumerate(tables)))
        infos = [await svc.game(gid) for gid, _ in tables]
    finally:
        await svc.close()
    store = await SqliteStore.open(db)
    async with store.reading() as repo:
        logged = [len(await repo.answers(gid)) for gid, _ in tables]
    await store.close()
    assert all(info.status == "finished" for info in infos)
    return results, logged


def test_fifty_games_at_once_to_the_end(tmp_path: Path) -> None:
    db = tmp_path / "fifty.sqlite3"
    results, logged = asyncio.run(fifty_games(db))
    # nothing written for the refused and repeated answers: the log holds exactly the accepted ones
    assert logged == [r["accepted"] for r in results]
    total = sum(results, Counter())
    assert total["double"] >= 5 * GAMES and total["out of turn"] >= 3 * GAMES and total["stale"] >= 3 * GAMES
    assert admin(["verify", str(db), "--quiet"]) == 0
