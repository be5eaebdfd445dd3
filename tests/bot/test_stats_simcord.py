"""Issue 29, part 1 through SimCord, by scripted users only: after a short Monopoly game (2 players, 10 rounds) in
which Bob lets every prompt wait ten minutes, each member sees their own figures with ``/game stats`` (only to them,
or posted with ``public:True``); another member's figures across servers are refused in one line; the table view
names Bob's seat first."""

from __future__ import annotations

import re

import pytest

from engine.core import Rng
from tests.bot.players import Player, game_over

pytestmark = pytest.mark.timeout(60)

SLOW = 600  # seconds Bob lets each of his prompts wait


@pytest.mark.asyncio
async def test_stats_after_a_short_game_own_refused_and_the_slowest_seat(table):
    env = table
    guild = env.create_guild()
    channel = guild.create_text_channel("tavern")
    alice_m, bob_m = (guild.add_member(env.create_user(name)) for name in ("Alice", "Bob"))
    await alice_m.slash(channel, "game create", game="monopoly", players=2, settings="rounds 10, auction open")
    thread = channel.threads[-1]
    await bob_m.slash(thread, "game join")
    await alice_m.slash(thread, "game start")
    alice, bob = Player(alice_m, Rng(1)), Player(bob_m, Rng(2))
    for _ in range(3000):
        if game_over(thread):
            break
        if await alice.act():
            continue
        await env.settle()
        if await alice.act():
            continue
        await env.advance_time(SLOW)  # Bob takes his time
        if not await bob.act():
            await env.advance_time(13 * 3600)  # nothing to answer by a click: a deadline plays the default
    assert game_over(thread)

    mine = await alice_m.slash(thread, "game stats")
    words = mine.response.content
    assert mine.ephemeral, words
    assert words.startswith("📊 **Alice** in this server") and "**Monopoly**: 1 played, 1 finished" in words, words
    assert re.search(r"Time to answer: median \d+ s, 90% within \d+ s \(\d+ answers\)", words), words
    bobs = await bob_m.slash(thread, "game stats", scope="everywhere", public=True)
    assert not bobs.ephemeral and "📊 **Bob** in every server" in bobs.response.content
    assert "median 10 min" in bobs.response.content, bobs.response.content
    wins = [int(re.search(r"(\d+) wins?", r.response.content).group(1)) for r in (mine, bobs)]  # type: ignore[union-attr]
    assert sum(wins) in (1, 2)  # one winner, or a shared win

    nosy = await alice_m.slash(thread, "game stats", member=bob_m, scope="everywhere")
    assert nosy.ephemeral and nosy.response.content == (
        "❌ Another member's figures across servers are theirs alone: ask for this server's (scope: server).")
    theirs = await alice_m.slash(thread, "game stats", member=bob_m)  # in the server they share: allowed
    assert "📊 **Bob** in this server" in theirs.response.content

    view = await alice_m.slash(thread, "game stats", table=True)
    lines = view.response.content.split("\n")
    assert lines[0].startswith("⏳ **Game #1: who the table waits for**"), lines
    assert lines[1].startswith(f"1. <@{bob_m.user.id}> (") and "median 10 min" in lines[1], lines
    assert lines[2].startswith(f"2. <@{alice_m.user.id}> ("), lines
    # a member of another server, naming the game: its table's members and times are not theirs to read
    elsewhere = env.create_guild()
    stranger = elsewhere.add_member(env.create_user("Stranger"))
    peek = await stranger.slash(elsewhere.create_text_channel("hall"), "game stats", table=True, game=1)
    assert peek.ephemeral and peek.response.content == (
        "❌ Game #1 is not a game of this server: its table's figures are its own."), peek.response.content
    print(f"\n{words}\n{bobs.response.content}\n{view.response.content}")
