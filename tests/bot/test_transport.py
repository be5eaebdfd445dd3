"""The Discord transport routes every outbox row by its kind (a ``match`` over ``OutboxKind`` that mypy checks for
exhaustiveness); a kind it does not know is a permanent error for the row, never a silent skip."""

from __future__ import annotations

from typing import Any, cast

import discord
import pytest

from bot.frontend.transport import DiscordTransport
from bot.service import OutboxMessage, PermanentError


class Sent:
    id = 7


class Channel(discord.abc.Messageable):
    def __init__(self) -> None:
        self.posts: list[str] = []

    async def send(self, content: str, **_: Any) -> Sent:  # type: ignore[override]
        self.posts.append(content)
        return Sent()


class Bot:
    def __init__(self) -> None:
        self.channel = Channel()

    def get_channel(self, channel_id: int) -> Any:
        return self.channel


def message(kind: str, payload: dict[str, Any]) -> OutboxMessage:
    return OutboxMessage(1, 9, "public", None, kind, payload, "k" * 24, channel_id=5)


@pytest.mark.asyncio
async def test_an_unknown_outbox_kind_is_a_permanent_error_and_nothing_is_posted() -> None:
    bot = Bot()
    transport = DiscordTransport(cast(Any, bot))
    with pytest.raises(PermanentError, match="unknown outbox kind 'carrier_pigeon'"):
        await transport.send(message("carrier_pigeon", {"text": "hello"}))
    assert bot.channel.posts == []


@pytest.mark.asyncio
async def test_a_notice_and_a_public_reminder_are_posted_as_their_text() -> None:
    bot = Bot()
    transport = DiscordTransport(cast(Any, bot))
    assert await transport.send(message("notice", {"text": "The game is paused."})) == "7"
    assert await transport.send(message("reminder", {"text": "Still waiting for Stark.", "waiting": []})) == "7"
    assert bot.channel.posts == ["The game is paused.", "Still waiting for Stark."]
