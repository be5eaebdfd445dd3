"""The ``/agot`` slash commands: parse, call the table service, reply. No game logic and no SQL here.

Which game a command means: the ``game`` option when given, else the one game of this channel (in a DM: the one
game the user sits in). Lobby and management refusals come from the service as ``ServiceError`` and are shown
to the user alone; nothing is changed by a refused command.
"""

from __future__ import annotations

import asyncio
import difflib
import io
import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.frontend import text
from bot.render import render
from bot.service import GameInfo, GameStatus, ServiceError, VoteStatus
from bot.service.kinds import ACTIVE
from bot.service.settings import vote_rules
from engine.agot.board import board

if TYPE_CHECKING:
    from bot.frontend.client import AgotBot

log = logging.getLogger(__name__)
OPEN = (GameStatus.LOBBY, *ACTIVE)
HOURS = app_commands.Range[int, 1, 336]


class Refusal(Exception):
    """A command that cannot go on; the message is shown to the user alone."""


class AgotCog(commands.Cog):
    agot = app_commands.Group(name="agot", description="A Game of Thrones: The Board Game (2nd edition)")
    # the repairs of a game's managers (Discord allows 25 commands in a group)
    manage = app_commands.Group(name="manage", description="Repair a game (its creator, Manage Server, owners)",
                                parent=agot)

    def __init__(self, bot: AgotBot) -> None:
        self.bot = bot
        self.service = bot.service
        self.lookup = text.lookup_entries()

    # --- helpers --------------------------------------------------------------------------------------------

    async def game_for(self, interaction: discord.Interaction, game: int | None, statuses: tuple[str, ...] = OPEN,
                       ) -> GameInfo:
        if game is not None:
            try:
                return await self.service.game(game)
            except ServiceError as exc:
                raise Refusal(str(exc)) from None
        if interaction.guild is None:
            found = [g for g in await self.service.games_of_user(interaction.user.id) if g.status in statuses]
            where = "you sit in"
        else:
            found = [g for g in await self.service.games_in_channel(interaction.channel_id or 0)
                     if g.status in statuses]
            where = "in this channel"
        if not found:
            raise Refusal(f"There is no game {where}. Create one in a server channel with `/agot create`, or name "
                          "a game with the `game` option.")
        if len(found) > 1:
            raise Refusal(f"Several games are {where} ({', '.join(f'#{g.id}' for g in found)}): "
                          "choose one with the `game` option.")
        return found[0]

    def is_manager(self, interaction: discord.Interaction, game: GameInfo | None = None) -> bool:
        user = interaction.user
        if user.id in self.bot.config.owner_ids or (game is not None and user.id == game.creator_id):
            return True
        perms = getattr(user, "guild_permissions", None)
        return bool(perms and perms.manage_guild)

    async def cog_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        cause = getattr(error, "original", error)
        if isinstance(cause, Refusal | ServiceError):
            message = f"❌ {cause}"
        elif isinstance(error, app_commands.CheckFailure | app_commands.TransformerError):
            message = f"❌ {error}"
        else:
            log.error("command %s failed", interaction.command and interaction.command.qualified_name,
                      exc_info=cause)
            message = "❌ Something went wrong on my side; it was logged. Try again in a moment."
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)

    # --- autocomplete ---------------------------------------------------------------------------------------

    async def game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        games = {g.id: g for g in await self.service.games_of_user(interaction.user.id)}
        if interaction.channel_id:
            games.update({g.id: g for g in await self.service.games_in_channel(interaction.channel_id)})
        listed = [g for g in games.values() if g.status in OPEN and current.strip("#") in str(g.id)]
        return [app_commands.Choice(name=f"#{g.id} · {g.players} players · {g.status}"
                                    f"{' · round ' + str(g.round) if g.round else ''}", value=g.id)
                for g in sorted(listed, key=lambda g: -g.id)[:25]]

    async def house_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        houses = board().houses
        return [app_commands.Choice(name=h["name"], value=hid) for hid, h in houses.items()
                if current.lower() in h["name"].lower()][:25]

    async def card_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        names = sorted(self.lookup)
        hits = [n for n in names if current.lower() in n.lower()] or difflib.get_close_matches(current, names, 10)
        return [app_commands.Choice(name=n, value=n) for n in hits[:25]]

    # --- the lobby ------------------------------------------------------------------------------------------

    @agot.command(name="create", description="Create a game in this channel")
    @app_commands.describe(players="3 to 6 players", houses="houses dealt at random, or chosen when joining",
                           tides="play with the Tides of Battle cards", tiebreak="end-of-game tie-breakers",
                           orders_hours="hours to place orders", other_hours="hours for any other decision",
                           join="take a seat yourself (default yes)",
                           quiet_hours="UTC hours when no deadline falls, e.g. 23-7 (a deadline inside moves to 7:00)",
                           weekend_hours="extra hours for a deadline whose span covers a Saturday or Sunday (UTC)",
                           faceless="public messages name houses only until the game ends",
                           absence="while a player is away: stretch their deadlines, or the autopilot plays")
    async def create(self, interaction: discord.Interaction, players: app_commands.Range[int, 3, 6],
                     houses: Literal["random", "choose"] = "random", tides: bool = False,
                     tiebreak: Literal["rb2", "faq"] = "rb2", orders_hours: HOURS = 24, other_hours: HOURS = 12,
                     join: bool = True, quiet_hours: str | None = None,
                     weekend_hours: app_commands.Range[int, 0, 168] = 0, faceless: bool = False,
                     absence: Literal["stretch", "autopilot"] = "stretch") -> None:
        if interaction.guild is None or interaction.channel_id is None:
            raise Refusal("Create a game in a server channel (or thread) where the table will play.")
        here = [g for g in await self.service.games_in_channel(interaction.channel_id) if g.status in OPEN]
        if here:
            raise Refusal(f"Game #{here[0].id} already plays in this channel. Use another channel or a thread.")
        settings: dict[str, Any] = {"tides_of_battle": tides, "tiebreak": tiebreak, "houses": houses,
                    "deadlines": {"orders": orders_hours * 3600, "default": other_hours * 3600},
                    "weekend_hours": weekend_hours, "faceless": faceless,
                    "absence": absence}
        if quiet_hours is not None:
            try:
                settings["quiet_hours"] = text.parse_hours(quiet_hours)
            except ValueError:
                raise Refusal(f"'{text.clip(quiet_hours, 20)}' is not a span of UTC hours: write e.g. `23-7`."
                              ) from None
        gid = await self.service.create_game(interaction.guild.id, interaction.channel_id, interaction.user.id,
                                             players, settings=settings)
        if join:
            await self.service.join(gid, interaction.user.id, name=interaction.user.display_name)
        self.bot.kick()
        by = "" if faceless else f" by {interaction.user.mention}"
        await interaction.response.send_message(
            f"⚔️ **Game #{gid}** created{by}: {players} players, houses {houses}, "
            f"Tides of Battle {'on' if tides else 'off'}, tie-breaks {tiebreak}, orders {orders_hours} h, other "
            f"decisions {other_hours} h{text.shape_words(settings)}.\n"
            "Join with `/agot join`; the creator starts with `/agot start`.",
            allowed_mentions=discord.AllowedMentions.none())

    @agot.command(name="join", description="Take a seat in this channel's game")
    @app_commands.describe(house="the house you wish to play (when houses are chosen)")
    @app_commands.autocomplete(house=house_choices)
    @app_commands.autocomplete(game=game_choices)
    async def join(self, interaction: discord.Interaction, house: str | None = None, game: int | None = None) -> None:
        info = await self.game_for(interaction, game, (GameStatus.LOBBY,))
        if house is not None and house not in board().houses:
            names = ", ".join(h["name"] for h in board().houses.values())
            raise Refusal(f"'{text.clip(house, 40)}' is not a house: choose {names}.")
        info = await self.service.join(info.id, interaction.user.id, name=interaction.user.display_name, house=house)
        if info.settings.get("faceless"):
            await interaction.response.send_message(
                f"🛡️ You join game #{info.id} ({len(info.seats)}/{info.players}); it is faceless: public messages "
                "name houses only until the end.", ephemeral=True)
            await self.test_dm(interaction, info.id)
            return
        await interaction.response.send_message(
            f"🛡️ {interaction.user.mention} joins game #{info.id} ({len(info.seats)}/{info.players})"
            f"{' as ' + text.house_name(house) if house else ''}.", allowed_mentions=discord.AllowedMentions.none())
        await self.test_dm(interaction, info.id)

    async def test_dm(self, interaction: discord.Interaction, gid: int) -> None:
        """A first DM at join: secret choices arrive by DM, so a closed DM is found now, not at the first prompt."""
        try:
            await interaction.user.send(f"You joined game #{gid}. Your secret choices will arrive here.")
        except discord.Forbidden:
            await interaction.followup.send(
                "⚠️ I cannot send you direct messages. Allow DMs from this server's members (Privacy Settings), or "
                "answer with `/agot act` in the game's channel: only you will see your prompts.", ephemeral=True)

    @agot.command(name="leave", description="Give up your seat before the game starts")
    @app_commands.autocomplete(game=game_choices)
    async def leave(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await self.game_for(interaction, game, (GameStatus.LOBBY,))
        info = await self.service.leave(info.id, interaction.user.id)
        faceless = bool(info.settings.get("faceless"))
        await interaction.response.send_message(f"{'You leave' if faceless else interaction.user.mention + ' leaves'}"
                                                f" game #{info.id} ({len(info.seats)}/{info.players}).",
                                                ephemeral=faceless, allowed_mentions=discord.AllowedMentions.none())

    @agot.command(name="start", description="Deal the houses and start the game (creator or Manage Server)")
    @app_commands.autocomplete(game=game_choices)
    async def start(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await self.game_for(interaction, game, (GameStatus.LOBBY,))
        await interaction.response.defer(thinking=True)
        info = await self.service.start(info.id, interaction.user.id, manager=self.is_manager(interaction, info))
        self.bot.kick()
        seats = ", ".join(f"<@{s.user_id}> {text.house_name(s.house)}" for s in info.seats)
        if info.settings.get("faceless"):
            seats = "Houses are dealt in secret: " + ", ".join(text.house_name(s.house) for s in info.seats)
        await interaction.followup.send(f"🏁 **Game #{info.id} begins.** {seats}.\nYour prompts arrive by DM "
                                        "(or with `/agot act`).")

    @agot.command(name="cancel", description="Cancel a game (creator or Manage Server)")
    @app_commands.autocomplete(game=game_choices)
    async def cancel(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await self.game_for(interaction, game)
        info = await self.service.cancel(info.id, interaction.user.id, manager=self.is_manager(interaction, info))
        self.bot.kick()
        await interaction.response.send_message(f"Game #{info.id} is cancelled.")

    @agot.command(name="settings", description="Show a game's settings")
    @app_commands.autocomplete(game=game_choices)
    async def settings(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await self.game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        s = info.settings
        deadlines = ", ".join(f"{k} {int(v) // 3600} h" for k, v in (s.get("deadlines") or {}).items())
        threshold, vote_hours = vote_rules(s)
        await interaction.response.send_message(
            f"Game #{info.id}: {info.players} players, houses {s.get('houses', 'random')}, Tides of Battle "
            f"{'on' if s.get('tides_of_battle') else 'off'}, tie-breaks {s.get('tiebreak', 'rb2')}, deadlines: "
            f"{deadlines or 'defaults'}{text.shape_words(s)}; votes pass with {threshold:.0%} of the seated players "
            f"and close after {vote_hours:g} h.", ephemeral=True)

    # --- repair by the game's managers (the creator, Manage Server, the bot's owners); each is announced ----

    @manage.command(name="pause", description="Pause a game: deadlines stop, keeping their remaining time (managers)")
    @app_commands.autocomplete(game=game_choices)
    async def pause(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await self.game_for(interaction, game, (GameStatus.RUNNING,))
        await self.service.pause(info.id, interaction.user.id, manager=self.is_manager(interaction, info))
        self.bot.kick()
        by = "" if info.settings.get("faceless") else f" by {interaction.user.mention}"
        await interaction.response.send_message(f"⏸️ Game #{info.id} is paused{by}.",
                                                allowed_mentions=discord.AllowedMentions.none())

    @manage.command(name="resume", description="Resume a paused game (managers)")
    @app_commands.autocomplete(game=game_choices)
    async def resume(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await self.game_for(interaction, game, (GameStatus.PAUSED,))
        await self.service.resume(info.id, interaction.user.id, manager=self.is_manager(interaction, info))
        self.bot.kick()
        await interaction.response.send_message(f"▶️ Game #{info.id} resumes.")

    @manage.command(name="rewind", description="Undo the last answers, e.g. after a misclick the table agreed on")
    @app_commands.describe(count="how many answers to undo", reason="why (shown in the feed)")
    @app_commands.autocomplete(game=game_choices)
    async def rewind(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 20] = 1,
                     reason: app_commands.Range[str, 1, 200] = "agreed by the table", game: int | None = None) -> None:
        info = await self.game_for(interaction, game, (GameStatus.RUNNING,))
        await interaction.response.defer(thinking=True)
        notice = await self.service.rewind(info.id, interaction.user.id, count,
                                           manager=self.is_manager(interaction, info), reason=reason)
        self.bot.kick()
        await interaction.followup.send(f"⏪ {text.clip(notice, 1900)}")

    @manage.command(name="replace", description="Give a house's seat to another member (managers)")
    @app_commands.autocomplete(house=house_choices)
    @app_commands.autocomplete(game=game_choices)
    async def replace(self, interaction: discord.Interaction, house: str, member: discord.Member,
                      game: int | None = None) -> None:
        info = await self.game_for(interaction, game, ACTIVE)
        if member.bot:
            raise Refusal("A bot cannot take a seat.")
        await self.service.replace(info.id, interaction.user.id, house, member.id, member.display_name,
                                   manager=self.is_manager(interaction, info))
        self.bot.kick()
        await interaction.response.send_message(f"🔁 {member.mention} now plays {text.house_name(house)} in game "
                                                f"#{info.id}; the open prompts go to them.",
                                                ephemeral=bool(info.settings.get("faceless")),
                                                allowed_mentions=discord.AllowedMentions(users=[member]))

    @agot.command(name="history", description="The board as a round's phase began (public)")
    @app_commands.describe(round="the round (1-10)", phase="the phase")
    @app_commands.autocomplete(game=game_choices)
    async def history(self, interaction: discord.Interaction, round: app_commands.Range[int, 1, 10],
                      phase: Literal["westeros", "planning", "action"] = "planning", game: int | None = None) -> None:
        info = await self.game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = await self.service.history(info.id, round, phase)
        events = await self.service.history_events(info.id, round, phase)
        png = await asyncio.to_thread(render, view)
        lines = text.event_lines(events)
        told = text.clip("\n".join(lines[:25]), 1700) if lines else "No public event."
        more = f"(the first 25 of {len(lines)} events)\n" if len(lines) > 25 else ""
        await interaction.followup.send(f"Game #{info.id} as round {round}'s {phase} phase began; what happened "
                                        f"in it:\n{more}{told}", ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none(),
                                        file=discord.File(io.BytesIO(png), filename=f"agot-{info.id}-r{round}.png"))

    # --- reading a game -------------------------------------------------------------------------------------

    @agot.command(name="status", description="Round, phase, and who the game waits for")
    @app_commands.autocomplete(game=game_choices)
    async def status(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await self.game_for(interaction, game, OPEN + (GameStatus.FINISHED, GameStatus.FROZEN))
        if info.status == GameStatus.LOBBY:
            seats = ", ".join(s.name for s in info.seats) or "nobody yet"
            await interaction.response.send_message(
                f"Game #{info.id} waits for players ({len(info.seats)}/{info.players}): {seats}.", ephemeral=True)
            return
        status = await self.service.status(info.id)
        await interaction.response.send_message(text.status_text(info.id, status), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @agot.command(name="board", description="The board as an image (private: your own view, only to you)")
    @app_commands.autocomplete(game=game_choices)
    async def board_image(self, interaction: discord.Interaction, private: bool = False,
                          game: int | None = None) -> None:
        info = await self.game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        if info.status == GameStatus.LOBBY:
            raise Refusal(f"Game #{info.id} has not started yet.")
        if private and info.seat_of(interaction.user.id) is None:
            raise Refusal("You have no seat in this game: only the public board is yours to see.")
        await interaction.response.defer(ephemeral=private, thinking=True)
        view = await self.service.view(info.id, interaction.user.id if private else None)
        png = await asyncio.to_thread(render, view)
        note = " · 🔒 your view" if private else ""
        await interaction.followup.send(f"Game #{info.id} · round {view.get('round')} · {view.get('phase')}{note}",
                                        file=discord.File(io.BytesIO(png), filename=f"agot-{info.id}.png"),
                                        ephemeral=private)

    @agot.command(name="hand", description="Every house's House cards in hand and discarded (public)")
    @app_commands.autocomplete(game=game_choices)
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await self.game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        if info.status == GameStatus.LOBBY:
            raise Refusal(f"Game #{info.id} has not started yet.")
        view = await self.service.view(info.id, None)
        await interaction.response.send_message(text.hand_text(view), ephemeral=True)

    @agot.command(name="act", description="Show your open prompts here, only to you (if DMs fail)")
    @app_commands.autocomplete(game=game_choices)
    async def act(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if game is None:
            games = [g for g in await self.service.games_of_user(interaction.user.id)
                     if g.status in (GameStatus.RUNNING,)]
        else:
            games = [await self.game_for(interaction, game)]
        shown = 0
        for g in games:
            pending = await self.bot.pending_for(g.id, interaction.user.id)
            shown += len(pending)
            await self.bot.send_prompts(interaction, g.id, pending)
        if not shown:
            await interaction.followup.send("Nothing is waiting for you right now.", ephemeral=True)

    @agot.command(name="log", description="Recent public events of the game")
    @app_commands.autocomplete(game=game_choices)
    async def log(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 100] = 1,
                  game: int | None = None) -> None:
        info = await self.game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        events = await self.service.log(info.id, limit=20 * page)
        shown = events[: max(0, len(events) - 20 * (page - 1))][-20:]
        if not shown:
            raise Refusal("No events on that page.")
        body = text.chunks([f"`{e.get('seq', '')}` {line}" for e, line in zip(shown, text.event_lines(shown))],
                           1900)[-1]
        await interaction.response.send_message(f"**Game #{info.id}**, events (page {page}):\n{body}", ephemeral=True)

    @agot.command(name="card", description="Look up a House card, a Westeros or wildling card, or an area")
    @app_commands.autocomplete(name=card_choices)
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        found = self.lookup.get(name) or next((v for k, v in self.lookup.items() if k.lower() == name.lower()), None)
        if found is None:
            close = difflib.get_close_matches(name, list(self.lookup), 3)
            hint = f" Did you mean {', '.join(close)}?" if close else ""
            raise Refusal(f"No card or area is called '{text.clip(name, 40)}'.{hint}")
        await interaction.response.send_message(found, ephemeral=True)

    # --- table votes and manager repairs (issue 12: tables that keep going for weeks) ------------------------
    # A seated player opens a vote; the table answers with the Yes/No buttons of its public post
    # (bot/frontend/votes.py). ``force`` and ``deadline`` are repairs by the game's managers, announced publicly.

    @agot.command(name="vote", description="Propose a table vote (seated players): pause, resume, extend, ...")
    @app_commands.describe(kind="what the table decides", house="kick: the house whose seat opens",
                           hours="extend: the hours added to every open deadline")
    @app_commands.autocomplete(house=house_choices)
    @app_commands.autocomplete(game=game_choices)
    async def vote(self, interaction: discord.Interaction,
                   kind: Literal["pause", "resume", "extend", "cancel", "kick", "undo", "end"],
                   house: str | None = None, hours: HOURS | None = None, game: int | None = None) -> None:
        info = await self.game_for(interaction, game, ACTIVE)
        vote = await self.service.open_vote(info.id, interaction.user.id, kind, house=house, hours=hours)
        self.bot.kick()
        state = "is open: the table answers with its buttons" if vote["status"] == VoteStatus.OPEN else vote["status"]
        await interaction.response.send_message(f"🗳️ Vote #{vote['id']} ({kind}) {state}.", ephemeral=True)

    @manage.command(name="force", description="Give a house's open decisions their default answers now (managers)")
    @app_commands.autocomplete(house=house_choices)
    @app_commands.autocomplete(game=game_choices)
    async def force(self, interaction: discord.Interaction, house: str, game: int | None = None) -> None:
        info = await self.game_for(interaction, game, ACTIVE)
        await interaction.response.defer(ephemeral=True, thinking=True)
        notice = await self.service.force(info.id, interaction.user.id, house,
                                          manager=self.is_manager(interaction, info))
        self.bot.kick()
        await interaction.followup.send(text.clip(notice, 1900), ephemeral=True)

    @manage.command(name="deadline", description="Set the open prompts' deadline to now + hours (managers)")
    @app_commands.describe(hours="hours from now", house="only this house's prompts")
    @app_commands.autocomplete(house=house_choices)
    @app_commands.autocomplete(game=game_choices)
    async def deadline(self, interaction: discord.Interaction, hours: HOURS, house: str | None = None,
                       game: int | None = None) -> None:
        info = await self.game_for(interaction, game, ACTIVE)
        notice = await self.service.set_deadline(info.id, interaction.user.id, hours, house=house,
                                                 manager=self.is_manager(interaction, info))
        self.bot.kick()
        await interaction.response.send_message(text.clip(notice, 1900), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())


    # --- issue 12: tables that keep going for weeks (digest, my games, ratings, replay file) ----------------

    @agot.command(name="digest", description="What changed since you last looked, and what waits on you")
    @app_commands.autocomplete(game=game_choices)
    async def digest(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await self.game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        digest = await self.service.digest(info.id, interaction.user.id)
        await interaction.response.send_message(text.digest_text(digest), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @agot.command(name="mygames", description="Every game you sit in, in every server (works in DMs)")
    async def mygames(self, interaction: discord.Interaction) -> None:
        games = await self.service.my_games(interaction.user.id)
        await interaction.response.send_message(text.my_games_text(games), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @agot.command(name="leaderboard", description="This server's players by rating over finished games")
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        if interaction.guild is None:
            raise Refusal("Ratings are kept per server: ask in a server channel.")
        rows = await self.service.leaderboard(interaction.guild.id)
        await interaction.response.send_message(text.leaderboard_text(rows), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @agot.command(name="record", description="A player's games, wins and average place in this server")
    @app_commands.describe(user="whose record (default: yours)")
    async def record(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        if interaction.guild is None:
            raise Refusal("Records are kept per server: ask in a server channel.")
        who = user or interaction.user
        row = await self.service.record(interaction.guild.id, who.id)
        await interaction.response.send_message(text.record_text(who.display_name, row), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @agot.command(name="replay", description="The replay file of a finished game (JSON, every hidden choice)")
    @app_commands.autocomplete(game=game_choices)
    async def replay(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await self.game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        data = await self.service.replay_file(info.id)  # refused (and nothing sent) while the game runs
        await interaction.response.send_message(
            f"Game #{info.id}: its replay file. Re-play it with `python -m bot.admin replay FILE`.", ephemeral=True,
            file=discord.File(io.BytesIO(data), filename=f"agot-{info.id}-replay.json"))

    # --- absence, open seats and kick (issue 12; bot/service/seats.py, bot/frontend/seats.py) ---------------

    @agot.command(name="away", description="Declare an absence: your deadlines stretch, or the autopilot plays")
    @app_commands.describe(days="how many days (1-30)", until="or until a date, YYYY-MM-DD (UTC)")
    @app_commands.autocomplete(game=game_choices)
    async def away(self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 30] | None = None,
                   until: str | None = None, game: int | None = None) -> None:
        info = await self.game_for(interaction, game, ACTIVE)
        end = None
        if until is not None:
            try:
                end = datetime.strptime(until.strip(), "%Y-%m-%d").replace(tzinfo=UTC)
            except ValueError:
                raise Refusal("Give the date as YYYY-MM-DD, e.g. 2030-01-31.") from None
        info = await self.service.away(info.id, interaction.user.id, days=days, until=end)
        self.bot.kick()
        seat = info.seat_of(interaction.user.id)
        back = f" until <t:{int(datetime.fromisoformat(seat.away_until).timestamp())}:f>" if seat and \
            seat.away_until else ""
        await interaction.response.send_message(f"🏖️ You are away{back} in game #{info.id}. `/agot back` ends "
                                                "it early.", ephemeral=True)

    @agot.command(name="back", description="End your absence early")
    @app_commands.autocomplete(game=game_choices)
    async def back(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await self.game_for(interaction, game, ACTIVE)
        await self.service.back(info.id, interaction.user.id)
        self.bot.kick()
        await interaction.response.send_message(f"👋 Welcome back: you play again in game #{info.id}.",
                                                ephemeral=True)

    @manage.command(name="kick", description="Take a house from its player: the seat is open to others (managers)")
    @app_commands.autocomplete(house=house_choices)
    @app_commands.autocomplete(game=game_choices)
    async def kick(self, interaction: discord.Interaction, house: str, game: int | None = None) -> None:
        info = await self.game_for(interaction, game, ACTIVE)
        await self.service.kick(info.id, interaction.user.id, house, manager=self.is_manager(interaction, info))
        self.bot.kick()
        await interaction.response.send_message(f"🪑 {text.house_name(house)}'s seat in game #{info.id} is open; "
                                                "the autopilot plays it until a member takes it.")
