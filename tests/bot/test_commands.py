"""The /game commands (and a game's own, /agot), permissions, stale clicks, closed DMs, DM text and restarts,
through SimCord."""

from __future__ import annotations

import discord
import pytest
import simcord

from tests.bot.conftest import make_bot
from tests.bot.players import HEADER, confirmed, custom_ids, replies, said, show_manage_to


async def lobby(env, players: int = 3, start: bool = True):
    """A game created in a channel, joined and started in its own thread (returned as ``channel``)."""
    guild = env.create_guild()
    parent = guild.create_text_channel("westeros")
    members = [guild.add_member(env.create_user(f"p{i}")) for i in range(players)]
    await members[0].slash(parent, "game create", players=players)
    channel = parent.threads[-1]
    for m in members[1:]:
        await m.slash(channel, "game join")
    if start:
        await members[0].slash(channel, "game start")
    return guild, channel, members


def prompts(member) -> list[discord.Message]:
    return [m for m in member.user.dm_channel.history() if HEADER.search(m.content or "")]


@pytest.mark.asyncio
async def test_lobby_commands_and_their_refusals(table):
    env = table
    guild, channel, members = await lobby(env, start=False)
    again = await members[1].slash(channel, "game create", players=4)
    assert again.ephemeral and "already plays in this channel" in again.response.content
    twice = await members[1].slash(channel, "game join")
    assert twice.ephemeral and twice.response.content.startswith("❌")
    stranger = guild.add_member(env.create_user("late"))
    full = await stranger.slash(channel, "game join")
    assert full.ephemeral and full.response.content.startswith("❌")
    not_yours = await members[1].slash(channel, "game start")
    assert not_yours.response.content.startswith("❌")  # only the creator or Manage Server starts a game
    left = await members[2].slash(channel, "game leave")
    assert "leaves game #1 (2/3)" in left.response.content
    elsewhere = guild.create_text_channel("tavern")
    nothing = await members[0].slash(elsewhere, "game status")
    assert nothing.ephemeral and "no game in this channel" in nothing.response.content
    status = await members[0].slash(channel, "game status")
    assert "waits for players (2/3)" in status.response.content
    bad_house = await members[2].slash(channel, "game join", seat="dragons")
    assert "is not a seat" in bad_house.response.content


@pytest.mark.asyncio
async def test_reading_commands_of_a_running_game(table):
    env = table
    guild, channel, members = await lobby(env)
    status = await members[1].slash(channel, "game status")
    assert "round 1 · planning" in status.response.content and "orders" in status.response.content
    board = await members[1].slash(channel, "game board")
    assert board.response.attachments and not board.ephemeral
    mine = await members[1].slash(channel, "game board", private=True)
    assert mine.ephemeral and mine.response.attachments and "your view" in mine.response.content
    spectator = guild.add_member(env.create_user("watcher"))
    refused = await spectator.slash(channel, "game board", private=True)
    assert refused.response.content.startswith("❌")
    hand = await spectator.slash(channel, "agot hand")
    assert "in hand:" in hand.response.content and hand.ephemeral
    log = await spectator.slash(channel, "game log")
    assert "Round 1 begins" in log.response.content
    card = await spectator.slash(channel, "agot card", name="Tyrion Lannister")
    assert "strength" in card.response.content
    unknown = await spectator.slash(channel, "agot card", name="Tyrion Lanister")
    assert "Did you mean" in unknown.response.content
    choices = await spectator.autocomplete(channel, "agot card", "name", "winter")
    assert any(c["name"] == "Winterfell" for c in choices)
    settings = await spectator.slash(channel, "game status")
    assert "Settings: 3 players" in settings.response.content
    cancel = await spectator.slash(channel, "game cancel")
    assert cancel.response.content.startswith("❌")  # a spectator manages nothing


@pytest.mark.asyncio
async def test_orders_by_dm_text_good_and_bad(table):
    env = table
    guild, channel, members = await lobby(env)
    user = members[0].user
    house = HEADER.search(prompts(members[0])[0].content).group(2)
    await user.send_dm("Winterfel M+1, nonsense")
    assert user.dm_channel.last_message.content.startswith("❌ Game #1, orders:")
    await user.send_dm("Riverrun M+1")  # a real area without this house's units: refused by the engine's own step
    refused = user.dm_channel.last_message.content
    assert refused.startswith("❌ Game #1, orders:") and "no unit of yours there" in refused, refused
    default_line = next(x for x in prompts(members[0])[0].content.split("\n") if x.startswith("Default"))
    orders = default_line.split(": ", 1)[1].rstrip(".")
    await user.send_dm(orders)
    assert any("✅" in (m.content or "") for m in user.dm_channel.history()[-3:])
    await user.send_dm(orders)
    assert any("ℹ️" in (m.content or "") for m in user.dm_channel.history()[-2:])  # the same again: already
    status = await members[1].slash(channel, "game status")
    assert house not in status.response.content.split("Waiting for:")[1]
    stranger = env.create_user("stranger")
    await stranger.send_dm("hello?")
    assert "/game create" in stranger.dm_channel.last_message.content


@pytest.mark.asyncio
async def test_a_stale_click_says_the_prompt_expired(table):
    env = table
    guild, channel, members = await lobby(env)
    prompt = prompts(members[0])[0]
    default = next(c for row in prompt.components for c in row.children if c.custom_id.startswith("agot:d:"))
    first = await members[0].user.click(prompt, custom_id=default.custom_id)
    assert said(first)[0].startswith("✅")
    for m in members[1:]:  # the others answer: the orders are revealed and the decision is gone
        p = prompts(m)[0]
        d = next(c for row in p.components for c in row.children if c.custom_id.startswith("agot:d:"))
        await m.user.click(p, custom_id=d.custom_id)
    late = await members[0].user.click(prompt, custom_id=default.custom_id)
    assert "expired" in said(late)[0]


@pytest.mark.asyncio
async def test_closed_dms_are_told_in_the_channel_and_act_works_instead(table):
    env = table
    guild = env.create_guild()
    channel = guild.create_text_channel("westeros")
    members = [guild.add_member(env.create_user(f"p{i}")) for i in range(3)]
    closed = members[2]
    dm_id = closed.user.dm_channel.id
    env.inject_error("POST", f"/channels/{dm_id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    await members[0].slash(channel, "game create", players=3)
    await members[1].slash(channel, "game join")
    joined = await closed.slash(channel, "game join")
    assert any("cannot send you direct messages" in x for x in said(joined))
    await members[0].slash(channel, "game start")
    told = [m for m in channel.threads[-1].history() if closed.mention in (m.content or "") and "/game act" in
            m.content]
    assert told  # the dispatcher could not DM the prompt: the channel says how to answer instead
    act = await closed.slash(channel, "game act")
    shown = [f for f in replies(act) if HEADER.search(f.content or "")]
    assert shown and all(f.ephemeral for f in replies(act))
    prompt = shown[0]
    default = next(c for c in custom_ids(prompt) if c.startswith("agot:d:"))
    clicked = await closed.click(prompt, custom_id=default)
    assert said(clicked)[0].startswith("✅")


@pytest.mark.asyncio
async def test_an_old_button_still_works_after_a_restart(world):
    env, path = world
    guild, channel, members = await lobby(env)
    prompt = prompts(members[0])[0]
    await env.bot.service.close()
    await env.restart_bot(await make_bot(path))
    await env.bot.tree.sync()
    default = next(c for row in prompt.components for c in row.children if c.custom_id.startswith("agot:d:"))
    clicked = await members[0].user.click(prompt, custom_id=default.custom_id)
    assert said(clicked)[0].startswith("✅")


@pytest.mark.asyncio
async def test_orders_through_the_area_and_order_selects(table):
    env = table
    guild, channel, members = await lobby(env)
    user = members[0].user
    prompt = prompts(members[0])[0]
    areas = next(line for line in prompt.content.split("\n") if " orders on: " in line)
    count = len(areas.split(": ", 1)[1].split(", "))
    tokens = ["D+1", "CP", "S0", "R", "M0"]
    for i in range(count):
        area_select = next(c for c in custom_ids(prompt) if c.startswith("agot:oa:"))
        await user.select(prompt, [str(i)], custom_id=area_select)
        prompt = user.dm_channel.history()[[m.id for m in user.dm_channel.history()].index(prompt.id)]
        token_select = next(c for c in custom_ids(prompt) if c.startswith("agot:ot:"))
        await user.select(prompt, [tokens[i]], custom_id=token_select)
        prompt = next(m for m in user.dm_channel.history() if m.id == prompt.id)
    draft = next(line for line in prompt.content.split("\n") if line.startswith("**Draft:**"))
    assert draft.count(",") == count - 1 and "D+1" in draft
    submit = next(c for c in custom_ids(prompt) if c.startswith("agot:os:"))
    done = await user.click(prompt, custom_id=submit)
    assert said(done)[0].startswith("✅"), said(done)


@pytest.mark.asyncio
async def test_repairs_by_the_games_managers(table):
    env = table
    guild, channel, members = await lobby(env)
    with pytest.raises(simcord.SetupError, match="default-member-permissions"):
        await members[1].slash(channel, "game-manage pause")  # hidden from members without Manage Server
    await show_manage_to(env, guild, members[1])  # shown by an admin, still refused: not the creator
    refused = await members[1].slash(channel, "game-manage pause")
    assert said(refused)[0].startswith("❌")
    await show_manage_to(env, guild, members[0], members[1])
    paused = await members[0].slash(channel, "game-manage pause")
    assert "paused" in said(paused)[0]
    status = await members[1].slash(channel, "game status")
    assert "paused" in said(status)[0]
    await members[0].slash(channel, "game-manage resume")
    prompt = prompts(members[1])[0]
    default = next(c for c in custom_ids(prompt) if c.startswith("agot:d:"))
    assert said(await members[1].user.click(prompt, custom_id=default))[0].startswith("✅")
    undone = await confirmed(members[0], await members[0].slash(channel, "game-manage rewind", count=1,
                                                                  reason="misclick"))
    assert any(m.content.startswith("⏪") and not m.flags.ephemeral for m in replies(undone))
    status = await members[2].slash(channel, "game status")
    assert said(status)[0].count("orders") >= 3  # the undone orders are awaited again
    newcomer = guild.add_member(env.create_user("newcomer"))
    house = HEADER.search(prompts(members[2])[0].content).group(2).lower()
    handed = await members[0].slash(channel, "game-manage replace", seat=house, member=newcomer)
    assert "now plays" in said(handed)[0]
    assert prompts(newcomer)  # the seat's open prompt went to the new player
    past = await members[2].slash(channel, "game log", round=1, phase="planning")
    assert replies(past)[0].attachments and past.ephemeral
    wrong = await members[2].slash(channel, "game log", round=1, phase="night")
    assert said(wrong)[0] == ("❌ 'night' is not a phase of A Game of Thrones: The Board Game: choose "
                              "planning, action, westeros.")
    assert [c["value"] for c in await members[2].autocomplete(channel, "game log", "phase", "act")] == ["action"]
    assert replies(await members[2].slash(channel, "game log", round=1, phase="Planning"))[0].attachments  # any case


@pytest.mark.asyncio
async def test_a_games_own_settings_through_its_form(table):
    """``/game create settings:`` is read by the game's own form (AGoT's here): completed as it is typed, a bad word
    refused in one line before anything is made, the settings said back and kept."""
    env = table
    guild = env.create_guild()
    parent = guild.create_text_channel("westeros")
    creator = guild.add_member(env.create_user("creator"))
    offered = await creator.autocomplete(parent, "game create", "settings", "houses:chosen ti")
    assert [c["value"] for c in offered] == ["houses:chosen tides:off", "houses:chosen tides:on",
                                             "houses:chosen tiebreak:rb2", "houses:chosen tiebreak:faq"]
    for words, refusal in [("colour:red", "❌ 'colour:red' is not a setting: write houses:random|chosen"),
                           ("tides:maybe", "❌ tides takes off or on"),
                           ("setup:base", "❌ The base game takes 3 to 6 players")]:
        bad = await creator.slash(parent, "game create", players=7, settings=words)
        assert bad.ephemeral and said(bad)[0].startswith(refusal), said(bad)
    too_few = await creator.slash(parent, "game create", players=3, settings="setup:8")  # refused by the room
    assert too_few.ephemeral and said(too_few)[0].startswith("❌"), said(too_few)
    assert not parent.threads and await env.bot.service.games_in_channel(parent.id) == []  # nothing was made
    made = await creator.slash(parent, "game create", players=4, hours=6,
                               settings="Houses:Chosen, tides:on tiebreak:faq orders:36")
    words = said(made)[0]
    assert "houses chosen when joining, Tides of Battle on, tie-breaks: FAQ ruling" in words
    assert "deadlines: orders 36 h, default 6 h" in words, words
    info = (await env.bot.service.games_in_channel(parent.threads[-1].id))[0]
    assert info.game == "agot" and info.settings["tides_of_battle"] is True and info.settings["houses"] == "choose"
    assert info.settings["deadlines"] == {"orders": 36 * 3600, "default": 6 * 3600}
