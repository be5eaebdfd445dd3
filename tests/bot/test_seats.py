"""Absence, kick and the Join button of an open seat, through SimCord: scripted members only type slash
commands and click what the bot posted."""

from __future__ import annotations

import sqlite3

import pytest

from engine.core import Rng
from tests.bot.conftest import make_bot
from tests.bot.players import HEADER, Player, confirmed, said, show_manage_to
from tests.bot.test_commands import lobby


def join_button(channel) -> tuple[object, str]:
    for message in reversed(channel.history()):
        for row in message.components or []:
            for c in getattr(row, "children", [row]):
                if (getattr(c, "custom_id", None) or "").startswith("agot:join:"):
                    return message, c.custom_id
    raise AssertionError("no Join button in the channel")


def card_prompt(player: Player):
    """The player's open House card prompt (the newest not yet answered), or None."""
    for m in reversed(player.open_prompts()):
        match = HEADER.search(m.content or "")
        if match and "house card" in m.content.split("\n")[0].lower():
            return m, match[2].lower()
    return None


@pytest.mark.asyncio
async def test_away_with_the_autopilot(table):
    env = table
    guild, channel, members = await lobby(env, start=False)
    await confirmed(members[0], await members[0].slash(channel, "game cancel"))
    await members[0].slash(channel, "game create", players=3, absence="autopilot")
    for m in members[1:]:
        await m.slash(channel, "game join")
    await members[0].slash(channel, "game start")
    away = await members[1].slash(channel, "game away", days=3)
    assert away.ephemeral and "You are away until" in away.response.content
    assert any("is away until <t:" in (m.content or "") and "the autopilot plays for them" in m.content
               for m in channel.history())
    bad = await members[2].slash(channel, "game away", until="someday")
    assert bad.ephemeral and bad.response.content.startswith("❌") and "YYYY-MM-DD" in bad.response.content
    status = await members[0].slash(channel, "game status")
    assert members[1].user.mention not in status.response.content  # nobody waits for the away seat
    back = await members[1].slash(channel, "game away", back=True)
    assert "Welcome back" in back.response.content
    again = await members[1].slash(channel, "game away", back=True)
    assert again.response.content == "❌ You are not away."


AUTOPILOTED = (": orders**", ": march order**")  # the players let the autopilot place and resolve these


@pytest.mark.asyncio
async def test_a_kicked_players_seat_is_taken_in_the_middle_of_a_combat(world):
    env, path = world
    guild = env.create_guild()
    channel = guild.create_text_channel("westeros")
    members = [guild.add_member(env.create_user(f"p{i}")) for i in range(6)]
    await members[0].slash(channel, "game create", players=6, absence="autopilot")
    table = channel.threads[-1]  # the game's own thread; commands work from its parent channel too
    for m in members[1:]:
        await m.slash(channel, "game join")
    await members[0].slash(channel, "game start")
    players = [Player(m, Rng(7 + i)) for i, m in enumerate(members)]
    found = None
    for _ in range(400):
        found = next(((p, c) for p in players if (c := card_prompt(p))), None)
        if found:
            break
        moved = 0
        for p in players:  # away for a moment: the autopilot answers these prompts, then the player is back
            mine = [m for m in p.open_prompts() if m.content.split("\n")[0].endswith(AUTOPILOTED)]
            if mine:
                p.done.update(m.id for m in mine)
                await p.member.slash(channel, "game away", days=1)
                await p.member.slash(channel, "game away", back=True)
                moved += 1
                break
        if not moved and not sum([await p.act() for p in players]):
            break
    assert found, "no combat came up"
    defender, _ = found
    # the other side of the combat: its House card was chosen by the autopilot and may still change
    kicked = None
    for p in players:
        if p is defender:
            continue
        shown = await p.member.slash(channel, "game act")
        if any("house card" in s.lower() and "may still change" in s for s in said(shown)):
            kicked = p
    assert kicked is not None
    house = HEADER.search(next(m.content for m in kicked.dms() if HEADER.search(m.content or "")))[2].lower()
    old_prompt, old_default = next((m, c.custom_id) for m in reversed(kicked.dms()) if m.author.bot
                                   for row in m.components for c in getattr(row, "children", [row])
                                   if (c.custom_id or "").startswith("agot:d:"))
    await show_manage_to(env, guild, members[0])
    kick = await confirmed(members[0], await members[0].slash(channel, "game-manage kick", seat=house))
    assert "seat is open" in said(kick)[0]  # to the manager; the table is told in the game's thread
    assert any("seat in game #1 is open" in (m.content or "") for m in table.history())
    assert any("You no longer play" in (m.content or "") for m in kicked.dms())
    refused = await kicked.user.click(old_prompt, custom_id=old_default)
    assert said(refused) == ["❌ You have no seat in game #1."]

    post, join = join_button(table)
    newcomer = Player(guild.add_member(env.create_user("newcomer")), Rng(99))
    took = await newcomer.member.click(post, custom_id=join)
    assert said(took)[0].startswith("✅ You now play")
    late = guild.add_member(env.create_user("late"))
    stale = await late.click(post, custom_id=join)
    assert said(stale)[0].startswith("❌") and "has been taken" in said(stale)[0]
    seated = await members[1].click(post, custom_id=join)
    assert said(seated)[0].startswith("❌")

    prompt = card_prompt(newcomer)
    assert prompt is not None and prompt[1] == house  # the House card choice of the combat
    headers = [HEADER.search(m.content or "") for m in newcomer.dms()]
    assert all(h[2].lower() == house for h in headers if h)  # this house's prompts and nothing else
    assert await newcomer.act() >= 1
    assert any("changed" in r or "recorded" in r for r in newcomer.replies), newcomer.replies
    await defender.act()
    with sqlite3.connect(path) as db:
        mine = db.execute("SELECT kind, source FROM answers WHERE user_id = ?", (newcomer.user.id,)).fetchall()
        revealed = db.execute("SELECT COUNT(*) FROM events WHERE kind = 'house_cards_revealed'").fetchone()[0]
    assert ("house_card", "player") in mine
    assert revealed == 1  # both House cards revealed together: the combat went on with the newcomer's card
    assert any("You play" in r for r in newcomer.replies)  # the card said back where the newcomer chose it


@pytest.mark.asyncio
async def test_the_join_button_survives_a_restart_and_only_a_manager_kicks(world):
    env, path = world
    guild, channel, members = await lobby(env)
    header = next(HEADER.search(m.content or "") for m in members[2].user.dm_channel.history()
                  if HEADER.search(m.content or ""))
    house = header[2].lower()
    await show_manage_to(env, guild, members[0], members[1])
    refused = await members[1].slash(channel, "game-manage kick", seat=house)
    assert refused.ephemeral and refused.response.content.startswith("❌")  # only a manager kicks
    await confirmed(members[0], await members[0].slash(channel, "game-manage kick", seat=house.title()))
    post, join = join_button(channel)
    await env.bot.service.close()
    await env.restart_bot(await make_bot(path))
    await env.bot.tree.sync()
    newcomer = guild.add_member(env.create_user("newcomer"))
    took = await newcomer.click(post, custom_id=join)
    assert said(took)[0].startswith("✅ You now play")
    assert any(HEADER.search(m.content or "") for m in newcomer.user.dm_channel.history())  # its open prompts
