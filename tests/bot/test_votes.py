"""Table votes and manager repairs through SimCord: the slash command, Yes/No clicks by different members, a
stale click after the vote closed, force/deadline by a manager (refused for anyone else), and the refusals that
come before any Confirm/Keep is asked."""

from __future__ import annotations

import pytest

from tests.bot.conftest import make_bot
from tests.bot.players import HEADER, confirmed, custom_ids, said, show_manage_to
from tests.bot.test_commands import lobby, prompts


def vote_post(channel, number: int):
    return next(m for m in channel.history() if (m.content or "").startswith(f"🗳️ **Vote #{number}**"))


def button(message, yes: bool) -> str:
    return next(c for c in custom_ids(message) if c.startswith("agot:v:") and c.endswith(":y" if yes else ":n"))


def feed(channel) -> list[str]:
    return [m.content or "" for m in channel.history()]


@pytest.mark.asyncio
async def test_a_vote_by_slash_command_and_buttons(world):
    env, path = world
    guild, channel, members = await lobby(env)
    opened = await members[1].slash(channel, "game vote", kind="pause")
    assert opened.ephemeral and "Vote #1 (pause) is open" in said(opened)[0]
    post = vote_post(channel, 1)
    assert "proposes to pause the game" in post.content
    stranger = guild.add_member(env.create_user("watcher"))
    refused = await stranger.click(post, custom_id=button(post, True))
    assert said(refused)[0].startswith("❌") and "seated players" in said(refused)[0]
    no = await members[2].click(post, custom_id=button(post, False))
    assert "Your No on vote #1 is counted" in said(no)[0]
    # a restart between the clicks: the buttons are persistent
    await env.bot.service.close()
    await env.restart_bot(await make_bot(path))
    await env.bot.tree.sync()
    changed = await members[2].click(post, custom_id=button(post, True))  # a later click replaces the ballot
    assert "Your Yes" in said(changed)[0]
    assert any("Vote #1 passed" in line for line in feed(channel))
    assert (await env.bot.service.game(1)).status == "paused"
    stale = await members[0].click(post, custom_id=button(post, True))
    assert "Vote #1 is closed (passed)" in said(stale)[0]
    again = await members[0].slash(channel, "game vote", kind="resume")
    post = vote_post(channel, 2)
    await members[1].click(post, custom_id=button(post, False))
    await members[2].click(post, custom_id=button(post, False))
    assert any("Vote #2 failed" in line for line in feed(channel)) and said(again)
    refused = await members[0].slash(channel, "game vote", kind="extend")
    assert said(refused)[0].startswith("❌") and "hours" in said(refused)[0]
    settings = await members[0].slash(channel, "game status")
    assert "votes pass with 67% of the seated players and close after 24 h" in said(settings)[0]


@pytest.mark.asyncio
async def test_force_and_deadline_by_a_manager_only(table):
    env = table
    guild, channel, members = await lobby(env)
    house = HEADER.search(prompts(members[1])[0].content).group(2).lower()
    await show_manage_to(env, guild, *members)  # shown to the table: the service still refuses all but the creator
    refused = await members[2].slash(channel, "game-manage force", seat=house)
    assert said(refused)[0].startswith("❌") and "creator" in said(refused)[0]
    forced = await members[0].slash(channel, "game-manage force", seat=house)
    assert said(forced)[0].startswith("🔧") and forced.ephemeral
    assert any("forced the default for" in line for line in feed(channel))
    refused = await members[1].slash(channel, "game-manage deadline", hours=2)
    assert said(refused)[0].startswith("❌")
    moved = await members[0].slash(channel, "game-manage deadline", hours=2)
    assert "set the deadline of every house" in said(moved)[0]
    assert any("🔧" in line and "set the deadline" in line for line in feed(channel))
    status = await members[1].slash(channel, "game status")
    assert "orders" in said(status)[0]


def refused_at_once(result) -> str:
    """The one refusal a command answered with: no Confirm/Keep buttons, no follow-up (issue 26 item 9)."""
    assert result.ephemeral and not custom_ids(result.response) and not result.followups
    assert said(result)[0].startswith("❌")
    return said(result)[0]


@pytest.mark.asyncio
async def test_what_would_be_refused_is_refused_before_any_confirmation(table):
    env = table
    guild, channel, members = await lobby(env)
    houses = [HEADER.search(prompts(m)[0].content).group(2).lower() for m in members]
    stranger = guild.add_member(env.create_user("watcher"))
    for kind, house in (("cancel", None), ("end", None), ("kick", houses[1]), ("pause", None)):
        options = {"kind": kind} if house is None else {"kind": kind, "seat": house}
        assert "seated players" in refused_at_once(await stranger.slash(channel, "game vote", **options))
    await show_manage_to(env, guild, members[0], members[1])  # shown to members[1], who is no manager of game #1
    for command, options in (("game cancel", {}), ("game-manage rewind", {"count": 1}),
                             ("game-manage kick", {"seat": houses[0]})):
        assert "creator" in refused_at_once(await members[1].slash(channel, command, **options))
    await confirmed(members[0], await members[0].slash(channel, "game-manage kick", seat=houses[2]))
    twice = await members[0].slash(channel, "game-manage kick", seat=houses[2])
    assert "already open" in refused_at_once(twice)
    gone = await members[2].slash(channel, "game vote", kind="cancel")  # kicked: no seat any more
    assert "seated players" in refused_at_once(gone)
    open_seat = await members[1].slash(channel, "game vote", kind="kick", seat=houses[2])
    assert "seated player" in refused_at_once(open_seat)
    assert not env.bot.confirmations.waiting  # nothing waits for a Confirm
    assert not any(line.startswith("🗳️ **Vote #") for line in feed(channel))
    assert (await env.bot.service.game(1)).status == "running"
