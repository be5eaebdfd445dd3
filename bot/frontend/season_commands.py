"""``/season``: a server's ranked seasons (issue 29). ``open`` and ``end`` are a server manager's (Manage Server or
the bot's owners); ``board`` and ``list`` are everyone's. The ratings and ranks are the service's
(``bot/service/seasons.py``); the rank roles' Discord side is ``seasons.py``.

Dates are days in the member's time zone (``/game timezone``; UTC without one): a season runs from the start of its
first day to the end of its last.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.frontend import text
from bot.frontend.commands import GAMES
from bot.frontend.common import Refusal, TableCog, is_manager
from bot.frontend.seasons import ROLE_WORDS, create_roles, delete_created, parse_roles, sync_roles
from bot.frontend.zones import local_date
from bot.games.fronts import front
from bot.service import ServiceError
from bot.service.seasons import Band
from bot.storage.season_rows import SeasonRow

if TYPE_CHECKING:
    from bot.frontend.client import AgotBot

Choice = app_commands.Choice
RATINGS = [Choice(name="One rating across the season's games", value="across"),
           Choice(name="A rating per game", value="per game")]
SHOWN = 15  # rows of a board shown per game


def season_words(season: SeasonRow) -> str:
    """``Spring`` (A Game of Thrones · 2026-03-01 to 2026-03-31 · best 5 games · top 1 @Champion)."""
    last = season.ends_at - timedelta(seconds=1)
    facts = [front(season.game).title if season.game else "every game" + (", rated per game" if season.per_game
                                                                           else ""),
             f"<t:{int(season.starts_at.timestamp())}:d> to <t:{int(last.timestamp())}:d>",
             f"best {season.counted} games" if season.counted else "every game counts"]
    facts += [f"top {b['top']} <@&{b['role_id']}>" for b in season.roles]
    state = "ended" if season.ended_at else "running"
    return f"**{season.name}** ({' · '.join(facts)}) · {state}"


def board_text(season: SeasonRow, rows: list[dict[str, Any]]) -> str:
    lines = [f"🏅 {season_words(season)}"]
    if not rows:
        lines.append("No game has finished in this season yet.")
    games = sorted({r["game"] or "" for r in rows})
    for game in games:
        if game:
            lines.append(f"__{front(game).title}__")
        for r in [r for r in rows if (r["game"] or "") == game][:SHOWN]:
            lines.append(f"{r['rank']}. {r['name']} · {r['rating']:.0f} · {r['games']} game"
                         f"{'s' if r['games'] != 1 else ''}, {r['wins']} win{'s' if r['wins'] != 1 else ''}")
    return text.clip("\n".join(lines))


async def season_choices(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    if interaction.guild is None:
        return []
    found = await bot_of(interaction).service.seasons(interaction.guild.id)
    return [Choice(name=s.name, value=s.name) for s in reversed(found) if current.lower() in s.name.lower()][:25]


def bot_of(interaction: discord.Interaction) -> AgotBot:
    return interaction.client  # type: ignore[return-value]


def guild_of(interaction: discord.Interaction) -> discord.Guild:
    if interaction.guild is None:
        raise Refusal("Seasons are kept per server: ask in a server channel.")
    return interaction.guild


class SeasonCog(TableCog):
    season = app_commands.Group(name="season", description="Ranked seasons of this server, with rank roles",
                                guild_only=True)

    @season.command(name="open", description="Open a ranked season (Manage Server)")
    @app_commands.describe(name="the season's name", start="its first day, YYYY-MM-DD (your time zone)",
                           end="its last day, YYYY-MM-DD", game="its game (default: every game)",
                           count="a player's best N games count (default: every game)",
                           roles=ROLE_WORDS + "; a role that does not exist is created",
                           rating="with every game: one rating across them or one per game")
    @app_commands.choices(game=GAMES, rating=RATINGS)
    async def open(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 40], start: str,
                   end: str, game: str | None = None, count: app_commands.Range[int, 1, 1000] | None = None,
                   roles: str | None = None, rating: str | None = None) -> None:
        guild = guild_of(interaction)
        if not is_manager(interaction):
            raise Refusal("Only a member with Manage Server may open a season.")
        zone = await self.bot.zones.zone_of(interaction.user.id)
        starts_at = local_date(start, zone)
        ends_at = local_date(end, zone) + timedelta(days=1)  # the end of its last day
        wanted = parse_roles(guild, roles)
        per_game = rating == "per game"
        placeholders = [Band(w.top, w.role.id if w.role else -i, w.name) for i, w in enumerate(wanted, start=1)]
        await self.service.check_season(guild.id, name, starts_at, ends_at, game, count, per_game, placeholders,
                                        manager=True)
        await interaction.response.defer(thinking=True)
        bands = await create_roles(guild, wanted, name)
        try:
            season = await self.service.open_season(guild.id, interaction.channel_id or 0, interaction.user.id, name,
                                                    starts_at, ends_at, game, count, per_game, bands, manager=True)
        except ServiceError:
            await delete_created(guild, bands)
            raise
        changed = await sync_roles(self.bot, guild, _channel(interaction), season.id)
        made = [b.name for b in bands if b.created]
        lines = [f"🏅 Season opened: {season_words(season)}."]
        if made:
            lines.append(f"Roles created: {', '.join(made)}.")
        if changed:
            lines.append("Roles: " + ", ".join(changed) + ".")
        await interaction.followup.send(text.clip("\n".join(lines)), allowed_mentions=discord.AllowedMentions.none())

    @season.command(name="board", description="A season's leaderboard (default: the one running now)")
    @app_commands.describe(season="the season's name (default: the one running now)")
    @app_commands.autocomplete(season=season_choices)
    async def board(self, interaction: discord.Interaction, season: str | None = None) -> None:
        found, rows = await self.service.season_board(guild_of(interaction).id, season)
        await interaction.response.send_message(board_text(found, rows), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @season.command(name="end", description="End the running season now, keeping its final standings (Manage Server)")
    @app_commands.describe(season="the season's name (default: the one running now)")
    @app_commands.autocomplete(season=season_choices)
    async def end(self, interaction: discord.Interaction, season: str | None = None) -> None:
        guild = guild_of(interaction)
        await interaction.response.defer(thinking=True)  # the archive replays the season: past Discord's 3 s
        ended = await self.service.end_season(guild.id, interaction.user.id, is_manager(interaction), season)
        changed = await sync_roles(self.bot, guild, _channel(interaction), ended.id)
        _, rows = await self.service.season_board(guild.id, ended.name)
        words = board_text(ended, rows).replace("🏅", "🏁 Season ended:", 1)
        if changed:
            words = text.clip(words + "\nRoles: " + ", ".join(changed) + ".")
        await interaction.followup.send(words, allowed_mentions=discord.AllowedMentions.none())

    @season.command(name="list", description="This server's seasons")
    async def list(self, interaction: discord.Interaction) -> None:
        found = await self.service.seasons(guild_of(interaction).id)
        words = "\n".join(f"• {season_words(s)}" for s in reversed(found)) or \
            "No season yet: a manager opens one with `/season open`."
        await interaction.response.send_message(text.clip(words), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())


def _channel(interaction: discord.Interaction) -> discord.abc.Messageable | None:
    channel = interaction.channel
    return channel if isinstance(channel, discord.abc.Messageable) else None
