"""Prompts as Discord components that survive restarts.

Every button and select is a ``DynamicItem`` whose ``custom_id`` carries the game id, the decision id and the
choice (``agot:c:GAME:DECISION:INDEX``), registered in ``setup_hook``: a click after a restart finds its decision
through the service, and a click on a decision that is gone is told "this prompt has expired" with the prompts
that are open now. The click never carries the answer itself, only its index among the decision's options as the
service lists them now, so a forged ``custom_id`` can at most pick another legal option of the clicker's own
decision (the service checks the seat).
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from bot.frontend import text
from bot.games.front import Front
from bot.service.kinds import SeatState

if TYPE_CHECKING:
    from bot.frontend.client import AgotBot

log = logging.getLogger(__name__)

SELECT_MAX = 25


def prompt_view(front: Front, game_id: int, decision: dict[str, Any]) -> discord.ui.View | None:
    """The components of one decision's prompt (None when it has none): the game's own where it has them."""
    own = front.prompt_view(game_id, decision)
    if own is not None:
        return own
    view = discord.ui.View(timeout=None)
    did = decision["id"]
    options = decision.get("options")
    if options is None:
        view.add_item(DefaultButton(game_id, did))
        return view
    listed = text.choices(decision)
    if len(listed) <= text.BUTTONS_MAX:
        for i, choice in enumerate(listed):
            view.add_item(ChoiceButton(game_id, did, i, label=choice["label"], row=i // 5))
        return view
    for page in range(min(5, (len(listed) + SELECT_MAX - 1) // SELECT_MAX)):
        view.add_item(ChoiceSelect(game_id, did, page, listed[page * SELECT_MAX:(page + 1) * SELECT_MAX]))
    return view


async def answer(interaction: discord.Interaction, game_id: int, decision_id: str, pick: Any) -> None:
    """Answer one decision for the clicking user: ``pick(decision) -> answer``. Acknowledged at once."""
    bot: AgotBot = interaction.client  # type: ignore[assignment]
    await interaction.response.defer(ephemeral=True, thinking=True)
    pending = await bot.pending_for(game_id, interaction.user.id)
    decision = next((d for d in pending if d["id"] == decision_id), None)
    if decision is None:
        seat = await bot.seat_in(game_id, interaction.user.id)
        if seat is None or seat.state == SeatState.OPEN:  # e.g. kicked, or the seat opened after missed deadlines
            await interaction.followup.send(f"❌ You have no seat in game #{game_id}.", ephemeral=True)
            return
        await interaction.followup.send("⌛ This prompt has expired: the game has moved on.", ephemeral=True)
        await bot.send_prompts(interaction, game_id, pending)
        return
    try:
        value = pick(decision)
    except (IndexError, ValueError):
        await interaction.followup.send("⌛ This prompt has changed: here it is as it stands now.", ephemeral=True)
        await bot.send_prompts(interaction, game_id, [decision])
        return
    reply = await bot.service.answer(game_id, interaction.user.id, decision_id, value)
    await interaction.followup.send(reply_text(reply.status, reply.message), ephemeral=True)
    if reply.accepted and not decision.get("secret") and interaction.message is not None:
        chosen = describe_answer(decision, value)
        try:  # the question is settled: keep its words, drop its buttons
            await interaction.message.edit(content=text.clip(f"{interaction.message.content}\n✅ Answered: {chosen}"),
                                           view=None)
        except discord.HTTPException:
            log.info("could not close the prompt message %s", interaction.message.id)


def reply_text(status: str, message: str, about: str = "") -> str:
    """The service's reply to an answer, marked ✅ accepted, ℹ️ already submitted or ❌ refused."""
    icon = {"accepted": "✅", "already": "ℹ️"}.get(status, "❌")
    return f"{icon} {about}{message or {'accepted': 'Accepted.', 'already': 'Already submitted.'}.get(status, '')}"


def describe_answer(decision: dict[str, Any], value: Any) -> str:
    for choice in text.choices(decision):
        if choice["value"] == value:
            return str(choice["label"])
    return "the default" if value == decision.get("default") else "your answer"


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"agot:c:(?P<game>\d{1,18}):(?P<decision>\d{1,18}):(?P<index>\d{1,3})"):
    def __init__(self, game_id: int, decision_id: str, index: int, label: str = "…", row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=text.clip(label, 80), style=discord.ButtonStyle.primary, row=row,
                                           custom_id=f"agot:c:{game_id}:{decision_id}:{index}"))
        self.game_id, self.decision_id, self.index = game_id, decision_id, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ChoiceButton:
        return cls(int(match["game"]), match["decision"], int(match["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.game_id, self.decision_id, lambda d: d["options"][self.index])


class DefaultButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"agot:d:(?P<game>\d{1,18}):(?P<decision>\d{1,18})"):
    def __init__(self, game_id: int, decision_id: str) -> None:
        super().__init__(discord.ui.Button(label="Use the default", style=discord.ButtonStyle.secondary,
                                           custom_id=f"agot:d:{game_id}:{decision_id}"))
        self.game_id, self.decision_id = game_id, decision_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> DefaultButton:
        return cls(int(match["game"]), match["decision"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.game_id, self.decision_id, lambda d: d["default"])


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                   template=r"agot:s:(?P<game>\d{1,18}):(?P<decision>\d{1,18}):(?P<page>\d)"):
    def __init__(self, game_id: int, decision_id: str, page: int, listed: list[dict[str, Any]] | None = None) -> None:
        first = page * SELECT_MAX
        options = [discord.SelectOption(label=text.clip(str(c["label"]), 100), value=str(first + i),
                                        description=text.clip(str(c.get("description") or ""), 100) or None)
                   for i, c in enumerate(listed or [])] or [discord.SelectOption(label="…", value="0")]
        last = first + len(options)
        super().__init__(discord.ui.Select(placeholder=f"Choose (options {first + 1}-{last})", options=options,
                                           custom_id=f"agot:s:{game_id}:{decision_id}:{page}"))
        self.game_id, self.decision_id = game_id, decision_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ChoiceSelect:
        return cls(int(match["game"]), match["decision"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values or ["x"]
        await answer(interaction, self.game_id, self.decision_id, lambda d: d["options"][int(values[0])])


DYNAMIC_ITEMS = (ChoiceButton, DefaultButton, ChoiceSelect)
