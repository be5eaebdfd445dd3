"""A small fake Discord on 127.0.0.1: the REST routes and the websocket gateway the bot's flows use, no more.

The real, unpatched discord.py client talks to it over real sockets (``pointed_at`` swaps its two base URLs and
puts them back). Every request is recorded (method, path, JSON body, uploaded files) so a test asserts on what
the bot actually sent over the wire. Payloads are the smallest that discord.py accepts; ids are snowflakes.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import discord
import yarl
from aiohttp import WSMsgType, web

BOT_ID = 900000000000000001
GUILD_ID = 800000000000000001
# the bot's permissions in the channel: the @everyone defaults plus Pin Messages (the README's invite link)
APP_PERMISSIONS = str(2248473465835073 | 1 << 51)
CHANNEL_ID = 800000000000000002
STAMP = "2026-01-01T00:00:00+00:00"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def user(uid: int, name: str, bot: bool = False) -> dict[str, Any]:
    return {"id": str(uid), "username": name, "global_name": name, "discriminator": "0", "avatar": None,
            "bot": bot, "public_flags": 0}


def member(uid: int, name: str) -> dict[str, Any]:
    return {"user": user(uid, name), "roles": [], "joined_at": STAMP, "deaf": False, "mute": False, "flags": 0,
            "permissions": "0"}


@dataclass
class Call:
    method: str
    path: str
    body: Any = None
    files: dict[str, bytes] = field(default_factory=dict)
    status: int = 200


class FakeDiscord:
    """REST under ``/api/v10`` and a gateway at ``/gateway``; ``async with FakeDiscord() as fake``."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.users: dict[int, dict[str, Any]] = {BOT_ID: user(BOT_ID, "agot-bot", bot=True)}
        self.messages: dict[int, dict[str, Any]] = {}  # message id -> message, every channel
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.commands: list[dict[str, Any]] = []
        self.identified = 0
        self._ids = itertools.count(1000000000000000001)
        self._seq = itertools.count(1)
        self._ws: web.WebSocketResponse | None = None
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.client: asyncio.Task[None] | None = None  # the bot's connection: ``until`` fails as soon as it dies

    # --- life -------------------------------------------------------------------------------------------------

    async def __aenter__(self) -> FakeDiscord:
        app = web.Application()
        r = app.router
        r.add_get("/gateway", self.gateway)
        r.add_get("/api/v10/users/@me", self.me)
        r.add_get("/api/v10/users/{uid:\\d+}", self.get_user)
        r.add_get("/api/v10/oauth2/applications/@me", self.application)
        r.add_put("/api/v10/applications/{app}/commands", self.put_commands)
        r.add_post("/api/v10/users/@me/channels", self.open_dm)
        r.add_get("/api/v10/channels/{cid:\\d+}", self.get_channel)
        r.add_post("/api/v10/channels/{cid}/messages", self.create_message)
        r.add_patch("/api/v10/channels/{cid}/messages/{mid}", self.edit_message)
        r.add_put("/api/v10/channels/{cid}/messages/pins/{mid}", self.pin_message)
        r.add_post("/api/v10/interactions/{iid}/{token}/callback", self.callback)
        r.add_post("/api/v10/webhooks/{app}/{token}", self.followup)
        r.add_patch("/api/v10/webhooks/{app}/{token}/messages/@original", self.edit_original)
        r.add_route("*", "/{tail:.*}", self.unknown)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @contextlib.contextmanager
    def pointed_at(self) -> Iterator[None]:
        """discord.py's REST base and gateway URL aimed at this server for the block, restored after it."""
        rest, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = f"http://127.0.0.1:{self.port}/api/v10"
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{self.port}/gateway")
        try:
            yield
        finally:
            discord.http.Route.BASE = rest
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway

    # --- helpers for tests ------------------------------------------------------------------------------------

    def add_user(self, uid: int, name: str) -> dict[str, Any]:
        self.users[uid] = user(uid, name)
        return self.users[uid]

    def seen(self, method: str, prefix: str) -> list[Call]:
        return [c for c in self.calls if c.method == method and c.path.startswith(prefix)]

    async def until(self, test: Callable[[], Any], timeout: float = 5.0) -> Any:
        """Wait (polling, bounded) until ``test()`` is truthy; return its value or fail."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.client is not None and self.client.done():
                self.client.result()  # the bot's gateway connection died: its exception, now
                raise AssertionError("the bot disconnected")
            value = test()
            if value:
                return value
            await asyncio.sleep(0.01)
        raise AssertionError(f"timed out after {timeout} s; calls seen: {[(c.method, c.path) for c in self.calls]}")

    def channel_messages(self, channel_id: int) -> list[dict[str, Any]]:
        return [m for m in self.messages.values() if int(m["channel_id"]) == channel_id]

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        assert self._ws is not None and not self._ws.closed, "no gateway connection"
        await self._ws.send_str(json.dumps({"op": 0, "t": event, "s": next(self._seq), "d": data}))

    async def slash(self, who: int, name: str, sub: str, options: dict[str, Any] | None = None,
                    dm: bool = False) -> str:
        """Dispatch ``/name sub option:value`` by user ``who`` (in the guild channel, or in their DM)."""
        typed = [{"type": 4 if isinstance(v, int) and not isinstance(v, bool) else 5 if isinstance(v, bool) else 3,
                  "name": k, "value": v} for k, v in (options or {}).items()]
        command = next(c for c in self.commands if c["name"] == name)
        data = {"id": command["id"], "name": name, "type": 1,
                "options": [{"type": 1, "name": sub, "options": typed}]}
        return await self._interact(2, who, data, dm)

    async def click(self, who: int, message: dict[str, Any], custom_id: str) -> str:
        """Dispatch a button click on ``message`` (a message the bot sent) by user ``who``."""
        dm = int(message["channel_id"]) != CHANNEL_ID
        return await self._interact(3, who, {"custom_id": custom_id, "component_type": 2}, dm, message)

    async def _interact(self, kind: int, who: int, data: dict[str, Any], dm: bool,
                        message: dict[str, Any] | None = None) -> str:
        iid = next(self._ids)
        token = f"token-{iid}"
        payload: dict[str, Any] = {"id": str(iid), "application_id": str(BOT_ID), "type": kind, "token": token,
                                   "version": 1, "data": data, "locale": "en-US", "entitlements": [],
                                   "attachment_size_limit": 10 * 1024 * 1024,
                                   "app_permissions": APP_PERMISSIONS, "authorizing_integration_owners": {}}
        if dm:
            cid = await self._dm_of(who)
            payload |= {"channel_id": str(cid), "user": self.users[who], "context": 1,
                        "channel": {"id": str(cid), "type": 1, "recipients": [self.users[who]]}}
        else:
            payload |= {"channel_id": str(CHANNEL_ID), "guild_id": str(GUILD_ID), "guild_locale": "en-US",
                        "member": member(who, self.users[who]["username"]), "context": 0,
                        "channel": self._text_channel()}
        if message is not None:
            payload["message"] = message
        await self.dispatch("INTERACTION_CREATE", payload)
        return token

    def callbacks(self, token: str) -> list[Call]:
        return [c for c in self.calls if c.method == "POST" and f"/{token}/callback" in c.path]

    def followups(self, token: str) -> list[Call]:
        return [c for c in self.calls if c.path.endswith(f"/webhooks/{BOT_ID}/{token}")]

    async def dm_text(self, who: int, content: str) -> None:
        cid = await self._dm_of(who)
        mid = next(self._ids)
        message = self._message(mid, cid, self.users[who], content)
        self.messages[mid] = message
        await self.dispatch("MESSAGE_CREATE", message)

    # --- gateway ----------------------------------------------------------------------------------------------

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._ws = ws
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}}))
        async for frame in ws:
            if frame.type != WSMsgType.TEXT:
                break
            op = json.loads(frame.data)
            if op["op"] == 1:
                await ws.send_str(json.dumps({"op": 11}))
            elif op["op"] == 2:
                self.identified += 1
                await self.dispatch("READY", {
                    "v": 10, "user": self.users[BOT_ID], "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
                    "session_id": f"session-{self.identified}", "resume_gateway_url": f"ws://127.0.0.1:{self.port}",
                    "application": {"id": str(BOT_ID), "flags": 0}})
                await self.dispatch("GUILD_CREATE", self._guild())
        return ws

    def _guild(self) -> dict[str, Any]:
        everyone = {"id": str(GUILD_ID), "name": "@everyone", "permissions": "2248473465835073", "position": 0,
                    "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}
        bot_member = member(BOT_ID, "agot-bot") | {"user": self.users[BOT_ID]}
        return {"id": str(GUILD_ID), "name": "Westeros", "icon": None, "owner_id": "1", "unavailable": False,
                "roles": [everyone], "channels": [self._text_channel()], "members": [bot_member],
                "member_count": 1, "emojis": [], "stickers": [], "features": [], "threads": [], "large": False,
                "joined_at": STAMP, "voice_states": [], "presences": [], "stage_instances": [],
                "guild_scheduled_events": [], "soundboard_sounds": [], "premium_tier": 0, "verification_level": 0,
                "default_message_notifications": 0, "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0,
                "preferred_locale": "en-US", "system_channel_flags": 0}

    def _text_channel(self) -> dict[str, Any]:
        return {"id": str(CHANNEL_ID), "type": 0, "guild_id": str(GUILD_ID), "name": "westeros", "position": 0,
                "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None,
                "rate_limit_per_user": 0}

    # --- REST -------------------------------------------------------------------------------------------------

    @staticmethod
    def json(data: Any, status: int = 200) -> web.Response:
        # exactly "application/json": discord.py does not decode "application/json; charset=utf-8"
        return web.Response(body=json.dumps(data).encode(), status=status,
                            headers={"Content-Type": "application/json"})

    async def _record(self, request: web.Request) -> Call:
        call = Call(request.method, request.path)
        if request.content_type == "multipart/form-data":
            reader = await request.multipart()
            async for part in reader:
                name = part.name or ""  # type: ignore[union-attr]
                raw = await part.read()  # type: ignore[union-attr]
                if name == "payload_json":
                    call.body = json.loads(raw)
                else:
                    call.files[name] = bytes(raw)
        elif request.can_read_body:
            call.body = await request.json()
        self.calls.append(call)
        return call

    def _message(self, mid: int, cid: int, author: dict[str, Any], content: str,
                 body: dict[str, Any] | None = None, files: dict[str, bytes] | None = None) -> dict[str, Any]:
        body = body or {}
        attachments = [{"id": str(next(self._ids)), "filename": a.get("filename", "file"), "size": 1,
                        "url": "http://127.0.0.1/a", "proxy_url": "http://127.0.0.1/a"}
                       for a in body.get("attachments", [])] if files else []
        message = {"id": str(mid), "channel_id": str(cid), "author": author, "content": content,
                   "timestamp": STAMP, "edited_timestamp": None, "tts": False, "mention_everyone": False,
                   "mentions": [], "mention_roles": [], "attachments": attachments, "embeds": [],
                   "pinned": False, "type": 0, "components": body.get("components", []), "flags": body.get("flags", 0)}
        if cid == CHANNEL_ID:
            message["guild_id"] = str(GUILD_ID)
        return message

    async def _dm_of(self, uid: int) -> int:
        if uid not in self.dm_channels:
            self.dm_channels[uid] = next(self._ids)
        return self.dm_channels[uid]

    async def unknown(self, request: web.Request) -> web.Response:
        call = await self._record(request)
        call.status = 404
        return self.json({"message": "404: Not Found (fake Discord)", "code": 0}, status=404)

    async def me(self, request: web.Request) -> web.Response:
        await self._record(request)
        return self.json(self.users[BOT_ID])

    async def get_user(self, request: web.Request) -> web.Response:
        await self._record(request)
        found = self.users.get(int(request.match_info["uid"]))
        return self.json(found) if found else self.json({"message": "Unknown User", "code": 10013}, status=404)

    async def application(self, request: web.Request) -> web.Response:
        await self._record(request)
        return self.json({"id": str(BOT_ID), "name": "agot", "description": "", "icon": None, "bot_public": True,
                          "bot_require_code_grant": False, "owner": user(1, "owner"), "verify_key": "0" * 64,
                          "flags": 0, "rpc_origins": []})

    async def put_commands(self, request: web.Request) -> web.Response:
        call = await self._record(request)
        self.commands = [c | {"id": str(next(self._ids)), "application_id": str(BOT_ID), "version": "1",
                              "type": c.get("type", 1)} for c in call.body]
        return self.json(self.commands)

    async def open_dm(self, request: web.Request) -> web.Response:
        call = await self._record(request)
        uid = int(call.body["recipient_id"])
        cid = await self._dm_of(uid)
        return self.json({"id": str(cid), "type": 1, "recipients": [self.users[uid]], "last_message_id": None})

    async def get_channel(self, request: web.Request) -> web.Response:
        # used by the bot's first delivery sweep after a restart, which runs before the gateway fills the cache
        await self._record(request)
        cid = int(request.match_info["cid"])
        if cid == CHANNEL_ID:
            return self.json(self._text_channel())
        uid = next((u for u, c in self.dm_channels.items() if c == cid), None)
        if uid is None:
            return self.json({"message": "Unknown Channel", "code": 10003}, status=404)
        return self.json({"id": str(cid), "type": 1, "recipients": [self.users[uid]], "last_message_id": None})

    async def create_message(self, request: web.Request) -> web.Response:
        call = await self._record(request)
        mid = next(self._ids)
        cid = int(request.match_info["cid"])
        body = call.body or {}
        nonce = body.get("nonce")
        if nonce and body.get("enforce_nonce"):  # Discord returns the message it already made for this nonce
            again = next((m for m in self.messages.values() if m.get("nonce") == nonce
                          and int(m["channel_id"]) == cid), None)
            if again is not None:
                return self.json(again)
        message = self._message(mid, cid, self.users[BOT_ID], body.get("content") or "", body, call.files)
        message["nonce"] = nonce
        self.messages[mid] = message
        return self.json(message)

    async def edit_message(self, request: web.Request) -> web.Response:
        call = await self._record(request)
        message = self.messages[int(request.match_info["mid"])]
        message.update({k: v for k, v in (call.body or {}).items() if k in ("content", "components")})
        message["edited_timestamp"] = STAMP
        return self.json(message)

    async def pin_message(self, request: web.Request) -> web.Response:
        await self._record(request)
        self.messages[int(request.match_info["mid"])]["pinned"] = True
        return web.Response(status=204)

    async def callback(self, request: web.Request) -> web.Response:
        call = await self._record(request)
        kind = call.body["type"]
        data = call.body.get("data") or {}
        iid = request.match_info["iid"]
        mid = next(self._ids)
        reply = {"interaction": {"id": iid, "type": 2, "response_message_id": str(mid),
                                 "response_message_loading": kind == 5,
                                 "response_message_ephemeral": bool(data.get("flags", 0) & 64)}}
        if kind in (4, 5):
            message = self._message(mid, CHANNEL_ID, self.users[BOT_ID], data.get("content") or "", data,
                                    call.files)
            self.messages[mid] = message
            reply["resource"] = {"type": kind, "message": message}
        return self.json(reply)

    async def followup(self, request: web.Request) -> web.Response:
        call = await self._record(request)
        mid = next(self._ids)
        body = call.body or {}
        message = self._message(mid, CHANNEL_ID, self.users[BOT_ID], body.get("content") or "", body, call.files)
        message["webhook_id"] = str(BOT_ID)
        self.messages[mid] = message
        return self.json(message)

    async def edit_original(self, request: web.Request) -> web.Response:
        call = await self._record(request)
        body = call.body or {}
        return self.json(self._message(next(self._ids), CHANNEL_ID, self.users[BOT_ID], body.get("content") or "",
                                       body, call.files))
