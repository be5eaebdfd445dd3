"""Monopoly's own prompt components, where a decision's options make no buttons (a bid) or too many (three of a
kind: any of the 40 spaces). The option questions (buy or auction, the Bus, Jail, Income Tax, a trade reply) keep
the front end's generic buttons.

- a bid (``bid``, sealed; ``open_bid``, open): **Bid…** opens a form for the amount; an open auction adds quick
  raises over the high bid (+$10, +$50, +$100); "Use the default" bids nothing;
- three of a kind: two menus of 20 spaces (0 GO to 19 New York Avenue, 20 Free Parking to 39 Boardwalk), each
  space described by its kind, group, price and how far ahead it is.

Every item is a ``DynamicItem`` (its ``custom_id`` carries the game and the decision): it survives a restart, and a
click on a decision that is gone is answered "This prompt has expired" by the front end's ``answer``. The engine
checks every amount and space (a forged ``custom_id`` can only propose an answer to the clicker's own decision).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import discord

from bot.frontend.components import DefaultButton, answer
from bot.games.front import Refused
from bot.games.monopoly.answers import bid
from engine.monopoly.board import SIZE, board
from engine.monopoly.kinds import money

IDS = r"(?P<game>\d{1,18}):(?P<decision>\d{1,18})"
BID_KINDS = ("bid", "open_bid")
HALF = SIZE // 2  # spaces in each menu of the three-of-a-kind question
RAISES = (10, 50, 100)


def prompt_view(game_id: int, decision: Mapping[str, Any]) -> discord.ui.View | None:
    """The components of a bid or of three of a kind; None where the generic ones serve."""
    kind, did = decision["kind"], decision["id"]
    if kind not in (*BID_KINDS, "triples"):
        return None
    view = discord.ui.View(timeout=None)
    info = decision.get("info") or {}
    if kind == "triples":
        for half in range(SIZE // HALF):
            view.add_item(SpaceSelect(game_id, did, half, info.get("position"), decision.get("default")))
    else:
        view.add_item(BidButton(game_id, did))
        high = high_bid(decision)
        if kind == "open_bid":
            most = info.get("most")
            for step in RAISES:
                if not isinstance(most, int) or high + step <= most:
                    view.add_item(RaiseButton(game_id, did, step, high + step))
    view.add_item(DefaultButton(game_id, did))
    return view


def high_bid(decision: Mapping[str, Any]) -> int:
    high = (decision.get("info") or {}).get("high") or {}
    return int(high.get("amount") or 0)


def space_option(space: int, position: int | None, default: Any) -> discord.SelectOption:
    """ "39 Boardwalk" — "street, dark blue, $400 · 4 ahead"."""
    s = board()[space]
    what = s.kind.replace("_", " ")
    if s.group:
        what += f", {s.group.replace('_', ' ')}"
    if s.price:
        what += f", {money(s.price)}"
    if isinstance(position, int):
        ahead = (space - position) % SIZE
        what += " · you are here" if not ahead else f" · {ahead} ahead"
    if space == default:
        what += " · the default"
    return discord.SelectOption(label=f"{space} {s.name}"[:100], value=str(space), description=what[:100])


class SpaceSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"mono:t:{IDS}:(?P<half>[01])"):
    def __init__(self, game_id: int, decision_id: str, half: int, position: int | None = None,
                 default: Any = None) -> None:
        spaces = range(half * HALF, (half + 1) * HALF)
        ends = f"{board().name(spaces[0])} to {board().name(spaces[-1])}"
        super().__init__(discord.ui.Select(placeholder=f"Spaces {spaces[0]}-{spaces[-1]}: {ends}"[:150],
                                           custom_id=f"mono:t:{game_id}:{decision_id}:{half}",
                                           options=[space_option(s, position, default) for s in spaces]))
        self.game_id, self.decision_id = game_id, decision_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> SpaceSelect:
        return cls(int(match["game"]), match["decision"], int(match["half"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        chosen = int((self.item.values or ["-1"])[0])
        await answer(interaction, self.game_id, self.decision_id, lambda d: chosen)


class BidModal(discord.ui.Modal):
    """The amount of a bid, written; read as the DM's words are (``120``, ``$120``, ``pass``)."""

    def __init__(self, game_id: int, decision_id: str) -> None:
        super().__init__(title="Your bid", custom_id=f"mono:m:{game_id}:{decision_id}")
        self.game_id, self.decision_id = game_id, decision_id
        self.amount: discord.ui.TextInput[BidModal] = discord.ui.TextInput(
            label="Amount in dollars (0: no bid)", placeholder="120", max_length=12, custom_id="amount")
        self.add_item(self.amount)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        try:
            amount = bid(self.amount.value)
        except Refused as exc:
            await interaction.response.send_message(f"❌ {exc}. Nothing was bid.", ephemeral=True)
            return
        await answer(interaction, self.game_id, self.decision_id, lambda d: amount)


class BidButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"mono:b:{IDS}"):
    def __init__(self, game_id: int, decision_id: str) -> None:
        super().__init__(discord.ui.Button(label="Bid…", style=discord.ButtonStyle.primary,
                                           custom_id=f"mono:b:{game_id}:{decision_id}"))
        self.game_id, self.decision_id = game_id, decision_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> BidButton:
        return cls(int(match["game"]), match["decision"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(BidModal(self.game_id, self.decision_id))


class RaiseButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=rf"mono:r:{IDS}:(?P<step>\d{{1,5}})"):
    """An open auction's quick raise: the high bid as it stands at the click, plus ``step``."""

    def __init__(self, game_id: int, decision_id: str, step: int, amount: int | None = None) -> None:
        label = f"Bid {money(amount)}" if amount is not None else f"+{money(step)}"
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"mono:r:{game_id}:{decision_id}:{step}"))
        self.game_id, self.decision_id, self.step = game_id, decision_id, step

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RaiseButton:
        return cls(int(match["game"]), match["decision"], int(match["step"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.game_id, self.decision_id, lambda d: high_bid(d) + self.step)


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (SpaceSelect, BidButton, RaiseButton)
