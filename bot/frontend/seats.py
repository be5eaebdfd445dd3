"""The Join button of a public "seat open" post: any member without a seat in that game takes the house.

A persistent ``DynamicItem``: its ``custom_id`` (``agot:join:<game>:<house>``) carries everything, so a post
made before a restart still works. The service decides (``claim_seat``); a refusal (the seat was taken, the
member already plays) is one ephemeral line and changes nothing.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.service import ServiceError

if TYPE_CHECKING:
    from bot.frontend.client import AgotBot


def seat_view(game_id: int, house: str, house_name: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(JoinSeatButton(game_id, house, house_name))
    return view


class JoinSeatButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                     template=r"agot:join:(?P<game>\d{1,18}):(?P<house>[a-z_-]{1,30})"):
    def __init__(self, game_id: int, house: str, house_name: str = "") -> None:
        label = f"Join as {house_name}" if house_name else "Join"
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success,
                                           custom_id=f"agot:join:{game_id}:{house}"))
        self.game_id, self.house = game_id, house

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> JoinSeatButton:
        return cls(int(match["game"]), match["house"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: AgotBot = interaction.client  # type: ignore[assignment]
        await interaction.response.defer(ephemeral=True, thinking=True)
        if interaction.user.bot:
            await interaction.followup.send("❌ A bot cannot take a seat.", ephemeral=True)
            return
        try:
            await bot.service.claim_seat(self.game_id, interaction.user.id, interaction.user.display_name,
                                         self.house)
        except ServiceError as exc:
            await interaction.followup.send(f"❌ {exc}", ephemeral=True)
            return
        await interaction.followup.send(f"✅ You now play this house in game #{self.game_id}: your open "
                                        "decisions come by DM (`/game act` shows them here).", ephemeral=True)
