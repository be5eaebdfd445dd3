"""The public feed: a game's public events grouped into one post per step the table wants to read, each fact said
once. The room's ``feed`` (``bot/games/room.Feed``) says where a step ends, what its post says and when it shows
the board; this module groups the events and finds again those still waiting.

A post closes at an event the room's feed ``closes``, and whenever the whole table is asked at once (the room's
``table_wide`` decision kinds): what happened so far is posted first, so everyone reads it before answering. The
other public events wait for their step to close.

The events still waiting for their post are cached with the loaded game; a game loaded afresh reads them back
from the store: the public events stored after the last closing event and after the last answer to a table-wide
question (before which the feed was posted). Only public events are ever read here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.games.room import BoardShown, Feed
from bot.service.kinds import Audience
from bot.service.messages import BoardPayload, BoardPostPayload, PostPayload
from bot.storage import Repo
from engine.core import Decision
from engine.core.contract import GameState

Event = dict[str, Any]

SCAN = (64, 1024)  # stored public events read back to find the last closing one (a second, longer read if needed)


@dataclass
class Post:
    """One public post: the events it covers (oldest first), its lines, and the board it shows (or None)."""

    step: str
    events: list[Event]
    lines: list[str]
    board: BoardShown | None = None

    def payload(self, game: GameState) -> PostPayload | BoardPostPayload:
        seqs = [e["seq"] for e in self.events]
        if self.board is None:
            return PostPayload(step=self.step, lines=self.lines, event_seqs=seqs)
        return BoardPostPayload(step=self.step, lines=self.lines, event_seqs=seqs,
                                board=BoardPayload(view=game.view(None), caption=self.board["caption"],
                                                   highlights=self.board["highlights"]))


def table_wide(feed: Feed, decisions: Iterable[Decision]) -> bool:
    """Whether the game waits on a question every player answers at once, given its open decisions."""
    return any(d.kind in feed.table_wide for d in decisions)


def waiting_tail(feed: Feed, events: list[tuple[int, Event]], asked: set[int], now: int) -> list[Event]:
    """The public events after the last post: ``events`` are (answer seq, event), oldest first, ``asked`` the
    seqs of the answers to table-wide questions, ``now`` the seq of the answer being applied. A post closed after
    a closing event, and before each table-wide question (before an answer in ``asked``)."""
    bounds = [seq for seq, _ in events[1:]] + [now]
    for i in range(len(events) - 1, -1, -1):
        seq, e = events[i]
        if feed.closes(e["kind"]) or any(seq < a <= bounds[i] for a in asked):
            return [e for _, e in events[i + 1:]]
    return [e for _, e in events]


async def waiting_events(feed: Feed, repo: Repo, game_id: int, new: list[Event], now: int) -> list[Event]:
    """The stored public events still waiting for their post, before the ``new`` ones (already stored, as is the
    answer ``now`` that caused them)."""
    before = new[0].get("seq") if new else None
    tail: list[Event] = []
    for limit in SCAN:
        rows = await repo.events(game_id, Audience.PUBLIC, before=before, limit=limit)
        if not rows:
            return []
        answers = await repo.answers(game_id, after_seq=rows[0].answer_seq)
        asked = {a.seq for a in answers if a.kind in feed.table_wide}
        tail = waiting_tail(feed, [(r.answer_seq, r.event) for r in rows], asked, now)
        if len(tail) < len(rows) or len(rows) < limit:
            return tail
    return tail


def next_posts(feed: Feed, waiting: list[Event], events: list[Event],
               flush: bool) -> tuple[list[Post], list[Event]]:
    """The posts these events close, and the public events left waiting: everything waiting and new up to the
    last closing event is posted, then, when ``flush`` (the table is asked at once, or the game is over), the rest
    in a post of its own."""
    stream = waiting + [e for e in events if e["audience"]["kind"] == Audience.PUBLIC]
    cut = max((i for i, e in enumerate(stream) if feed.closes(e["kind"])), default=-1)
    rest = stream[cut + 1:]
    parts = [stream[: cut + 1], rest if flush else []]
    posts = [make_post(feed, part) for part in parts]
    return [post for post in posts if post is not None], [] if flush else rest


def make_post(feed: Feed, events: list[Event]) -> Post | None:
    """A post of these events, or None when none of them has a line."""
    lines = feed.lines(events)
    if not lines:
        return None
    steps = [step for step in map(feed.closes, (e["kind"] for e in events)) if step]
    return Post(steps[-1] if steps else "step", events, lines, feed.board(events))
