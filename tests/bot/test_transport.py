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


@pytest.mark.asyncio
async def test_a_post_after_rows_given_up_there_says_how_many_could_not_be_delivered() -> None:
    bot = Bot()
    transport = DiscordTransport(cast(Any, bot))
    noted = OutboxMessage(2, 9, "public", None, "notice", {"text": "The game is paused."}, "k" * 24, channel_id=5,
                          undelivered=2)
    long = OutboxMessage(3, 9, "public", None, "notice", {"text": "x" * 5000}, "k" * 24, channel_id=5, undelivered=1)
    await transport.send(noted)
    await transport.send(long)
    await transport.send(message("notice", {"text": "Plain."}))
    assert bot.channel.posts[0] == "The game is paused.\n⚠️ 2 earlier messages could not be delivered here."
    assert len(bot.channel.posts[1]) <= 2000
    assert bot.channel.posts[1].endswith("\n⚠️ 1 earlier message could not be delivered here.")
    assert bot.channel.posts[2] == "Plain."
