"""What a front end must find again about its own posts after a restart (the ``front_posts`` table: outbox rows
are pruned once delivered, so they cannot serve).

* The status message: the front end stores the id of the status message it posted; after a restart it edits
  that message (no second status message), and stores a new id when it had to post anew.
* The announcement: the post in the parent channel whose Join button is taken off when the game starts.
* The team's thread: the private thread a team of seats talks in (Whitechapel's detectives), opened at the start;
  its id is stored so that the front end never opens a second one.
* The closed-DM notice: a player whose DMs are closed is told once per game, by a public notice row; the
  telling is stored, so neither a restart nor a later failed DM tells them again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.service.messages import closed_dm_notice

if TYPE_CHECKING:
    from bot.service.table import TableService

STATUS = "status"
ANNOUNCEMENT = "announcement"
TEAM_THREAD = "team_thread"
CLOSED_DM = "closed_dm"


class Posts:
    def __init__(self, service: TableService) -> None:
        self.store, self.clock, self.woken = service.store, service.clock, service.core.woken

    async def message_id(self, game_id: int, kind: str) -> int | None:
        """The front end's id of the game's ``STATUS`` or ``ANNOUNCEMENT`` message or its ``TEAM_THREAD``, or None
        (none stored)."""
        async with self.store.reading() as repo:
            found = await repo.front_post(game_id, kind)
        return int(found) if found and found.isdigit() else None

    async def set_message_id(self, game_id: int, kind: str, message_id: int) -> None:
        async with self.store.transaction() as repo:
            await repo.set_front_post(game_id, kind, 0, str(message_id), self.clock())

    async def tell_closed_dm(self, game_id: int, user_id: int, words: str) -> bool:
        """Queue the public notice ``words`` that ``user_id`` cannot get DMs, unless this game told them already;
        returns whether it was queued."""
        async with self.store.transaction() as repo:
            if await repo.front_post(game_id, CLOSED_DM, user_id) is not None:
                return False
            await repo.set_front_post(game_id, CLOSED_DM, user_id, "", self.clock())
            await repo.add_messages([closed_dm_notice(game_id, user_id, words)], self.clock())
        self.woken()  # the dispatcher delivers it now
        return True
