"""Issue 15 item 3 through SimCord: the status message is pinned and edited, also after a restart (one message,
never a second); deleted by a member, it is posted anew; a player with closed DMs is told once per game, restart
or not."""

from __future__ import annotations

import sqlite3

import discord
import pytest

from tests.bot.conftest import make_bot
from tests.bot.players import HEADER, said
from tests.bot.test_commands import lobby, prompts


def statuses(thread) -> list[discord.Message]:
    return [m for m in thread.history() if (m.content or "").startswith("📜")]


async def restart(env, path) -> None:
    """A restart after the delivered outbox rows were pruned (bounded storage): what the bot finds again is
    stored apart from them."""
    await env.bot.service.close()
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM outbox WHERE sent_at IS NOT NULL")
    await env.restart_bot(await make_bot(path))
    await env.bot.tree.sync()


async def use_default(member) -> None:
    prompt = prompts(member)[0]
    default = next(c.custom_id for row in prompt.components for c in row.children
                   if c.custom_id.startswith("agot:d:"))
    assert said(await member.user.click(prompt, custom_id=default))[0].startswith("✅")


@pytest.mark.asyncio
async def test_the_pinned_status_is_edited_after_a_restart_and_posted_anew_when_deleted(world):
    env, path = world
    guild, thread, members = await lobby(env)
    (status,) = statuses(thread)
    assert [m.id for m in thread.pinned_messages()] == [status.id]
    houses = [HEADER.search(prompts(m)[0].content).group(2) for m in members]
    await restart(env, path)
    await use_default(members[0])  # the status changes after the restart: the same message is edited
    (after,) = statuses(thread)
    assert after.id == status.id and houses[0] not in after.content.split("Waiting for:")[1]
    assert houses[1] in after.content
    moderator = guild.add_member(env.create_user("mod"), roles=[guild.create_role(
        "mods", permissions=discord.Permissions(manage_messages=True))])
    await moderator.delete(after)
    await use_default(members[1])
    (anew,) = statuses(thread)
    assert anew.id != status.id and houses[1] not in anew.content.split("Waiting for:")[1]
    assert anew.id in [m.id for m in thread.pinned_messages()]
    await restart(env, path)
    await use_default(members[2])  # the new one is the one remembered
    assert [m.id for m in statuses(thread)] == [anew.id]


@pytest.mark.asyncio
async def test_closed_dms_are_told_once_per_game_restart_or_not(world):
    env, path = world
    guild = env.create_guild()
    channel = guild.create_text_channel("westeros")
    members = [guild.add_member(env.create_user(f"p{i}")) for i in range(3)]
    closed = members[2]
    env.inject_error("POST", f"/channels/{closed.user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    await members[0].slash(channel, "game create", players=3)
    thread = channel.threads[-1]
    for m in members[1:]:
        await m.slash(thread, "game join")
    await members[0].slash(thread, "game start")

    def told() -> int:
        return sum(1 for m in thread.history() if (m.content or "").startswith(f"{closed.mention} I cannot send you"))

    def failed_dms() -> int:
        with sqlite3.connect(path) as db:
            return db.execute("SELECT COUNT(*) FROM outbox WHERE user_id = ? AND failed_at IS NOT NULL",
                              (closed.id,)).fetchone()[0]

    assert told() == 1
    before = failed_dms()
    await restart(env, path)
    for m in members[:2]:  # the round goes on: new prompts for the closed seat fail again, quietly
        await use_default(m)
    for _ in range(25):  # an hour at a time: each step's deadlines, boards and prompts settle on their own
        await env.advance_time(3600)
    assert failed_dms() > before and told() == 1
