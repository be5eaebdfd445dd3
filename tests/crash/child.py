"""The crash test's child: plays one seeded game through the table service until it ends or is killed.

    python -m tests.crash.child DB DIR SEED PLAYERS

Run again on the same files after a SIGKILL, it carries on where the database says the game stands. It writes:

- ``DIR/sent.log``: one line per message the transport delivered (``key message_id``), appended with a single
  ``os.write`` on an O_APPEND descriptor (a kill cannot tear it); a key already there is not delivered again
  (the lookup a front end does before re-sending) and is noted in ``DIR/repeats.log`` instead;
- ``DIR/accepted.jsonl``: each answer after the service said "accepted" (house, decision, answer).

``CRASH_AT=commit:N`` pauses before the N-th database commit of this run, ``CRASH_AT=sent:N`` after the N-th
delivery and before the row is marked sent; it prints ``PAUSE <point> <n>`` and sleeps, for the parent to kill.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

from bot.demo import answer_as
from bot.service import OutboxMessage, TableService
from bot.storage.sqlite import SqliteStore
from engine.agot.agent import RandomAgent
from engine.core import Rng

CHANNEL = 77
CREATOR = 5000
PAUSE_SECONDS = 30.0


def append(path: Path, line: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, (line + "\n").encode())
    finally:
        os.close(fd)


class Pauses:
    def __init__(self, spec: str) -> None:
        point, _, n = spec.partition(":")
        self.point, self.at = point, int(n or 0)
        self.count = {"commit": 0, "sent": 0}

    async def reached(self, point: str) -> None:
        self.count[point] += 1
        if point == self.point and self.count[point] == self.at:
            print(f"PAUSE {point} {self.at}", flush=True)
            await asyncio.sleep(PAUSE_SECONDS)


class KeyedTransport:
    """Delivers each key once: a key found in the record is answered with its first message id."""

    def __init__(self, folder: Path, pauses: Pauses) -> None:
        self.record = folder / "sent.log"
        self.repeats = folder / "repeats.log"
        self.pauses = pauses
        self.ids: dict[str, str] = {}
        if self.record.exists():
            for line in self.record.read_text().splitlines():
                key, message_id = line.split(" ")
                self.ids[key] = message_id

    async def send(self, msg: OutboxMessage) -> str:
        if msg.key in self.ids:
            append(self.repeats, msg.key)
            return self.ids[msg.key]
        message_id = f"{msg.game_id}-{msg.id}"
        append(self.record, f"{msg.key} {message_id}")
        self.ids[msg.key] = message_id
        await self.pauses.reached("sent")
        return message_id


def pause_commits(pauses: Pauses) -> None:
    """Pause before each COMMIT (a group's, or a transaction's that read): its statements ran, uncommitted."""
    commit = SqliteStore.commit

    async def paused_commit(self: SqliteStore) -> None:
        await pauses.reached("commit")
        await commit(self)

    SqliteStore.commit = paused_commit  # type: ignore[method-assign]


async def seat_and_start(svc: TableService, players: int) -> int:
    """The game of this database, created, filled and started as far as an earlier life did not."""
    games = await svc.games_in_channel(CHANNEL)
    gid = games[0].id if games else await svc.create_game(guild_id=None, channel_id=CHANNEL, creator_id=CREATOR,
                                                          players=players, settings={})
    info = await svc.game(gid)
    for user in range(CREATOR, CREATOR + players):
        if info.status == "lobby" and info.seat_of(user) is None:
            info = await svc.join(gid, user, name=f"p{user}")
    if info.status == "lobby":
        await svc.start(gid, CREATOR)
    return gid


async def play(db: Path, folder: Path, seed: int, players: int) -> None:
    pauses = Pauses(os.environ.get("CRASH_AT", ""))
    pause_commits(pauses)
    transport = KeyedTransport(folder, pauses)
    svc = await TableService.open(db)
    try:
        gid = await seat_and_start(svc, players)
        print("READY", flush=True)
        life = len((folder / "sent.log").read_text().splitlines()) if (folder / "sent.log").exists() else 0
        picker = Rng(seed * 1_000_003 + life)
        agents: dict[int, RandomAgent] = {}
        await svc.flush(transport)
        while (status := await svc.status(gid))["status"] == "running":
            user = picker.choice(status["waiting"])["user_id"]
            agent = agents.setdefault(user, RandomAgent(seed * 7919 + user + life))
            done = await answer_as(svc, gid, user, agent)
            if done.reply.status != "accepted":
                raise RuntimeError(f"not accepted: {done.reply}")
            append(folder / "accepted.jsonl", json.dumps({"house": done.decision["player"],
                                                          "decision": done.decision["id"], "answer": done.answer}))
            await svc.flush(transport)
        await svc.flush(transport)
    finally:
        await svc.close()
    print("DONE", flush=True)


if __name__ == "__main__":
    db, folder, seed, players = sys.argv[1:5]
    asyncio.run(play(Path(db), Path(folder), int(seed), int(players)))
