"""Issue 29, part 4 through SimCord: ``/game animate`` answers with an animated GIF of a round (in the channel),
an animated PNG of a seat's own view (only to that player), and refuses in one line a game not started, a round
not played yet and a private animation for a member without a seat. The game's first round is played through the
table service by the deadline defaults (what the command shows is the point here, not how the answers came)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from tools.bench_animate import autoplay

pytestmark = pytest.mark.timeout(60)


def default(decision: dict[str, Any]) -> Any:
    return decision["default"]


async def animated(reply: Any, ext: str) -> int:
    """The number of frames of the reply's one attachment, an animated ``ext`` file."""
    attachment = reply.response.attachments[0]
    assert attachment.filename.endswith(f".{ext}"), attachment.filename
    with Image.open(io.BytesIO(await attachment.read())) as image:
        assert image.format == ext.upper() and getattr(image, "is_animated", False)
        return int(image.n_frames)


@pytest.mark.asyncio
async def test_game_animate_answers_with_an_animated_file_and_refuses_in_one_line(table) -> None:
    env = table
    guild = env.create_guild()
    channel = guild.create_text_channel("parlour")
    alice, bob, carol = (guild.add_member(env.create_user(name)) for name in ("Alice", "Bob", "Carol"))
    await alice.slash(channel, "game create", game="monopoly", players=2, settings="rounds 10")
    thread = channel.threads[-1]
    early = await alice.slash(thread, "game animate")
    assert early.ephemeral and early.response.content == (
        "❌ Game #1 has not started yet: there is nothing to animate.")
    await bob.slash(thread, "game join")
    await alice.slash(thread, "game start")
    await autoplay(env.bot.service, 1, past_round=1, own=default)
    await env.settle()

    public = await bob.slash(thread, "game animate", round=1)
    assert not public.ephemeral and public.response.content.startswith("🎞️ Game #1, round 1: ")
    assert await animated(public, "gif") >= 2
    mine = await alice.slash(thread, "game animate", round=1, private=True, format="png")
    assert mine.ephemeral and "your own view" in mine.response.content
    assert await animated(mine, "png") >= 2

    later = await alice.slash(thread, "game animate", round=5)
    assert later.ephemeral and later.response.content == (
        "❌ Round 5 has not been played yet: game #1 is in round 2.")
    nosy = await carol.slash(thread, "game animate", private=True)
    assert nosy.ephemeral and nosy.response.content == (
        "❌ You have no seat in game #1: only the public animation is yours to see.")
