"""Issue 12 through SimCord, by scripted users only: quiet hours in the settings and the status, the digest, "my
games" in a DM, a faceless game played to the end, then the leaderboard, a record and the replay file."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import discord
import pytest

from bot.service.settings import normalize, shaped_deadline
from engine.core import Rng
from tests.bot.players import Player, game_over

STAMP = re.compile(r"<t:(\d+):R>")


async def seat(env, players: int = 3, **options):
    guild = env.create_guild()
    parent = guild.create_text_channel("westeros")
    members = [guild.add_member(env.create_user(f"Zorblax{i}")) for i in range(players)]
    created = await members[0].slash(parent, "game create", players=players, **options)
    channel = parent.threads[-1]  # the game's own thread
    for m in members[1:]:
        await m.slash(channel, "game join")
    return guild, channel, members, created


@pytest.mark.asyncio
async def test_quiet_hours_shape_the_deadlines_shown_in_settings_and_status(table):
    env = table
    now = discord.utils.utcnow()
    quiet = [now.hour, (now.hour + 3) % 24]  # the 24 h orders deadline falls inside: it moves to their end
    guild, channel, members, created = await seat(env, quiet_hours=f"{quiet[0]}-{quiet[1]}", weekend_hours=12)
    assert f"quiet hours {quiet[0]}:00-{quiet[1]}:00 UTC" in created.response.content
    bad = await members[0].slash(guild.create_text_channel("tavern"), "game create", players=3, quiet_hours="25-7")
    assert bad.ephemeral and bad.response.content.startswith("❌") and "23-7" in bad.response.content
    await members[0].slash(channel, "game start")
    shown = await members[1].slash(channel, "game status")
    assert "quiet hours" in shown.response.content and "+12 h over a weekend" in shown.response.content
    status = await members[1].slash(channel, "game status")
    stamps = {int(s) for s in STAMP.findall(status.response.content)}
    assert len(stamps) == 1  # every house's orders share the deadline, as a Discord relative timestamp
    due = datetime.fromtimestamp(stamps.pop(), UTC)
    expected, _ = shaped_deadline(normalize({"quiet_hours": quiet, "weekend_hours": 12}), "orders", now)
    assert abs((due - expected).total_seconds()) < 60 and due.hour == quiet[1] and due.minute == 0


@pytest.mark.asyncio
async def test_digest_mygames_and_replay_refused_while_running(table):
    env = table
    guild, channel, members, _ = await seat(env)
    await members[0].slash(channel, "game start")
    first = await members[1].slash(channel, "game digest")
    assert first.ephemeral and "public events since you last looked" in first.response.content
    assert "Waiting on you" in first.response.content and "<t:" in first.response.content
    again = await members[1].slash(channel, "game digest")
    assert "Nothing new" in again.response.content
    stranger = guild.add_member(env.create_user("onlooker"))
    nosy = await stranger.slash(channel, "game digest")
    assert nosy.response.content.startswith("❌") and "no seat" in nosy.response.content
    mine = await members[1].user.slash("game mygames")  # in a DM
    content = mine.response.content
    assert "Game #1" in content and "waits on you" in content
    assert f"https://discord.com/channels/{guild.id}/{channel.id}" in content
    none = await stranger.user.slash("game mygames")
    assert "no game" in none.response.content
    early = await members[0].slash(channel, "game replay")
    assert early.response.content.startswith("❌") and not early.response.attachments


@pytest.mark.asyncio
async def test_a_faceless_game_to_the_end_then_leaderboard_record_and_replay(table):
    env = table
    guild, channel, members, created = await seat(env, faceless=True)
    await members[0].slash(channel, "game start")
    players = [Player(m, Rng(i + 7)) for i, m in enumerate(members)]
    for _ in range(3000):
        acted = sum([await p.act() for p in players])
        if game_over(channel):
            break
        if not acted:
            await env.advance_time(13 * 3600)
    assert game_over(channel)
    history = channel.history()
    end = next(i for i, m in enumerate(history) if (m.content or "").startswith("🏆"))
    secrets = [m.user.name for m in members] + [str(m.id) for m in members]
    for m in history[:end]:
        if m.flags.ephemeral:
            continue  # only the one user sees it
        shown = (m.content or "") + " ".join(e.description or "" for e in m.embeds)
        assert not any(s in shown for s in secrets), shown[:200]
    standings = history[end]
    assert all(m.user.name in standings.content for m in members)  # the end reveals who played which house
    assert standings.attachments and standings.attachments[0].filename.endswith("replay.json")
    board = await members[2].slash(channel, "game ratings")
    lines = [line for line in board.response.content.split("\n") if line[:2] in ("1.", "2.", "3.")]
    assert [line.split(" — ")[1].split(" ·")[0] for line in lines] == ["1516", "1500", "1484"]
    winner = lines[0].split(". ", 1)[1].split(" — ")[0]
    rec = await members[2].slash(channel, "game ratings", user=next(m for m in members if m.user.name == winner))
    assert "1 games, 1 wins, average place 1.00, rating 1516" in rec.response.content
    replay = await members[1].slash(channel, "game replay")
    assert replay.ephemeral and replay.response.attachments
    elsewhere = await members[1].user.slash("game ratings")
    assert elsewhere.response.content.startswith("❌")
