"""Letters from Whitechapel through the generic front end and table service (SimCord): DM text read in the game's
own terms, the game's words in status, game over and captions, and the detectives' private thread."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest
import simcord

from bot.frontend.team import open_team_thread
from bot.games.fronts import front
from bot.games.rooms import room
from bot.service.outbox import OutboxMessage
from bot.service.posts import TEAM_THREAD
from tests.bot.test_whitechapel_simcord import prompts_of, recent, start


async def autoplay_until(env: Any, users: list[Any], kind: str, seed: int = 3) -> tuple[Any, dict[str, Any]]:
    """Every seat answers as the autopilot (through the service) until one of them has a ``kind`` decision."""
    pilot = room("whitechapel").autopilot(seed)
    service = env.bot.service
    for _ in range(400):
        for u in users:
            for decision in await service.pending(1, u.user.id):
                if decision["kind"] == kind:
                    return u, decision
                if not decision.get("submitted"):
                    view = await service.view(1, u.user.id)
                    await service.answer(1, u.user.id, decision["id"], pilot.answer(view, decision))
        await env.settle()
    raise AssertionError(f"no {kind} decision")


@pytest.mark.asyncio
async def test_jack_answers_his_move_by_writing_the_circle_in_dm(world):
    env, _ = world
    _, users = await start(env)
    jack, move = await autoplay_until(env, users, "jack_move")
    circles = [o for o in move["options"] if isinstance(o, int)]
    far = next(o for o in circles if o > len(move["options"]))  # a circle that is no position in the list
    await jack.user.send_dm(str(far))
    assert "You moved" in recent(jack), recent(jack)
    view = await env.bot.service.view(1, jack.user.id)
    assert view["private"]["paths"][-1][-1] == far, view["private"]["paths"]


async def autoplay_to_the_end(env: Any, users: list[Any], seed: int = 3) -> None:
    pilot = room("whitechapel").autopilot(seed)
    service = env.bot.service
    for _ in range(3000):
        if (await service.game(1)).status == "finished":
            return
        for u in users:
            for decision in await service.pending(1, u.user.id):
                if not decision.get("submitted"):
                    view = await service.view(1, u.user.id)
                    await service.answer(1, u.user.id, decision["id"], pilot.answer(view, decision))
        await env.settle()
    raise AssertionError("the game did not end")


@pytest.mark.asyncio
async def test_the_table_is_told_in_nights_and_sides_not_rounds_and_winners(world):
    env, _ = world
    channel, users = await start(env)
    thread = channel.threads[-1]
    jack, _ = await autoplay_until(env, users, "jack_move")
    r = await users[0].slash(thread, "game status")
    assert "· night 1 · jack · " in r.response.content and "round" not in r.response.content, r.response.content
    r = await users[0].slash(thread, "game mygames")
    assert "· night 1 · jack" in r.response.content and "round" not in r.response.content, r.response.content
    r = await users[0].slash(thread, "game log", round=1, phase="women")
    assert r.response.content.startswith("Game #1 as night 1's women phase began"), r.response.content
    view = await env.bot.service.view(1, jack.user.id)  # a seat's own board, as a player's board row shows it
    await env.bot.transport.send(OutboxMessage(id=0, game_id=1, audience="player", user_id=jack.user.id, kind="board",
                                               payload={"view": view, "caption": "yours", "highlights": {}},
                                               key="own-board"))
    caption = jack.user.dm_channel.history()[-1].content
    assert "🔒 Only you see this board (your hideout" in caption and "orders" not in caption, caption

    await autoplay_to_the_end(env, users)
    await env.settle()
    over = [m.content for m in thread.history() + channel.history() if (m.content or "").startswith("🏆")]
    assert over and all(re.search(r"is over: (The detectives caught Jack on night \d|Jack the Ripper escaped every "
                                  r"night)", text) for text in over), over
    assert "wins in round" not in over[0] and "Detective 1 wins" not in over[0]
    places = re.findall(r"^(\d)\. ", over[0], flags=re.M)
    assert sorted(places) in (["1", "1", "2"], ["1", "2", "2"]), over[0]  # a side shares its place


async def start_with(env: Any, settings: str, **overwrites: Any) -> tuple[Any, list[Any]]:
    guild = env.create_guild()
    me = guild.me
    channel = guild.create_text_channel("whitechapel", overwrites={me: discord.PermissionOverwrite(**overwrites)}
                                        if overwrites else None)
    users = [guild.add_member(env.create_user(f"p{i}")) for i in range(3)]
    r = await users[0].slash(channel, "game create", game="whitechapel", players=3, settings=settings)
    assert "the detectives' private thread" in (r.response.content or ""), r.response.content
    for u in users[1:]:
        await u.slash(channel, "game join")
    await users[0].slash(channel, "game start")
    await env.settle()
    return channel, users


@pytest.mark.asyncio
async def test_the_detectives_get_a_private_thread_jack_cannot_read_and_only_one(world):
    env, _ = world
    channel, users = await start_with(env, "private_thread")
    table, team = channel.threads  # the game's thread, then the detectives'
    assert team._channel.type == discord.ChannelType.private_thread.value and table.name.startswith("Letters")
    seats = {u: (await env.bot.service.seat_of(1, u.user.id)).house for u in users}
    jack = next(u for u, seat in seats.items() if seat == "jack")
    for u in seats:
        if u is jack:
            with pytest.raises(simcord.SetupError):  # Jack may not read it
                team.history(viewer=u)
        else:
            assert "the detectives' private thread" in team.history(viewer=u)[0].content
    assert [m.content for m in team.history()][1:] == []  # the feed stays in the game's thread
    told = [m.content for m in table.history() if team.mention in (m.content or "")]
    assert told == [f"🔒 The detectives talk in their private thread, {team.mention}: only they see it."]
    assert int(await env.bot.posts.message_id(1, TEAM_THREAD)) == team.id

    info = await env.bot.service.game(1)  # the start retried (a restart): the stored thread, no second one
    assert await open_team_thread(env.bot, info) == team.id and len(channel.threads) == 2


@pytest.mark.asyncio
async def test_without_private_threads_the_table_is_told_in_one_line_and_plays_on(world):
    env, _ = world
    channel, users = await start_with(env, "private_thread", create_private_threads=False)
    assert len(channel.threads) == 1
    table = channel.threads[0]
    refused = [m.content for m in table.history() if "private thread" in (m.content or "")]
    assert refused == ["🔒 The detectives get no private thread: I may not open private threads here (Create "
                       "Private Threads). The game goes on in this thread."]
    assert any(prompts_of(u, "🔪 Jack: your hideout") for u in users)  # the game has started all the same
    assert await env.bot.posts.message_id(1, TEAM_THREAD) is None


@pytest.mark.asyncio
async def test_no_private_thread_unless_the_table_asks(world):
    env, _ = world
    channel, _ = await start(env)
    assert len(channel.threads) == 1 and await env.bot.posts.message_id(1, TEAM_THREAD) is None
    assert front("agot").private_team({"detectives_private_thread": True}, ["stark", "lannister"]) is None
