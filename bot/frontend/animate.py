"""``/game animate`` (issue 29, part 4): a round, or the whole game once it is over, replayed as an animated image.

``/game animate [round:] [private:] [format:] [game:]``: the public boards of the round step by step (the
service's reel, ``bot/service/animate.py``), drawn by ``bot/games/animation.py`` with the game's own boards; with
``private:True`` the asker's own seat's boards, only to the asker. A GIF by default (Discord animates it in the
chat), or an animated PNG. Refused in one line: a game not started, a round not played yet, a private animation
for a member without a seat.
"""

from __future__ import annotations

import io
from functools import partial

import discord
from discord import app_commands

from bot.frontend.common import OPEN, Refusal, bot_of, front_for, game_for
from bot.games.animation import LIMIT, Animation, draw
from bot.service import GameStatus

FORMATS = [app_commands.Choice(name="GIF (Discord animates it in the chat)", value="gif"),
           app_commands.Choice(name="Animated PNG (more colours; Discord shows it still)", value="png")]


async def animate_reply(interaction: discord.Interaction, round: int | None, private: bool, format: str,
                        game: int | None) -> None:
    info = await game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
    own = await front_for(interaction, info)
    if info.status == GameStatus.LOBBY or info.round is None:
        raise Refusal(f"Game #{info.id} has not started yet: there is nothing to animate.")
    if private and info.seat_of(interaction.user.id) is None:
        raise Refusal(f"You have no seat in game #{info.id}: only the public animation is yours to see.")
    if round is not None and round > info.round:
        raise Refusal(f"{own.stage.capitalize()} {round} has not been played yet: game #{info.id} is in "
                      f"{own.stage} {info.round}.")
    await interaction.response.defer(ephemeral=private, thinking=True)
    limit = min(LIMIT, interaction.filesize_limit or LIMIT)
    drawing = partial(draw, own, ext=format, limit=limit, title=f"Game #{info.id}")
    movie: Animation = await bot_of(interaction).service.animation(info.id, interaction.user.id, round, private,
                                                                   drawing, (format, limit))
    what = "the whole game" if movie.round is None else \
        f"{own.stage} {movie.round}{' so far' if movie.so_far else ''}"
    fitted = f"; to fit Discord's upload limit: {', '.join(movie.notes)}" if movie.notes else ""
    seen = " · 🔒 your own view" if private else ""
    name = "game" if movie.round is None else f"{own.stage}{movie.round}"
    await interaction.followup.send(
        f"🎞️ Game #{info.id}, {what}: {movie.frames} frames of {movie.steps} steps{fitted}{seen}.",
        file=discord.File(io.BytesIO(movie.data), filename=f"{own.name}-{info.id}-{name}.{movie.ext}"),
        ephemeral=private)
