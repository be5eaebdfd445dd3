"""What the command cogs share: which game a command means, who manages it, house names in any case, the
autocompletes, the option descriptions, and how a refusal is shown.

Which game a command means: the ``game`` option when given, else the one game of this channel (in a DM: the one
game the user sits in). Refusals (``Refusal`` here, ``ServiceError`` from the service) are shown to the user
alone; nothing is changed by a refused command.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.frontend import text
from bot.games.front import Front, Refused
from bot.games.fronts import front as front_named
from bot.service import GameInfo, GameStatus, ServiceError
from bot.service.kinds import ACTIVE
from bot.service.settings import table_houses

if TYPE_CHECKING:
    from bot.frontend.client import AgotBot

log = logging.getLogger(__name__)
LOBBY = (GameStatus.LOBBY,)
OPEN = (GameStatus.LOBBY, *ACTIVE)
PLAYING = ACTIVE
HOURS = app_commands.Range[int, 1, 336]
GAME = "the game's number (default: this channel's game, or in a DM the one you sit in)"
SEAT = "a seat, by its name in any case (A Game of Thrones: a house, e.g. Stark)"


class Refusal(Exception):
    """A command that cannot go on; the message is shown to the user alone."""


def bot_of(interaction: discord.Interaction) -> AgotBot:
    return interaction.client  # type: ignore[return-value]


async def game_for(interaction: discord.Interaction, game: int | None, statuses: tuple[str, ...] = OPEN,
                   ) -> GameInfo:
    service = bot_of(interaction).service
    if game is not None:
        try:
            return await service.game(game)
        except ServiceError as exc:
            raise Refusal(str(exc)) from None
    if interaction.guild is None:
        found = [g for g in await service.games_of_user(interaction.user.id) if g.status in statuses]
        where = "you sit in"
    else:  # the channel's own game, or the games of its threads (one thread per game)
        found = []
        for channel_id in channels_here(interaction):
            found += [g for g in await service.games_in_channel(channel_id) if g.status in statuses]
        where = "in this channel"
    if not found:
        raise Refusal(f"There is no game {where}. Create one in a server channel with `/game create`, or name "
                      "a game with the `game` option.")
    if len(found) > 1:
        raise Refusal(f"Several games are {where} ({', '.join(f'#{g.id}' for g in found)}): "
                      "choose one with the `game` option.")
    return found[0]


async def game_form(interaction: discord.Interaction, statuses: tuple[str, ...] = OPEN) -> GameInfo | None:
    """The game the half-filled form means (its ``game`` option or the channel's), or None."""
    try:
        return await game_for(interaction, getattr(interaction.namespace, "game", None), statuses)
    except Refusal:
        return None


def channels_here(interaction: discord.Interaction) -> list[int]:
    """The interaction's channel and the threads under it that the bot knows (a game plays in its own thread)."""
    threads = getattr(interaction.channel, "threads", None) or []
    return [interaction.channel_id or 0, *(t.id for t in threads)]


async def announce(interaction: discord.Interaction, game: GameInfo, content: str,
                   mentions: discord.AllowedMentions | None = None) -> None:
    """A public line about ``game``, in the game's own channel or thread. Asked from elsewhere (the parent
    channel, a DM), it goes to the game's thread and the user alone is told where it went."""
    mentions = mentions or discord.AllowedMentions.none()
    if interaction.channel_id == game.channel_id:
        if interaction.response.is_done():
            await interaction.followup.send(content, allowed_mentions=mentions)
        else:
            await interaction.response.send_message(content, allowed_mentions=mentions)
        return
    bot = bot_of(interaction)
    channel = bot.get_channel(game.channel_id) or await bot.fetch_channel(game.channel_id)
    if isinstance(channel, discord.abc.Messageable):
        await channel.send(content, allowed_mentions=mentions)
    told = text.clip(f"{content}\n(posted in <#{game.channel_id}>)")
    if interaction.response.is_done():
        await interaction.followup.send(told, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
    else:
        await interaction.response.send_message(told, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


def is_manager(interaction: discord.Interaction, game: GameInfo | None = None) -> bool:
    """The game's creator, a member with Manage Server, or one of the bot's owners (``OWNER_IDS``)."""
    user = interaction.user
    if user.id in bot_of(interaction).config.owner_ids or (game is not None and user.id == game.creator_id):
        return True
    perms = getattr(user, "guild_permissions", None)
    return bool(perms and perms.manage_guild)


def must_manage(interaction: discord.Interaction, game: GameInfo) -> None:
    """Refused before any confirmation is asked: only a manager sees the Confirm button."""
    if not is_manager(interaction, game):
        raise Refusal(f"Only game #{game.id}'s creator, a member with Manage Server or the bot's owners may do "
                      "that.")


async def front_for(interaction: discord.Interaction, game: GameInfo) -> Front:
    """The front of the game ``game`` plays."""
    return await bot_of(interaction).front_of(game.id)


def seat_of(front: Front, words: str, among: list[str]) -> str:
    """The seat ``words`` names in any case (AGoT: ``Stark``, ``stark``, ``House Stark``) among a game's seats, or a
    Refusal that lists the seats to choose from."""
    found = front.seat_id(words)
    if found is None or found not in among:
        names = ", ".join(front.seat_name(h) for h in sorted(among))
        raise Refusal(f"'{text.clip(words, 40)}' is not a seat{' of this game' if found else ''}: choose "
                      f"{names}.")
    return found


async def seat_in(interaction: discord.Interaction, game: GameInfo, words: str) -> str:
    """The seat of the set-up of ``game`` that ``words`` name (``seat_of``)."""
    front = await front_for(interaction, game)
    return seat_of(front, words, game_seats(game))


async def refuse(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """A cog's ``cog_app_command_error``: refusals in words to the user alone; anything else logged."""
    cause = getattr(error, "original", error)
    if isinstance(cause, Refusal | ServiceError | Refused):
        message = f"❌ {cause}"
    elif isinstance(error, app_commands.CheckFailure | app_commands.TransformerError):
        message = f"❌ {error}"
    else:
        log.error("command %s failed", interaction.command and interaction.command.qualified_name,
                  exc_info=cause)
        message = "❌ Something went wrong on my side; it was logged. Try again in a moment."
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)


class TableCog(commands.Cog):
    """A group of the bot's slash commands: it holds the bot and its table service, and answers a command that
    fails with a one-line refusal (``refuse``)."""

    def __init__(self, bot: AgotBot) -> None:
        self.bot = bot
        self.service = bot.service

    async def cog_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        await refuse(interaction, error)


# --- autocomplete ---------------------------------------------------------------------------------------------

async def game_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The user's and the channel's open games, each with its stage in its game's word ("night 2")."""
    service = bot_of(interaction).service
    games = {g.id: g for g in await service.games_of_user(interaction.user.id)}
    if interaction.channel_id:
        games.update({g.id: g for g in await service.games_in_channel(interaction.channel_id)})
    listed = [g for g in games.values() if g.status in OPEN and current.strip("#") in str(g.id)]
    return [app_commands.Choice(name=f"#{g.id} · {g.players} players · {g.status}"
                                f"{f' · {front_named(g.game).stage} {g.round}' if g.round else ''}", value=g.id)
            for g in sorted(listed, key=lambda g: -g.id)[:25]]


async def _seat_list(interaction: discord.Interaction, game: GameInfo, seats: list[str],
                     current: str) -> list[app_commands.Choice[str]]:
    front = await front_for(interaction, game)
    return [app_commands.Choice(name=front.seat_name(h), value=h) for h in sorted(seats)
            if current.strip().lower() in front.seat_name(h).lower()][:25]


async def free_seat_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Joining: the seats of that game's set-up that nobody has asked for yet."""
    game = await game_form(interaction, LOBBY)
    if game is None:
        return []
    wished = {s.house for s in game.seats if s.house}
    seats = game_seats(game)
    return await _seat_list(interaction, game, [h for h in seats if h not in wished], current)


async def seated_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Repairs, kicks, votes and whispers: the seats playing in that game."""
    game = await game_form(interaction, PLAYING)
    if game is None:
        return []
    return await _seat_list(interaction, game, sorted({s.house for s in game.seats if s.house}), current)


def game_seats(game: GameInfo) -> list[str]:
    """The seats of the game's set-up (AGoT: Mother of Dragons' 7 or 8 houses, vassals included, or the base
    game's for its player count)."""
    return table_houses(game.players, game.settings, game.game)
