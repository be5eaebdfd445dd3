"""The Yes/No buttons of a table vote, persistent across restarts: ``agot:v:GAME:VOTE:y|n``. A click is a ballot
for the clicking user; the service decides who may vote and whether the vote is still open."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.frontend.common import Refusal
from bot.service import GameInfo, ServiceError
from bot.service.kinds import SeatState, VoteKind

if TYPE_CHECKING:
    from bot.frontend.client import AgotBot


def must_vote(info: GameInfo, user_id: int, kind: str, house: str | None) -> None:
    """Refused before any confirmation is asked, in the service's words: only a seated player proposes a vote, and
    a kick names a seated house (the service checks again when the vote opens)."""
    seated = {s.house: s for s in info.seats if s.house and s.state != SeatState.OPEN}
    if all(s.user_id != user_id for s in seated.values()):
        raise Refusal("Only the seated players of this game vote.")
    if kind == VoteKind.KICK and house not in seated:
        raise Refusal("Name the house of a seated player to open their seat.")


def vote_view(game_id: int, vote_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(VoteButton(game_id, vote_id, True))
    view.add_item(VoteButton(game_id, vote_id, False))
    return view


class VoteButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"agot:v:(?P<game>\d{1,18}):(?P<vote>\d{1,18}):(?P<yes>[yn])"):
    def __init__(self, game_id: int, vote_id: int, yes: bool) -> None:
        super().__init__(discord.ui.Button(
            label="Yes" if yes else "No", style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger,
            custom_id=f"agot:v:{game_id}:{vote_id}:{'y' if yes else 'n'}"))
        self.game_id, self.vote_id, self.yes = game_id, vote_id, yes

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> VoteButton:
        return cls(int(match["game"]), int(match["vote"]), match["yes"] == "y")

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: AgotBot = interaction.client  # type: ignore[assignment]
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            words = await bot.service.cast_ballot(self.game_id, self.vote_id, interaction.user.id, self.yes)
        except ServiceError as exc:
            words = f"❌ {exc}"
        await interaction.followup.send(words, ephemeral=True)


VOTE_ITEMS = (VoteButton,)
