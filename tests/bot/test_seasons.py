"""Seasons and rank roles through SimCord (issue 29): a manager opens a season with rank roles (one the bot
creates, one the admin names), bad seasons and roles the bot may not manage are refused in one line with nothing
stored, two Monopoly games finish and the roles are given and taken as the ranks change (after each game's final
standings, across a restart), a role moved above the bot is said once in the channel, the season ends with its
final standings.

The games are created, joined and started with slash commands; their moves are the room's autopilots answering
through the service (the play itself is tests/bot/test_monopoly_simcord.py's), so that only the bot's own
delivery of the final standings triggers the roles."""

from __future__ import annotations

from datetime import timedelta

import discord
import pytest

from bot.games.demo_game import autopilots
from tests.bot.conftest import make_bot
from tests.bot.players import said

pytestmark = pytest.mark.timeout(60)


def roles_of(env, guild, member) -> set[str]:
    held = env.backend.get_member(guild.id, member.id).role_ids
    return {env.backend.get_role(guild.id, r).name for r in held}


async def finish_game(env, channel, members, seed: int) -> int:
    """A two-player Monopoly game of 10 rounds created and started by slash commands, played to its end by the
    autopilots; the bot delivers everything, the final standings last."""
    await members[0].slash(channel, "game create", game="monopoly", players=2, settings="rounds 10")
    thread = channel.threads[-1]
    await members[1].slash(thread, "game join")
    await members[0].slash(thread, "game start")
    svc = env.bot.service
    gid = max(g.id for g in await svc.games_in_channel(thread.id))
    agents = autopilots("monopoly", [m.id for m in members], seed)
    svc.core.clock = env.now  # the answers given from here read SimCord's virtual time, as the bot's own calls do
    while (status := await svc.status(gid))["status"] == "running":
        user = status["waiting"][0]["user_id"]
        decision = (await svc.pending(gid, user))[0]
        view = await svc.view(gid, user)
        reply = await svc.answer(gid, user, decision["id"], agents[user].answer(view, decision))
        if reply.status == "refused":
            assert (await svc.answer(gid, user, decision["id"], decision["default"])).accepted
    await env.settle()
    assert any((m.content or "").startswith("🏆") for m in thread.history())
    return gid


@pytest.mark.asyncio
async def test_a_season_gives_and_takes_rank_roles(world):
    env, path = world
    guild = env.create_guild()
    channel = guild.create_text_channel("ladder")
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    podium = guild.create_role("Podium")  # below the bot's own role: it may give it
    guild.create_role("Overlord", position=50)  # above the bot's own role
    admin = guild.add_member(env.create_user("Admin"), roles=[managers])
    ann, ben = (guild.add_member(env.create_user(n)) for n in ("Ann", "Ben"))
    today = env.now().date()  # the virtual clock
    span = {"start": str(today - timedelta(days=1)), "end": str(today + timedelta(days=30))}

    async def refused(member, why: str, **options) -> None:
        r = await member.slash(channel, "season open", **{"name": "Spring", **span, **options})
        assert r.ephemeral and r.response.content.startswith("❌") and why in r.response.content, \
            r.response.content
        assert "\n" not in r.response.content

    await refused(ann, "Manage Server", game="monopoly")
    await refused(admin, "at or above my own top role", roles="1=Overlord")
    await refused(admin, "@everyone", roles="1=@everyone")
    await refused(admin, "managed by an integration", roles=f"1={guild.me.top_role.name}")
    await refused(admin, "ends before it starts", start=span["end"], end=span["start"])
    await refused(admin, "a role of its own", roles="1=Champion, 3=champion")
    await refused(admin, "is not a rank role", roles="Champion")
    await refused(admin, "from 2000 to 2200", end="9999-12-31")  # no next day to end on: refused, no traceback
    # an unknown game cannot be typed: the option offers the bot's games only (the service refuses one too)
    listed = await admin.slash(channel, "season list")
    assert "No season yet" in listed.response.content  # nothing stored
    assert "Champion" not in {r.name for r in env.bot.get_guild(guild.id).roles}  # nor any role created

    opened = await admin.slash(channel, "season open", name="Spring", game="monopoly", **span, count=1,
                               roles="1=Champion, 3=@Podium")  # each player's best game: the first win of the
    # player behind gains more than the leader's first, so the lead changes as soon as they win one
    words = "\n".join(said(opened))
    assert "Season opened" in words and "Roles created: Champion" in words, words
    clash = await admin.slash(channel, "season open", name="Other", game="monopoly", **span)
    assert clash.response.content.startswith("❌") and "overlaps the season 'Spring'" in clash.response.content

    await finish_game(env, channel, [ann, ben], seed=1)
    board = await ann.slash(channel, "season board")
    first, second = [line.split(" · ")[0][3:] for line in board.response.content.splitlines()[1:3]]
    winner, other = (ann, ben) if first == "Ann" else (ben, ann)
    assert {first, second} == {"Ann", "Ben"}
    assert {"Champion"} <= roles_of(env, guild, winner) and "Podium" not in roles_of(env, guild, winner)
    assert "Podium" in roles_of(env, guild, other) and "Champion" not in roles_of(env, guild, other)

    await env.bot.service.close()  # a restart: the season, its roles and who holds them are stored
    await env.restart_bot(await make_bot(path))
    await env.bot.tree.sync()
    # the games go on until the other player leads: the Champion role moves to them (taken from the first leader)
    for seed in range(2, 12):
        await finish_game(env, channel, [ann, ben], seed=seed)
        if "Champion" in roles_of(env, guild, other):
            break
    assert "Champion" in roles_of(env, guild, other) and "Podium" not in roles_of(env, guild, other)
    assert "Podium" in roles_of(env, guild, winner) and "Champion" not in roles_of(env, guild, winner)

    # Podium moved above the bot's role: said once in the channel, then left alone
    env.backend.edit_role(guild.id, podium.id, {"position": 60})
    await finish_game(env, channel, [ann, ben], seed=40)
    ended = await admin.slash(channel, "season end")
    assert "Season ended" in "\n".join(said(ended))
    warned = [m for t in [channel, *channel.threads] for m in t.history() if "Podium" in (m.content or "")
            and "top role" in (m.content or "")]
    assert len(warned) == 1, [m.content for m in warned]
    final = await ben.slash(channel, "season board", season="spring")
    assert "ended" in final.response.content and "Ann" in final.response.content
