"""What a front end must remember about its own posts across restarts, kept in the outbox it already has.

* The status message: every status row the transport delivered carries, as its front id, the message it posted
  or edited; the newest such id is the message to edit after a restart (no second status message).
* The closed-DM notice: a player whose DMs are closed is told once per game, by a public notice row whose payload
  names them (``closed_dm``); a second notice for the same player and game is not written, restart or not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.service.kinds import OutboxKind
from bot.service.messages import closed_dm_notice
from bot.storage import iso

if TYPE_CHECKING:
    from bot.service.table import TableService


class Posts:
    def __init__(self, service: TableService) -> None:
        self.store, self.clock = service.store, service.clock

    async def status_message_id(self, game_id: int) -> int | None:
        """The front end's id of the game's status message (the newest status row delivered), or None."""
        async with self.store.reading() as repo:
            rows = await repo.outbox(game_id)
        sent = [r.message_id for r in rows if r.kind == OutboxKind.STATUS and r.message_id
                and r.message_id.isdigit()]
        return int(sent[-1]) if sent else None

    async def tell_closed_dm(self, game_id: int, user_id: int, words: str) -> bool:
        """Queue the public notice ``words`` that ``user_id`` cannot get DMs, unless this game told them already;
        returns whether it was queued."""
        async with self.store.transaction() as repo:
            rows = await repo.outbox(game_id)
            if any(r.kind == OutboxKind.NOTICE and r.payload.get("closed_dm") == user_id for r in rows):
                return False
            await repo.add_messages([closed_dm_notice(game_id, user_id, words)], iso(self.clock()))
        return True
