"""Rank roles on Discord (issue 29): the roles a season names read from the ``roles:`` option, checked, created,
given and taken. The service decides each member's rank and which role they should hold
(``TableService.rank_roles``); this module only does the Discord side of it.

The bot never touches @everyone, a role managed by an integration (a bot's own role, the booster role), or a role at
or above its own top role: such a role is refused when the season is opened; a role that becomes unmanageable later
(moved above the bot, deleted, Manage Roles withdrawn) is said once in the channel where the bot meets it, and left
alone until it can be managed again. Roles are synced after each finished game (``after_game``, called when the
game's final standings are delivered), when a season opens and when it ends. The bot takes a role only from the
members it gave it to (stored: ``role_holders``); a role given by hand stays.
"""

from __future__ import annotations

import asyncio
import logging
import re
import weakref
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.frontend.common import Refusal
from bot.service.seasons import Band, RolePlan

if TYPE_CHECKING:
    from bot.frontend.client import AgotBot

log = logging.getLogger(__name__)
BAND = re.compile(r"^\s*(?:top\s*)?(\d{1,3})\s*[=:]\s*(.+?)\s*$", re.IGNORECASE)
MENTION = re.compile(r"^<@&(\d+)>$")
ROLE_WORDS = "rank roles as `top=role`, comma-separated, e.g. `1=Champion, 3=Podium, 10=@Top ten`"
# one sync of a server's roles at a time per bot (two games ending together would read the same holders)
_SYNCING: weakref.WeakKeyDictionary[AgotBot, dict[int, asyncio.Lock]] = weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class Wanted:
    """One band of the ``roles:`` option: an existing role, or the name of one the bot creates."""
    top: int
    role: discord.Role | None
    name: str


def unmanageable(guild: discord.Guild, role: discord.Role | None, name: str) -> str | None:
    """Why the bot may not give or take this role (one sentence), or None."""
    me = guild.me
    if role is None:
        return f"the role {name} no longer exists."
    if role.is_default():
        return "@everyone is every member's role: I never give or take it."
    if role.managed:
        return f"the role {role.name} is managed by an integration (a bot's or the boosters' role): I cannot give it."
    if me is None or not me.guild_permissions.manage_roles:
        return "I lack the Manage Roles permission in this server."
    if role >= me.top_role and me.id != guild.owner_id:
        return (f"the role {role.name} is at or above my own top role ({me.top_role.name}): move my role above it, "
                "or name another.")
    return None


def parse_roles(guild: discord.Guild, words: str | None) -> list[Wanted]:
    """The bands the ``roles:`` option names; a Refusal (one line) for words that name none, or a role the bot may
    not manage (nothing is created or stored then)."""
    wanted: list[Wanted] = []
    for part in (words or "").split(","):
        if not part.strip():
            continue
        found = BAND.match(part)
        if found is None:
            raise Refusal(f"'{part.strip()[:40]}' is not a rank role: give {ROLE_WORDS}.")
        top, named = int(found.group(1)), found.group(2).lstrip("@").strip()
        mention = MENTION.match(found.group(2))
        role = guild.get_role(int(mention.group(1))) if mention else \
            next((r for r in guild.roles if r.name.lower() == named.lower()), None)
        if mention and role is None:
            raise Refusal(f"The role {found.group(2)} is not one of this server's.")
        if role is None and named.lower() == "everyone":
            role = guild.default_role
        if role is not None and (why := unmanageable(guild, role, role.name)):
            raise Refusal(f"Rank roles: {why}")
        wanted.append(Wanted(top, role, role.name if role else named[:100]))
    names = [w.name.lower() for w in wanted]
    if len(set(names)) != len(names):
        raise Refusal("Rank roles: each band needs a role of its own.")
    return wanted


async def create_roles(guild: discord.Guild, wanted: list[Wanted], season: str) -> list[Band]:
    """The bands, the roles the admin did not name created (just above @everyone, under the bot's own role)."""
    bands: list[Band] = []
    try:
        for w in wanted:
            if w.role is not None:
                bands.append(Band(w.top, w.role.id, w.role.name))
                continue
            role = await guild.create_role(name=w.name, reason=f"rank role of the season {season} (top {w.top})")
            bands.append(Band(w.top, role.id, role.name, created=True))
    except discord.Forbidden:
        await delete_created(guild, bands)
        raise Refusal("I cannot create roles here: give me the Manage Roles permission, or name existing roles."
                      ) from None
    return bands


async def delete_created(guild: discord.Guild, bands: list[Band]) -> None:
    """Undo ``create_roles`` (the season was refused after all)."""
    for band in bands:
        role = guild.get_role(band.role_id)
        if band.created and role is not None:
            try:
                await role.delete(reason="the season was not opened")
            except discord.HTTPException as exc:
                log.warning("could not delete the role %s created for a refused season (%s)", band.role_id, exc)


async def sync_roles(bot: AgotBot, guild: discord.Guild, say: discord.abc.Messageable | None,
                     season_id: int | None = None) -> list[str]:
    """Give and take the rank roles of the seasons running now (or of the season ``season_id``) as the service
    ranks the members; returns what changed, in words. A role the bot may not manage is said once through
    ``say``."""
    async with _SYNCING.setdefault(bot, {}).setdefault(guild.id, asyncio.Lock()):
        return await _sync(bot, guild, say, season_id)


async def _sync(bot: AgotBot, guild: discord.Guild, say: discord.abc.Messageable | None,
                season_id: int | None) -> list[str]:
    done: list[str] = []
    held = await bot.service.role_holders(guild.id)
    for plan in await bot.service.rank_roles(guild.id, season_id):
        for band in plan.bands:
            role = guild.get_role(band.role_id)
            why = unmanageable(guild, role, band.name)
            if why is None and role is not None:
                why = await _apply(bot, guild, role, plan, held.get(role.id, set()), done)
            if why is not None:
                if not band.said:
                    if say is not None:
                        await say.send(f"⚠️ Season {plan.season.name}: {why} Its top {band.top} role is left as it "
                                       "is.", allowed_mentions=discord.AllowedMentions.none())
                    await bot.service.role_said(plan.season, band.role_id, True)
            elif band.said:  # manageable again: a later breakage is said again
                await bot.service.role_said(plan.season, band.role_id, False)
    return done


async def _apply(bot: AgotBot, guild: discord.Guild, role: discord.Role, plan: RolePlan, had: set[int],
                 done: list[str]) -> str | None:
    """Give ``role`` to the members who should hold it and take it from the others the bot gave it to; store who
    holds it now. Returns why Discord refused, if it did (what was done before that is stored)."""
    want = plan.wanted.get(role.id, set())
    holds = set(had)
    why = None
    reason = f"rank role of the season {plan.season.name}"
    try:
        for user in sorted(want - had):
            if await _change(bot.http.add_role(guild.id, user, role.id, reason=reason)):
                holds.add(user)
                done.append(f"<@{user}> +{role.name}")
        for user in sorted(had - want):
            await _change(bot.http.remove_role(guild.id, user, role.id, reason=reason))
            holds.discard(user)
            done.append(f"<@{user}> -{role.name}")
    except discord.Forbidden:
        why = f"Discord refused me the role {role.name} (is it above my own top role now?)."
    if holds != had:
        await bot.service.set_role_holders(guild.id, role.id, sorted(holds))
    return why


async def _change(call: Awaitable[object]) -> bool:
    """One role given or taken; False when the member has left the server."""
    try:
        await call
    except discord.NotFound:
        return False
    return True


async def after_game(bot: AgotBot, where: discord.abc.Messageable) -> None:
    """A game's final standings were delivered in ``where``: the server's running seasons rank again. Never raises
    (the standings are delivered whatever happens here); what fails is logged, a role refused is said."""
    guild = getattr(where, "guild", None)
    if not isinstance(guild, discord.Guild):
        return
    try:
        await sync_roles(bot, guild, where)
    except Exception:  # noqa: BLE001 - the delivery of the standings must not fail for the roles
        log.exception("rank roles of server %s not synced after a game", guild.id)
