"""A queue's ready check in Discord: the **Ready** button of its post (``agot:ready:GAME``, persistent: a click
after a restart finds its check; a click on a check that is over is told so and changes nothing), and the launch
once every matched member is ready: the game's thread is opened under the queue's channel as ``/game create``
opens one (on an announcement), the game starts there with its seats dealt, and the thread is told who plays
what. Where no thread can be opened (a thread or forum already, or no permission), the game plays in the queue's
channel itself.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from bot.frontend.common import bot_of
from bot.frontend.lobby import open_thread
from bot.frontend.team import open_team_thread
from bot.service import GameInfo, ServiceError
from bot.service.kinds import ACTIVE

if TYPE_CHECKING:
    from bot.frontend.client import AgotBot

log = logging.getLogger(__name__)
NONE = discord.AllowedMentions.none()


def ready_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ReadyButton(game_id))
    return view


async def launch(bot: AgotBot, game_id: int) -> GameInfo:
    """Open the game's thread under the queue's channel and start the game there (see the module's doc)."""
    info = await bot.service.game(game_id)
    own = await bot.front_of(game_id)
    parent = bot.get_channel(info.channel_id)
    thread_id = None
    if isinstance(parent, discord.TextChannel):
        try:
            announcement = await parent.send(f"⚔️ **Game #{game_id}** from the queue: {own.title}, {info.players} "
                                             "players. It plays in its thread.", allowed_mentions=NONE)
            thread_id = (await open_thread(parent, announcement, own.title, info.players)).id
        except discord.HTTPException as exc:
            log.info("game %s: no thread for the queue's game (%s): it plays in the channel", game_id, exc)
    try:
        info = await bot.service.queue_launch(game_id, thread_id)
    except ServiceError:  # the check's deadline started it meanwhile (in the queue's channel)
        return await bot.service.game(game_id)
    seats = ", ".join(f"<@{s.user_id}> {own.seat_name(s.house)}" for s in info.seats)
    where = bot.get_channel(info.channel_id)
    try:  # the game has started: a post that fails is logged, the start stands
        if isinstance(where, discord.abc.Messageable):
            await where.send(f"🏁 **Game #{game_id} begins**, made by the queue. {seats}.\nYour prompts arrive by "
                             "DM (or with `/game act`).", allowed_mentions=discord.AllowedMentions(users=True))
        await open_team_thread(bot, info)
    except discord.HTTPException as exc:
        log.warning("game %s: started by the queue, but its start post failed (%s)", game_id, exc)
    return info


class ReadyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"agot:ready:(?P<game>\d{1,18})"):
    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Ready", style=discord.ButtonStyle.success,
                                           custom_id=f"agot:ready:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ReadyButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        try:
            reply = await bot.service.queue_ready(self.game_id, interaction.user.id)
        except ServiceError as exc:
            await interaction.response.send_message(f"❌ {exc}", ephemeral=True)
            return
        if reply.status != "all":
            await interaction.response.send_message(reply.message, ephemeral=True, allowed_mentions=NONE)
            return
        await interaction.response.defer(thinking=True, ephemeral=True)
        info = await launch(bot, self.game_id)
        if info.status not in ACTIVE:  # a member left the queue meanwhile: the check was called off
            await interaction.followup.send(f"❌ The ready check of game #{info.id} was called off before it could "
                                            "start (a member left the queue); those still waiting keep their places.",
                                            ephemeral=True)
            return
        await interaction.followup.send(f"{reply.message} Game #{info.id} plays in <#{info.channel_id}>.",
                                        ephemeral=True)


READY_ITEMS = (ReadyButton,)
