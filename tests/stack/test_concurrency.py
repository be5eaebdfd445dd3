"""Fifty games driven at once through one table service on one SQLite file, to the end, with double clicks
(the same answer twice at the same moment) and answers out of turn mixed in.

Each game's random-agent answers are worked out in advance with the engine from the game's stored secret
(``bot.demo.random_plan``), so the fifty coroutines spend their time in the service, interleaving freely.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

from bot.admin.cli import main as admin
from bot.admin.replay import Answer
from bot.demo import random_plan
from bot.service import TableService
from bot.storage import open_store
from tests.service.kit import seated

GAMES = 50
PLAYERS = 3


async def drive(svc: TableService, gid: int, users: list[int], plan: list[tuple[int, Answer]]) -> Counter[str]:
    """Answer the plan in order; every 20th answer is a double click (both at once), every 30th is preceded by
    another seat answering that decision and by a repeat of the previous answer."""
    seen: Counter[str] = Counter()
    for n, (user, a) in enumerate(plan, 1):
        if n % 30 == 0:
            other = next(u for u in users if u != user)
            wrong = await svc.answer(gid, other, a.decision, a.answer)
            assert wrong.status == "refused" and "belongs to" in wrong.message, wrong
            before_user, before = plan[n - 2]
            again = await svc.answer(gid, before_user, before.decision, before.answer)
            assert again.status == "already", again
            seen["out of turn"] += 1
            seen["repeated"] += 1
        if n % 20 == 0:
            first, second = await asyncio.gather(svc.answer(gid, user, a.decision, a.answer),
                                                 svc.answer(gid, user, a.decision, a.answer))
            assert (first.status, second.status) == ("accepted", "already"), (first, second)
            seen["double"] += 1
        else:
            reply = await svc.answer(gid, user, a.decision, a.answer)
            assert reply.status == "accepted", (n, reply)
        seen["accepted"] += 1
    return seen


async def fifty_games(db: Path) -> tuple[list[Counter[str]], list[int]]:
    svc = await TableService.open(db)
    try:
        tables = [await seated(svc, players=PLAYERS) for _ in range(GAMES)]
        plans = [await random_plan(svc, gid, seed) for seed, (gid, _) in enumerate(tables)]
        results = await asyncio.gather(*(drive(svc, gid, users, plan) for (gid, users), plan in zip(tables, plans)))
        infos = [await svc.game(gid) for gid, _ in tables]
    finally:
        await svc.close()
    store = await open_store(db)
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
    assert total["double"] >= 5 * GAMES and total["out of turn"] >= 3 * GAMES and total["repeated"] >= 3 * GAMES
    assert admin(["verify", str(db), "--quiet"]) == 0
