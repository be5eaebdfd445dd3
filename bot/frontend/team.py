"""A team's private thread: the seats a game's front names (``Front.private_team``: Whitechapel's detectives, when
the table asked for ``private_thread``) talk in a private thread beside the game's own, opened when the game
starts. Only the team's members are added (Jack is not); the game's feed stays in the game's thread, which is told
where the team talks. The thread's id is stored (``bot/service/posts.py``), so a second call (a restart, a retried
start) opens no second thread. Where the bot may not open a private thread, the game's thread is told so in one
line and the game goes on.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.service import GameInfo
from bot.service.posts import TEAM_THREAD

if TYPE_CHECKING:
    from bot.frontend.client import AgotBot

log = logging.getLogger(__name__)
NONE = discord.AllowedMentions.none()


def parent_of(channel: object) -> discord.TextChannel | None:
    """The text channel a private thread beside the game's channel opens in (None: a forum, a DM ...)."""
    if isinstance(channel, discord.Thread):
        channel = channel.parent
    return channel if isinstance(channel, discord.TextChannel) else None


async def open_team_thread(bot: AgotBot, game: GameInfo) -> int | None:
    """Open the private thread of the game's team, if its front names one and none is stored yet; returns the
    thread's id (the stored one when it was opened before), or None (no team, or no thread allowed)."""
    front = await bot.front_of(game.id)
    team = front.private_team(game.settings, [s.house for s in game.seats if s.house])
    if team is None:
        return None
    stored = await bot.posts.message_id(game.id, TEAM_THREAD)
    if stored is not None:
        return stored
    table = bot.get_channel(game.channel_id) or await bot.fetch_channel(game.channel_id)
    if not isinstance(table, discord.abc.Messageable):
        return None
    parent = parent_of(table)
    me = parent.guild.me if parent is not None else None
    if parent is None or me is None or not parent.permissions_for(me).create_private_threads:
        await table.send(f"🔒 The {team.name} get no private thread: I may not open private threads here (Create "
                         "Private Threads). The game goes on in this thread.", allowed_mentions=NONE)
        return None
    try:
        thread = await parent.create_thread(name=f"Game #{game.id} · {team.name}"[:100],
                                            type=discord.ChannelType.private_thread, invitable=False,
                                            auto_archive_duration=10080)
    except discord.HTTPException as exc:
        log.warning("game %s: no private thread for the %s (%s)", game.id, team.name, exc)
        await table.send(f"🔒 The {team.name} get no private thread: Discord refused to open one here. The game "
                         "goes on in this thread.", allowed_mentions=NONE)
        return None
    await bot.posts.set_message_id(game.id, TEAM_THREAD, thread.id)
    members = [s.user_id for s in game.seats if s.house in team.seats and s.user_id]
    for user_id in members:
        try:
            await thread.add_user(discord.Object(id=user_id))
        except discord.HTTPException as exc:
            log.warning("game %s: could not add a member to the %s' thread (%s)", game.id, team.name, exc)
    await thread.send(f"🔒 **Game #{game.id}**: the {team.name}' private thread; only you see it. The game's feed "
                      f"stays in <#{game.channel_id}>.", allowed_mentions=NONE)
    await table.send(f"🔒 The {team.name} talk in their private thread, <#{thread.id}>: only they see it.",
                     allowed_mentions=NONE)
    return thread.id
