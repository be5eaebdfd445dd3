"""Issue 15 through SimCord: confirmations (confirm, keep, expired, clicked by another member, after a restart),
help by command and by DM, house names in any case, time zones, the bot's permissions at create, and forms whose
every option is described."""

from __future__ import annotations

from datetime import UTC, datetime

import discord
import pytest
from discord import app_commands

from bot.frontend.confirm import ConfirmButton
from bot.frontend.help import TOPICS as EVERY_GAME
from bot.games.agot.help import TOPICS
from tests.bot.conftest import make_bot
from tests.bot.players import HEADER, confirm_id, confirmed, custom_ids, said, show_manage_to
from tests.bot.test_commands import lobby, prompts


async def status_of(env, gid: int = 1) -> str:
    return (await env.bot.service.game(gid)).status


# --- 5. safe commands -------------------------------------------------------------------------------------------

@pytest.mark.asyncio
async def test_cancel_asks_first_keep_and_a_stranger_change_nothing_confirm_cancels(table):
    env = table
    guild, channel, members = await lobby(env)
    asked = await members[0].slash(channel, "game cancel")
    assert asked.ephemeral and "Cancel game #1" in asked.response.content and await status_of(env) == "running"
    kept = await confirmed(members[0], asked, yes=False)
    assert "Kept: nothing changed" in said(kept)[0] and await status_of(env) == "running"
    assert not asked.response.components  # the question is settled: its buttons are gone

    asked = await members[0].slash(channel, "game cancel")
    # an ephemeral question is seen by its user alone; were its button in anyone else's hands (here: the same
    # custom id on a public post), their click would change nothing
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(confirm_id(asked).split(":")[2], True))
    shared = await env.bot.get_channel(channel.id).send("a forwarded confirmation", view=view)
    other = await members[1].click(channel.history()[-1], custom_id=confirm_id(asked))
    assert said(other) == ["❌ This confirmation is not yours: nothing changed."] and await status_of(env) == "running"
    assert shared.id == channel.history()[-1].id
    posts = len(channel.history())
    await confirmed(members[0], asked)  # the owner still may: the stranger's click took nothing away
    assert await status_of(env) == "cancelled" and asked.response.content == "✅ Game #1 is cancelled."
    public = [m.content for m in channel.history()[posts:]]
    assert "Game #1 is cancelled." in public  # the table is told, once
    refused = await members[1].slash(channel, "game cancel", game=1)
    assert said(refused)[0].startswith("❌")


@pytest.mark.asyncio
async def test_a_confirmation_expires_and_a_restart_forgets_it(world):
    env, path = world
    guild, channel, members = await lobby(env)
    asked = await members[0].slash(channel, "game cancel")
    await env.advance_time(121)
    late = await confirmed(members[0], asked)
    assert "expired: nothing changed" in said(late)[0] and await status_of(env) == "running"
    asked = await members[0].slash(channel, "game cancel")
    await env.bot.service.close()
    await env.restart_bot(await make_bot(path))
    await env.bot.tree.sync()
    stale = await confirmed(members[0], asked)
    assert "expired: nothing changed" in said(stale)[0] and await status_of(env) == "running"


@pytest.mark.asyncio
async def test_kick_and_rewind_ask_first_and_votes_to_end_or_kick_too(table):
    env = table
    guild, channel, members = await lobby(env)
    await show_manage_to(env, guild, members[0], members[1])
    house = HEADER.search(prompts(members[2])[0].content).group(2)
    refused = await members[1].slash(channel, "game-manage kick", seat=house)
    assert said(refused)[0].startswith("❌") and not confirm_id_or_none(refused)  # no Confirm for a non-manager
    asked = await members[0].slash(channel, "game-manage kick", seat=house.upper())
    assert f"Take {house} from its player" in said(asked)[0]
    await confirmed(members[0], asked, yes=False)
    seats = (await env.bot.service.game(1)).seats
    assert all(s.state != "open" for s in seats)
    asked = await members[0].slash(channel, "game-manage rewind", count=1)
    assert "Undo the last 1 answer(s)" in said(asked)[0]
    await confirmed(members[0], asked, yes=False)
    ended = await members[1].slash(channel, "game vote", kind="cancel")
    assert "cancel the game" in said(ended)[0] and not any("Vote #1" in (m.content or "")
                                                           for m in channel.history())
    await confirmed(members[1], ended)
    assert "Vote #1 (cancel) is open" in ended.response.content
    assert any((m.content or "").startswith("🗳️ **Vote #1**") for m in channel.history())


def confirm_id_or_none(result) -> str | None:
    try:
        return confirm_id(result)
    except StopIteration:
        return None


@pytest.mark.asyncio
async def test_create_refuses_where_the_bot_may_not_post_embed_or_attach(table):
    env = table
    guild = env.create_guild()
    me = guild.me
    assert me is not None
    shut = guild.create_text_channel("shut", overwrites={me: discord.PermissionOverwrite(
        embed_links=False, attach_files=False, create_public_threads=False)})
    member = guild.add_member(env.create_user("host"))
    refused = await member.slash(shut, "game create", players=3)
    words = said(refused)[0]
    assert words.startswith("❌ I lack permissions in this channel: ")
    assert "Embed Links" in words and "Attach Files" in words and "Create Public Threads" in words
    assert "Send Messages," not in words  # only what is missing
    assert await env.bot.service.games_in_channel(shut.id) == []
    fine = await member.slash(guild.create_text_channel("open"), "game create", players=3)
    assert "Game #1" in said(fine)[0]


# --- 4. help ----------------------------------------------------------------------------------------------------

@pytest.mark.asyncio
async def test_help_by_command_every_topic_only_to_the_user(table):
    env = table
    guild = env.create_guild()
    channel = guild.create_text_channel("westeros")
    member = guild.add_member(env.create_user("newcomer"))
    games = await member.slash(channel, "game help")  # no game here: the games, and how to start one
    assert games.ephemeral and "A Game of Thrones" in said(games)[0] and "/game create game:agot" in said(games)[0]
    overview = await member.slash(channel, "game help", game_name="agot")
    assert "How a game of A Game of Thrones goes" in said(overview)[0] and "/game create" in said(overview)[0]
    for topic, (title, _) in {**TOPICS, **EVERY_GAME}.items():
        shown = await member.slash(channel, "game help", topic=topic, game_name="agot")
        assert shown.ephemeral and title in said(shown)[0] and len(said(shown)[0]) <= 2000
    orders = await member.slash(channel, "game help", topic="orders")  # a game's page found away from a game
    assert "Winterfell M+1" in said(orders)[0] and "from Winterfell:" in said(orders)[0]
    offered = [c["value"] for c in await member.autocomplete(channel, "game help", "topic", "")]
    assert {*TOPICS, *EVERY_GAME} <= set(offered)
    await member.slash(channel, "game create", players=3)  # in the game's thread, its own pages
    here = await member.slash(channel.threads[-1], "game help")
    assert "How a game of A Game of Thrones goes" in said(here)[0]
    in_dm = await member.user.slash("game help", topic="deadlines")
    assert "away" in said(in_dm)[0]


@pytest.mark.asyncio
async def test_help_by_dm_explains_the_open_prompt_and_never_parses_it(table):
    env = table
    guild, channel, members = await lobby(env)
    user = members[0].user
    prompt = prompts(members[0])[0]
    assert "/game help topic:orders" in prompt.content  # each prompt names its help topic
    for word in ("help", "?", " Help "):
        await user.send_dm(word)
        reply = user.dm_channel.last_message.content
        assert not reply.startswith("❌") and "how to answer" in reply and "M+1" in reply, reply
        assert "/game help topic:orders" in reply
    status = await members[1].slash(channel, "game status")
    waiting = said(status)[0].split("Waiting for:")[1]
    house = HEADER.search(prompt.content).group(2)
    assert house in waiting  # help answered nothing
    lobby_only = guild.add_member(env.create_user("early"))
    await lobby_only.slash(guild.create_text_channel("tavern"), "game create", players=4)
    await lobby_only.user.send_dm("what now?")  # no prompt open: the short help, not a parse error
    reply = lobby_only.user.dm_channel.last_message.content
    assert not reply.startswith("❌") and "/game help" in reply
    stranger = env.create_user("stranger")
    await stranger.send_dm("?")
    assert "/game create" in stranger.dm_channel.last_message.content


# --- 6. forms that forgive --------------------------------------------------------------------------------------

@pytest.mark.asyncio
async def test_house_names_in_any_case_and_only_free_houses_offered(table):
    env = table
    guild = env.create_guild()
    channel = guild.create_text_channel("westeros")
    members = [guild.add_member(env.create_user(f"p{i}")) for i in range(3)]
    await members[0].slash(channel, "game create", players=3, settings="houses:chosen", join=False)
    offered = await members[0].autocomplete(channel, "game join", "seat", "")
    assert [c["name"] for c in offered] == ["Baratheon", "Lannister", "Stark"]  # the 3-player houses
    joined = await members[0].slash(channel, "game join", seat="Stark")
    assert "as Stark" in said(joined)[0]
    offered = await members[1].autocomplete(channel, "game join", "seat", "")
    assert [c["name"] for c in offered] == ["Baratheon", "Lannister"]
    assert [c["name"] for c in await members[1].autocomplete(channel, "game join", "seat", "LAN")] == ["Lannister"]
    upper = await members[1].slash(channel, "game join", seat="LANNISTER")
    assert "as Lannister" in said(upper)[0]
    not_here = await members[2].slash(channel, "game join", seat="tyrell")
    assert said(not_here)[0] == "❌ 'tyrell' is not a seat of this game: choose Baratheon, Lannister, Stark."
    unknown = await members[2].slash(channel, "game join", seat="dragons")
    assert "is not a seat" in said(unknown)[0] and "Baratheon" in said(unknown)[0]
    house = await members[2].slash(channel, "game join", seat="house baratheon")
    assert "as Baratheon" in said(house)[0]


def test_every_option_is_described_with_readable_choices_and_slots_to_spare(tmp_path):
    from bot.frontend.commands import GameCog
    from bot.frontend.manage import ManageCog
    from bot.games.agot.commands import AgotCommands

    group = GameCog.game
    assert len(group.commands) <= 20  # of the 25 Discord allows in a group
    for command in [*group.walk_commands(), *ManageCog.manage.walk_commands(), *AgotCommands().walk_commands()]:
        assert isinstance(command, app_commands.Command)
        assert command.description and command.description != "…"
        for param in command.parameters:
            assert param.description and param.description != "…", (command.qualified_name, param.name)
            for choice in param.choices:
                assert choice.name != choice.value and choice.name[0].isupper(), (command.name, choice)
    assert ManageCog.manage.default_permissions == discord.Permissions(manage_guild=True)
    assert GameCog.game.default_permissions is None
    assert all(len(c.parameters) <= 25 and c.name == c.name.lower() for c in group.walk_commands())


# --- 7. time zones ----------------------------------------------------------------------------------------------

@pytest.mark.asyncio
async def test_a_time_zone_is_stored_checked_and_reads_quiet_hours_and_away_dates(table):
    env = table
    guild = env.create_guild()
    channel = guild.create_text_channel("westeros")
    members = [guild.add_member(env.create_user(f"p{i}")) for i in range(3)]
    none = await members[0].slash(channel, "game timezone")
    assert "UTC (no time zone set)" in said(none)[0]
    bad = await members[0].slash(channel, "game timezone", zone="Mars/Olympus_Mons")
    assert said(bad)[0].startswith("❌ 'Mars/Olympus_Mons' is not a time zone") and "Europe/Paris" in said(bad)[0]
    offered = await members[0].autocomplete(channel, "game timezone", "zone", "europe/pa")
    assert [c["value"] for c in offered] == ["Europe/Paris"]
    set_ = await members[0].slash(channel, "game timezone", zone="europe/paris")
    assert "Your time zone is now Europe/Paris" in said(set_)[0]
    assert "Europe/Paris" in said(await members[0].slash(channel, "game timezone"))[0]
    # January: Paris is UTC+1, so 23-7 there is 22-6 UTC; the weekend is Paris's Saturday and Sunday
    created = await members[0].slash(channel, "game create", players=3, quiet_hours="23-7", weekend_hours=6)
    assert "quiet hours 22:00-6:00 UTC" in said(created)[0] and "Saturday and Sunday in Europe/Paris" in \
        said(created)[0]
    info = await env.bot.service.game(1)
    assert info.settings["quiet_hours"] == [22, 6] and info.settings["zone"] == "Europe/Paris"
    for m in members[1:]:
        await m.slash(channel, "game join")
    await members[0].slash(channel, "game start")
    away = await members[0].slash(channel, "game away", until="2026-01-10")
    assert said(away)[0].startswith("🏖️"), said(away)
    seat = (await env.bot.service.game(1)).seat_of(members[0].id)
    assert seat is not None and seat.away_until == datetime(2026, 1, 9, 23, tzinfo=UTC)  # midnight in Paris
    utc = await members[1].slash(channel, "game away", until="2026-01-10")  # no zone: UTC midnight
    seat = (await env.bot.service.game(1)).seat_of(members[1].id)
    assert said(utc)[0].startswith("🏖️") and seat is not None and seat.away_until == datetime(2026, 1, 10, tzinfo=UTC)


@pytest.mark.asyncio
async def test_a_taken_house_is_refused_with_its_name_and_settings_read_as_the_form_showed_them(table):
    env = table
    guild = env.create_guild()
    channel = guild.create_text_channel("westeros")
    members = [guild.add_member(env.create_user(f"p{i}")) for i in range(2)]
    created = await members[0].slash(channel, "game create", players=3, join=False,
                                     settings="houses:chosen tiebreak:faq")
    assert "houses chosen when joining" in said(created)[0] and "tie-breaks: FAQ ruling" in said(created)[0]
    await members[0].slash(channel, "game join", seat="stark")
    taken = await members[1].slash(channel, "game join", seat="STARK")
    assert said(taken)[0] == "❌ Stark is already taken: choose another seat."
    status = await members[1].slash(channel, "game status")
    assert "p0 (Stark)" in said(status)[0] and "Settings: 3 players, houses chosen when joining" in said(status)[0]


# --- 1. one thread per game -------------------------------------------------------------------------------------

@pytest.mark.asyncio
async def test_a_game_opens_its_thread_and_the_announcements_join_button_seats_members(table):
    env = table
    guild = env.create_guild()
    channel = guild.create_text_channel("westeros")
    members = [guild.add_member(env.create_user(f"p{i}")) for i in range(4)]
    created = await members[0].slash(channel, "game create", players=3)
    thread = channel.threads[-1]
    announcement = created.response
    assert thread.is_thread and f"<#{thread.id}>" in announcement.content
    assert (await env.bot.service.game(1)).channel_id == thread.id
    join = next(c for c in custom_ids(announcement) if c.startswith("agot:enter:"))
    clicked = await members[1].click(announcement, custom_id=join)
    assert "joins game #1 (2/3)" in said(clicked)[0] and "posted in" in said(clicked)[0]
    assert any("joins game #1 (2/3)" in (m.content or "") for m in thread.history())
    twice = await members[1].click(announcement, custom_id=join)
    assert said(twice)[0].startswith("❌")
    await members[2].slash(thread, "game join")  # in the thread itself
    started = await members[0].slash(channel, "game start")  # from the parent: the start is told in the thread
    assert started.ephemeral and any("begins" in (m.content or "") for m in thread.history())
    assert not channel.history()[0].components  # the game has started: the announcement's Join button is gone
    assert "created" in channel.history()[0].content
    second = await members[3].slash(channel, "game create", players=4)  # a channel holds a game per thread
    assert "Game #2" in said(second)[0] and len(channel.threads) == 2
    parent = [m for m in channel.history() if not m.flags.ephemeral and not m.is_system()]
    assert [m.id for m in parent] == [announcement.id, second.response.id]  # nothing else in the parent


@pytest.mark.asyncio
async def test_a_game_in_the_channel_itself_or_in_a_forum_post(table):
    env = table
    guild = env.create_guild()
    member = guild.add_member(env.create_user("host"))
    me = guild.me
    assert me is not None
    no_threads = guild.create_text_channel("no-threads", overwrites={me: discord.PermissionOverwrite(
        create_public_threads=False)})
    refused = await member.slash(no_threads, "game create", players=3)
    assert "Create Public Threads" in said(refused)[0] and "thread:True" not in said(refused)[0]
    here = await member.slash(no_threads, "game create", players=3, thread=False)
    assert "Game #1" in said(here)[0] and not no_threads.threads
    assert (await env.bot.service.game(1)).channel_id == no_threads.id
    forum = guild.create_forum_channel("tables")
    post = await env.bot.get_channel(forum.id).create_thread(name="Saturday game", content="Who plays?")
    in_post = await member.slash(forum.threads[-1], "game create", players=4)
    assert "Game #2" in said(in_post)[0] and (await env.bot.service.game(2)).channel_id == post.thread.id
