"""``/whitechapel``: Letters from Whitechapel's own verbs (what every game has is ``/game``).

- ``/whitechapel circle number:``: where a circle is (its grid square), its neighbours, its alleys, and the
  crossings a policeman searches it from;
- ``/whitechapel crossing name:``: the circles a policeman there searches, and where he may move;
- ``/whitechapel clues``: tonight's crime scenes, clues, False Clues and empty searches (public), only to the asker.

The game is found as for ``/game``: the ``game`` option, else the channel's (in a DM: the one the user sits in).
"""

from __future__ import annotations

from collections.abc import Callable

import discord
from discord import app_commands

from bot.frontend.common import GAME, OPEN, Refusal, bot_of, game_choices, game_for, refuse
from bot.games.front import Refused
from bot.games.whitechapel import lookup
from bot.service import GameStatus
from engine.whitechapel.board import board


class WhitechapelCommands(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(name="whitechapel", description="Letters from Whitechapel's own commands: circles, "
                                                         "crossings, tonight's clues")

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await refuse(interaction, error)

    async def crossing_choices(self, interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[str]]:
        key = "".join(current.split()).upper()
        return [app_commands.Choice(name=n, value=n) for n in board().crossings if n.upper().startswith(key)][:25]

    @app_commands.command(name="circle", description="Where a circle is, its neighbours and who can search it")
    @app_commands.describe(number="the circle's number, 1 to 195")
    async def circle(self, interaction: discord.Interaction, number: app_commands.Range[int, 1, 999]) -> None:
        await self.say(interaction, lambda: lookup.circle_text(str(number)))

    @app_commands.command(name="crossing", description="A crossing's circles and a policeman's moves from it")
    @app_commands.describe(name="the crossing's grid name, like F7b (suggestions as you type)")
    @app_commands.autocomplete(name=crossing_choices)
    async def crossing(self, interaction: discord.Interaction, name: str) -> None:
        await self.say(interaction, lambda: lookup.crossing_text(name))

    @app_commands.command(name="clues", description="Tonight's crime scenes, clues and empty searches, only to you")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def clues(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        if info.game != "whitechapel":
            raise Refusal(f"Game #{info.id} is not a game of Letters from Whitechapel.")
        if info.status == GameStatus.LOBBY:
            raise Refusal(f"Game #{info.id} has not started yet.")
        service = bot_of(interaction).service
        view = await service.view(info.id, None)
        events = await service.log(info.id, limit=500)
        await self.say(interaction, lambda: lookup.clues_text(view, events))

    async def say(self, interaction: discord.Interaction, words: Callable[[], str]) -> None:
        try:
            content = words()
        except Refused as exc:
            raise Refusal(f"{str(exc)[:1].upper()}{str(exc)[1:]}.") from None
        await interaction.response.send_message(content, ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())
