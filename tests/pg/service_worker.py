"""One bot process for tests/pg/test_service_processes.py: the real ``TableService`` on a shared PostgreSQL
database, serving (outbox dispatcher and timer task, woken by NOTIFY) with a recording transport of its own,
while it answers the games it is given as their players would.

    python -m tests.pg.service_worker URL OWNER DIR START_AT GAME_ID...

From START_AT (a Unix time, so that both processes start together) it answers the open decisions of the given
games with random agents, until each game has TARGET answers or is over; it appends one line per accepted reply
to DIR/OWNER.answers ("GAME DECISION HOUSE"), and its transport writes each delivered message to
DIR/OWNER.sent (JSON lines, RecordingTransport). Then it creates DIR/OWNER.done, keeps serving, and exits once
DIR/stop exists and nothing is left undelivered.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import time
from pathlib import Path

from bot.service import TableService
from bot.service.outbox import RecordingTransport
from bot.storage import open_store
from engine.agot.agent import RandomAgent

TARGET = int(os.environ.get("WORKER_ANSWERS", "30"))


async def main(url: str, owner: str, folder: Path, start_at: float, games: list[int]) -> None:
    svc = TableService(await open_store(url, create=False))
    svc.serve(RecordingTransport(folder / f"{owner}.sent"))
    await asyncio.sleep(max(0.0, start_at - time.time()))
    rng = random.Random(owner)
    agents: dict[tuple[int, int], RandomAgent] = {}
    log = os.open(folder / f"{owner}.answers", os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        busy = list(games)
        while busy:
            gid = rng.choice(busy)
            status = await svc.status(gid)
            if status["status"] != "running" or status["last_answer"] >= TARGET or not status["waiting"]:
                busy.remove(gid)
                continue
            user = rng.choice(status["waiting"])["user_id"]
            pending = await svc.pending(gid, user)
            if not pending:
                continue
            decision = pending[0]
            agent = agents.setdefault((gid, user), RandomAgent(rng.randrange(1 << 30)))
            answer = agent.answer(await svc.view(gid, user), decision)
            reply = await svc.answer(gid, user, decision["id"], answer)
            if reply.status != "accepted":
                reply = await svc.answer(gid, user, decision["id"], decision["default"])
            if reply.status == "accepted":
                os.write(log, f"{gid} {decision['id']} {decision['player']}\n".encode())
        (folder / f"{owner}.done").touch()
        while not (folder / "stop").exists():
            await asyncio.sleep(0.1)
        while True:  # deliver what is left (the other process may hold some of it: wait for it)
            async with svc.store.reading() as repo:
                left = await repo.unsent(1)
            if not left:
                break
            await asyncio.sleep(0.2)
    finally:
        os.close(log)
        await svc.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], Path(sys.argv[3]), float(sys.argv[4]), [int(g) for g in sys.argv[5:]]))
