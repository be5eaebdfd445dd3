"""Helpers for the service tests: run async tests, seat a table, let random agents answer."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from typing import Any

from bot.service import Reply, TableService
from engine.agot.agent import RandomAgent

CHANNEL = 555
CREATOR = 1000


def aio(test: Callable[..., Awaitable[None]]) -> Callable[..., None]:
    """Run an async test function with asyncio.run (pytest sees a plain function)."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


async def seated(svc: TableService, players: int = 3, settings: dict[str, Any] | None = None,
                 start: bool = True) -> tuple[int, list[int]]:
    """A game with ``players`` seats (users CREATOR, CREATOR+1, ...), started unless told otherwise."""
    gid = await svc.create_game(guild_id=1, channel_id=CHANNEL, creator_id=CREATOR, players=players,
                                settings=settings or {})
    users = [CREATOR + i for i in range(players)]
    for user in users:
        await svc.join(gid, user, name=f"player{user}")
    if start:
        await svc.start(gid, CREATOR)
    return gid, users


async def play(svc: TableService, gid: int, answers: int | None = None, seed: int = 1) -> int:
    """Let random agents answer (``answers`` of them, or to the end); return how many were accepted."""
    agents: dict[int, RandomAgent] = {}
    done = 0
    while answers is None or done < answers:
        status = await svc.status(gid)
        if status["status"] != "running" or not status["waiting"]:
            break
        user = status["waiting"][0]["user_id"]
        reply = await answer_randomly(svc, gid, user, agents.setdefault(user, RandomAgent(seed * 1000 + user)))
        assert reply.accepted, reply
        done += 1
    return done


async def answer_randomly(svc: TableService, gid: int, user: int, agent: RandomAgent) -> Reply:
    decision = (await svc.pending(gid, user))[0]
    view = await svc.view(gid, user)
    for _ in range(6):
        reply = await svc.answer(gid, user, decision["id"], agent.answer(view, decision))
        if reply.status == "accepted":
            return reply
    return await svc.answer(gid, user, decision["id"], decision["default"])
