"""A game's own thread, and the Join button of its announcement in the parent channel.

``/game create`` opens a public thread for the game under the channel (unless asked not to, or when it is used
in a thread or forum post already); the game's channel is that thread, so its feed, boards, combats, votes and
notices go there, and the parent channel keeps the announcement. The announcement's **Join** button
(``agot:enter:GAME``, persistent) seats the clicking member (a seat is chosen with ``/game join seat:`` in the
thread when the game lets players choose); the button is taken off when the game starts (a click on an old copy
is refused and changes nothing).
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from bot.frontend.common import announce, bot_of
from bot.service import GameInfo, ServiceError
from bot.service.posts import ANNOUNCEMENT

if TYPE_CHECKING:
    from bot.frontend.client import AgotBot

log = logging.getLogger(__name__)


async def open_thread(parent: discord.TextChannel, announcement: discord.abc.Snowflake, title: str, players: int
                      ) -> discord.Thread:
    """The public thread of a new game under ``parent``, opened on its announcement (so Discord posts no "thread
    created" line); it hides itself after a week without a post (the longest Discord allows: games run for weeks,
    and every round posts)."""
    return await parent.create_thread(name=f"{title} · {players} players"[:100], message=announcement,
                                      auto_archive_duration=10080)


async def close_announcement(bot: AgotBot, game: GameInfo) -> None:
    """The game has started: its announcement loses the Join button (best effort: a click would be refused)."""
    mid = await bot.posts.message_id(game.id, ANNOUNCEMENT)
    thread = bot.get_channel(game.channel_id)
    parent = thread.parent if isinstance(thread, discord.Thread) else None
    if mid is None or not isinstance(parent, discord.TextChannel):
        return
    try:
        await parent.get_partial_message(mid).edit(view=None)
    except discord.HTTPException as exc:
        log.info("game %s: could not take the Join button off its announcement (%s)", game.id, exc)


def join_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(JoinGameButton(game_id))
    return view


class JoinGameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"agot:enter:(?P<game>\d{1,18})"):
    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Join", style=discord.ButtonStyle.success,
                                           custom_id=f"agot:enter:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> JoinGameButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        if interaction.user.bot:
            await interaction.response.send_message("❌ A bot cannot take a seat.", ephemeral=True)
            return
        try:
            info = await bot.service.join(self.game_id, interaction.user.id, name=interaction.user.display_name)
        except ServiceError as exc:
            await interaction.response.send_message(f"❌ {exc}", ephemeral=True)
            return
        seated = f"({len(info.seats)}/{info.players})"
        if info.settings.get("faceless"):
            await interaction.response.send_message(
                f"🛡️ You join game #{info.id} {seated}; it is faceless: public messages name houses only until the "
                f"end. It plays in <#{info.channel_id}>.", ephemeral=True)
        else:
            await announce(interaction, info, f"🛡️ {interaction.user.mention} joins game #{info.id} {seated}.")
        try:
            await interaction.user.send(f"You joined game #{info.id}. Your secret choices will arrive here; send "
                                        "`help` here at any time.")
        except discord.Forbidden:
            await interaction.followup.send(
                "⚠️ I cannot send you direct messages. Allow DMs from this server's members (Privacy Settings), or "
                "answer with `/game act` in the game's thread: only you will see your prompts.", ephemeral=True)


LOBBY_ITEMS = (JoinGameButton,)
