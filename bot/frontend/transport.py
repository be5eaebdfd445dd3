"""Delivers the service's outbox rows to Discord: the public feed in the game's channel, prompts by DM.

Exactly once: every message is sent with ``nonce=key``. Discord then returns the message it
already created for that nonce (within a few minutes) instead of posting a second one, which makes a crash
between "sent" and "marked sent" harmless; the rows of one game are delivered in order by the dispatcher.

Errors: a closed DM (403, code 50007) is permanent for that row: the player is told once in the game's channel to
open their DMs or use ``/agot act`` (the game never waits on a DM: deadlines and ``act`` work without it). Rate
limits and server errors are transient (retried with backoff); a missing channel is permanent.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any, assert_never, cast

import discord

from bot.frontend import text
from bot.frontend.components import prompt_view
from bot.frontend.seats import seat_view
from bot.frontend.votes import vote_view
from bot.render import Highlights, panel_fields, render
from bot.service import Audience, OutboxKind, OutboxMessage, PermanentError, ServiceError, TransientError
from bot.service.messages import (
    EventsPayload,
    NoticePayload,
    PromptPayload,
    SeatOpenPayload,
    VotePayload,
)

if TYPE_CHECKING:
    from bot.frontend.client import AgotBot

log = logging.getLogger(__name__)
CLOSED_DMS = 50007


class DiscordTransport:
    def __init__(self, bot: AgotBot) -> None:
        self.bot = bot
        self.status_messages: dict[int, discord.Message] = {}  # game id -> the status message edited in place
        self.told_closed: set[int] = set()  # users already told in a channel that their DMs are closed

    async def send(self, msg: OutboxMessage) -> str:
        try:
            return await self._send(msg)
        except discord.Forbidden as exc:
            if exc.code == CLOSED_DMS and msg.user_id is not None:
                await self._tell_closed(msg)
            raise PermanentError(f"forbidden ({exc.code})") from None
        except discord.NotFound as exc:
            raise PermanentError(f"not found ({exc.code})") from None
        except (TimeoutError, discord.HTTPException, OSError) as exc:
            raise TransientError(type(exc).__name__) from None

    async def _send(self, msg: OutboxMessage) -> str:
        """One row, by its kind (every ``OutboxKind`` has its case; mypy checks that none is missing). A kind this
        front end does not know is a permanent error for the row, never a silent skip."""
        try:
            kind = OutboxKind(msg.kind)
        except ValueError:
            raise PermanentError(f"unknown outbox kind {msg.kind!r}") from None
        gid = msg.game_id
        where = await self._destination(msg)
        send = where.send
        match kind:
            case OutboxKind.EVENTS:
                posts = text.chunks(text.event_lines(cast(EventsPayload, msg.payload).get("events", [])))
                first = None
                for i, post in enumerate(posts):
                    sent = await send(post, nonce=_nonce(msg.key, i))
                    first = first or sent
                return str(first.id) if first else "empty"
            case OutboxKind.PROMPT | OutboxKind.REMINDER if "decision" in msg.payload:
                prompt = cast(PromptPayload, msg.payload)
                decision = prompt["decision"]
                content = text.prompt_text(gid, decision, prompt.get("deadline"))
                if kind == OutboxKind.REMINDER:
                    content = text.clip("🔔 **Reminder** — " + content)
                view = prompt_view(gid, decision)
                sent = await send(content, view=view, nonce=msg.key) if view else \
                    await send(content, nonce=msg.key)
                return str(sent.id)
            case OutboxKind.BOARD:
                return str((await self._board(msg, send)).id)
            case OutboxKind.STATUS:
                return await self._status(msg, where)
            case OutboxKind.GAME_OVER:
                content = text.standings_text(gid, msg.payload)
                try:  # the replay file may be shown now that the game is over
                    data = await self.bot.service.replay_file(gid)
                except ServiceError as exc:
                    log.warning("game %s: no replay file with the standings (%s)", gid, exc)
                    return str((await send(content, nonce=msg.key)).id)
                file = discord.File(io.BytesIO(data), filename=f"agot-{gid}-replay.json")
                return str((await send(content, file=file, nonce=msg.key)).id)
            case OutboxKind.VOTE:  # a table vote: its words and the Yes/No buttons
                vote = cast(VotePayload, msg.payload)
                view = vote_view(gid, int(vote["vote_id"]))
                return str((await send(text.clip(str(vote.get("text", ""))), view=view, nonce=msg.key)).id)
            case OutboxKind.SEAT_OPEN:  # a public post with the Join button (bot/frontend/seats.py)
                seat = cast(SeatOpenPayload, msg.payload)
                view = seat_view(gid, str(seat["house"]), str(seat.get("house_name") or ""))
                return str((await send(text.clip(str(seat.get("text") or "")), view=view, nonce=msg.key)).id)
            case OutboxKind.NOTICE | OutboxKind.PROMPT | OutboxKind.REMINDER:  # plain text: a public reminder
                return await self._text(msg, send)
            case _:
                assert_never(kind)

    async def _text(self, msg: OutboxMessage, send: Any) -> str:
        words = cast(NoticePayload, msg.payload).get("text")
        if words:
            return str((await send(text.clip(str(words)), nonce=msg.key)).id)
        log.info("outbox row %s: nothing to show for kind %s", msg.id, msg.kind)
        return "skipped"

    async def _destination(self, msg: OutboxMessage) -> discord.abc.Messageable:
        if msg.audience == Audience.PLAYER and msg.user_id is not None:
            user = self.bot.get_user(msg.user_id) or await self.bot.fetch_user(msg.user_id)
            return user.dm_channel or await user.create_dm()
        channel_id = msg.channel_id or (await self.bot.service.game(msg.game_id)).channel_id
        channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            raise PermanentError("the game's channel cannot take messages")
        return channel

    async def _board(self, msg: OutboxMessage, send: Any) -> discord.Message:
        payload = msg.payload
        view = payload.get("view") or {}
        png = await asyncio.to_thread(render, view, Highlights.from_payload(payload.get("highlights") or {}))
        caption = f"**Game #{msg.game_id}** · round {view.get('round', '?')} · {payload.get('caption', '')}"
        if msg.audience == Audience.PLAYER:
            caption += "\n🔒 Only you see this board (your own face-down orders are shown)."
        file = discord.File(io.BytesIO(png), filename=f"agot-{msg.game_id}-round{view.get('round', 0)}.png")
        embed = discord.Embed(colour=discord.Colour.dark_gold())
        for name, value in panel_fields(view):  # the panel's facts as text: tracks, supply, Power, hands, cards
            embed.add_field(name=name, value=value, inline=True)
        result: discord.Message = await send(text.clip(caption), file=file, embed=embed, nonce=msg.key)
        return result

    async def _status(self, msg: OutboxMessage, where: discord.abc.Messageable) -> str:
        content = text.status_text(msg.game_id, msg.payload.get("status") or {})  # a StatusPayload
        old = self.status_messages.get(msg.game_id)
        if old is not None:
            try:
                await old.edit(content=content)
                return str(old.id)
            except discord.NotFound:
                pass
        sent = await where.send(content, nonce=msg.key)
        self.status_messages[msg.game_id] = sent
        return str(sent.id)

    async def _tell_closed(self, msg: OutboxMessage) -> None:
        user = msg.user_id
        if user is None or user in self.told_closed:
            return
        self.told_closed.add(user)
        try:
            game = await self.bot.service.game(msg.game_id)
            channel = self.bot.get_channel(game.channel_id) or await self.bot.fetch_channel(game.channel_id)
            if isinstance(channel, discord.abc.Messageable) and game.settings.get("faceless"):
                await channel.send(f"A player of game #{game.id} cannot get my direct messages (faceless game: "
                                   "nobody is named). Everyone: allow DMs from this server's members, or use "
                                   "`/agot act` here to see and answer your prompts privately.")
            elif isinstance(channel, discord.abc.Messageable):
                await channel.send(f"<@{user}> I cannot send you direct messages. Allow DMs from this server's "
                                   "members (Privacy Settings), or use `/agot act` here to see and answer your "
                                   "prompts privately.")
        except discord.HTTPException:
            log.warning("could not tell user %s that their DMs are closed", user)


def _nonce(key: str, part: int) -> str:
    """The nonce of part ``part`` of a row (Discord allows 25 characters; keys are 24)."""
    return key if part == 0 else f"{key[:22]}{part:02d}"[-25:]
