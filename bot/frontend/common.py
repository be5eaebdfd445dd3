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

from bot.frontend import text
from bot.service import GameInfo, GameStatus, ServiceError
from bot.service.kinds import ACTIVE
from bot.service.settings import table_houses
from engine.agot.board import Board, board

if TYPE_CHECKING:
    from bot.frontend.client import AgotBot

log = logging.getLogger(__name__)
LOBBY = (GameStatus.LOBBY,)
OPEN = (GameStatus.LOBBY, *ACTIVE)
PLAYING = ACTIVE
HOURS = app_commands.Range[int, 1, 336]
GAME = "the game's number (default: this channel's game, or in a DM the one you sit in)"
HOUSE = "a house, by name in any case (e.g. Stark)"


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
        raise Refusal(f"There is no game {where}. Create one in a server channel with `/agot create`, or name "
                      "a game with the `game` option.")
    if len(found) > 1:
        raise Refusal(f"Several games are {where} ({', '.join(f'#{g.id}' for g in found)}): "
                      "choose one with the `game` option.")
    return found[0]


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


def house_of(words: str, among: list[str] | None = None) -> str:
    """The house id ``words`` names in any case (``Stark``, ``stark``, ``House Stark``), or a Refusal that lists
    the houses to choose from, capitalised."""
    found = text.house_id(words)
    houses = among if among is not None else list(text.names().houses)
    if found is None or found not in houses:
        names = ", ".join(text.house_name(h) for h in sorted(houses))
        raise Refusal(f"'{text.clip(words, 40)}' is not a house{' of this game' if found else ''}: choose "
                      f"{names}.")
    return found


async def refuse(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """A cog's ``cog_app_command_error``: refusals in words to the user alone; anything else logged."""
    cause = getattr(error, "original", error)
    if isinstance(cause, Refusal | ServiceError):
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


# --- autocomplete ---------------------------------------------------------------------------------------------

async def game_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    service = bot_of(interaction).service
    games = {g.id: g for g in await service.games_of_user(interaction.user.id)}
    if interaction.channel_id:
        games.update({g.id: g for g in await service.games_in_channel(interaction.channel_id)})
    listed = [g for g in games.values() if g.status in OPEN and current.strip("#") in str(g.id)]
    return [app_commands.Choice(name=f"#{g.id} · {g.players} players · {g.status}"
                                f"{' · round ' + str(g.round) if g.round else ''}", value=g.id)
            for g in sorted(listed, key=lambda g: -g.id)[:25]]


async def _game_of_form(interaction: discord.Interaction, statuses: tuple[str, ...]) -> GameInfo | None:
    """The game the half-filled form means (its ``game`` option or the channel's), or None."""
    try:
        return await game_for(interaction, getattr(interaction.namespace, "game", None), statuses)
    except Refusal:
        return None


def _house_list(houses: list[str], current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=text.house_name(h), value=h) for h in sorted(houses)
            if current.strip().lower() in text.house_name(h).lower()][:25]


async def free_house_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Joining: the houses of that game's player count that nobody has asked for yet."""
    game = await _game_of_form(interaction, LOBBY)
    if game is None:
        return _house_list(list(text.names().houses), current)
    wished = {s.house for s in game.seats if s.house}
    return _house_list([h for h in game_houses(game) if h not in wished], current)


async def seated_house_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Repairs, kicks and votes: the houses playing in that game."""
    game = await _game_of_form(interaction, PLAYING)
    if game is None:
        return _house_list(list(text.names().houses), current)
    return _house_list(sorted({s.house for s in game.seats if s.house}), current)


async def game_board(interaction: discord.Interaction) -> Board:
    """The board of the game the half-filled form means (a Mother of Dragons set-up's, else the base game's)."""
    game = await _game_of_form(interaction, OPEN)
    return board(game.settings.get("setup", "") if game else "")


def game_houses(game: GameInfo) -> list[str]:
    """The houses of the game's set-up (Mother of Dragons' 7 or 8 houses, vassals included, or the base game's
    for its player count)."""
    return table_houses(game.players, game.settings)
