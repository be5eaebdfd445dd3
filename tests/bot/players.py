"""Scripted Discord users: they read their DMs and click, select or type like a person; never the service."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord

from engine.core import Rng

HEADER = re.compile(r"\*\*Game #(\d+) · \S* ?([A-Za-z]+): ")


@dataclass
class Player:
    member: Any  # simcord MemberActor
    rng: Rng
    done: set[int] = field(default_factory=set)  # prompt messages already answered
    replies: list[str] = field(default_factory=list)  # every ephemeral answer the bot gave after a click
    texts: int = 0  # prompts answered by DM text (not an interaction)

    @property
    def user(self) -> simcord.UserHandle:
        return self.member.user

    def dms(self) -> list[discord.Message]:
        return self.user.dm_channel.history()

    def open_prompts(self) -> list[discord.Message]:
        return [m for m in self.dms() if m.components and m.id not in self.done and m.author.bot]

    async def act(self, text_orders: bool = False) -> int:
        """Answer every prompt waiting in the DMs once; returns how many were answered."""
        acted = 0
        for message in self.open_prompts():
            self.done.add(message.id)
            items = [c for row in message.components for c in getattr(row, "children", [row])]
            choices = [c for c in items if (c.custom_id or "").startswith("agot:c:")]
            selects = [c for c in items if (c.custom_id or "").startswith("agot:s:")]
            default = next((c for c in items if (c.custom_id or "").startswith("agot:d:")), None)
            if choices:
                pick = choices[self.rng.below(len(choices))]
                result = await self.user.click(message, custom_id=pick.custom_id)
            elif selects:
                select = selects[self.rng.below(len(selects))]
                option = select.options[self.rng.below(len(select.options))]
                result = await self.user.select(message, [option.value], custom_id=select.custom_id)
            elif default is not None and text_orders and "orders" in message.content.split("\n")[0]:
                line = next(x for x in message.content.split("\n") if x.startswith("Default"))
                await self.user.send_dm(line.split(": ", 1)[1].rstrip("."))
                self.texts += 1
                acted += 1
                continue
            elif default is not None:
                result = await self.user.click(message, custom_id=default.custom_id)
            else:
                continue
            self.replies += said(result)
            acted += 1
        return acted


def game_over(channel: simcord.ChannelHandle) -> bool:
    return any((m.content or "").startswith("🏆") for m in channel.history())


def replies(result: Any) -> list[Any]:
    """Every message the bot answered one interaction with (the deferred response, then the follow-ups)."""
    return ([result.response] if result.response is not None else []) + list(result.followups)


def said(result: Any) -> list[str]:
    return [m.content for m in replies(result) if m.content]


def custom_ids(message: Any) -> list[str]:
    """The custom ids of a message's buttons and selects (a sent message or an interaction's reply)."""
    out = []
    for row in message.components or []:
        children = row.get("components", []) if isinstance(row, dict) else getattr(row, "children", [row])
        for c in children:
            cid = c.get("custom_id") if isinstance(c, dict) else getattr(c, "custom_id", None)
            if cid:
                out.append(cid)
    return out


class AckClock:
    """Real time from an interaction's arrival (discord.py builds the Interaction) to the bot's first response (the
    interaction callback request), measured on discord.py's own code paths: the 3-second rule's figure."""

    def __init__(self, monkeypatch: Any) -> None:
        from discord.webhook.async_ import AsyncWebhookAdapter

        self.arrived: dict[int, float] = {}
        self.acks: list[float] = []
        build, respond = discord.Interaction.__init__, AsyncWebhookAdapter.create_interaction_response
        clock = self

        def arrive(interaction: Any, *args: Any, **kw: Any) -> None:
            build(interaction, *args, **kw)
            clock.arrived[interaction.id] = time.perf_counter()

        def first_response(adapter: Any, interaction_id: int, *args: Any, **kw: Any) -> Any:
            start = clock.arrived.pop(int(interaction_id), None)
            if start is not None:
                clock.acks.append(time.perf_counter() - start)
            return respond(adapter, interaction_id, *args, **kw)

        monkeypatch.setattr(discord.Interaction, "__init__", arrive)
        monkeypatch.setattr(AsyncWebhookAdapter, "create_interaction_response", first_response)


def confirm_id(result: Any, yes: bool = True) -> str:
    """The Confirm (or Keep) button of a command's ephemeral confirmation."""
    end = ":y" if yes else ":n"
    return next(c for c in custom_ids(result.response) if c.startswith("agot:ok:") and c.endswith(end))


async def confirmed(member: Any, result: Any, yes: bool = True) -> Any:
    """Click Confirm (or Keep) on the confirmation ``result`` asked ``member``; returns the click's result."""
    return await member.click(result.response, custom_id=confirm_id(result, yes))


async def show_manage_to(env: Any, guild: Any, *members: Any) -> None:
    """What a server admin does under Server Settings → Integrations: show ``/game-manage`` (hidden from members
    without Manage Server by its default permissions) to ``members`` (these and no others), e.g. a creator."""
    command = next(c for c in await env.bot.tree.fetch_commands() if c.name == "game-manage")
    guild.set_command_permissions(command, {member: True for member in members})
