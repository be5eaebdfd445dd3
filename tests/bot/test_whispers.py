"""Issue 15, item 8 through SimCord: ``/game whisper`` delivers to one house's player only (leak audit over every
channel message and every other DM), and refuses bad whispers in words, storing nothing."""

from __future__ import annotations

import pytest

from bot.service.whispers import MAX_CHARS, PER_HOUR
from tests.bot.test_extras import seat

SECRET = "Psst: I march on Riverrun next round, stay out"


def everything_public(*channels) -> list[str]:
    return [(m.content or "") + " ".join(e.description or "" for e in m.embeds)
            for where in channels for m in where.history() if not m.flags.ephemeral]


async def houses(env, channel, members) -> dict[int, str]:
    info = (await env.bot.service.games_in_channel(channel.id))[0]
    return {s.user_id: s.house for s in info.seats}


@pytest.mark.asyncio
async def test_a_whisper_reaches_one_house_only(table):
    env = table
    guild, channel, members, _ = await seat(env, 4, faceless=True)
    await members[0].slash(channel, "game start")
    house = await houses(env, channel, members)
    sender, receiver = members[0], members[2]
    to = env.bot.service._tables[1].game.house_name(house[receiver.id])
    said = await sender.slash(channel, "game whisper", seat=to.upper(), text=SECRET)  # house names in any case
    assert said.ephemeral and said.response.content.startswith("🕊️") and "replay file" in said.response.content
    got = [m.content for m in receiver.user.dm_channel.history() if SECRET in (m.content or "")]
    name = env.bot.service._tables[1].game.house_name(house[sender.id])
    assert got == [f"🕊️ A whisper from House {name} (game #1): {SECRET}"]
    by_dm = await receiver.user.slash("game whisper", seat=name.lower(), text="Agreed, by DM")  # from a DM too
    assert by_dm.response.content.startswith("🕊️")
    assert any(f"🕊️ A whisper from House {to} (game #1): Agreed, by DM" == x.content
               for x in sender.user.dm_channel.history())
    for m in members:  # the leak audit: nobody else's DMs, and no public post, hold the text
        if m is not receiver:
            assert not any(SECRET in (x.content or "") for x in m.user.dm_channel.history())
        if m is not sender:
            assert not any("Agreed, by DM" in (x.content or "") for x in m.user.dm_channel.history()
                           if x.author.bot)
    public = everything_public(*guild.channels.values(), channel)
    assert not any(SECRET in words or "Agreed, by DM" in words for words in public)
    assert not any(sender.user.name in (x.content or "") for x in receiver.user.dm_channel.history()
                   if "whisper" in (x.content or ""))


@pytest.mark.asyncio
async def test_bad_whispers_are_refused_in_words(table):
    env = table
    guild, channel, members, _ = await seat(env, 3)
    early = await members[0].slash(channel, "game whisper", seat="Stark", text="hello")
    assert early.ephemeral and early.response.content.startswith("❌")
    await members[0].slash(channel, "game start")
    house = await houses(env, channel, members)
    to = house[members[1].id]
    stranger = guild.add_member(env.create_user("onlooker"))
    for who, target, words, why in [
        (members[0], to, "x" * (MAX_CHARS + 1), f"at most {MAX_CHARS} characters"),
        (members[0], "Gondor", "hello", "is not a seat"),
        (members[0], "martell", "hello", "not a seat of this game"),
        (members[0], house[members[0].id], "hello", "your own house"),
        (stranger, to, "hello", "Only a player seated"),
    ]:
        result = await who.slash(channel, "game whisper", seat=target, text=words)
        assert result.ephemeral and result.response.content.startswith("❌") and why in result.response.content, \
            result.response.content
    for i in range(PER_HOUR):
        ok = await members[0].slash(channel, "game whisper", seat=to, text=f"offer {i}")
        assert ok.response.content.startswith("🕊️")
    over = await members[0].slash(channel, "game whisper", seat=to, text="one too many")
    assert over.response.content.startswith("❌") and "times an hour" in over.response.content
    dms = [m.content for m in members[1].user.dm_channel.history() if "whisper from" in (m.content or "")]
    assert len(dms) == PER_HOUR and not any("one too many" in d for d in dms)
    off_guild, off_channel, off_members, _ = await seat(env, 3, whispers=False)
    await off_members[0].slash(off_channel, "game start")
    off_house = await houses(env, off_channel, off_members)
    off = await off_members[0].slash(off_channel, "game whisper", seat=off_house[off_members[1].id], text="hi")
    assert off.response.content.startswith("❌") and "turned off" in off.response.content
    shown = await off_members[0].slash(off_channel, "game status")
    assert "whispers off" in shown.response.content
