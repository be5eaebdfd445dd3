"""Confirm/Keep: the ephemeral button pair that guards the commands one cannot take back (cancel, rewind, kick,
and the votes to cancel, end or kick).

The command checks what it can at once (the game, the manager, the house) and answers only its user with the
question and two buttons ``agot:ok:TOKEN:y|n``. The action itself waits in memory under the token with its user
and an expiry (``TTL`` on the bot's clock). A click finds it there or says, changing nothing: expired (the time
is up, the bot restarted, or it was already answered), or not yours (a click by anyone else). Confirm runs the
action, which the service checks again as if the command had just been typed.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import discord

from bot.frontend.common import Refusal, bot_of
from bot.service import ServiceError

log = logging.getLogger(__name__)
TTL = timedelta(seconds=120)


@dataclass(frozen=True)
class Done:
    """What a confirmed action says: to its user alone, and (optionally) in the game's channel or thread."""
    private: str
    public: str | None = None
    channel_id: int | None = None  # where ``public`` goes (default: where the button was clicked)


Action = Callable[[], Awaitable[Done]]


@dataclass(frozen=True)
class Pending:
    user_id: int
    what: str
    expires: datetime
    run: Action


class Confirmations:
    """The questions waiting for their Confirm, by token (in memory: a restart forgets them, so they expire)."""

    def __init__(self) -> None:
        self.waiting: dict[str, Pending] = {}

    def add(self, user_id: int, what: str, run: Action, now: datetime) -> str:
        self.waiting = {k: p for k, p in self.waiting.items() if p.expires > now}
        token = secrets.token_hex(8)
        self.waiting[token] = Pending(user_id, what, now + TTL, run)
        return token


async def ask(interaction: discord.Interaction, what: str, run: Action, final: bool = True) -> None:
    """Answer the command with the question ``what`` (e.g. "Cancel game #3") and its Confirm/Keep pair (``final``:
    say that it cannot be taken back)."""
    bot = bot_of(interaction)
    token = bot.confirmations.add(interaction.user.id, what, run, bot.clock())
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(token, True))
    view.add_item(ConfirmButton(token, False))
    seconds = int(TTL.total_seconds())
    warning = " This cannot be taken back." if final else ""
    await interaction.response.send_message(f"⚠️ **{what}?**{warning} Confirm within {seconds} s, or Keep.",
                                            view=view, ephemeral=True)


class ConfirmButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"agot:ok:(?P<token>[0-9a-f]{16}):(?P<yes>[yn])"):
    def __init__(self, token: str, yes: bool) -> None:
        super().__init__(discord.ui.Button(
            label="Confirm" if yes else "Keep",
            style=discord.ButtonStyle.danger if yes else discord.ButtonStyle.secondary,
            custom_id=f"agot:ok:{token}:{'y' if yes else 'n'}"))
        self.token, self.yes = token, yes

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ConfirmButton:
        return cls(match["token"], match["yes"] == "y")

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        waiting = bot.confirmations.waiting
        pending = waiting.get(self.token)
        if pending is not None and pending.user_id != interaction.user.id:
            await interaction.response.send_message("❌ This confirmation is not yours: nothing changed.",
                                                    ephemeral=True)
            return
        waiting.pop(self.token, None)
        if pending is None or pending.expires <= bot.clock():
            await interaction.response.edit_message(
                content="⌛ This confirmation has expired: nothing changed. Run the command again.", view=None)
            return
        if not self.yes:
            await interaction.response.edit_message(content=f"👍 Kept: nothing changed ({pending.what}: no).",
                                                    view=None)
            return
        await interaction.response.edit_message(content=f"⏳ {pending.what}…", view=None)
        try:
            done = await pending.run()
        except (Refusal, ServiceError) as exc:
            await interaction.edit_original_response(content=f"❌ {exc}")
            return
        except Exception:
            log.exception("the confirmed action %r failed", pending.what)
            await interaction.edit_original_response(content="❌ Something went wrong on my side; it was logged.")
            return
        await interaction.edit_original_response(content=done.private)
        if not done.public:
            return
        none = discord.AllowedMentions.none()
        if done.channel_id is None or done.channel_id == interaction.channel_id:
            await interaction.followup.send(done.public, allowed_mentions=none)
            return
        channel = bot.get_channel(done.channel_id) or await bot.fetch_channel(done.channel_id)
        if isinstance(channel, discord.abc.Messageable):
            await channel.send(done.public, allowed_mentions=none)


CONFIRM_ITEMS = (ConfirmButton,)
