"""One offline game of Letters from Whitechapel through the real stack (``make demo GAME=whitechapel``):
``python -m bot.games.whitechapel.demo_game --seed S --players N --out DIR``.

The table service on a real SQLite file (``DIR/demo.sqlite3``), its outbox delivered to a recording transport;
the autopilot answers for every seat through ``svc.answer``, seeing only what ``svc.view`` and ``svc.pending``
give that seat. The public feed goes to ``DIR/feed.md`` and every public board to an image in ``DIR/boards/``
(the Whitechapel renderer). Each run starts afresh, and ends with one line::

    game over: <winner> won on night <n>; <a> answers, <p> posts, <b> boards, <m> messages
"""

from __future__ import annotations

import asyncio
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.admin.cli import OneLineParser
from bot.demo import CHANNEL, FIRST_USER, RETRIES, fresh
from bot.games.fronts import front
from bot.games.whitechapel.autopilot import Autopilot
from bot.games.whitechapel.picture import picture_of
from bot.games.whitechapel.render import render
from bot.service import OutboxMessage, RecordingTransport, TableService
from engine.whitechapel.game import describe

GAME = "whitechapel"
MAX_ANSWERS = 5_000


class BoardsTransport:
    """Delivers through a ``RecordingTransport`` (each key once); each first delivery of a public post adds its
    lines to the feed, and each public board is rendered to a file (in worker threads, awaited by ``finish``)."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.inner = RecordingTransport()
        self.feed: list[str] = []
        self.renders: list[asyncio.Task[None]] = []
        self.boards = self.posts = 0

    async def send(self, msg: OutboxMessage) -> str:
        first = msg.key not in self.inner.ids
        message_id = await self.inner.send(msg)
        if first and msg.audience == "public":
            self._deliver(msg)
        return message_id

    def _deliver(self, msg: OutboxMessage) -> None:
        payload: dict[str, Any] = dict(msg.payload)
        if msg.kind == "board":
            self._board(payload)
        elif msg.kind == "post":
            self.posts += 1
            self.feed.append("")
            self.feed += [f"## {line.strip('*')}" if line.startswith("**Night ") and "begins" in line
                          else f"- {line}" for line in payload["lines"]]
            if payload.get("board"):
                self._board(payload["board"])
        elif msg.kind in ("notice", "game_over"):
            self.feed.append(f"\n*{payload['text']}*")

    def _board(self, board: dict[str, Any]) -> None:
        self.boards += 1
        name = f"{self.boards:03d}.png"
        self.feed.append(f"\n![{board.get('caption', 'board')}](boards/{name})\n")
        self.renders.append(asyncio.create_task(self._render(board["view"], self.out / "boards" / name)))

    async def _render(self, view: dict[str, Any], path: Path) -> None:
        png = await asyncio.to_thread(render, picture_of(view))
        await asyncio.to_thread(path.write_bytes, png)

    async def finish(self) -> None:
        await asyncio.gather(*self.renders)


@dataclass
class DemoResult:
    winner: str
    night: int
    answers: int
    posts: int
    boards: int
    messages: int

    def line(self) -> str:
        return (f"game over: {self.winner} won on night {self.night}; {self.answers} answers, {self.posts} posts, "
                f"{self.boards} boards, {self.messages} messages")


async def play(svc: TableService, gid: int, users: list[int], seed: int, transport: BoardsTransport) -> int:
    """The autopilot answers for every seat until the game ends, the outbox delivered after each answer (the
    default after refusals); returns the answers given."""
    agents = {u: Autopilot(seed * 7919 + i) for i, u in enumerate(users)}
    answers = 0
    await svc.flush(transport)
    while (status := await svc.status(gid))["status"] == "running":
        if answers >= MAX_ANSWERS or not status["waiting"]:
            raise RuntimeError(f"the game stalled after {answers} answers ({status['status']})")
        user = status["waiting"][0]["user_id"]
        decision = (await svc.pending(gid, user))[0]
        view = await svc.view(gid, user)
        for attempt in range(RETRIES + 1):
            answer = agents[user].answer(view, decision) if attempt < RETRIES else decision["default"]
            reply = await svc.answer(gid, user, decision["id"], answer)
            if reply.status != "refused":
                break
        if reply.status != "accepted":
            raise RuntimeError(f"the default answer was refused: {reply.message}")
        answers += 1
        await svc.flush(transport)
    return answers


async def run_demo(out: Path, seed: int, players: int) -> DemoResult:
    db = fresh(out)
    svc = await TableService.open(db, randbits=random.Random(seed).getrandbits)  # the seed fixes secret and deal
    try:
        gid = await svc.create_game(guild_id=None, channel_id=CHANNEL, creator_id=FIRST_USER, players=players,
                                    settings={"houses": "random"}, game=GAME)
        users = [FIRST_USER + i for i in range(players)]
        for i, user in enumerate(users):
            await svc.join(gid, user, name=f"Player {i + 1}")
        await svc.start(gid, FIRST_USER, manager=True)
        transport = BoardsTransport(out)
        transport.feed.append(f"# Demo game of Letters from Whitechapel: seed {seed}, {players} players\n")
        transport.feed += [f"- {s.name}: {front(GAME).seat_name(s.house)}" for s in (await svc.game(gid)).seats]
        answers = await play(svc, gid, users, seed, transport)
        await transport.finish()
        final = await svc.view(gid, None)
    finally:
        await svc.close()
    (out / "feed.md").write_text("\n".join(transport.feed) + "\n")
    public = final["public"]
    winner = describe(public["winner"]) if public["winner"] else "nobody"
    return DemoResult(winner, public["night"], answers, transport.posts, transport.boards,
                      len(transport.inner.sent))


def main(argv: list[str] | None = None, prog: str = "python -m bot.games.whitechapel.demo_game") -> int:
    parser = OneLineParser(prog=prog, description="Play one offline game of Letters from Whitechapel through "
                           "the table service, its outbox and the renderer.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 7), metavar="2..6")
    parser.add_argument("--out", default="out/demo")
    args = parser.parse_args(argv)
    print(asyncio.run(run_demo(Path(args.out), args.seed, args.players)).line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
