"""Delivers the service's outbox rows to Discord: the public feed in the game's channel, prompts by DM.

Exactly once: every message is sent with ``nonce=key``. Discord then returns the message it
already created for that nonce (within a few minutes) instead of posting a second one, which makes a crash
between "sent" and "marked sent" harmless; the rows of one destination (a game's channel, a player's DMs) are
delivered in order by the dispatcher. A message that follows rows given up at the same place ends with a line
saying how many could not be delivered there (``OutboxMessage.undelivered``).

Errors: a closed DM (403, code 50007) is permanent for that row: the player is told once per game in the game's
channel to open their DMs or use ``/game act`` (stored, so a restart does not tell them again; the
game never waits on a DM: deadlines and ``act`` work without it). Rate limits and server errors are transient
(retried with backoff); a missing channel is permanent.

The status message is posted once, pinned where the bot may pin, and edited in place; its id is stored
(``bot/service/posts.py``), so after a restart the same message is edited; one deleted by a member is posted anew
and its id stored. The
final standings of a game that plays in the bot's own thread are also posted in the thread's parent channel,
under the game's announcement.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any, assert_never, cast

import discord

from bot.frontend import text
from bot.frontend.components import prompt_view
from bot.frontend.debounce import Debounce
from bot.frontend.ready import ready_view
from bot.frontend.seasons import after_game
from bot.frontend.seats import seat_view
from bot.frontend.votes import vote_view
from bot.games.front import BoardImage
from bot.service import Audience, OutboxKind, OutboxMessage, PermanentError, ServiceError, TransientError
from bot.service.messages import (
    EventsPayload,
    NoticePayload,
    PromptPayload,
    SeatOpenPayload,
    VotePayload,
)
from bot.service.posts import STATUS

if TYPE_CHECKING:
    from bot.frontend.client import AgotBot

log = logging.getLogger(__name__)
CLOSED_DMS = 50007
STATUS_EVERY = 2.0  # seconds between two edits of a game's status message (later ones are folded into one)


class DiscordTransport:
    def __init__(self, bot: AgotBot) -> None:
        self.bot = bot
        # game id -> the status message edited in place (after a restart: found again by its stored id)
        self.status_messages: dict[int, discord.Message | discord.PartialMessage] = {}
        self.status_edits = Debounce(STATUS_EVERY)

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
        send = _noted(where.send, msg.undelivered) if msg.undelivered else where.send
        match kind:
            case OutboxKind.EVENTS:
                events = cast(EventsPayload, msg.payload).get("events", [])
                posts = text.chunks(text.event_lines(events, (await self.bot.front_of(gid)).headlines))
                first = None
                for i, post in enumerate(posts):
                    sent = await send(post, nonce=_nonce(msg.key, i))
                    first = first or sent
                return str(first.id) if first else "empty"
            case OutboxKind.PROMPT | OutboxKind.REMINDER if "decision" in msg.payload:
                prompt = cast(PromptPayload, msg.payload)
                decision = prompt["decision"]
                game = await self.bot.front_of(gid)
                content = text.prompt_text(game, gid, decision, prompt.get("deadline"))
                if kind == OutboxKind.REMINDER:
                    content = text.clip("🔔 **Reminder** — " + content)
                view = prompt_view(game, gid, decision)
                sent = await send(content, view=view, nonce=msg.key) if view else \
                    await send(content, nonce=msg.key)
                return str(sent.id)
            case OutboxKind.BOARD:
                return str((await self._board(msg, send)).id)
            case OutboxKind.POST:
                return await self._post(msg, send)
            case OutboxKind.STATUS:
                return await self._status(msg, where)
            case OutboxKind.GAME_OVER:
                content = text.standings_text(await self.bot.front_of(gid), gid, msg.payload)
                try:  # the replay file may be shown now that the game is over
                    data = await self.bot.service.replay_file(gid)
                    name = (await self.bot.front_of(gid)).name
                    file = discord.File(io.BytesIO(data), filename=f"{name}-{gid}-replay.json")
                    posted = await send(content, file=file, nonce=msg.key)
                except ServiceError as exc:
                    log.warning("game %s: no replay file with the standings (%s)", gid, exc)
                    posted = await send(content, nonce=msg.key)
                await self._standings_in_parent(where, content, msg.key)
                await after_game(self.bot, where)  # the seasons rank again: rank roles given and taken
                return str(posted.id)
            case OutboxKind.VOTE:  # a table vote: its words and the Yes/No buttons
                vote = cast(VotePayload, msg.payload)
                view = vote_view(gid, int(vote["vote_id"]))
                return str((await send(text.clip(str(vote.get("text", ""))), view=view, nonce=msg.key)).id)
            case OutboxKind.SEAT_OPEN:  # a public post with the Join button (bot/frontend/seats.py)
                seat = cast(SeatOpenPayload, msg.payload)
                view = seat_view(gid, str(seat["house"]), str(seat.get("house_name") or ""))
                return str((await send(text.clip(str(seat.get("text") or "")), view=view, nonce=msg.key)).id)
            case OutboxKind.NOTICE if "ready" in msg.payload:  # a queue's ready check, with its Ready button
                view = ready_view(int(msg.payload["ready"]))
                return str((await send(text.clip(str(msg.payload["text"])), view=view, nonce=msg.key)).id)
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
        image, picture = await self._picture(msg.game_id, payload)
        caption = f"**Game #{msg.game_id}** · {image.caption} · {payload.get('caption', '')}"
        if msg.audience == Audience.PLAYER:
            caption += "\n" + (await self.bot.front_of(msg.game_id)).private_caption(payload.get("view") or {})
        result: discord.Message = await send(text.clip(caption), **picture, nonce=msg.key)
        return result

    async def _standings_in_parent(self, where: discord.abc.Messageable, content: str, key: str) -> None:
        """The parent channel of the game's own thread gets the final standings too (a thread someone else opened,
        e.g. a forum post, keeps them)."""
        me = self.bot.user
        if not isinstance(where, discord.Thread) or me is None or where.owner_id != me.id:
            return
        parent = where.parent
        if isinstance(parent, discord.TextChannel):
            await parent.send(f"{content}\nThe game's thread: <#{where.id}>.", nonce=_nonce(key, 1),
                              allowed_mentions=discord.AllowedMentions.none())

    async def _picture(self, game_id: int, board: dict[str, Any]) -> tuple[BoardImage, dict[str, Any]]:
        """The board drawn by the game's front, and the ``send`` arguments that show it: the image, and the facts
        beside it (AGoT: tracks, supply, Power, hands, cards) in an embed."""
        game = await self.bot.front_of(game_id)
        image = await asyncio.to_thread(game.board, board.get("view") or {}, board.get("highlights") or {})
        return image, picture(game_id, image, game.name)

    async def _post(self, msg: OutboxMessage, send: Any) -> str:
        """One step of the feed: its lines (split only if they pass Discord's limit), the board with the last."""
        board = msg.payload.get("board")
        posts = text.chunks([f"-# Game #{msg.game_id}", *msg.payload.get("lines", [])])
        first = None
        for i, post in enumerate(posts):
            extra = (await self._picture(msg.game_id, board))[1] if board and i == len(posts) - 1 else {}
            sent = await send(post, **extra, nonce=_nonce(msg.key, i))
            first = first or sent
        return str(first.id) if first else "empty"

    async def _status(self, msg: OutboxMessage, where: discord.abc.Messageable) -> str:
        gid = msg.game_id
        content = text.status_text(await self.bot.front_of(gid), gid, msg.payload.get("status") or {})
        old = self.status_messages.get(gid)
        if old is None and isinstance(where, discord.TextChannel | discord.Thread):
            stored = await self.bot.posts.message_id(gid, STATUS)  # the one posted before a restart
            old = where.get_partial_message(stored) if stored is not None else None
        if old is not None:
            target = old
            try:  # at most one edit every STATUS_EVERY seconds; edits in between fold into the newest
                await self.status_edits.run(gid, lambda: target.edit(content=content))
                return str(target.id)
            except discord.NotFound:  # deleted by a member: posted anew below
                pass
        sent = await where.send(content, nonce=msg.key)
        self.status_messages[gid] = sent
        await self.bot.posts.set_message_id(gid, STATUS, sent.id)
        try:
            await sent.pin(reason=f"the status of game #{gid}, edited in place")
        except discord.HTTPException as exc:  # no Pin Messages here: the status still works, unpinned
            log.info("game %s: could not pin the status message (%s)", gid, exc)
        return str(sent.id)

    async def _tell_closed(self, msg: OutboxMessage) -> None:
        """A public notice, once per player and game (stored: a restart or a later failed DM does not repeat it)."""
        user = msg.user_id
        if user is None:
            return
        game = await self.bot.service.game(msg.game_id)
        if game.settings.get("faceless"):
            words = (f"A player of game #{game.id} cannot get my direct messages (faceless game: nobody is named). "
                     "Everyone: allow DMs from this server's members, or use `/game act` here to see and answer "
                     "your prompts privately.")
        else:
            words = (f"<@{user}> I cannot send you direct messages. Allow DMs from this server's members (Privacy "
                     "Settings), or use `/game act` here to see and answer your prompts privately.")
        await self.bot.posts.tell_closed_dm(game.id, user, words)


def picture(game_id: int, image: BoardImage, name: str) -> dict[str, Any]:
    """The ``send`` arguments that show a board: its PNG, and its facts in an embed (when it has some)."""
    out: dict[str, Any] = {"file": discord.File(io.BytesIO(image.png), filename=f"{name}-{game_id}.png")}
    if image.fields:
        embed = discord.Embed(colour=discord.Colour.dark_gold())
        for field, value in image.fields:
            embed.add_field(name=field, value=value, inline=True)
        out["embed"] = embed
    return out


def undelivered_line(count: int) -> str:
    return f"⚠️ {count} earlier message{'s' if count > 1 else ''} could not be delivered here."


def _noted(send: Any, count: int) -> Any:
    """``send`` whose first post ends with a line saying how many earlier messages to this place were given up."""
    line = undelivered_line(count)
    first = True

    async def noted(content: str | None = None, **kwargs: Any) -> Any:
        nonlocal first
        if first:
            first = False
            content = f"{text.clip(content, text.LIMIT - len(line) - 1)}\n{line}" if content else line
        return await send(content, **kwargs)

    return noted


def _nonce(key: str, part: int) -> str:
    """The nonce of part ``part`` of a row (Discord allows 25 characters; keys are 24)."""
    return key if part == 0 else f"{key[:22]}{part:02d}"[-25:]
