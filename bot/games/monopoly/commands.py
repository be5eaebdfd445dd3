"""``/monopoly``: Monopoly's own verbs (what every game has is ``/game``).

- ``build``, ``sell``, ``mortgage``, ``lift`` ``space:`` (suggestions: the asker's own deeds the action fits),
  ``trade to: give: take:`` ("$200, Boardwalk, jail card") and ``withdraw offer:``: each is the asker's standing
  ``manage`` answer (``manage:<token>``), submitted through the table service like any answer: the engine checks
  the window and the rules, and the service's reply is said to the asker alone; bad words are refused in one
  line and nothing changes. A trade offer is then answered by its receiver in their prompt (accept, decline,
  counter);
- ``deed space:``: a deed's price, rents, mortgage and house cost, and who holds it now;
- ``panel [player:]``: a player's holdings as an image, only to the asker.

The game is found as for ``/game``: the ``game`` option, else the channel's (in a DM: the one the user sits in).
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.frontend.common import GAME, OPEN, PLAYING, Refusal, bot_of, game_choices, game_for, game_form, refuse
from bot.frontend.components import reply_text
from bot.games.front import Refused
from bot.games.monopoly import answers, lookup
from bot.games.monopoly.panel import panel
from bot.games.monopoly.words import seat_id, seat_name
from bot.service import GameInfo, GameStatus
from engine.monopoly.board import board

SPACE = "a deed by its name (Boardwalk, B&O, St. Charles) or its number (suggestions as you type)"
GOODS = "what changes hands, separated by commas: $200, Boardwalk, jail card (or nothing)"


def said(exc: Exception) -> str:
    text = str(exc)
    return f"{text[:1].upper()}{text[1:]}" + ("" if text.endswith((".", "?", "!")) else ".")


def standing_answer(action: str, words: str) -> dict[str, Any]:
    """``build``, ``sell_building``, ``mortgage`` or ``lift`` of the deed ``words`` name: the manage answer."""
    try:
        return {action: answers.space_named(words, deeds_only=True)}
    except Refused as exc:
        raise Refusal(said(exc)) from None


def offer_answer(to: str, give: str, take: str, seats: list[str], own: str) -> dict[str, Any]:
    """The manage answer of an offer to the player ``to`` names, among ``seats`` (not ``own``)."""
    target = seat_id(to)
    if target is None or target not in seats or target == own:
        names = ", ".join(seat_name(s) for s in seats if s != own)
        raise Refusal(f"'{to.strip()[:30]}' is no other player of this game: choose {names}.")
    try:
        return {"offer": answers.trade_offer(target, give, take)}
    except Refused as exc:
        raise Refusal(said(exc)) from None


def seats_of(info: GameInfo) -> list[str]:
    return [s.house for s in info.seats if s.house]


class MonopolyCommands(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(name="monopoly", description="Monopoly's own commands: build, sell, mortgage, trade, "
                                                      "deeds, panels")

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await refuse(interaction, error)

    # --- suggestions ------------------------------------------------------------------------------------------

    async def deeds_for(self, interaction: discord.Interaction, current: str,
                        action: str | None) -> list[app_commands.Choice[str]]:
        """The deeds matching ``current``: for a player of the form's game, their own that ``action`` fits (none:
        nothing to suggest); else every deed."""
        spaces = list(board().deeds)
        info = await game_form(interaction, PLAYING) if action else None
        seat = info.seat_of(interaction.user.id) if info is not None and info.game == "monopoly" else None
        if info is not None and seat is not None and seat.house:
            view = await bot_of(interaction).service.view(info.id, None)
            spaces = lookup.own_deeds(view, seat.house, action or "")
        typed = answers.key(current)
        names = [board().name(s) for s in spaces]
        return [app_commands.Choice(name=n, value=n) for n in names if typed in answers.key(n)][:25]

    async def build_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self.deeds_for(interaction, current, "build")

    async def sell_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self.deeds_for(interaction, current, "sell_building")

    async def mortgage_choices(self, interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[str]]:
        return await self.deeds_for(interaction, current, "mortgage")

    async def lift_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self.deeds_for(interaction, current, "lift")

    async def any_deed(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self.deeds_for(interaction, current, None)

    # --- the standing actions -----------------------------------------------------------------------------------

    @app_commands.command(name="build", description="Build a house (or the hotel) on one of your streets")
    @app_commands.describe(space=SPACE, game=GAME)
    @app_commands.autocomplete(space=build_choices)
    @app_commands.autocomplete(game=game_choices)
    async def build(self, interaction: discord.Interaction, space: str, game: int | None = None) -> None:
        await self.manage(interaction, game, lambda seats, own: standing_answer("build", space))

    @app_commands.command(name="sell", description="Sell a house (or a hotel's step) back to the bank at half")
    @app_commands.describe(space=SPACE, game=GAME)
    @app_commands.autocomplete(space=sell_choices)
    @app_commands.autocomplete(game=game_choices)
    async def sell(self, interaction: discord.Interaction, space: str, game: int | None = None) -> None:
        await self.manage(interaction, game, lambda seats, own: standing_answer("sell_building", space))

    @app_commands.command(name="mortgage", description="Mortgage one of your deeds for its mortgage value")
    @app_commands.describe(space=SPACE, game=GAME)
    @app_commands.autocomplete(space=mortgage_choices)
    @app_commands.autocomplete(game=game_choices)
    async def mortgage(self, interaction: discord.Interaction, space: str, game: int | None = None) -> None:
        await self.manage(interaction, game, lambda seats, own: standing_answer("mortgage", space))

    @app_commands.command(name="lift", description="Lift the mortgage of one of your deeds (the mortgage + 10%)")
    @app_commands.describe(space=SPACE, game=GAME)
    @app_commands.autocomplete(space=lift_choices)
    @app_commands.autocomplete(game=game_choices)
    async def lift(self, interaction: discord.Interaction, space: str, game: int | None = None) -> None:
        await self.manage(interaction, game, lambda seats, own: standing_answer("lift", space))

    @app_commands.command(name="trade", description="Offer a trade to another player (they accept, decline or "
                                                    "counter in their prompt)")
    @app_commands.describe(to="the player, by token (Dog, Top Hat, ship ...)", give=f"what you give: {GOODS}",
                           take=f"what you take: {GOODS}", game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def trade(self, interaction: discord.Interaction, to: str, give: str = "", take: str = "",
                    game: int | None = None) -> None:
        await self.manage(interaction, game, lambda seats, own: offer_answer(to, give, take, seats, own))

    @app_commands.command(name="withdraw", description="Withdraw one of your trade offers")
    @app_commands.describe(offer="the offer's number (#3: 3)", game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def withdraw(self, interaction: discord.Interaction, offer: app_commands.Range[int, 1, 99999],
                       game: int | None = None) -> None:
        await self.manage(interaction, game, lambda seats, own: {"withdraw": str(offer)})

    async def manage(self, interaction: discord.Interaction, game: int | None, read: Any) -> None:
        """Submit the asker's standing answer ``read(seats, own seat)`` and say the service's reply to them."""
        info = await monopoly_game(interaction, game, PLAYING)
        seat = info.seat_of(interaction.user.id)
        if seat is None or not seat.house:
            raise Refusal(f"You have no seat in game #{info.id}.")
        value = read(seats_of(info), seat.house)
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await bot_of(interaction).service.answer(info.id, interaction.user.id, f"manage:{seat.house}",
                                                         value)
        await interaction.followup.send(reply_text(reply.status, reply.message), ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none())

    # --- look-ups ---------------------------------------------------------------------------------------------

    @app_commands.command(name="deed", description="A deed's price, rents, mortgage and house cost, and its owner")
    @app_commands.describe(space=SPACE, game=GAME)
    @app_commands.autocomplete(space=any_deed)
    @app_commands.autocomplete(game=game_choices)
    async def deed(self, interaction: discord.Interaction, space: str, game: int | None = None) -> None:
        info = await game_form(interaction, OPEN + (GameStatus.FINISHED,)) if game is None else \
            await monopoly_game(interaction, game, OPEN + (GameStatus.FINISHED,))
        view: Mapping[str, Any] | None = None
        if info is not None and info.game == "monopoly" and info.status != GameStatus.LOBBY:
            view = await bot_of(interaction).service.view(info.id, None)
        try:
            content = lookup.deed_text(space, view)
        except Refused as exc:
            raise Refusal(said(exc)) from None
        await interaction.response.send_message(content, ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="panel", description="A player's cash, deeds and buildings as an image, only to you")
    @app_commands.describe(player="the player, by token (default: you)", game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def panel(self, interaction: discord.Interaction, player: str | None = None,
                    game: int | None = None) -> None:
        info = await monopoly_game(interaction, game, PLAYING + (GameStatus.FINISHED,))
        seats = seats_of(info)
        own = info.seat_of(interaction.user.id)
        token = seat_id(player) if player else (own.house if own else None)
        if token is None or token not in seats:
            names = ", ".join(seat_name(s) for s in seats)
            raise Refusal(f"'{(player or 'you')[:30]}' is no player of game #{info.id}: choose {names}.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = await bot_of(interaction).service.view(info.id, None)
        png = await asyncio.to_thread(panel, view, token)
        await interaction.followup.send(f"Game #{info.id} · {seat_name(token)}'s panel", ephemeral=True,
                                        file=discord.File(io.BytesIO(png), filename=f"panel-{info.id}-{token}.png"))


async def monopoly_game(interaction: discord.Interaction, game: int | None, statuses: tuple[str, ...]) -> GameInfo:
    """The Monopoly game the command means, started."""
    info = await game_for(interaction, game, statuses)
    if info.game != "monopoly":
        raise Refusal(f"Game #{info.id} is not a game of Monopoly.")
    if info.status == GameStatus.LOBBY:
        raise Refusal(f"Game #{info.id} has not started yet.")
    return info
