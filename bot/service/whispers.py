"""Whispers (issue 15): anonymous negotiation. ``whisper(gid, user, house, text)`` relays a message from the
sender's house to another house's player by DM, naming only the sending house, never a player (faceless and
ordinary games alike). The game's setting ``whispers`` (default on) turns it off.

A whisper is stored (``whispers``) and its DM is an outbox row in the same transaction: durable before the sender
is told it is sent. Nobody else sees it until the game is over; then it is part of the replay file
(``bot.admin.stored.exported_replay``). Limits: ``MAX_CHARS`` characters, ``PER_HOUR`` whispers per sending
house in any hour. Every refusal stores nothing.
"""

from __future__ import annotations

from datetime import timedelta

from bot.service import messages
from bot.service.core import TableCore, retried
from bot.service.kinds import ACTIVE, GameStatus
from bot.service.models import ServiceError

MAX_CHARS = 500
PER_HOUR = 5
WINDOW = timedelta(hours=1)


class Whispers:
    def __init__(self, core: TableCore) -> None:
        self.core = core

    @retried
    async def whisper(self, game_id: int, user_id: int, to_house: str, text: str) -> str:
        """Send a whisper; return the sender's confirmation (refusals: ``ServiceError``, nothing stored)."""
        words = text.strip()
        if not words:
            raise ServiceError("A whisper needs some text.")
        if len(words) > MAX_CHARS:
            raise ServiceError(f"A whisper is at most {MAX_CHARS} characters; yours has {len(words)}.")
        async with self.core.lock(game_id):
            t = await self.core.load(game_id)
            if not t.row.settings.get("whispers", True):
                raise ServiceError("Whispers are turned off in this game.")
            if t.row.status not in ACTIVE or t.game is None:
                raise ServiceError("The game has not started yet." if t.row.status == GameStatus.LOBBY
                                   else "Whispers are for running games; this one is not running.")
            sender = t.house_of(user_id)
            if sender is None:
                raise ServiceError("Only a player seated in this game may whisper.")
            if to_house not in t.game.players():
                raise ServiceError(f"{to_house!r} is not a house of this game.")
            if to_house == sender:
                raise ServiceError("That is your own house: whisper to another one.")
            name = t.game.name_of(to_house)
            receiver = t.user_of().get(to_house)
            if receiver is None:
                raise ServiceError(f"Nobody plays House {name} now: a whisper would reach no one.")
            now = self.core.clock()
            async with self.core.store.reading() as repo:
                recent = await repo.whispers(game_id, from_house=sender, since=now - WINDOW)
            if len(recent) >= PER_HOUR:
                free_at = recent[0]["at"] + WINDOW
                raise ServiceError(f"A house may whisper {PER_HOUR} times an hour: your next whisper may go at "
                                   f"<t:{int(free_at.timestamp())}:t>.")
            from_name = t.game.name_of(sender)
            dm = messages.private_notice(game_id, receiver, f"🕊️ A whisper from House {from_name} (game #{game_id}): "
                                         f"{words}")
            async with self.core.writing(t) as repo:
                await repo.add_whisper(game_id, sender, to_house, words, now)
                await repo.add_messages([dm], now)
        self.core.woken()
        left = PER_HOUR - len(recent) - 1
        return (f"🕊️ Your whisper to House {name} is on its way, signed only House {from_name}. It stays between "
                f"your two houses until the game ends; then it is part of the replay file. {left} more this hour.")
