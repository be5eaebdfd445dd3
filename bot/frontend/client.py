"""The Discord bot: a thin translator between Discord and the table service.

It receives its service and configuration in the constructor (tests build it over a temporary database), loads
its command cog and registers its persistent components in ``setup_hook``, and starts the service's outbox and
timer tasks with the Discord transport. It never touches engine state: every answer goes through
``service.answer`` and every message it posts comes from the service's outbox or a read of the service.

Gateway intents: ``guilds`` (channels and threads of the games, permissions of the members who manage them) and
``dm_messages`` (the DM text shorthand for orders and marches). No privileged intent: a bot receives the content
of messages sent to it in DMs without ``message_content``.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from bot.config import Config
from bot.frontend import text
from bot.frontend.answers import text_answer
from bot.frontend.components import DYNAMIC_ITEMS, prompt_view, reply_text
from bot.frontend.confirm import CONFIRM_ITEMS, Confirmations
from bot.frontend.help import SHORT, prompt_syntax
from bot.frontend.lobby import LOBBY_ITEMS
from bot.frontend.ready import READY_ITEMS
from bot.frontend.seats import JoinSeatButton
from bot.frontend.transport import DiscordTransport
from bot.frontend.votes import VOTE_ITEMS
from bot.games.front import Front, Refused
from bot.games.fronts import front, playable
from bot.service import ServiceError, TableService
from bot.service.kinds import ACTIVE
from bot.service.models import Seat
from bot.service.posts import Posts
from bot.service.timezones import Zones

log = logging.getLogger(__name__)

HELP_WORDS = ("help", "?", "/help", "h", "aide", "hilfe", "ayuda")
HEARTBEAT_SECONDS = 30.0


class AgotBot(commands.Bot):
    @staticmethod
    def clock() -> datetime:
        """Now, from discord.py's clock (virtual under SimCord, so deadlines run in test time)."""
        return discord.utils.utcnow().astimezone(UTC)

    def __init__(self, service: TableService, config: Config | None = None, serve: bool = True,
                 **sharding: Any) -> None:
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # no voice: no warning on each start
        intents = discord.Intents.none()
        intents.guilds = True
        intents.dm_messages = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
                         **sharding)  # shard_ids and shard_count of an AutoShardedBot (bot/shards.py)
        self.service = service
        self.config = config or Config()
        self.serve_outbox = serve
        self.transport = DiscordTransport(self)
        self.confirmations = Confirmations()
        self.zones = Zones(service)
        self.posts = Posts(service)
        self._beat: asyncio.Task[None] | None = None
        self._games: dict[int, str] = {}  # game id -> its stored name (a game never changes its game)

    async def setup_hook(self) -> None:
        from bot.frontend.commands import GameCog
        from bot.frontend.manage import ManageCog
        from bot.frontend.queue import QueueCog
        from bot.frontend.season_commands import SeasonCog

        await self.add_cog(GameCog(self))
        await self.add_cog(ManageCog(self))
        await self.add_cog(QueueCog(self))  # /queue (issue 29)
        await self.add_cog(SeasonCog(self))  # /season (issue 29)
        for name in playable():  # each game's own verbs, in its own group (/agot)
            group = front(name).group()
            if group is not None:
                self.tree.add_command(group)
        own = [item for name in playable() for item in front(name).items]
        self.add_dynamic_items(*DYNAMIC_ITEMS, *own, *VOTE_ITEMS, *CONFIRM_ITEMS, *LOBBY_ITEMS, JoinSeatButton,
                               *READY_ITEMS)
        if self.serve_outbox:
            # the service's own tasks: the outbox dispatcher (woken by every commit) and the timer task (deadlines,
            # reminders, votes; it sleeps until the next due time, and fires at once what fell due while down)
            self.service.serve(self.transport)
        if self.config.heartbeat is not None:
            self._beat = asyncio.create_task(self._heartbeat(self.config.heartbeat))

    async def close(self) -> None:
        if self._beat is not None:
            self._beat.cancel()
        self.transport.status_edits.close()
        await self.service.close()  # cancels the dispatcher and the timer task, then closes the store
        await super().close()

    async def _heartbeat(self, path: Path) -> None:
        """Touch ``path`` every ``HEARTBEAT_SECONDS`` while connected to Discord and the database answers
        (``python -m bot.health``, the Docker HEALTHCHECK, reads its age)."""
        while True:
            try:
                if self.is_ready() and not self.is_closed():
                    await self.service.games_of_user(0)  # the database answers
                    path.touch()
            except Exception:  # noqa: BLE001 - a missed beat is the signal; the reason is logged
                log.exception("no heartbeat")
            await asyncio.sleep(HEARTBEAT_SECONDS)

    async def sync_commands(self, guild_id: int | None) -> int:
        """Register the slash commands (an explicit step: `python -m bot sync`, never on every start)."""
        if guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            return len(await self.tree.sync(guild=guild))
        return len(await self.tree.sync())

    # --- reads the components and commands share ----------------------------------------------------------

    async def front_of(self, game_id: int) -> Front:
        """The front of the game ``game_id`` plays (its stored name, read once)."""
        if game_id not in self._games:
            self._games[game_id] = (await self.service.game(game_id)).game
        return front(self._games[game_id])

    async def pending_for(self, game_id: int, user_id: int) -> list[dict[str, Any]]:
        try:
            return await self.service.pending(game_id, user_id)
        except ServiceError:
            return []

    async def standing_for(self, game_id: int, user_id: int) -> list[dict[str, Any]]:
        try:
            return await self.service.standing(game_id, user_id)
        except ServiceError:
            return []

    async def readable(self, candidates: list[tuple[int, dict[str, Any]]],
                       body: str) -> list[tuple[int, dict[str, Any], Any]]:
        """The decisions among ``candidates`` that ``body`` reads as an answer to, with that answer."""
        read = []
        for game_id, decision in candidates:
            try:
                read.append((game_id, decision, text_answer(await self.front_of(game_id), decision, body)))
            except Refused:
                continue
        return read

    async def seat_in(self, game_id: int, user_id: int) -> Seat | None:
        try:
            return await self.service.seat_of(game_id, user_id)
        except ServiceError:
            return None

    async def send_prompts(self, interaction: discord.Interaction, game_id: int, pending: list[dict[str, Any]]) -> None:
        """The user's open prompts of one game, as ephemeral follow-ups (the closed-DM fallback)."""
        game = await self.front_of(game_id)
        for decision in pending[:8]:
            view = prompt_view(game, game_id, decision)
            content = text.prompt_text(game, game_id, decision, decision.get("deadline"))
            if view is None:
                await interaction.followup.send(content, ephemeral=True)
            else:
                await interaction.followup.send(content, view=view, ephemeral=True)

    # --- DM text ------------------------------------------------------------------------------------------

    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is not None:
            return
        await message.channel.send(await self.dm_reply(message.author.id, message.content))

    async def dm_reply(self, user_id: int, content: str) -> str:
        """What a DM from ``user_id`` answers: one of their pending text decisions, or help. ``help`` (or ``?``)
        explains how to answer the prompts that are open, never a parse error; with none open, any text gets the
        short help."""
        body = content.strip()
        games = [g for g in await self.service.games_of_user(user_id) if g.status in ACTIVE]
        chosen = None
        match = body.split(maxsplit=1)
        if match and match[0].startswith("#") and match[0][1:].isdigit():
            chosen = int(match[0][1:])
            body = match[1] if len(match) > 1 else ""
            games = [g for g in games if g.id == chosen]
        if not games:
            return f"You are not in that game. {SHORT}" if chosen else SHORT
        candidates = []
        for game in games:
            for d in await self.pending_for(game.id, user_id):
                candidates.append((game.id, d))
        if body.lower() in HELP_WORDS and candidates:
            return text.clip("\n\n".join([prompt_syntax(await self.front_of(g), g, d) for g, d in candidates[:3]]))
        if not candidates:  # nothing asked: words for a question answered at any time (Monopoly's build ...)
            for game in games:
                candidates += [(game.id, d) for d in await self.standing_for(game.id, user_id)]
            read = await self.readable(candidates, body)
            if len(read) != 1:
                how = [(await self.front_of(g)).answer_help(d) for g, d in candidates[:1]]
                return "\n".join(["Nothing is waiting for you right now (`/game status` shows who the game waits "
                                   "for).", *how, SHORT])
            game_id, decision, value = read[0]
        else:
            texty = [(g, d) for g, d in candidates if d.get("options") is None] or candidates
            read = await self.readable(candidates, body) if len(texty) > 1 else []
            if len(texty) > 1 and len(read) != 1:  # the words fit none of the prompts, or several
                listed = ", ".join(f"#{g} {d.get('label') or d['kind']}" for g, d in texty)
                return (f"Several prompts are open ({listed}): start your message with the game number, "
                        f"e.g. `#{texty[0][0]} ...`.")
            if read:
                game_id, decision, value = read[0]
            else:
                game_id, decision = texty[0]
                try:
                    value = text_answer(await self.front_of(game_id), decision, body)
                except Refused as exc:
                    return f"❌ Game #{game_id}, {decision.get('label') or decision['kind']}: {exc}."
        reply = await self.service.answer(game_id, user_id, decision["id"], value)
        return text.clip(reply_text(reply.status, reply.message,
                                    f"Game #{game_id}, {decision.get('label') or decision['kind']}: "))
