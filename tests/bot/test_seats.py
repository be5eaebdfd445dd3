"""Absence, kick and the Join button of an open seat, through SimCord: scripted members only type slash
commands and click what the bot posted."""

from __future__ import annotations

import sqlite3

import pytest

from engine.core import Rng
from tests.bot.players import HEADER, Player, said
from tests.bot.test_commands import lobby


def join_button(channel) -> tuple[object, str]:
    for message in reversed(channel.history()):
        for row in message.components or []:
            for c in getattr(row, "children", [row]):
                if (getattr(c, "custom_id", None) or "").startswith("agot:join:"):
                    return message, c.custom_id
    raise AssertionError("no Join button in the channel")


def card_prompt(member):
    """The member's open House card prompt (the newest), or None."""
    for m in reversed(member.user.dm_channel.history()):
        match = HEADER.search(m.content or "")
        if match and "house card" in m.content.split("\n")[0].lower() and m.components:
            return m, match[2].lower()
    return None


@pytest.mark.asyncio
async def test_away_with_the_autopilot(table):
    env = table
    guild, channel, members = await lobby(env, start=False)
    await members[0].slash(channel, "agot cancel")
    await members[0].slash(channel, "agot create", players=3, absence="autopilot")
    for m in members[1:]:
        await m.slash(channel, "agot join")
    await members[0].slash(channel, "agot start")
    away = await members[1].slash(channel, "agot away", days=3)
    assert away.ephemeral and "You are away until" in away.response.content
    assert any("is away until <t:" in (m.content or "") and "the autopilot plays for them" in m.content
               for m in channel.history())
    bad = await members[2].slash(channel, "agot away", until="someday")
    assert bad.ephemeral and bad.response.content.startswith("❌") and "YYYY-MM-DD" in bad.response.content
    status = await members[0].slash(channel, "agot status")
    assert members[1].user.mention not in status.response.content  # nobody waits for the away seat
    back = await members[1].slash(channel, "agot back")
    assert "Welcome back" in back.response.content
    again = await members[1].slash(channel, "agot back")
    assert again.response.content == "❌ You are not away."


@pytest.mark.asyncio
async def test_a_kicked_players_seat_is_taken_in_the_middle_of_a_combat(world):
    env, path = world
    guild, channel, members = await lobby(env)
    players = [Player(m, Rng(7 + i)) for i, m in enumerate(members)]
    found = None
    for _ in range(80):
        found = next(((p, c) for p in players if (c := card_prompt(p.member))), None)
        if found:
            break
        if not sum([await p.act() for p in players]):
            break
    assert found, "no combat came up"
    (kicked, (old_prompt, house)) = found
    kick = await members[0].slash(channel, "agot kick", house=house)
    assert "seat in game #1 is open" in kick.response.content
    assert any("You no longer play" in (m.content or "") for m in kicked.user.dm_channel.history())
    item = next(c for row in old_prompt.components for c in getattr(row, "children", [row]) if c.custom_id)
    refused = await kicked.user.click(old_prompt, custom_id=item.custom_id)
    assert any("no seat" in s or "expired" in s for s in said(refused))

    post, join = join_button(channel)
    newcomer = guild.add_member(env.create_user("newcomer"))
    took = await newcomer.user.click(post, custom_id=join)
    assert said(took)[0].startswith("✅ You now play")
    late = guild.add_member(env.create_user("late"))
    stale = await late.user.click(post, custom_id=join)
    assert said(stale)[0].startswith("❌") and "has been taken" in said(stale)[0]
    seated = await members[1].user.click(post, custom_id=join)
    assert said(seated)[0].startswith("❌")

    prompt = card_prompt(newcomer)
    assert prompt is not None and prompt[1] == house  # the House card choice of the combat, and nothing else
    dms = [m.content or "" for m in newcomer.user.dm_channel.history()]
    assert all(house in d.lower() or "You now play" in d for d in dms if HEADER.search(d))
    choice = next(c for row in prompt[0].components for c in getattr(row, "children", [row])
                  if (c.custom_id or "").startswith(("agot:c:", "agot:s:")))
    if choice.custom_id.startswith("agot:c:"):
        done = await newcomer.user.click(prompt[0], custom_id=choice.custom_id)
    else:
        done = await newcomer.user.select(prompt[0], [choice.options[0].value], custom_id=choice.custom_id)
    assert said(done)[0].startswith("✅")
    for p in players:
        if p is not kicked:
            await p.act()
    with sqlite3.connect(path) as db:
        mine = db.execute("SELECT kind, source FROM answers WHERE user_id = ?", (newcomer.user.id,)).fetchall()
    assert ("house_card", "player") in mine
