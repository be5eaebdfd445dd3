"""``/agot``: A Game of Thrones' own verbs (what every game has is ``/game``, ``bot/frontend/commands.py``).

- ``/agot card name:``: any card, area or Mother of Dragons term (``lookup.py``), with suggestions as one types;
- ``/agot hand``: every house's House cards in hand and discarded (public);
- ``/agot calc area: from:``: the combat calculator, from the asker's own view, only to them.

The game is found as for ``/game``: the ``game`` option, else the channel's (in a DM: the one the user sits in).
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.frontend import search, text
from bot.frontend.common import GAME, OPEN, Refusal, bot_of, game_choices, game_for, game_form, refuse
from bot.games.agot import lookup
from bot.games.agot.words import hand_text
from bot.service import GameStatus
from engine.agot.board import board


class AgotCommands(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(name="agot", description="A Game of Thrones' own commands: cards, hands, the calculator")
        self.lookup = lookup.entries()

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await refuse(interaction, error)

    async def card_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        hits = search.matches(self.lookup, current) or search.find(self.lookup, current)[1]
        return [app_commands.Choice(name=n, value=n) for n in hits[:25]]

    async def area_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Areas of the game's board (a Mother of Dragons set-up's, else the base game's) that what is typed (after
        the last comma of a list) may name, in any case and without accents (``search.matches``)."""
        game = await game_form(interaction)
        head, _, last = current.rpartition(",")
        areas = board(game.settings.get("setup", "") if game else "").areas.values()
        hits = search.matches({a.name: a.name for a in areas if a.kind != "port"}, last)[:25]
        prefix = f"{head}, " if head else ""
        return [app_commands.Choice(name=(prefix + n)[:100], value=(prefix + n)[:100]) for n in hits]

    @app_commands.command(name="card", description="Look up a card (House, Westeros, wildling, loan), an area or a "
                                                   "term")
    @app_commands.describe(name="the card's or area's name, or its first letters (suggestions as you type)")
    @app_commands.autocomplete(name=card_choices)
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        found, close = search.find(self.lookup, name)
        if found is None:
            hint = f" Did you mean {', '.join(close)}?" if close else ""
            raise Refusal(f"No card or area is called '{text.clip(name, 40)}'.{hint}")
        await interaction.response.send_message(found, ephemeral=True)

    @app_commands.command(name="hand", description="Every house's House cards in hand and discarded (public)")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        if info.status == GameStatus.LOBBY:
            raise Refusal(f"Game #{info.id} has not started yet.")
        view = await bot_of(interaction).service.view(info.id, None)
        await interaction.response.send_message(hand_text(view), ephemeral=True)

    @app_commands.command(name="calc", description="Combat calculator: an attack's strength from your own view, "
                                                   "only to you")
    @app_commands.describe(area="the area attacked",
                           march_from="the marching area(s), comma-separated (default: yours next to it)", game=GAME)
    @app_commands.rename(march_from="from")
    @app_commands.autocomplete(area=area_choices, march_from=area_choices)
    @app_commands.autocomplete(game=game_choices)
    async def calc(self, interaction: discord.Interaction, area: str, march_from: str | None = None,
                   game: int | None = None) -> None:
        info = await game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        if info.status == GameStatus.LOBBY:
            raise Refusal(f"Game #{info.id} has not started yet.")
        sources = [a for a in (march_from or "").split(",") if a.strip()] or None
        words = await bot_of(interaction).service.calc(info.id, interaction.user.id, area, sources)
        await interaction.response.send_message(text.clip(words), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())
