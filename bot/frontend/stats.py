"""``/game stats`` (issue 29, part 1): a player's figures, or who a game's table waits for, in words.

``/game stats [member:] [scope: server|everywhere] [public:] [table:] [game:]``: the asker's own figures (or a
member's) in this server, or in every server (the asker's own only: the service refuses another member's in one
line); ``table:True`` gives the table-wide view of the channel's game (each seat's time to answer and deadlines
missed, the seat the table waits for most first). Only to the asker unless ``public:True``. Seats are named by each
game's front (a house, a side, a token); members as mentions that ping nobody.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.frontend.common import OPEN, Refusal, bot_of, game_for
from bot.frontend.text import chunks, clip
from bot.games.fronts import front
from bot.service import GameStatus
from bot.service.stats import GameFigures, PlayerStats, TableStats, Waits

if TYPE_CHECKING:
    from discord.abc import User

SCOPES = [app_commands.Choice(name="This server", value="server"),
          app_commands.Choice(name="Every server (your own figures only)", value="everywhere")]
LIMIT = 1900


def duration(seconds: float) -> str:
    """A time to answer in the unit that reads best: "45 s", "12 min", "3.5 h", "2.1 days"."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    if seconds < 48 * 3600:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"


def waits_words(waits: Waits) -> str:
    if waits.median is None or waits.p90 is None:
        return "no answer timed yet"
    return (f"median {duration(waits.median)}, 90% within {duration(waits.p90)} "
            f"({waits.answers} answer{'s' * (waits.answers != 1)})")


def place_words(place: int) -> str:
    return f"{place}{'th' if 10 <= place % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(place % 10, 'th')}"


def game_line(figures: GameFigures) -> str:
    own = front(figures.game)
    seats = "; ".join(f"{own.seat_name(house)}: " + ", ".join(f"{place_words(p)} ×{n}" for p, n in sorted(by.items()))
                      for house, by in sorted(figures.places.items()))
    head = (f"**{own.title}**: {figures.played} played, {figures.finished} finished, "
            f"{figures.wins} win{'s' * (figures.wins != 1)}")
    return f"{head} · {seats}" if seats else head


def player_text(name: str, stats: PlayerStats) -> str:
    where = "every server" if stats.guild_id is None else "this server"
    lines = [f"📊 **{clip(name, 40)}** in {where}"]
    lines += [game_line(g) for g in stats.games] or ["No game played yet."]
    lines.append(f"Time to answer: {waits_words(stats.waits)}")
    lines.append(f"Deadlines missed: {stats.missed} · absences: {stats.absences} · games left: {stats.left} · "
                 f"kicked from: {stats.kicked}")
    return chunks(lines, LIMIT)[0]


def table_text(stats: TableStats) -> str:
    own = front(stats.game)
    lines = [f"⏳ **Game #{stats.game_id}: who the table waits for** (the longest wait first)"]
    for n, seat in enumerate(stats.seats, start=1):
        who = own.seat_name(seat.house)
        if seat.open:
            who += " (open seat)"
        elif seat.user_id is not None:
            who = f"<@{seat.user_id}> ({who})"
        lines.append(f"{n}. {who}: waited {duration(seat.waited)} in all · {waits_words(seat.waits)} · "
                     f"{seat.missed} deadline{'s' * (seat.missed != 1)} missed")
    slowest = stats.slowest
    if slowest is None:
        lines.append("Nobody has kept the table waiting yet.")
    return chunks(lines, LIMIT)[0]


async def stats_reply(interaction: discord.Interaction, member: User | None, scope: str | None, public: bool,
                      table: bool, game: int | None) -> None:
    """The command's body (``commands.py`` declares it): the figures asked for, only to the asker unless public."""
    service = bot_of(interaction).service
    if table:
        info = await game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        here = interaction.guild.id if interaction.guild else None
        if info.guild_id != here and info.seat_of(interaction.user.id) is None:  # another server's table
            raise Refusal(f"Game #{info.id} is not a game of this server: its table's figures are its own.")
        words = table_text(await service.table_stats(info.id))
    else:
        who = member or interaction.user
        everywhere = (scope or ("server" if interaction.guild else "everywhere")) == "everywhere"
        guild_id = interaction.guild.id if interaction.guild else None
        stats = await service.stats(who.id, interaction.user.id, guild_id, everywhere)
        words = player_text(who.display_name, stats)
    await interaction.response.send_message(words, ephemeral=not public,
                                            allowed_mentions=discord.AllowedMentions.none())
