"""From engine events to outbox rows: each event goes to exactly the audience the engine gave it.

A player's events -> one "events" row to that seat's user; public events -> the game's feed, one "post" row per
step (``feed.py``: a post may wait for later events, and carries the board when its step calls for one); sealed
events -> nowhere (they are stored with the answer; the engine emits the public version at the reveal).

A player's own answer said back ("Your bid ... is recorded": ``ECHOES``) is said once, where they answered: in the
reply to their answer (``echoes``: the click's private reply, or the reply to their DM), not in a DM as well. An
answer the player did not give (the default at the deadline, the autopilot's, a manager's) is told by DM.
"""

from __future__ import annotations

import logging
from typing import Any

from bot.service import messages
from bot.service.feed import next_posts, table_wide, waiting_events
from bot.service.kinds import Audience
from bot.service.loaded import Table
from bot.storage import NewMessage, Repo
from engine.core import Decision

log = logging.getLogger("bot.service.routing")

def echoes(t: Table, events: list[dict[str, Any]], user_id: int) -> list[dict[str, Any]]:
    """The events that say ``user_id``'s own answer back to them (their reply says these: the room's
    ``feed.echoes``)."""
    kinds, user_of = t.room.feed.echoes, t.user_of()
    return [e for e in events if e["kind"] in kinds and e["audience"]["kind"] == Audience.PLAYER
            and user_of.get(e["audience"]["who"]) == user_id]


async def route_events(repo: Repo, t: Table, events: list[dict[str, Any]], seq: int, asked: bool = False,
                       opened: list[Decision] | None = None, replied: int | None = None) -> list[NewMessage]:
    """The rows for one transaction's events, stored with the answer ``seq``. ``asked``: the game waited on a
    table-wide question before them (a change made without an answer, e.g. ending a game early). ``opened``: the
    decisions open now, if the caller has them. ``replied``: the user whose own answer this is (its reply says
    their ``echoes``)."""
    assert t.game is not None
    feed = t.room.feed
    public = [e for e in events if e["audience"]["kind"] == Audience.PUBLIC]
    if asked:
        waiting: list[dict[str, Any]] = []
    else:
        waiting = t.feed if t.feed is not None else await waiting_events(feed, repo, t.id, public, seq)
    wide = table_wide(feed, t.game.open_decisions() if opened is None else opened)
    posts, t.feed = next_posts(feed, waiting, public, flush=t.game.over or wide)
    rows = [messages.post(t.id, post.payload(t.game)) for post in posts]
    user_of = t.user_of()
    if replied is not None:
        said = {id(e) for e in echoes(t, events, replied)}
        events = [e for e in events if id(e) not in said]
    return rows + route_private(t.id, events, user_of)


def route_private(game_id: int, events: list[dict[str, Any]], user_of: dict[str, int]) -> list[NewMessage]:
    """Each player's events, in one row to the user who plays that house."""
    private: dict[str, list[dict[str, Any]]] = {}
    for e in events:
        if e["audience"]["kind"] == Audience.PLAYER:
            private.setdefault(e["audience"]["who"], []).append(e)
    rows: list[NewMessage] = []
    for house, mine in private.items():
        user = user_of.get(house)
        if user is None:
            log.info("game %s: private events for %s, an open seat; not sent", game_id, house)
            continue
        rows.append(messages.events(game_id, user, mine))
    return rows
