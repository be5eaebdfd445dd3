"""``python -m bot.demo --seed S --players N --out DIR``: one offline game through the real stack.

``--game NAME`` plays another game the engine names (``engine.registry``) through ``bot.games.demo_game``: its
room's autopilot in every seat, its front's board images. What follows is A Game of Thrones' own demo.

The table service on a real SQLite file (``DIR/demo.sqlite3``), its outbox dispatcher with a recording transport,
and the board renderer; a random agent answers for every seat through ``svc.answer``, seeing only what
``svc.view`` and ``svc.pending`` give that seat. The transport writes the public feed to ``DIR/feed.md`` and
every "board" row as an image in ``DIR/boards/``. Each run starts afresh (it deletes what an earlier run wrote
there) and ends with one line::

    game over: <winner> won in round <r>; <a> answers, <m> messages, <db> KiB database

<db> is the database once the delivery window has passed: the demo runs the clean-up the bot's dispatcher and
``python -m bot.admin compact`` do (``bot.storage.compact``) as if that time had gone by, then measures the file.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.admin.cli import OneLineParser
from bot.admin.replay import Answer, random_answers
from bot.admin.stored import stored_replay
from bot.frontend.text import standings_text
from bot.games.front import Refused
from bot.games.fronts import front
from bot.render import Highlights, render
from bot.service import OutboxMessage, RecordingTransport, Reply, TableService, Transport
from bot.storage import DELIVERY_WINDOW, compact
from engine.agot.agent import RandomAgent
from engine.core import Rng
from engine.registry import DEFAULT, names
from engine.registry import rules as game_rules

CHANNEL = 1
FIRST_USER = 1001
RETRIES = 6
MAX_ANSWERS = 20_000
AGOT_PLAYERS = (3, 6)  # this demo's own table sizes (the other games': their rules')


class FeedTransport:
    """Delivers through a ``RecordingTransport`` (each key once) and, for each first delivery, appends public
    messages to the feed and renders board rows to images (in worker threads, awaited by ``finish``)."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.inner = RecordingTransport()
        self.feed: list[str] = []
        self.renders: list[asyncio.Task[None]] = []
        self.boards = 0

    async def send(self, msg: OutboxMessage) -> str:
        first = msg.key not in self.inner.ids
        message_id = await self.inner.send(msg)
        if first:
            self._deliver(msg)
        return message_id

    def _deliver(self, msg: OutboxMessage) -> None:
        who = "public" if msg.audience == "public" else f"user{msg.user_id}"
        if msg.kind == "board":
            self._board(msg.payload, who)
            return
        if msg.audience != "public":
            return
        if msg.kind == "post":
            self.feed.append("")  # one paragraph per post, a round's beginning as a heading
            self.feed += [f"## {line.strip('*')}\n" if line.startswith("**Round ") else "- " + line
                          for line in msg.payload["lines"]]
            if msg.payload.get("board"):
                self._board(msg.payload["board"], who)
        elif msg.kind in ("notice", "reminder"):
            self.feed.append(f"- *{msg.payload['text']}*")
        elif msg.kind == "game_over":  # the standings and the fairness reveal, as Discord shows them
            self.feed.append("\n" + standings_text(front(None), msg.game_id, msg.payload))

    def _board(self, payload: dict[str, Any], who: str) -> None:
        self.boards += 1
        name = f"{self.boards:03d}-{who}.png"
        self.renders.append(asyncio.create_task(self._render(payload, self.out / "boards" / name)))
        if who == "public":
            self.feed.append(f"\n![{payload.get('caption', 'board')}](boards/{name})\n")

    async def _render(self, payload: dict[str, Any], path: Path) -> None:
        png = await asyncio.to_thread(render, payload["view"], Highlights.from_payload(payload.get("highlights") or {}))
        await asyncio.to_thread(path.write_bytes, png)

    async def finish(self) -> None:
        await asyncio.gather(*self.renders)

    @property
    def delivered(self) -> int:
        return len(self.inner.sent)


@dataclass
class FeedCount:
    """What a game's outbox delivered, counted as a reader sees it: new public posts per (round, destination),
    the status message's edits apart (it is edited in place), and DMs per round. A message counts in the round of
    the last status row before it (the round the answer that caused it was given in); round 0 is the start, and
    the standings count in round -1."""

    round: int = 0
    started: bool = False
    posts: Counter[tuple[int, str]] = field(default_factory=Counter)
    dms: Counter[int] = field(default_factory=Counter)
    edits: Counter[int] = field(default_factory=Counter)  # the status message's edits per round

    def add(self, msg: OutboxMessage) -> None:
        if msg.audience != "public":
            self.dms[self.round if self.started else 0] += 1
        elif msg.kind == "status":
            self.round = int((msg.payload.get("status") or {}).get("round") or self.round)
            self.edits[self.round if self.started else 0] += 1
        else:
            where = "the game's channel" if msg.channel_id in (None, CHANNEL) else f"channel {msg.channel_id}"
            self.posts[(-1 if msg.kind == "game_over" else self.round if self.started else 0, where)] += 1

    def per_round(self, where: str, rounds: int) -> list[int]:
        """Public posts in ``where`` in each round from 1 to ``rounds``."""
        return [self.posts[(r, where)] for r in range(1, rounds + 1)]


class CountingTransport(RecordingTransport):
    """A ``RecordingTransport`` that counts each first delivery in a ``FeedCount``."""

    def __init__(self) -> None:
        super().__init__()
        self.count = FeedCount()

    async def send(self, msg: OutboxMessage) -> str:
        if msg.key not in self.ids:
            self.count.add(msg)
        return await super().send(msg)


async def counted_game(db: Path, seed: int, players: int, deliver_every: int = 1) -> tuple[FeedCount, int]:
    """A seeded game played to the end by random agents, counted (the outbox delivered after every
    ``deliver_every`` answers: a dispatcher that falls behind); returns the count and the rounds played."""
    svc = await TableService.open(db, randbits=random.Random(seed).getrandbits)
    try:
        gid, users = await seat_table(svc, players)
        transport = CountingTransport()
        await svc.flush(transport)  # the start: the first post with the board, the fairness notice, the prompts
        transport.count.started = True
        await play_to_the_end(svc, gid, users, seed, transport, deliver_every=deliver_every)
        return transport.count, int((await svc.status(gid))["round"])
    finally:
        await svc.close()


def fresh(out: Path) -> Path:
    """Remove what an earlier demo wrote in ``out``; return the database path."""
    out.mkdir(parents=True, exist_ok=True)
    db = out / "demo.sqlite3"
    for path in (db, out / "demo.sqlite3-wal", out / "demo.sqlite3-shm", out / "feed.md"):
        path.unlink(missing_ok=True)
    shutil.rmtree(out / "boards", ignore_errors=True)
    (out / "boards").mkdir()
    return db


@dataclass(frozen=True)
class Answered:
    reply: Reply
    decision: dict[str, Any]
    answer: Any


async def answer_as(svc: TableService, gid: int, user: int, agent: RandomAgent) -> Answered:
    """The seat's agent answers its first open decision from the seat's own view (the default after refusals);
    returns the service's last reply, the decision and the answer it was given."""
    decision = (await svc.pending(gid, user))[0]
    view = await svc.view(gid, user)
    for attempt in range(RETRIES + 1):
        answer = agent.answer(view, decision) if attempt < RETRIES else decision["default"]
        reply = await svc.answer(gid, user, decision["id"], answer)
        if reply.status != "refused":
            break
    return Answered(reply, decision, answer)


async def seat_table(svc: TableService, players: int, tides_of_battle: bool = False) -> tuple[int, list[int]]:
    """A started game of ``players`` seats (users FIRST_USER, FIRST_USER+1, ... named "Player n")."""
    settings = {"tides_of_battle": tides_of_battle, "tiebreak": "rb2", "houses": "random"}
    gid = await svc.create_game(guild_id=None, channel_id=CHANNEL, creator_id=FIRST_USER, players=players,
                                settings=settings)
    users = [FIRST_USER + i for i in range(players)]
    for i, user in enumerate(users):
        await svc.join(gid, user, name=f"Player {i + 1}")
    await svc.start(gid, FIRST_USER, manager=True)
    return gid, users


async def play_to_the_end(svc: TableService, gid: int, users: list[int], seed: int, transport: Transport,
                          on_answer: Callable[[Answered], None] | None = None,
                          agent: type[RandomAgent] = RandomAgent, deliver_every: int = 1) -> int:
    """Random agents answer for every seat until the game ends, the outbox delivered after each answer (or
    after every ``deliver_every``, and at the end); ``on_answer`` sees each accepted answer before its messages
    are delivered. Returns the answers given."""
    agents = {u: agent(seed * 7919 + i) for i, u in enumerate(users)}
    picker = Rng(seed ^ 0x5EED)
    answers = 0
    await svc.flush(transport)
    while (status := await svc.status(gid))["status"] == "running":
        if answers >= MAX_ANSWERS or not status["waiting"]:
            raise RuntimeError(f"the game stalled after {answers} answers ({status['status']})")
        user = picker.choice(status["waiting"])["user_id"]
        answered = await answer_as(svc, gid, user, agents[user])
        if answered.reply.status != "accepted":
            raise RuntimeError(f"the default answer was refused: {answered.reply.message}")
        answers += 1
        if on_answer is not None:
            on_answer(answered)
        if answers % deliver_every == 0:
            await svc.flush(transport)
    await svc.flush(transport)
    return answers


async def random_plan(svc: TableService, gid: int, seed: int, limit: int | None = None) -> list[tuple[int, Answer]]:
    """Random legal answers for a started game, worked out in advance with the engine from the game's stored
    secret (benchmarks and load tests feed them to ``svc.answer`` in order): a list of (user id, answer)."""
    async with svc.store.reading() as repo:
        row = await repo.game(gid)
        if row is None:
            raise ValueError(f"no game {gid}")
        replay = await stored_replay(repo, row)
    users = {s["house"]: s["user_id"] for s in replay.seats}
    return [(users[a.house], a) for a in random_answers(replay.new_game(), seed, limit)]


@dataclass
class DemoResult:
    winner: str
    round: int
    answers: int
    messages: int
    db_bytes: int
    boards: int

    def line(self) -> str:
        return (f"game over: {self.winner} won in round {self.round}; {self.answers} answers, "
                f"{self.messages} messages, {self.db_bytes / 1024:.0f} KiB database")


async def run_demo(out: Path, seed: int, players: int) -> DemoResult:
    db = fresh(out)
    svc = await TableService.open(db, randbits=random.Random(seed).getrandbits)  # SEED fixes the secret and deal
    try:
        gid, users = await seat_table(svc, players)
        info = await svc.game(gid)
        transport = FeedTransport(out)
        transport.feed.append(f"# Demo game: seed {seed}, {players} players\n")
        transport.feed += [f"- {s.name}: {front(info.game).seat_name(s.house)}" for s in info.seats]
        answers = await play_to_the_end(svc, gid, users, seed, transport)
        await transport.finish()
        final = await svc.view(gid, None)
        await compact(svc.store, svc.clock() + DELIVERY_WINDOW)  # as when the delivery window has passed
    finally:
        await svc.close()
    (out / "feed.md").write_text("\n".join(transport.feed) + "\n")
    size = sum(p.stat().st_size for p in out.glob("demo.sqlite3*"))
    return DemoResult(final["houses"][final["winner"]]["name"] if final["winner"] else "nobody", final["round"],
                      answers, transport.delivered, size, transport.boards)


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m bot.demo", description="Play one offline game through the "
                                     "table service, its outbox and the renderer.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=6, help="3 to 6 for agot; other games: their own range")
    parser.add_argument("--out", default="out/demo")
    parser.add_argument("--game", default=DEFAULT, choices=names())
    parser.add_argument("--settings", default="", help="the game's settings in words, as /game create settings: "
                        "reads them (not for agot)")
    args = parser.parse_args(argv)
    rules = game_rules(args.game)
    low, high = AGOT_PLAYERS if args.game == DEFAULT else (rules.min_players, rules.max_players)
    if not low <= args.players <= high:
        parser.error(f"--players must be {low} to {high} for {rules.title}, not {args.players}")
    if args.game == DEFAULT and args.settings:
        parser.error("--settings is for the other games: A Game of Thrones' demo plays its own")
    if args.game != DEFAULT:  # the game's own autopilot in every seat, its front's board images
        from bot.games.demo_game import NotOver
        from bot.games.demo_game import run_demo as game_demo

        try:
            print(asyncio.run(game_demo(args.game, Path(args.out), args.seed, args.players, args.settings)).line())
        except Refused as exc:  # bad settings, or a game the engine plays whose front is not written yet
            parser.error(str(exc))
        except NotOver as exc:
            print(f"{parser.prog}: {exc} (ask for a shorter game with --settings)", file=sys.stderr)
            return 1
        return 0
    result = asyncio.run(run_demo(Path(args.out), args.seed, args.players))
    print(result.line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
