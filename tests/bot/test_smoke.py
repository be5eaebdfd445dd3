import pytest


@pytest.mark.asyncio
async def test_create_join_start(table):
    env = table
    guild = env.create_guild()
    channel = guild.create_text_channel("westeros")
    users = [guild.add_member(env.create_user(f"p{i}")) for i in range(3)]
    r = await users[0].slash(channel, "game create", players=3)
    print(r.response.content)
    for u in users[1:]:
        r = await u.slash(channel, "game join")
        print(r.response.content)
    r = await users[0].slash(channel, "game start")
    print(r.followups[0].content if r.followups else r.response)
    await env.settle()
    for u in users:
        print([m.content[:200] for m in u.user.dm_channel.history()])
    print([m.content[:100] for m in channel.history()])
