"""Issue 15, forms that forgive: orders typed by DM in the wording the bot itself writes in the feed ("Winterfell
March +1", "Winterfell: March +1", lower case) are accepted, echoed back area by area; a near miss gets a
suggestion and changes nothing."""

from __future__ import annotations

import pytest


async def stark_member(world):
    env, _ = world
    guild = env.create_guild()
    channel = guild.create_text_channel("westeros")
    members = [guild.add_member(env.create_user(f"player{i}")) for i in range(3)]
    await members[0].slash(channel, "game create", players=3)
    for m in members[1:]:
        await m.slash(channel, "game join")
    await members[0].slash(channel, "game start")
    for m in members:
        prompts = [p for p in m.user.dm_channel.history() if p.components]
        if prompts and "Stark: orders" in prompts[-1].content:
            return m.user
    pytest.skip("no Stark seat in this deal")  # the seeded deal has one: a guard, not a path


@pytest.mark.asyncio
async def test_orders_in_the_feeds_own_wording_are_accepted_and_echoed(world):
    user = await stark_member(world)
    await user.send_dm("Winterfel March +1, White Harbor Defense +1, The Shivering Sea Consolidate Power")
    refused = user.dm_channel.history()[-1].content
    assert "did you mean Winterfell?" in refused and "recorded" not in refused
    await user.send_dm("Winterfell: March +1\nwhite harbor defense +1; the shivering sea CONSOLIDATE POWER")
    mine, reply = user.dm_channel.history()[-2:]  # one reply says the orders back: no other DM
    assert not mine.author.bot and reply.content.startswith("✅") and "recorded" in reply.content
    assert reply.content.splitlines()[2:] == ["The Shivering Sea: Consolidate Power", "White Harbor: Defense +1",
                                              "Winterfell: March +1 (special)"]
    await user.send_dm("winterfell d+1, white harbor m0, the shivering sea cp")  # the short form, changed orders
    mine, reply = user.dm_channel.history()[-2:]
    assert not mine.author.bot and reply.content.startswith("✅") and "White Harbor: March +0" in reply.content
