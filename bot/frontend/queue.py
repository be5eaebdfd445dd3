"""The ``/queue`` commands (issue 29): wait with the server's members for a game (``join``), stop waiting
(``leave``), see who waits for what (``show``). The queue itself is the table service's (``bot/service/queue.py``);
its ready checks are posted through the outbox with their Ready button (``ready.py``). Replies go to the member
alone; refusals are one line and change nothing.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.frontend import text
from bot.frontend.commands import GAMES, PLAYERS, GameCog, missing_permissions
from bot.frontend.common import HOURS, Refusal, TableCog
from bot.games.fronts import front


class QueueCog(TableCog):
    queue = app_commands.Group(name="queue", description="Wait with this server's members for a game: it starts "
                               "when enough are ready", guild_only=True)

    @staticmethod
    def guild_of(interaction: discord.Interaction) -> int:
        if interaction.guild is None or interaction.channel_id is None:
            raise Refusal("The queue is a server's: use it in a server channel.")
        return interaction.guild.id

    @queue.command(name="join", description="Wait in this server's queue for a game; it starts when enough are "
                   "ready")
    @app_commands.describe(game="which game", players="how many players the game is for",
                           settings="the game's own settings, key:value (as for /game create)",
                           hours="hours for each decision")
    @app_commands.choices(game=GAMES)
    @app_commands.autocomplete(settings=GameCog.settings_choices)
    async def join(self, interaction: discord.Interaction, game: str, players: PLAYERS, settings: str = "",
                   hours: HOURS = 12) -> None:
        guild = self.guild_of(interaction)
        missing = missing_permissions(interaction, thread=True)
        if missing:
            raise Refusal("I lack permissions in this channel: " + ", ".join(missing) + ". Queue in a channel where "
                          "I may post and open threads.")
        chosen = front(game).settings(settings, players)  # the game's form: refused in words, nothing stored
        said = await self.service.queue_join(guild, interaction.channel_id or 0, interaction.user.id,
                                             interaction.user.display_name, game, players, chosen, settings, hours)
        await interaction.response.send_message(f"🕐 {said}", ephemeral=True)

    @queue.command(name="leave", description="Stop waiting in this server's queue (for one game, or for all)")
    @app_commands.describe(game="the game you stop waiting for (default: every game)")
    @app_commands.choices(game=GAMES)
    async def leave(self, interaction: discord.Interaction, game: str | None = None) -> None:
        said = await self.service.queue_leave(self.guild_of(interaction), interaction.user.id, game)
        await interaction.response.send_message(f"🚪 {said}", ephemeral=True)

    @queue.command(name="show", description="Who waits in this server's queue, for which game")
    async def show(self, interaction: discord.Interaction) -> None:
        lines = await self.service.queue_show(self.guild_of(interaction))
        words = "\n".join(f"• {line}" for line in lines) if lines else "Nobody waits in this server's queue: " \
            "`/queue join` to start one."
        await interaction.response.send_message(text.clip(f"🕐 **The queue**\n{words}"), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())
