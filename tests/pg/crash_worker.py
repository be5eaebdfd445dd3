"""One bot process for tests/pg/test_crash_service.py: the real ``TableService`` on a shared PostgreSQL database,
serving (outbox dispatcher and timer task, woken by NOTIFY) through ``SinkTransport``, while it answers the games
it is given as their players would. The test SIGKILLs such processes at random moments.

    python -m tests.pg.crash_worker URL OWNER DIR GAME_ID...

It prints "ready" once it serves, then answers open decisions of the given games with random agents (each
decision not yet submitted: a line "tried OWNER GAME DECISION HOUSE" in DIR/answers.log before the call, and
"accepted ..." after an accepted reply) until DIR/stop exists; then it waits until nothing is left undelivered and
exits. The delivery and timer leases are ``LEASE`` seconds (a minute in the bot), so that the claims of a killed
process are taken over within the test's time.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
from datetime import timedelta
from pathlib import Path

import asyncpg

from bot.service import TableService, deadlines, outbox
from bot.service.outbox import OutboxMessage
from bot.storage import OutboxRow, open_store
from bot.storage.pg_claims import Claims
from engine.agot.agent import RandomAgent

LEASE = 8.0  # seconds (a pass on a busy machine stays well within it)
PACE = 0.02  # seconds between two answers of one process

# The test's own tables, beside the bot's: what reached "Discord", once per key, and every send tried.
SINK_SCHEMA = """
CREATE TABLE delivered (n bigserial PRIMARY KEY, key text NOT NULL UNIQUE, message_id text NOT NULL,
                        owner text NOT NULL, row_id bigint NOT NULL, game_id bigint NOT NULL, audience text NOT NULL,
                        user_id bigint, kind text NOT NULL, written_by text, snapshot text);
CREATE TABLE sends (n bigserial PRIMARY KEY, key text NOT NULL, owner text NOT NULL);
"""


# outbox id -> (the transaction that wrote the row, the snapshot of the claim that read it): which rows of a
# destination were committed when a later one was claimed (ids are given at insert, not in commit order)
CLAIMED: dict[int, tuple[str, str]] = {}


def record_claims() -> None:
    """Note what ``CLAIMED`` holds for every row this process claims."""
    real = Claims.claim_messages

    async def claim(self: Claims, owner: str, now: str, until: str, limit: int = 100) -> list[OutboxRow]:
        # The snapshot is taken just before the claim: each statement of a READ COMMITTED transaction sees its own,
        # so one taken after it could count as committed a row that committed after the claim read the outbox
        # (and then the check would see a delivery out of order that was not one).
        snapshot = await self._value("SELECT pg_current_snapshot()::text")
        rows = await real(self, owner, now, until, limit)
        if rows:
            seen = await self._all("SELECT id, xmin::text AS x FROM outbox WHERE id = ANY($1::bigint[])",
                                   [r.id for r in rows])
            CLAIMED.update({r["id"]: (r["x"], snapshot) for r in seen})
        return rows

    Claims.claim_messages = claim  # type: ignore[method-assign]


class SinkTransport:
    """Delivers into the table ``delivered`` of the test database, at most once per key across every process (as
    Discord's nonce does: a repeated send returns the first message's id); each call is also counted in
    ``sends``. One connection, one send at a time."""

    def __init__(self, url: str, owner: str) -> None:
        self.url = url
        self.owner = owner
        self.conn: asyncpg.Connection | None = None
        self.lock = asyncio.Lock()

    async def send(self, msg: OutboxMessage) -> str:
        async with self.lock:
            if self.conn is None:
                self.conn = await asyncpg.connect(self.url)
            async with self.conn.transaction():
                await self.conn.execute("INSERT INTO sends (key, owner) VALUES ($1, $2)", msg.key, self.owner)
                await self.conn.execute(
                    "INSERT INTO delivered (key, message_id, owner, row_id, game_id, audience, user_id, kind, "
                    "written_by, snapshot) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) "
                    "ON CONFLICT (key) DO NOTHING",
                    msg.key, f"{self.owner}/{msg.id}", self.owner, msg.id, msg.game_id, msg.audience, msg.user_id,
                    msg.kind, *CLAIMED.get(msg.id, (None, None)))
                return str(await self.conn.fetchval("SELECT message_id FROM delivered WHERE key = $1", msg.key))

    async def close(self) -> None:
        if self.conn is not None:
            await self.conn.close()


def note(fd: int, line: str) -> None:
    os.write(fd, (line + "\n").encode())  # one write() on an O_APPEND file: a kill leaves whole lines


async def main(url: str, owner: str, folder: Path, games: list[int]) -> None:
    outbox.LEASE = deadlines.LEASE = timedelta(seconds=LEASE)
    record_claims()
    svc = TableService(await open_store(url, create=False))
    transport = SinkTransport(url, owner)
    svc.serve(transport)
    print("ready", flush=True)
    rng = random.Random(owner)
    log = os.open(folder / "answers.log", os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        while not (folder / "stop").exists():
            await asyncio.sleep(PACE)
            gid = rng.choice(games)
            status = await svc.status(gid)
            if status["status"] != "running" or not status["waiting"]:
                continue
            user = rng.choice(status["waiting"])["user_id"]
            decision = next((d for d in await svc.pending(gid, user) if not d.get("submitted")), None)
            if decision is None:
                continue
            answer = RandomAgent(rng.randrange(1 << 30)).answer(await svc.view(gid, user), decision)
            what = f"{owner} {gid} {decision['id']} {decision['player']}"
            note(log, f"tried {what}")
            reply = await svc.answer(gid, user, decision["id"], answer)
            if reply.status == "refused":
                reply = await svc.answer(gid, user, decision["id"], decision["default"])
            if reply.status == "accepted":
                note(log, f"accepted {what}")
        while True:  # deliver what is left (a killed process's leases run out first)
            async with svc.store.reading() as repo:
                left = await repo.unsent(1)
            if not left:
                break
            await asyncio.sleep(0.2)
    finally:
        os.close(log)
        await svc.close()
        await transport.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], Path(sys.argv[3]), [int(g) for g in sys.argv[4:]]))
