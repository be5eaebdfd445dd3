"""The ``/agot`` slash commands: parse, call the table service, reply. No game logic and no SQL here.

Which game a command means, who manages it and how refusals are shown: ``common.py``. The repairs of a game's
managers are ``/agot-manage`` (``manage.py``). What cannot be taken back asks for confirmation (``confirm.py``).
Discord allows 25 commands in a group; this one uses 20 (the combat calculator is ``board calc:``).
"""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

import discord
from discord import app_commands
from discord.ext import commands

from bot.frontend import help as guide
from bot.frontend import lookup, text
from bot.frontend.common import (
    GAME,
    HOURS,
    LOBBY,
    OPEN,
    PLAYING,
    Refusal,
    announce,
    free_house_choices,
    game_board,
    game_choices,
    game_for,
    game_houses,
    house_of,
    is_manager,
    must_manage,
    refuse,
    seated_house_choices,
)
from bot.frontend.confirm import Done, ask
from bot.frontend.lobby import close_announcement, join_view, open_thread
from bot.frontend.votes import must_vote
from bot.frontend.zones import ZONE, local_date, local_hours, zone_choices, zone_words
from bot.render import render
from bot.service import GameInfo, GameStatus, VoteStatus
from bot.service.posts import ANNOUNCEMENT
from bot.service.settings import normalize, vote_rules
from bot.service.whispers import MAX_CHARS as WHISPER_CHARS

if TYPE_CHECKING:
    from bot.frontend.client import AgotBot

Choice = app_commands.Choice
HOUSES = [Choice(name="Dealt at random", value="random"), Choice(name="Chosen when joining", value="choose")]
SETUPS = [Choice(name="Base game: the map of 3-6 players", value="base"),
          Choice(name="Mother of Dragons, 7 houses: Arryn and the Vale; vassals for houses nobody holds", value="7"),
          Choice(name="Mother of Dragons, 8 houses: Arryn, Targaryen, Essos, the Iron Bank; vassals if fewer",
                 value="8")]
TIEBREAKS = [Choice(name="Rulebook (2nd edition)", value="rb2"), Choice(name="FAQ ruling", value="faq")]
ABSENCE = [Choice(name="Stretch the absent player's deadlines", value="stretch"),
           Choice(name="The autopilot plays the absent player's house", value="autopilot")]
PHASES = [Choice(name="Westeros", value="westeros"), Choice(name="Planning", value="planning"),
          Choice(name="Action", value="action")]
VOTES = [Choice(name="Pause the game", value="pause"), Choice(name="Resume the game", value="resume"),
         Choice(name="Extend every open deadline", value="extend"), Choice(name="Cancel the game", value="cancel"),
         Choice(name="Kick a house's player (the seat opens)", value="kick"),
         Choice(name="Undo the last answer", value="undo"),
         Choice(name="End the game now with the current standings", value="end")]
CONFIRMED_VOTES = ("cancel", "kick", "end")
WORDS = {c.value: c.name for c in (*HOUSES, *TIEBREAKS)}  # a setting's value as the form showed it
# the bot's permissions a game's channel needs, as Discord names them (pinning: Pin or Manage Messages)
NEEDED = {"view_channel": "View Channel", "send_messages": "Send Messages", "embed_links": "Embed Links",
          "attach_files": "Attach Files", "read_message_history": "Read Message History",
          "send_messages_in_threads": "Send Messages in Threads"}
NEEDED_OUTSIDE_THREADS = {"create_public_threads": "Create Public Threads"}


def missing_permissions(interaction: discord.Interaction, thread: bool) -> list[str]:
    """What the bot may not do in the interaction's channel, in Discord's words (empty: all is well); ``thread``:
    it is to open the game's thread there."""
    perms = interaction.app_permissions
    needed = dict(NEEDED)
    if thread:
        needed.update(NEEDED_OUTSIDE_THREADS)
    missing = [words for flag, words in needed.items() if not getattr(perms, flag)]
    if not (perms.manage_messages or getattr(perms, "pin_messages", False)):
        missing.append("Pin Messages")
    return missing


class AgotCog(commands.Cog):
    agot = app_commands.Group(name="agot", description="A Game of Thrones: The Board Game (2nd edition)")

    def __init__(self, bot: AgotBot) -> None:
        self.bot = bot
        self.service = bot.service
        self.lookup = lookup.entries()

    async def cog_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        await refuse(interaction, error)

    async def card_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        hits = lookup.matches(self.lookup, current) or lookup.find(self.lookup, current)[1]
        return [app_commands.Choice(name=n, value=n) for n in hits[:25]]

    async def area_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Areas of the game's board that what is typed (after the last comma of a list) may name, in any case and
        without accents (``lookup.matches``)."""
        head, _, last = current.rpartition(",")
        names = {a.name: a.name for a in (await game_board(interaction)).areas.values() if a.kind != "port"}
        hits = lookup.matches(names, last)[:25]
        prefix = f"{head}, " if head else ""
        return [app_commands.Choice(name=(prefix + n)[:100], value=(prefix + n)[:100]) for n in hits]

    # --- the lobby ------------------------------------------------------------------------------------------

    @agot.command(name="create", description="Create a game in this channel")
    @app_commands.describe(players="3 to 6 players (base game), 4 to 8 on a Mother of Dragons set-up",
                           setup="the map: the base game's, or Mother of Dragons' 7- or 8-house set-up (default: "
                                 "the base game up to 6 players, the set-up of their count for 7 or 8)",
                           houses="houses dealt at random, or chosen when joining",
                           tides="play with the Tides of Battle cards", tiebreak="end-of-game tie-breakers",
                           orders_hours="hours to place orders", other_hours="hours for any other decision",
                           join="take a seat yourself (default yes)",
                           quiet_hours="hours of your day when no deadline falls, e.g. 23-7 (in your /agot timezone)",
                           weekend_hours="extra hours for a deadline whose span covers a Saturday or Sunday",
                           faceless="public messages name houses only until the game ends",
                           absence="while a player is away: stretch their deadlines, or the autopilot plays",
                           thread="play in a new thread of this channel (default yes; no: in the channel itself)",
                           whispers="players may send anonymous whispers between houses (default yes)")
    @app_commands.choices(setup=SETUPS, houses=HOUSES, tiebreak=TIEBREAKS, absence=ABSENCE)
    async def create(self, interaction: discord.Interaction, players: app_commands.Range[int, 3, 8],
                     setup: str | None = None, houses: str = "random", tides: bool = False, tiebreak: str = "rb2",
                     orders_hours: HOURS = 24,
                     other_hours: HOURS = 12, join: bool = True, quiet_hours: str | None = None,
                     weekend_hours: app_commands.Range[int, 0, 168] = 0, faceless: bool = False,
                     absence: str = "stretch", thread: bool = True, whispers: bool = True) -> None:
        if interaction.guild is None or interaction.channel_id is None or interaction.channel is None:
            raise Refusal("Create a game in a server channel (or thread) where the table will play.")
        # in a thread or a forum post the game plays there; in a text channel, in a thread of its own
        parent = interaction.channel if thread and isinstance(interaction.channel, discord.TextChannel) else None
        thread = parent is not None
        missing = missing_permissions(interaction, thread)
        if missing:
            raise Refusal("I lack permissions in this channel: " + ", ".join(missing) + ". A server admin grants "
                          "them to my role (or in the channel's settings); then create the game again.")
        here = [g for g in await self.service.games_in_channel(interaction.channel_id) if g.status in OPEN]
        if here and not thread:
            raise Refusal(f"Game #{here[0].id} already plays in this channel. Create it in a thread of its own "
                          "(`thread:True`) or in another channel.")
        settings: dict[str, Any] = {"tides_of_battle": tides, "tiebreak": tiebreak, "houses": houses,
                                    "deadlines": {"orders": orders_hours * 3600, "default": other_hours * 3600},
                                    "weekend_hours": weekend_hours, "faceless": faceless, "absence": absence,
                                    "whispers": whispers}
        if setup == "base" and players > 6:
            raise Refusal("The base game takes 3 to 6 players: 7 or 8 play a Mother of Dragons set-up.")
        if setup in ("7", "8") or players > 6:  # 7 and 8 players: the set-up of their count unless told
            settings["setup"] = setup if setup in ("7", "8") else str(players)
        zone = await self.bot.zones.zone_of(interaction.user.id)
        settings["zone"] = zone
        if quiet_hours is not None:
            settings["quiet_hours"] = local_hours(quiet_hours, zone, self.bot.clock())
        normalize(settings)  # a bad setting is refused before a thread is opened
        await interaction.response.defer(thinking=True)
        channel_id = interaction.channel_id
        table = announcement = None
        if parent is not None:  # the announcement opens the thread (Discord then posts no "thread created" line)
            announcement = await interaction.followup.send(f"⚔️ A game of {players} is being set up…", wait=True)
            table = await open_thread(parent, announcement, players)
            channel_id = table.id
        gid = await self.service.create_game(interaction.guild.id, channel_id, interaction.user.id, players,
                                             settings=settings)
        if join:
            await self.service.join(gid, interaction.user.id, name=interaction.user.display_name)
        by = "" if faceless else f" by {interaction.user.mention}"
        words = (f"⚔️ **Game #{gid}** created{by}: {players} players, houses {WORDS[houses].lower()}, Tides of Battle "
                 f"{'on' if tides else 'off'}, tie-breaks: {WORDS[tiebreak]}, orders {orders_hours} h, other "
                 f"decisions {other_hours} h{text.shape_words(settings)}.\n")
        none = discord.AllowedMentions.none()
        if table is None or announcement is None:
            await interaction.followup.send(words + "Join with `/agot join`; the creator starts with `/agot start`. "
                                            "New here? `/agot help`.", allowed_mentions=none)
            return
        await announcement.edit(content=words + f"It plays in its thread, <#{channel_id}>: press **Join** (or "
                                "`/agot join`); the creator starts with `/agot start`. New here? `/agot help`.",
                                view=join_view(gid), allowed_mentions=none)
        await self.bot.posts.set_message_id(gid, ANNOUNCEMENT, announcement.id)
        await table.send(f"⚔️ **Game #{gid}**: this thread is its table (the feed, boards, combats and votes). "
                         "`/agot join` and `/agot start` work here; secret choices come by DM.", allowed_mentions=none)

    @agot.command(name="join", description="Take a seat in this channel's game")
    @app_commands.describe(house="the house you wish to play (when houses are chosen), in any case", game=GAME)
    @app_commands.autocomplete(house=free_house_choices)
    @app_commands.autocomplete(game=game_choices)
    async def join(self, interaction: discord.Interaction, house: str | None = None, game: int | None = None) -> None:
        info = await game_for(interaction, game, LOBBY)
        if house is not None:
            house = house_of(house, game_houses(info))
            if any(s.house == house for s in info.seats):
                raise Refusal(f"{text.house_name(house)} is already taken: choose another house.")
        info = await self.service.join(info.id, interaction.user.id, name=interaction.user.display_name, house=house)
        if info.settings.get("faceless"):
            await interaction.response.send_message(
                f"🛡️ You join game #{info.id} ({len(info.seats)}/{info.players}); it is faceless: public messages "
                "name houses only until the end.", ephemeral=True)
            await self.test_dm(interaction, info.id)
            return
        await announce(interaction, info, f"🛡️ {interaction.user.mention} joins game #{info.id} "
                       f"({len(info.seats)}/{info.players}){' as ' + text.house_name(house) if house else ''}.")
        await self.test_dm(interaction, info.id)

    async def test_dm(self, interaction: discord.Interaction, gid: int) -> None:
        """A first DM at join: secret choices arrive by DM, so a closed DM is found now, not at the first prompt."""
        try:
            await interaction.user.send(f"You joined game #{gid}. Your secret choices will arrive here; send "
                                        "`help` here at any time.")
        except discord.Forbidden:
            await interaction.followup.send(
                "⚠️ I cannot send you direct messages. Allow DMs from this server's members (Privacy Settings), or "
                "answer with `/agot act` in the game's channel: only you will see your prompts.", ephemeral=True)

    @agot.command(name="leave", description="Give up your seat before the game starts")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def leave(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await game_for(interaction, game, LOBBY)
        info = await self.service.leave(info.id, interaction.user.id)
        seated = f"game #{info.id} ({len(info.seats)}/{info.players})"
        if info.settings.get("faceless"):
            await interaction.response.send_message(f"You leave {seated}.", ephemeral=True)
            return
        await announce(interaction, info, f"{interaction.user.mention} leaves {seated}.")

    @agot.command(name="start", description="Deal the houses and start the game (creator or Manage Server)")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def start(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await game_for(interaction, game, LOBBY)
        await interaction.response.defer(thinking=True, ephemeral=interaction.channel_id != info.channel_id)
        info = await self.service.start(info.id, interaction.user.id, manager=is_manager(interaction, info))
        seats = ", ".join(f"<@{s.user_id}> {text.house_name(s.house)}" for s in info.seats)
        if info.settings.get("faceless"):
            seats = "Houses are dealt in secret: " + ", ".join(text.house_name(s.house) for s in info.seats)
        await announce(interaction, info, f"🏁 **Game #{info.id} begins.** {seats}.\nYour prompts arrive by DM (or "
                       "with `/agot act`).", discord.AllowedMentions(users=True))
        await close_announcement(self.bot, info)

    @agot.command(name="cancel", description="Cancel a game, after a confirmation (creator or Manage Server)")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def cancel(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await game_for(interaction, game)
        must_manage(interaction, info)
        user = interaction.user.id

        async def run() -> Done:
            await self.service.cancel(info.id, user, manager=True)
            return Done(f"✅ Game #{info.id} is cancelled.", f"Game #{info.id} is cancelled.", info.channel_id)

        await ask(interaction, f"Cancel game #{info.id} ({info.status})", run)

    # --- reading a game -------------------------------------------------------------------------------------

    def settings_line(self, info: GameInfo) -> str:
        s = info.settings
        deadlines = ", ".join(f"{k} {int(v) // 3600} h" for k, v in (s.get("deadlines") or {}).items())
        threshold, vote_hours = vote_rules(s)
        return (f"Settings: {info.players} players, houses {WORDS[s.get('houses', 'random')].lower()}, Tides of "
                f"Battle {'on' if s.get('tides_of_battle') else 'off'}, tie-breaks: {WORDS[s.get('tiebreak', 'rb2')]}, "
                f"absence: {s.get('absence', 'stretch')}, whispers {'on' if s.get('whispers', True) else 'off'}, "
                "deadlines: "
                f"{deadlines or 'defaults'}{text.shape_words(s)}; votes pass with {threshold:.0%} of the seated "
                f"players and close after {vote_hours:g} h.")

    @agot.command(name="status", description="Round, phase, who the game waits for, and its settings")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def status(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await game_for(interaction, game, OPEN + (GameStatus.FINISHED, GameStatus.FROZEN))
        if info.status == GameStatus.LOBBY:
            seats = ", ".join(f"{s.name}{' (' + text.house_name(s.house) + ')' if s.house else ''}"
                              for s in info.seats) or "nobody yet"
            head = f"Game #{info.id} waits for players ({len(info.seats)}/{info.players}): {seats}."
        else:
            head = text.status_text(info.id, await self.service.status(info.id))
        await interaction.response.send_message(text.clip(f"{head}\n{self.settings_line(info)}"), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @agot.command(name="board", description="The board as an image, or (calc:) a private combat calculator")
    @app_commands.describe(private="your own house's view, shown only to you", game=GAME,
                           calc="combat calculator: the area attacked (the figures from your view, only to you)",
                           march_from="combat calculator: the marching area(s), comma-separated (default: yours "
                                      "next to it)")
    @app_commands.rename(march_from="from")
    @app_commands.autocomplete(calc=area_choices, march_from=area_choices)
    @app_commands.autocomplete(game=game_choices)
    async def board_image(self, interaction: discord.Interaction, private: bool = False,
                          game: int | None = None, calc: str | None = None, march_from: str | None = None) -> None:
        info = await game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        if info.status == GameStatus.LOBBY:
            raise Refusal(f"Game #{info.id} has not started yet.")
        if calc is not None or march_from is not None:
            if calc is None:
                raise Refusal("Name the area attacked with `calc:` (and the marching areas with `from:`).")
            sources = [a for a in (march_from or "").split(",") if a.strip()] or None
            words = await self.service.calc(info.id, interaction.user.id, calc, sources)
            await interaction.response.send_message(text.clip(words), ephemeral=True,
                                                    allowed_mentions=discord.AllowedMentions.none())
            return
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
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        if info.status == GameStatus.LOBBY:
            raise Refusal(f"Game #{info.id} has not started yet.")
        view = await self.service.view(info.id, None)
        await interaction.response.send_message(text.hand_text(view), ephemeral=True)

    @agot.command(name="act", description="Show your open prompts here, only to you (if DMs fail)")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def act(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if game is None:
            games = [g for g in await self.service.games_of_user(interaction.user.id)
                     if g.status == GameStatus.RUNNING]
        else:
            games = [await game_for(interaction, game)]
        shown = 0
        for g in games:
            pending = await self.bot.pending_for(g.id, interaction.user.id)
            shown += len(pending)
            await self.bot.send_prompts(interaction, g.id, pending)
        if not shown:
            await interaction.followup.send("Nothing is waiting for you right now.", ephemeral=True)

    @agot.command(name="log", description="The game's recent public events, or a past phase with its board")
    @app_commands.describe(page="recent events, 20 a page (1: the newest)",
                           round="a past round (1-10): the board as its phase began, and what happened in it",
                           phase="that round's phase (default planning)", game=GAME)
    @app_commands.choices(phase=PHASES)
    @app_commands.autocomplete(game=game_choices)
    async def log(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 100] = 1,
                  round: app_commands.Range[int, 1, 10] | None = None, phase: str = "planning",
                  game: int | None = None) -> None:
        info = await game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        if round is not None:
            await self.history(interaction, info, round, phase)
            return
        events = await self.service.log(info.id, limit=20 * page)
        shown = events[: max(0, len(events) - 20 * (page - 1))][-20:]
        if not shown:
            raise Refusal("No events on that page.")
        body = text.chunks([f"`{e.get('seq', '')}` {line}" for e, line in zip(shown, text.event_lines(shown))],
                           1900)[-1]
        await interaction.response.send_message(f"**Game #{info.id}**, events (page {page}):\n{body}", ephemeral=True)

    async def history(self, interaction: discord.Interaction, info: GameInfo, round: int, phase: str) -> None:
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

    @agot.command(name="card", description="Look up a card (House, Westeros, wildling, loan), an area or a term")
    @app_commands.describe(name="the card's or area's name, or its first letters (suggestions as you type)")
    @app_commands.autocomplete(name=card_choices)
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        found, close = lookup.find(self.lookup, name)
        if found is None:
            hint = f" Did you mean {', '.join(close)}?" if close else ""
            raise Refusal(f"No card or area is called '{text.clip(name, 40)}'.{hint}")
        await interaction.response.send_message(found, ephemeral=True)

    # --- table votes (issue 12: tables that keep going for weeks; the buttons: bot/frontend/votes.py) ---------

    @agot.command(name="vote", description="Propose a table vote (seated players): pause, resume, extend, ...")
    @app_commands.describe(kind="what the table decides", house="kick: the house whose seat opens",
                           hours="extend: the hours added to every open deadline", game=GAME)
    @app_commands.choices(kind=VOTES)
    @app_commands.autocomplete(house=seated_house_choices)
    @app_commands.autocomplete(game=game_choices)
    async def vote(self, interaction: discord.Interaction, kind: str, house: str | None = None,
                   hours: HOURS | None = None, game: int | None = None) -> None:
        info = await game_for(interaction, game, PLAYING)
        if house is not None:
            house = house_of(house, game_houses(info))
        user = interaction.user.id
        must_vote(info, user, kind, house)

        async def run() -> Done:
            vote = await self.service.open_vote(info.id, user, kind, house=house, hours=hours)
            state = vote["status"]
            if state == VoteStatus.OPEN:
                state = "is open: the table answers with its buttons"
            return Done(f"🗳️ Vote #{vote['id']} ({kind}) {state}.")

        if kind in CONFIRMED_VOTES:
            what = {"cancel": "cancel the game", "end": "end the game now with the current standings",
                    "kick": f"kick {text.house_name(house) if house else 'a house'}'s player"}[kind]
            await ask(interaction, f"Propose that the table {what} (game #{info.id})", run, final=False)
            return
        done = await run()
        await interaction.response.send_message(done.private, ephemeral=True)

    # --- issue 12: tables that keep going for weeks (digest, my games, ratings, replay file) ----------------

    @agot.command(name="digest", description="What changed since you last looked, and what waits on you")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def digest(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        digest = await self.service.digest(info.id, interaction.user.id)
        await interaction.response.send_message(text.digest_text(digest), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @agot.command(name="mygames", description="Every game you sit in, in every server (works in DMs)")
    async def mygames(self, interaction: discord.Interaction) -> None:
        games = await self.service.my_games(interaction.user.id)
        await interaction.response.send_message(text.my_games_text(games), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @agot.command(name="ratings", description="This server's leaderboard, or one member's record")
    @app_commands.describe(user="whose games, wins and average place (default: the whole leaderboard)")
    async def ratings(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        if interaction.guild is None:
            raise Refusal("Ratings are kept per server: ask in a server channel.")
        if user is None:
            words = text.leaderboard_text(await self.service.leaderboard(interaction.guild.id))
        else:
            words = text.record_text(user.display_name, await self.service.record(interaction.guild.id, user.id))
        await interaction.response.send_message(words, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @agot.command(name="replay", description="The replay file of a finished game (JSON, every hidden choice)")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def replay(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        data = await self.service.replay_file(info.id)  # refused (and nothing sent) while the game runs
        await interaction.response.send_message(
            f"Game #{info.id}: its replay file. Re-play it with `python -m bot.admin replay FILE`.", ephemeral=True,
            file=discord.File(io.BytesIO(data), filename=f"agot-{info.id}-replay.json"))

    # --- anonymous negotiation (issue 15; the service: bot/service/whispers.py) -----------------------------

    @agot.command(name="whisper", description="Send another house a message signed only with your house")
    @app_commands.describe(house="the house that receives it, by name in any case (e.g. Stark)",
                           text=f"your message, at most {WHISPER_CHARS} characters (only that house's player sees it)",
                           game=GAME)
    @app_commands.autocomplete(house=seated_house_choices)
    @app_commands.autocomplete(game=game_choices)
    async def whisper(self, interaction: discord.Interaction, house: str, text: str, game: int | None = None) -> None:
        # a finished game is found in its channel, to be refused in words (in a DM: the running games only)
        info = await game_for(interaction, game, PLAYING + ((GameStatus.FINISHED,) if interaction.guild else ()))
        target = house_of(house, game_houses(info))
        words = await self.service.whisper(info.id, interaction.user.id, target, text)
        await interaction.response.send_message(words, ephemeral=True)

    # --- absence and time zones (issue 12, issue 15) -------------------------------------------------------

    @agot.command(name="away", description="Declare an absence (your deadlines stretch, or the autopilot plays)")
    @app_commands.describe(days="how many days (1-30)", until="or until a date, YYYY-MM-DD (in your /agot timezone)",
                           back="end your absence now", game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def away(self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 30] | None = None,
                   until: str | None = None, back: bool = False, game: int | None = None) -> None:
        info = await game_for(interaction, game, PLAYING)
        if back:
            await self.service.back(info.id, interaction.user.id)
            await interaction.response.send_message(f"👋 Welcome back: you play again in game #{info.id}.",
                                                    ephemeral=True)
            return
        end = None
        if until is not None:
            end = local_date(until, await self.bot.zones.zone_of(interaction.user.id))
        info = await self.service.away(info.id, interaction.user.id, days=days, until=end)
        seat = info.seat_of(interaction.user.id)
        back_at = f" until <t:{int(seat.away_until.timestamp())}:f>" if seat and seat.away_until else ""
        await interaction.response.send_message(f"🏖️ You are away{back_at} in game #{info.id}. `/agot away "
                                                "back:True` ends it early.", ephemeral=True)

    @agot.command(name="timezone", description="Your time zone, for quiet hours and away dates you give")
    @app_commands.describe(zone=ZONE)
    @app_commands.autocomplete(zone=zone_choices)
    async def timezone(self, interaction: discord.Interaction, zone: str | None = None) -> None:
        zones = self.bot.zones
        if zone is None:
            mine = await zones.zone_of(interaction.user.id)
            words = f"Your time zone: {zone_words(mine)}." + ("" if mine else " Set one, e.g. `/agot timezone "
                                                                                "zone:Europe/Paris`.")
        else:
            mine = await zones.set_zone(interaction.user.id, zone)
            now = self.bot.clock().astimezone(ZoneInfo(mine))
            words = (f"🕰️ Your time zone is now {mine} (it is {now:%H:%M} there, {now:%A}). Quiet hours and away "
                     "dates you give are read in it; deadlines show in everyone's own time as before.")
        await interaction.response.send_message(words, ephemeral=True)

    @agot.command(name="help", description="How a game goes, how to write orders, every command (only to you)")
    @app_commands.describe(topic="what to read about (default: an overview)")
    @app_commands.choices(topic=guide.TOPIC_CHOICES)
    async def help(self, interaction: discord.Interaction, topic: str = "overview") -> None:
        await interaction.response.send_message(guide.topic_text(topic), ephemeral=True)
