"""AGoT's orders editor: the prompt of the Planning phase's orders, as components that survive restarts.

Orders are one structured answer. The editor keeps the draft in the prompt message itself, as a "Draft:" line in
the text shorthand, so a draft survives a restart and Submit sends exactly what the player sees: pick an area,
pick its order, repeat, Submit. The engine checks the whole set and names every bad part.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord

from bot.frontend import text
from bot.frontend.components import SELECT_MAX, DefaultButton, answer
from bot.games.agot.words import area_name

if TYPE_CHECKING:
    from bot.frontend.client import AgotBot

DRAFT = "**Draft:** "


def draft_of(content: str) -> dict[str, str]:
    """The draft in a prompt's text: {area name: notation}."""
    line = next((x for x in content.split("\n") if x.startswith(DRAFT)), "")
    out: dict[str, str] = {}
    for part in line[len(DRAFT):].split(", "):
        if " " in part.strip():
            area, token = part.strip().rsplit(" ", 1)
            out[area] = token
    return out


def with_draft(content: str, draft: dict[str, str]) -> str:
    lines = [x for x in content.split("\n") if not x.startswith(DRAFT)]
    if draft:
        lines.append(DRAFT + ", ".join(f"{a} {t}" for a, t in draft.items()))
    return text.clip("\n".join(lines))


def orders_view(game_id: int, decision: Mapping[str, Any], area: int | None, draft: dict[str, str]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    areas = decision["info"].get("areas", [])[:SELECT_MAX]
    did = decision["id"]
    view.add_item(OrderAreaSelect(game_id, did, [area_name(a) for a in areas], area, draft))
    if area is not None and area < len(areas):
        tokens = list(dict.fromkeys(t.rstrip("ab") for t in decision["info"].get("tokens", [])))
        view.add_item(OrderTokenSelect(game_id, did, area, tokens, draft.get(area_name(areas[area]))))
    view.add_item(SubmitOrdersButton(game_id, did))
    view.add_item(DefaultButton(game_id, did))
    return view


async def _edit_orders(interaction: discord.Interaction, game_id: int, decision_id: str,
                       change: Any) -> None:
    """Re-draw the orders editor after a pick: ``change(decision, draft) -> selected area index``."""
    bot: AgotBot = interaction.client  # type: ignore[assignment]
    pending = await bot.pending_for(game_id, interaction.user.id)
    decision = next((d for d in pending if d["id"] == decision_id), None)
    message = interaction.message
    if decision is None or message is None:
        await interaction.response.send_message("⌛ This prompt has expired: the game has moved on.", ephemeral=True)
        return
    draft = draft_of(message.content)
    area = change(decision, draft)
    await interaction.response.edit_message(content=with_draft(message.content, draft),
                                            view=orders_view(game_id, decision, area, draft))


class OrderAreaSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                      template=r"agot:oa:(?P<game>\d{1,18}):(?P<decision>\d{1,18})"):
    def __init__(self, game_id: int, decision_id: str, names: list[str] | None = None, chosen: int | None = None,
                 draft: dict[str, str] | None = None) -> None:
        draft = draft or {}
        options = [discord.SelectOption(label=n, value=str(i), default=i == chosen,
                                        description=f"order: {draft[n]}" if n in draft else "no order yet")
                   for i, n in enumerate(names or [])] or [discord.SelectOption(label="…", value="0")]
        super().__init__(discord.ui.Select(placeholder="1. Choose an area", options=options, row=0,
                                           custom_id=f"agot:oa:{game_id}:{decision_id}"))
        self.game_id, self.decision_id = game_id, decision_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> OrderAreaSelect:
        return cls(int(match["game"]), match["decision"])

    async def callback(self, interaction: discord.Interaction) -> None:
        picked = int((self.item.values or ["0"])[0])
        await _edit_orders(interaction, self.game_id, self.decision_id, lambda d, draft: picked)


class OrderTokenSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                       template=r"agot:ot:(?P<game>\d{1,18}):(?P<decision>\d{1,18}):(?P<area>\d{1,2})"):
    def __init__(self, game_id: int, decision_id: str, area: int, tokens: list[str] | None = None,
                 chosen: str | None = None) -> None:
        options = [discord.SelectOption(label=t, value=t, default=t == chosen, description=order_words(t))
                   for t in tokens or []] or [discord.SelectOption(label="…", value="…")]
        super().__init__(discord.ui.Select(placeholder="2. Choose its order", options=options, row=1,
                                           custom_id=f"agot:ot:{game_id}:{decision_id}:{area}"))
        self.game_id, self.decision_id, self.area = game_id, decision_id, area

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> OrderTokenSelect:
        return cls(int(match["game"]), match["decision"], int(match["area"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        token = (self.item.values or ["…"])[0]

        def change(decision: dict[str, Any], draft: dict[str, str]) -> int | None:
            areas = decision["info"].get("areas", [])
            if self.area < len(areas):
                draft[area_name(areas[self.area])] = token
            return self.area + 1 if self.area + 1 < len(areas) else None

        await _edit_orders(interaction, self.game_id, self.decision_id, change)


class SubmitOrdersButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                         template=r"agot:os:(?P<game>\d{1,18}):(?P<decision>\d{1,18})"):
    def __init__(self, game_id: int, decision_id: str) -> None:
        super().__init__(discord.ui.Button(label="Submit these orders", style=discord.ButtonStyle.success, row=2,
                                           custom_id=f"agot:os:{game_id}:{decision_id}"))
        self.game_id, self.decision_id = game_id, decision_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> SubmitOrdersButton:
        return cls(int(match["game"]), match["decision"])

    async def callback(self, interaction: discord.Interaction) -> None:
        draft = draft_of(interaction.message.content if interaction.message else "")
        orders = ", ".join(f"{a} {t}" for a, t in draft.items())
        if not orders:
            await interaction.response.send_message("Choose an area and its order first (or use the default).",
                                                    ephemeral=True)
            return
        await answer(interaction, self.game_id, self.decision_id, lambda d: orders)


def order_words(notation: str) -> str:
    kinds = {"M": "March", "D": "Defense", "S": "Support", "R": "Raid", "CP": "Consolidate Power"}
    base = notation.rstrip("*")
    kind = "CP" if base.startswith("CP") else base[:1]
    bonus = base[len(kind):]
    return f"{kinds.get(kind, kind)} {bonus}".strip() + (" (special)" if notation.endswith("*") else "")


ITEMS = (OrderAreaSelect, OrderTokenSelect, SubmitOrdersButton)
