"""One offline game of any game the bot hosts through the real stack (``make demo GAME=whitechapel``,
``GAME=monopoly``): ``python -m bot.demo --game NAME --seed S --players N --out DIR``.

The table service on a real SQLite file (``DIR/demo.sqlite3``), its outbox delivered to a recording transport;
the game's own autopilot (its room's, ``bot.games.rooms``) answers for every seat through ``svc.answer``, seeing
only what ``svc.view`` and ``svc.pending`` give that seat. The public feed goes to ``DIR/feed.md`` (one paragraph
per post, a stage's beginning as a heading, ending with the standings as Discord shows them) and every public
board to an image in ``DIR/boards/``, drawn by the game's front (``bot.games.fronts``). Each run starts afresh,
and ends with one line, the outcome in the game's own words::

    game over: <outcome>; <a> answers, <p> posts, <b> boards, <m> messages

(A Game of Thrones keeps its own demo, ``bot/demo.py``: random agents, its renderer's highlights and the database
size.)
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.demo import CHANNEL, FIRST_USER, MAX_ANSWERS, RETRIES, fresh
from bot.frontend.text import standings_text
from bot.games.front import Front
from bot.games.fronts import front
from bot.games.room import Autopilot
from bot.games.rooms import room
from bot.service import OutboxMessage, RecordingTransport, TableService, Transport


class BoardsTransport:
    """Delivers through a ``RecordingTransport`` (each key once); each first delivery of a public post adds its
    lines to the feed, each public board is drawn by the game's front to a file (in worker threads, awaited by
    ``finish``), and the game-over row is kept for the outcome."""

    def __init__(self, out: Path, game: Front) -> None:
        self.out, self.front = out, game
        self.inner = RecordingTransport()
        self.feed: list[str] = []
        self.renders: list[asyncio.Task[None]] = []
        self.boards = self.posts = 0
        self.over: dict[str, Any] | None = None
        self.heading = re.compile(rf"\*\*{re.escape(game.stage.capitalize())} \d+\b.*\*\*$")

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
            self.feed += [f"## {line.strip('*')}" if self.heading.match(line) else f"- {line}"
                          for line in payload["lines"]]
            if payload.get("board"):
                self._board(payload["board"])
        elif msg.kind == "notice":
            self.feed.append(f"\n*{payload['text']}*")
        elif msg.kind == "game_over":
            self.over = payload
            self.feed.append("\n" + standings_text(self.front, msg.game_id, payload))

    def _board(self, board: Mapping[str, Any]) -> None:
        self.boards += 1
        name = f"{self.boards:03d}.png"
        self.feed.append(f"\n![{board.get('caption', 'board')}](boards/{name})\n")
        task = self._render(board["view"], board.get("highlights"), self.out / "boards" / name)
        self.renders.append(asyncio.create_task(task))

    async def _render(self, view: Mapping[str, Any], highlights: Mapping[str, Any] | None, path: Path) -> None:
        image = await asyncio.to_thread(self.front.board, view, highlights)
        await asyncio.to_thread(path.write_bytes, image.png)

    async def finish(self) -> None:
        await asyncio.gather(*self.renders)


@dataclass
class DemoResult:
    outcome: str  # the room's words: who won, and when
    answers: int
    posts: int
    boards: int
    messages: int

    def line(self) -> str:
        return (f"game over: {self.outcome.rstrip('.')}; {self.answers} answers, {self.posts} posts, "
                f"{self.boards} boards, {self.messages} messages")


def autopilots(name: str, users: list[int], seed: int) -> dict[int, Autopilot]:
    """The game's own autopilot for each seat, seeded apart."""
    return {u: room(name).autopilot(seed * 7919 + i) for i, u in enumerate(users)}


async def play(svc: TableService, gid: int, agents: Mapping[int, Autopilot], transport: Transport,
               limit: int = MAX_ANSWERS) -> int:
    """Each seat's autopilot answers its first open decision, from that seat's own view (the default after
    refusals), until the game ends or ``limit`` answers are given, the outbox delivered after each answer;
    returns the answers given."""
    answers = 0
    await svc.flush(transport)
    while answers < limit and (status := await svc.status(gid))["status"] == "running":
        if not status["waiting"]:
            raise RuntimeError(f"the game stalled after {answers} answers: nobody is awaited")
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


class NotOver(RuntimeError):
    """The game went on past the demo's answers (a game that may last for ever: ask for a short one)."""


async def run_demo(name: str, out: Path, seed: int, players: int, settings: str = "") -> DemoResult:
    """One whole game of ``name`` (its stored name) with ``players`` seats and the ``settings`` a table's creator
    writes (the front's form, as ``/game create settings:`` reads them), written to ``out`` afresh. A game without
    a front, or bad settings, is refused (``Refused``) before anything is written."""
    game = front(name)
    table = game.settings(settings, players)
    db = fresh(out)
    svc = await TableService.open(db, randbits=random.Random(seed).getrandbits)  # the seed fixes secret and deal
    try:
        gid = await svc.create_game(guild_id=None, channel_id=CHANNEL, creator_id=FIRST_USER, players=players,
                                    settings=table, game=name)
        users = [FIRST_USER + i for i in range(players)]
        for i, user in enumerate(users):
            await svc.join(gid, user, name=f"Player {i + 1}")
        await svc.start(gid, FIRST_USER, manager=True)
        transport = BoardsTransport(out, game)
        transport.feed.append(f"# Demo game of {game.title}: seed {seed}, {players} players\n")
        transport.feed += [f"- {s.name}: {game.seat_name(s.house)}" for s in (await svc.game(gid)).seats]
        answers = await play(svc, gid, autopilots(name, users, seed), transport)
        await transport.finish()
        if transport.over is None:
            raise NotOver(f"the game was not over after {answers} answers")
    finally:
        await svc.close()
    (out / "feed.md").write_text("\n".join(transport.feed) + "\n")
    return DemoResult(game.outcome(transport.over), answers, transport.posts, transport.boards,
                      len(transport.inner.sent))
