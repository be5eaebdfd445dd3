"""Smoke tests of the real network path: the unpatched discord.py client, over loopback sockets, against the fake
Discord of ``fake_discord`` (REST + websocket gateway served by the test itself). SimCord tests cover behaviour;
these prove the bot's requests and Discord's payloads survive real HTTP, multipart uploads and the gateway."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
import pytest_asyncio

from bot.frontend.client import AgotBot
from bot.games.fronts import front, playable
from bot.service import TableService
from tests.wire.fake_discord import BOT_ID, CHANNEL_ID, PNG_SIGNATURE, FakeDiscord

PLAYERS = {101: "arya", 102: "brienne", 103: "cersei"}
CREATOR = 101


async def connect(fake: FakeDiscord, path: Path) -> tuple[AgotBot, asyncio.Task[None]]:
    """A new bot over the SQLite file at ``path``, logged in and connected to the fake gateway with its guild."""
    service = await TableService.open(path, clock=AgotBot.clock)
    bot = AgotBot(service)
    await bot.login("fake-token")
    running = asyncio.create_task(bot.connect(reconnect=False))
    fake.client = running
    await fake.until(lambda: bot.get_channel(CHANNEL_ID) is not None)
    return bot, running


async def disconnect(fake: FakeDiscord, bot: AgotBot, running: asyncio.Task[None]) -> None:
    fake.client = None
    await bot.close()  # also closes its table service
    await asyncio.wait_for(running, 5)


@pytest_asyncio.fixture
async def wire(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> AsyncIterator[tuple[FakeDiscord, Path]]:
    """The fake Discord with discord.py aimed at it; afterwards discord.py's URLs are Discord's again, and no
    error was logged (discord.py only logs the exceptions of component callbacks and gateway parsing)."""
    caplog.set_level(logging.ERROR)
    async with FakeDiscord() as fake:
        for uid, name in PLAYERS.items():
            fake.add_user(uid, name)
        with fake.pointed_at():
            yield fake, tmp_path / "agot.sqlite3"
    assert discord.http.Route.BASE.startswith("https://discord.com/api/")
    assert discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY.host == "gateway.discord.gg"
    logged = caplog.get_records("setup") + caplog.get_records("call") + caplog.records
    assert not [r.getMessage() for r in logged if r.levelno >= logging.ERROR]


@pytest_asyncio.fixture
async def live(wire):
    fake, path = wire
    bot, running = await connect(fake, path)
    try:
        await bot.tree.sync()
        yield fake, bot
    finally:
        await disconnect(fake, bot, running)


async def answered(fake: FakeDiscord, token: str, followups: int = 0) -> list[dict]:
    """The callback body the bot answered one interaction with, then its first ``followups`` follow-ups."""
    await fake.until(lambda: fake.callbacks(token) and len(fake.followups(token)) >= followups)
    return [c.body for c in fake.callbacks(token) + fake.followups(token)]


async def lobby(fake: FakeDiscord, start: bool = True) -> None:
    create = await fake.slash(CREATOR, "game", "create", {"players": 3, "thread": False})
    await answered(fake, create, followups=1)
    for uid in PLAYERS:
        if uid != CREATOR:
            await answered(fake, await fake.slash(uid, "game", "join"))
    if start:
        begun = await fake.slash(CREATOR, "game", "start")
        await answered(fake, begun, followups=1)


def dm_prompts(fake: FakeDiscord, uid: int) -> list[dict]:
    cid = fake.dm_channels.get(uid)
    return [m for m in fake.channel_messages(cid or 0) if m["components"]]


def custom_ids(message: dict) -> list[str]:
    return [c["custom_id"] for row in message["components"] for c in row["components"] if "custom_id" in c]


@pytest.mark.asyncio
async def test_login_gateway_and_command_sync_over_loopback(wire):
    fake, path = wire
    bot, running = await connect(fake, path)
    try:
        assert fake.seen("GET", "/api/v10/users/@me") and fake.seen("GET", "/api/v10/oauth2/applications/@me")
        assert fake.identified == 1 and bot.user is not None and bot.user.id == BOT_ID
        synced = await bot.tree.sync()
        put = fake.seen("PUT", f"/api/v10/applications/{BOT_ID}/commands")
        own = [name for name in playable() if front(name).group() is not None]  # each game's own group
        assert "agot" in own
        shared = ["game", "game-manage", "queue", "season"]  # every game's, then each game's own group
        assert len(put) == 1 and [c["name"] for c in put[0].body] == [*shared, *own]
        sent = {c["name"]: c for c in put[0].body}
        subs = {o["name"] for o in sent["game"]["options"]}
        assert {"create", "join", "start", "board", "act", "help", "timezone"} <= subs and len(subs) <= 20
        assert {o["name"] for o in sent["agot"]["options"]} == {"card", "hand", "calc"}  # the game's own verbs
        manage = sent["game-manage"]  # the repairs are hidden from members without Manage Server (0x20)
        assert int(manage["default_member_permissions"]) == discord.Permissions(manage_guild=True).value
        assert [c.name for c in synced] == [*shared, *own] and synced[0].id > 0
    finally:
        await disconnect(fake, bot, running)
    assert not [c for c in fake.calls if c.status == 404]


@pytest.mark.asyncio
async def test_slash_commands_answered_through_the_callback_route(live):
    fake, bot = live
    create = await fake.slash(CREATOR, "game", "create", {"players": 3, "thread": False})
    deferred, reply = await answered(fake, create, followups=1)  # deferred: a thread may be opened first
    assert deferred["type"] == 5 and "**Game #1** created" in reply["content"]
    join = await fake.slash(102, "game", "join")
    (joined,) = await answered(fake, join)
    assert joined["type"] == 4 and "joins game #1 (2/3)" in joined["data"]["content"]
    # the join's test DM went through POST /users/@me/channels and then the DM channel's messages
    opened = await fake.until(lambda: [c for c in fake.seen("POST", "/api/v10/users/@me/channels")
                                       if c.body["recipient_id"] in ("102", 102)])
    assert opened
    await fake.until(lambda: any("You joined game #1" in m["content"] for m in fake.channel_messages(
        fake.dm_channels[102])))
    again = await fake.slash(102, "game", "join")
    (refused,) = await answered(fake, again)
    assert refused["data"]["content"].startswith("❌") and refused["data"]["flags"] & 64  # ephemeral refusal
    assert not [c for c in fake.calls if c.status == 404]


@pytest.mark.asyncio
async def test_start_uploads_the_board_png_and_a_dm_board_and_text_go_over_the_wire(live):
    fake, bot = live
    await lobby(fake)
    # the start's public board: a multipart POST to the game's channel whose file is a PNG
    board = await fake.until(lambda: [c for c in fake.seen("POST", f"/api/v10/channels/{CHANNEL_ID}/messages")
                                      if c.files])
    (png,) = board[0].files.values()
    assert png.startswith(PNG_SIGNATURE) and len(png) > 10_000
    assert board[0].body["attachments"][0]["filename"].endswith(".png")
    # every player got their first prompt by DM, with a persistent button
    for uid in PLAYERS:
        await fake.until(lambda uid=uid: dm_prompts(fake, uid))
        assert any(cid.startswith("agot:d:1:") for cid in custom_ids(dm_prompts(fake, uid)[0]))
    # /game board used in a DM: deferred, then a follow-up webhook upload of a PNG
    token = await fake.slash(102, "game", "board", dm=True)
    deferred, followed = await answered(fake, token, followups=1)
    assert deferred["type"] == 5
    (dm_png,) = fake.followups(token)[0].files.values()
    assert dm_png.startswith(PNG_SIGNATURE) and "Game #1" in followed["content"]
    # DM text reaches on_message through MESSAGE_CREATE and is answered in the same DM channel: a bad order is
    # refused, the prompt's own default orders typed out are accepted
    dm = fake.dm_channels[103]
    default = next(x for x in dm_prompts(fake, 103)[0]["content"].split("\n") if x.startswith("Default"))
    for typed, verdict in (("hello", "❌"), (default.split(": ", 1)[1].rstrip("."), "✅")):
        before = len(fake.channel_messages(dm))
        await fake.dm_text(103, typed)
        reply = await fake.until(lambda n=before: [m for m in fake.channel_messages(dm)[n:] if m["author"]["bot"]])
        assert reply[0]["content"].startswith(verdict), reply[0]["content"]
    waiting = (await bot.service.status(1))["waiting"]
    assert 103 not in [w["user_id"] for w in waiting] and 101 in [w["user_id"] for w in waiting]
    assert not [c for c in fake.calls if c.status == 404]


@pytest.mark.asyncio
async def test_a_click_after_a_restart_is_acknowledged(wire):
    fake, path = wire
    bot, running = await connect(fake, path)
    try:
        await bot.tree.sync()
        await lobby(fake)
        prompt = (await fake.until(lambda: dm_prompts(fake, 102)))[0]
    finally:
        await disconnect(fake, bot, running)
    custom_id = next(c for c in custom_ids(prompt) if c.startswith("agot:d:1:"))
    bot, running = await connect(fake, path)  # a new process over the same SQLite file, a new gateway session
    try:
        assert fake.identified == 2
        token = await fake.click(102, prompt, custom_id)
        deferred, followed = await answered(fake, token, followups=1)
        assert deferred["type"] == 5 and deferred["data"]["flags"] & 64  # acknowledged, ephemerally
        assert followed["content"].startswith("✅"), followed["content"]
        status = await bot.service.status(1)
        assert all(w["user_id"] != 102 or w["kind"] != "orders" for w in status["waiting"])
        # whatever the first bot had not delivered when it closed, the new one delivered: one prompt per player,
        # every outbox message sent with a nonce Discord enforces (a resend returns the first message)
        for uid in PLAYERS:
            await fake.until(lambda uid=uid: dm_prompts(fake, uid))
            assert len(dm_prompts(fake, uid)) == 1
        posts = fake.seen("POST", "/api/v10/channels/")
        assert posts and all(c.body.get("enforce_nonce") and c.body.get("nonce") for c in posts
                             if "You joined" not in (c.body.get("content") or ""))
    finally:
        await disconnect(fake, bot, running)
    assert not [c for c in fake.calls if c.status == 404]
