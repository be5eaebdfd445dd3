"""``/game-manage``: the repairs of a game's managers, each announced in the feed with 🔧.

A top-level command of its own so that it carries ``default_permissions`` (Discord applies them to top-level
commands only): members without Manage Server do not see it, and a server's admins may show it to a role under
Server Settings → Integrations. Who may repair a game is still decided per game, as for every command: its
creator, a member with Manage Server, the bot's owners (``OWNER_IDS``). Rewind and kick ask for confirmation.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.frontend import text
from bot.frontend.common import (
    GAME,
    HOURS,
    PLAYING,
    SEAT,
    Refusal,
    TableCog,
    announce,
    front_for,
    game_choices,
    game_for,
    is_manager,
    must_manage,
    seat_in,
    seated_choices,
)
from bot.frontend.confirm import Done, ask
from bot.service import GameStatus
from bot.service.kinds import SeatState


class ManageCog(TableCog):
    manage = app_commands.Group(name="game-manage", description="Repair a game (its creator, Manage Server, owners)",
                                default_permissions=discord.Permissions(manage_guild=True), guild_only=True)

    @manage.command(name="pause", description="Pause a game: deadlines stop, keeping their remaining time")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def pause(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await game_for(interaction, game, (GameStatus.RUNNING,))
        await self.service.pause(info.id, interaction.user.id, manager=is_manager(interaction, info))
        by = "" if info.settings.get("faceless") else f" by {interaction.user.mention}"
        await announce(interaction, info, f"⏸️ Game #{info.id} is paused{by}.")

    @manage.command(name="resume", description="Resume a paused game")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def resume(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await game_for(interaction, game, (GameStatus.PAUSED,))
        await self.service.resume(info.id, interaction.user.id, manager=is_manager(interaction, info))
        await announce(interaction, info, f"▶️ Game #{info.id} resumes.")

    @manage.command(name="rewind", description="Undo the last answers, e.g. after a misclick the table agreed on")
    @app_commands.describe(count="how many answers to undo (1-20)", reason="why (shown in the feed)", game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def rewind(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 20] = 1,
                     reason: app_commands.Range[str, 1, 200] = "agreed by the table", game: int | None = None) -> None:
        info = await game_for(interaction, game, (GameStatus.RUNNING,))
        must_manage(interaction, info)
        user = interaction.user.id

        async def run() -> Done:
            notice = await self.service.rewind(info.id, user, count, manager=True, reason=reason)
            return Done(f"✅ Game #{info.id}: {count} answer(s) undone.", f"⏪ {text.clip(notice, 1900)}",
                        info.channel_id)

        await ask(interaction, f"Undo the last {count} answer(s) of game #{info.id}", run)

    @manage.command(name="replace", description="Give a seat to another member")
    @app_commands.describe(seat=SEAT, member="the member who plays the seat from now on", game=GAME)
    @app_commands.autocomplete(seat=seated_choices)
    @app_commands.autocomplete(game=game_choices)
    async def replace(self, interaction: discord.Interaction, seat: str, member: discord.Member,
                      game: int | None = None) -> None:
        info = await game_for(interaction, game, PLAYING)
        house = await seat_in(interaction, info, seat)
        if member.bot:
            raise Refusal("A bot cannot take a seat.")
        await self.service.replace(info.id, interaction.user.id, house, member.id, member.display_name,
                                   manager=is_manager(interaction, info))
        name = (await front_for(interaction, info)).seat_name(house)
        words = f"🔁 {member.mention} now plays {name} in game #{info.id}; the open prompts go to them."
        if info.settings.get("faceless"):
            await interaction.response.send_message(words, ephemeral=True)
            return
        await announce(interaction, info, words, discord.AllowedMentions(users=[member]))

    @manage.command(name="force", description="Give a seat's open decisions their default answers now")
    @app_commands.describe(seat=SEAT, game=GAME)
    @app_commands.autocomplete(seat=seated_choices)
    @app_commands.autocomplete(game=game_choices)
    async def force(self, interaction: discord.Interaction, seat: str, game: int | None = None) -> None:
        info = await game_for(interaction, game, PLAYING)
        house = await seat_in(interaction, info, seat)
        await interaction.response.defer(ephemeral=True, thinking=True)
        notice = await self.service.force(info.id, interaction.user.id, house, manager=is_manager(interaction, info))
        await interaction.followup.send(text.clip(notice, 1900), ephemeral=True)

    @manage.command(name="deadline", description="Set the open prompts' deadline to now + hours")
    @app_commands.describe(hours="hours from now (1-336)", seat="only this seat's prompts (default: all)",
                           game=GAME)
    @app_commands.autocomplete(seat=seated_choices)
    @app_commands.autocomplete(game=game_choices)
    async def deadline(self, interaction: discord.Interaction, hours: HOURS, seat: str | None = None,
                       game: int | None = None) -> None:
        info = await game_for(interaction, game, PLAYING)
        house = None if seat is None else await seat_in(interaction, info, seat)
        notice = await self.service.set_deadline(info.id, interaction.user.id, hours, house=house,
                                                 manager=is_manager(interaction, info))
        await interaction.response.send_message(text.clip(notice, 1900), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @manage.command(name="kick", description="Take a seat from its player: it is open to others")
    @app_commands.describe(seat=SEAT, game=GAME)
    @app_commands.autocomplete(seat=seated_choices)
    @app_commands.autocomplete(game=game_choices)
    async def kick(self, interaction: discord.Interaction, seat: str, game: int | None = None) -> None:
        info = await game_for(interaction, game, PLAYING)
        house = await seat_in(interaction, info, seat)
        must_manage(interaction, info)
        user, name = interaction.user.id, (await front_for(interaction, info)).seat_name(house)
        held = next((s for s in info.seats if s.house == house), None)
        if held is None or held.state == SeatState.OPEN:  # refused before the confirmation, as the service would
            raise Refusal(f"{name}'s seat is already open." if held else f"{name} has no seat in this game.")

        async def run() -> Done:
            await self.service.kick(info.id, user, house, manager=True)
            return Done(f"✅ {name}'s seat is open.", f"🪑 {name}'s seat in game #{info.id} is open; the autopilot "
                        "plays it until a member takes it.", info.channel_id)

        await ask(interaction, f"Take {name} from its player in game #{info.id}", run)
