"""The ``/game`` slash commands, the same for every game: parse, call the table service, reply. No game logic and
no SQL here; what is one game's own comes from its front (``bot/games/fronts.py``): its settings form, its
board, its seats' names, its help pages. A game's own verbs are in its own group (``/agot card``).

Which game a command means, who manages it and how refusals are shown: ``common.py``. The repairs of a game's
managers are ``/game-manage`` (``manage.py``). What cannot be taken back asks for confirmation (``confirm.py``).
Discord allows 25 commands in a group; this one uses 18.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any
from zoneinfo import ZoneInfo

import discord
from discord import app_commands

from bot.frontend import animate as animation
from bot.frontend import help as guide
from bot.frontend import stats as stats_words
from bot.frontend import text
from bot.frontend.common import (
    GAME,
    HOURS,
    LOBBY,
    OPEN,
    PLAYING,
    SEAT,
    Refusal,
    TableCog,
    announce,
    free_seat_choices,
    front_for,
    game_choices,
    game_for,
    game_form,
    is_manager,
    must_manage,
    seat_in,
    seated_choices,
)
from bot.frontend.confirm import Done, ask
from bot.frontend.lobby import close_announcement, join_view, open_thread
from bot.frontend.team import open_team_thread
from bot.frontend.transport import picture
from bot.frontend.votes import must_vote
from bot.frontend.zones import ZONE, local_date, local_hours, zone_choices, zone_words
from bot.games.front import Front, Refused
from bot.games.fronts import front, playable
from bot.service import GameInfo, GameStatus, VoteStatus
from bot.service.posts import ANNOUNCEMENT
from bot.service.settings import normalize, vote_rules
from bot.service.whispers import MAX_CHARS as WHISPER_CHARS
from engine.registry import DEFAULT, rules

Choice = app_commands.Choice
GAMES = [Choice(name=front(name).title, value=name) for name in playable()]
ABSENCE = [Choice(name="Stretch the absent player's deadlines", value="stretch"),
           Choice(name="The autopilot plays the absent player's seat", value="autopilot")]
VOTES = [Choice(name="Pause the game", value="pause"), Choice(name="Resume the game", value="resume"),
         Choice(name="Extend every open deadline", value="extend"), Choice(name="Cancel the game", value="cancel"),
         Choice(name="Kick a seat's player (the seat opens)", value="kick"),
         Choice(name="Undo the last answer", value="undo"),
         Choice(name="End the game now with the current standings", value="end")]
CONFIRMED_VOTES = ("cancel", "kick", "end")
PLAYERS = app_commands.Range[int, min(rules(n).min_players for n in playable()),
                             max(rules(n).max_players for n in playable())]
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


def table_words(game: Front, info_players: int, settings: dict[str, Any]) -> str:
    """A table's settings in words: the game's own, then the table's (absence, whispers, deadlines, votes)."""
    deadlines = ", ".join(f"{k} {int(v) // 3600} h" for k, v in (settings.get("deadlines") or {}).items())
    threshold, vote_hours = vote_rules(settings)
    return (f"{info_players} players{game.settings_words(settings)}, absence: {settings.get('absence', 'stretch')}, "
            f"whispers {'on' if settings.get('whispers', True) else 'off'}, deadlines: {deadlines or 'defaults'}"
            f"{text.shape_words(settings)}; votes pass with {threshold:.0%} of the seated players and close after "
            f"{vote_hours:g} h")


class GameCog(TableCog):
    game = app_commands.Group(name="game", description="Play a board game at this table: create, join, act, help")

    async def settings_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """The chosen game's settings form, completed as it is typed."""
        name = getattr(interaction.namespace, "game", None) or DEFAULT
        try:
            hits = front(name).settings_choices(current)
        except Refused:
            return []
        return [Choice(name=h, value=h) for h in hits]

    async def phase_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """The phases of a round of the game the form means."""
        info = await game_form(interaction, OPEN + (GameStatus.FINISHED,))
        if info is None:
            return []
        own = await front_for(interaction, info)
        return [Choice(name=p, value=p) for p in own.phases if current.strip().lower() in p.lower()]

    # --- the lobby ------------------------------------------------------------------------------------------

    @game.command(name="create", description="Create a game in this channel")
    @app_commands.describe(game="which game (default: A Game of Thrones)",
                           players="how many players (the game says how many it takes)",
                           settings="the game's own settings, key:value (suggestions as you type; /game help "
                                    "topic:settings)",
                           hours="hours for each decision (a game's settings may give some their own)",
                           join="take a seat yourself (default yes)",
                           quiet_hours="hours of your day when no deadline falls, e.g. 23-7 (in your /game timezone)",
                           weekend_hours="extra hours for a deadline whose span covers a Saturday or Sunday",
                           faceless="public messages name seats only until the game ends",
                           absence="while a player is away: stretch their deadlines, or the autopilot plays",
                           thread="play in a new thread of this channel (default yes; no: in the channel itself)",
                           whispers="players may send anonymous whispers between seats (default yes)")
    @app_commands.choices(game=GAMES, absence=ABSENCE)
    @app_commands.autocomplete(settings=settings_choices)
    async def create(self, interaction: discord.Interaction, players: PLAYERS, game: str = DEFAULT,
                     settings: str = "", hours: HOURS = 12, join: bool = True, quiet_hours: str | None = None,
                     weekend_hours: app_commands.Range[int, 0, 168] = 0, faceless: bool = False,
                     absence: str = "stretch", thread: bool = True, whispers: bool = True) -> None:
        if interaction.guild is None or interaction.channel_id is None or interaction.channel is None:
            raise Refusal("Create a game in a server channel (or thread) where the table will play.")
        own = front(game)
        shelf = rules(game)
        if not shelf.min_players <= players <= shelf.max_players:
            raise Refusal(f"{shelf.title} takes {shelf.min_players} to {shelf.max_players} players.")
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
        chosen = own.settings(settings, players)  # the game's form: refused in words before anything is made
        table: dict[str, Any] = {**chosen, "weekend_hours": weekend_hours, "faceless": faceless, "absence": absence,
                                 "whispers": whispers,
                                 "deadlines": {**chosen.get("deadlines", {}), "default": hours * 3600}}
        zone = await self.bot.zones.zone_of(interaction.user.id)
        table["zone"] = zone
        if quiet_hours is not None:
            table["quiet_hours"] = local_hours(quiet_hours, zone, self.bot.clock())
        normalize(table, players, game)  # a bad setting is refused before a thread is opened
        await interaction.response.defer(thinking=True)
        channel_id = interaction.channel_id
        opened = announcement = None
        if parent is not None:  # the announcement opens the thread (Discord then posts no "thread created" line)
            announcement = await interaction.followup.send(f"⚔️ A game of {players} is being set up…", wait=True)
            opened = await open_thread(parent, announcement, own.title, players)
            channel_id = opened.id
        gid = await self.service.create_game(interaction.guild.id, channel_id, interaction.user.id, players,
                                             settings=table, game=game)
        if join:
            await self.service.join(gid, interaction.user.id, name=interaction.user.display_name)
        by = "" if faceless else f" by {interaction.user.mention}"
        words = f"⚔️ **Game #{gid}** created{by}: {own.title}, {table_words(own, players, table)}.\n"
        none = discord.AllowedMentions.none()
        if opened is None or announcement is None:
            await interaction.followup.send(words + "Join with `/game join`; the creator starts with `/game start`. "
                                            "New here? `/game help`.", allowed_mentions=none)
            return
        await announcement.edit(content=text.clip(words + f"It plays in its thread, <#{channel_id}>: press **Join** "
                                "(or `/game join`); the creator starts with `/game start`. New here? `/game help`."),
                                view=join_view(gid), allowed_mentions=none)
        await self.bot.posts.set_message_id(gid, ANNOUNCEMENT, announcement.id)
        await opened.send(f"⚔️ **Game #{gid}**: this thread is its table (the feed, boards and votes). "
                          "`/game join` and `/game start` work here; secret choices come by DM.", allowed_mentions=none)

    @game.command(name="join", description="Take a seat in this channel's game")
    @app_commands.describe(seat="the seat you wish to play (when seats are chosen), by name in any case", game=GAME)
    @app_commands.autocomplete(seat=free_seat_choices)
    @app_commands.autocomplete(game=game_choices)
    async def join(self, interaction: discord.Interaction, seat: str | None = None, game: int | None = None) -> None:
        info = await game_for(interaction, game, LOBBY)
        own = await front_for(interaction, info)
        if seat is not None:
            seat = await seat_in(interaction, info, seat)
            if any(s.house == seat for s in info.seats):
                raise Refusal(f"{own.seat_name(seat)} is already taken: choose another seat.")
        info = await self.service.join(info.id, interaction.user.id, name=interaction.user.display_name, house=seat)
        if info.settings.get("faceless"):
            await interaction.response.send_message(
                f"🛡️ You join game #{info.id} ({len(info.seats)}/{info.players}); it is faceless: public messages "
                "name seats only until the end.", ephemeral=True)
            await self.test_dm(interaction, info.id)
            return
        await announce(interaction, info, f"🛡️ {interaction.user.mention} joins game #{info.id} "
                       f"({len(info.seats)}/{info.players}){' as ' + own.seat_name(seat) if seat else ''}.")
        await self.test_dm(interaction, info.id)

    async def test_dm(self, interaction: discord.Interaction, gid: int) -> None:
        """A first DM at join: secret choices arrive by DM, so a closed DM is found now, not at the first prompt."""
        try:
            await interaction.user.send(f"You joined game #{gid}. Your secret choices will arrive here; send "
                                        "`help` here at any time.")
        except discord.Forbidden:
            await interaction.followup.send(
                "⚠️ I cannot send you direct messages. Allow DMs from this server's members (Privacy Settings), or "
                "answer with `/game act` in the game's channel: only you will see your prompts.", ephemeral=True)

    @game.command(name="leave", description="Give up your seat before the game starts")
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

    @game.command(name="start", description="Deal the seats and start the game (creator or Manage Server)")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def start(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await game_for(interaction, game, LOBBY)
        await interaction.response.defer(thinking=True, ephemeral=interaction.channel_id != info.channel_id)
        info = await self.service.start(info.id, interaction.user.id, manager=is_manager(interaction, info))
        own = await front_for(interaction, info)
        seats = ", ".join(f"<@{s.user_id}> {own.seat_name(s.house)}" for s in info.seats)
        if info.settings.get("faceless"):
            seats = "Seats are dealt in secret: " + ", ".join(own.seat_name(s.house) for s in info.seats)
        await announce(interaction, info, f"🏁 **Game #{info.id} begins.** {seats}.\nYour prompts arrive by DM (or "
                       "with `/game act`).", discord.AllowedMentions(users=True))
        await close_announcement(self.bot, info)
        await open_team_thread(self.bot, info)

    @game.command(name="cancel", description="Cancel a game, after a confirmation (creator or Manage Server)")
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

    @game.command(name="status", description="Round, phase, who the game waits for, and its settings")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def status(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await game_for(interaction, game, OPEN + (GameStatus.FINISHED, GameStatus.FROZEN))
        own = await front_for(interaction, info)
        if info.status == GameStatus.LOBBY:
            seats = ", ".join(f"{s.name}{' (' + own.seat_name(s.house) + ')' if s.house else ''}"
                              for s in info.seats) or "nobody yet"
            head = f"Game #{info.id} of {own.title} waits for players ({len(info.seats)}/{info.players}): {seats}."
        else:
            head = text.status_text(own, info.id, await self.service.status(info.id))
        settings = f"Settings: {table_words(own, info.players, info.settings)}."
        await interaction.response.send_message(text.clip(f"{head}\n{settings}"), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @game.command(name="board", description="The board as an image (private: your own view, only to you)")
    @app_commands.describe(private="your own seat's view, shown only to you", game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def board_image(self, interaction: discord.Interaction, private: bool = False,
                          game: int | None = None) -> None:
        info = await game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        if info.status == GameStatus.LOBBY:
            raise Refusal(f"Game #{info.id} has not started yet.")
        if private and info.seat_of(interaction.user.id) is None:
            raise Refusal("You have no seat in this game: only the public board is yours to see.")
        await interaction.response.defer(ephemeral=private, thinking=True)
        view = await self.service.view(info.id, interaction.user.id if private else None)
        own = await front_for(interaction, info)
        image = await asyncio.to_thread(own.board, view)
        note = " · 🔒 your view" if private else ""
        await interaction.followup.send(f"Game #{info.id} · {image.caption}{note}",
                                        **picture(info.id, image, own.name), ephemeral=private)

    @game.command(name="act", description="Show your open prompts here, only to you (if DMs fail)")
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

    @game.command(name="log", description="The game's recent public events, or a past phase with its board")
    @app_commands.describe(page="recent events, 20 a page (1: the newest)",
                           round="a past round: the board as its phase began, and what happened in it",
                           phase="that round's phase (suggestions as you type; default: the game's first)", game=GAME)
    @app_commands.autocomplete(phase=phase_choices)
    @app_commands.autocomplete(game=game_choices)
    async def log(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 100] = 1,
                  round: app_commands.Range[int, 1, 999] | None = None, phase: str | None = None,
                  game: int | None = None) -> None:
        info = await game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        if round is not None:
            own = await front_for(interaction, info)
            named = own.phases[0] if phase is None else next(
                (p for p in own.phases if p.lower() == phase.strip().lower()), None)  # in any case: "top hat"
            if named is None:
                raise Refusal(f"'{text.clip(phase or '', 20)}' is not a phase of {own.title}: choose "
                              f"{', '.join(own.phases)}.")
            await self.history(interaction, info, round, named)
            return
        events = await self.service.log(info.id, limit=20 * page)
        shown = events[: max(0, len(events) - 20 * (page - 1))][-20:]
        if not shown:
            raise Refusal("No events on that page.")
        bold = (await front_for(interaction, info)).headlines
        body = text.chunks([f"`{e.get('seq', '')}` {line}" for e, line in zip(shown, text.event_lines(shown, bold))],
                           1900)[-1]
        await interaction.response.send_message(f"**Game #{info.id}**, events (page {page}):\n{body}", ephemeral=True)

    async def history(self, interaction: discord.Interaction, info: GameInfo, round: int, phase: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = await self.service.history(info.id, round, phase)
        events = await self.service.history_events(info.id, round, phase)
        game = await self.bot.front_of(info.id)
        image = await asyncio.to_thread(game.board, view)
        lines = text.event_lines(events, game.headlines)
        told = text.clip("\n".join(lines[:25]), 1700) if lines else "No public event."
        more = f"(the first 25 of {len(lines)} events)\n" if len(lines) > 25 else ""
        await interaction.followup.send(f"Game #{info.id} as {game.stage} {round}'s {phase} phase began; what happened "
                                        f"in it:\n{more}{told}", ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none(),
                                        **picture(info.id, image, f"{game.name}-r{round}"))

    # --- table votes (issue 12: tables that keep going for weeks; the buttons: bot/frontend/votes.py) ---------

    @game.command(name="vote", description="Propose a table vote (seated players): pause, resume, extend, ...")
    @app_commands.describe(kind="what the table decides", seat="kick: the seat that opens",
                           hours="extend: the hours added to every open deadline", game=GAME)
    @app_commands.choices(kind=VOTES)
    @app_commands.autocomplete(seat=seated_choices)
    @app_commands.autocomplete(game=game_choices)
    async def vote(self, interaction: discord.Interaction, kind: str, seat: str | None = None,
                   hours: HOURS | None = None, game: int | None = None) -> None:
        info = await game_for(interaction, game, PLAYING)
        own = await front_for(interaction, info)
        house = None if seat is None else await seat_in(interaction, info, seat)
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
                    "kick": f"kick {own.seat_name(house) if house else 'a seat'}'s player"}[kind]
            await ask(interaction, f"Propose that the table {what} (game #{info.id})", run, final=False)
            return
        done = await run()
        await interaction.response.send_message(done.private, ephemeral=True)

    # --- issue 12: tables that keep going for weeks (digest, my games, ratings, replay file) ----------------

    @game.command(name="digest", description="What changed since you last looked, and what waits on you")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def digest(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        digest = await self.service.digest(info.id, interaction.user.id)
        await interaction.response.send_message(text.digest_text(digest), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @game.command(name="mygames", description="Every game you sit in, in every server (works in DMs)")
    async def mygames(self, interaction: discord.Interaction) -> None:
        games = await self.service.my_games(interaction.user.id)
        await interaction.response.send_message(text.my_games_text(games), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @game.command(name="ratings", description="This server's leaderboard, or one member's record")
    @app_commands.describe(user="whose games, wins and average place (default: the whole leaderboard)")
    async def ratings(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        if interaction.guild is None:
            raise Refusal("Ratings are kept per server: ask in a server channel.")
        if user is None:
            words = text.leaderboard_text(await self.service.leaderboard(interaction.guild.id))
        else:
            words = text.record_text(user.display_name, await self.service.record(interaction.guild.id, user.id))
        await interaction.response.send_message(words, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @game.command(name="replay", description="The replay file of a finished game (JSON, every hidden choice)")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_choices)
    async def replay(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await game_for(interaction, game, OPEN + (GameStatus.FINISHED,))
        data = await self.service.replay_file(info.id)  # refused (and nothing sent) while the game runs
        await interaction.response.send_message(
            f"Game #{info.id}: its replay file. Re-play it with `python -m bot.admin replay FILE`.", ephemeral=True,
            file=discord.File(io.BytesIO(data), filename=f"{info.game}-{info.id}-replay.json"))

    # --- anonymous negotiation (issue 15; the service: bot/service/whispers.py) -----------------------------

    @game.command(name="whisper", description="Send another seat a message signed only with your seat")
    @app_commands.describe(seat=SEAT,
                           text=f"your message, at most {WHISPER_CHARS} characters (only that seat's player sees it)",
                           game=GAME)
    @app_commands.autocomplete(seat=seated_choices)
    @app_commands.autocomplete(game=game_choices)
    async def whisper(self, interaction: discord.Interaction, seat: str, text: str, game: int | None = None) -> None:
        # a finished game is found in its channel, to be refused in words (in a DM: the running games only)
        info = await game_for(interaction, game, PLAYING + ((GameStatus.FINISHED,) if interaction.guild else ()))
        target = await seat_in(interaction, info, seat)
        words = await self.service.whisper(info.id, interaction.user.id, target, text)
        await interaction.response.send_message(words, ephemeral=True)

    # --- absence and time zones (issue 12, issue 15) -------------------------------------------------------

    @game.command(name="away", description="Declare an absence (your deadlines stretch, or the autopilot plays)")
    @app_commands.describe(days="how many days (1-30)", until="or until a date, YYYY-MM-DD (in your /game timezone)",
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
        await interaction.response.send_message(f"🏖️ You are away{back_at} in game #{info.id}. `/game away "
                                                "back:True` ends it early.", ephemeral=True)

    @game.command(name="timezone", description="Your time zone, for quiet hours and away dates you give")
    @app_commands.describe(zone=ZONE)
    @app_commands.autocomplete(zone=zone_choices)
    async def timezone(self, interaction: discord.Interaction, zone: str | None = None) -> None:
        zones = self.bot.zones
        if zone is None:
            mine = await zones.zone_of(interaction.user.id)
            words = f"Your time zone: {zone_words(mine)}." + ("" if mine else " Set one, e.g. `/game timezone "
                                                                                "zone:Europe/Paris`.")
        else:
            mine = await zones.set_zone(interaction.user.id, zone)
            now = self.bot.clock().astimezone(ZoneInfo(mine))
            words = (f"🕰️ Your time zone is now {mine} (it is {now:%H:%M} there, {now:%A}). Quiet hours and away "
                     "dates you give are read in it; deadlines show in everyone's own time as before.")
        await interaction.response.send_message(words, ephemeral=True)

    async def topic_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """The help pages of the game named, or of the game here, or of every game."""
        own = await self.help_front(interaction, getattr(interaction.namespace, "game_name", None))
        found = guide.pages(own) if own else {k: v for n in playable() for k, v in guide.pages(front(n)).items()}
        return [Choice(name=title[:100], value=key) for key, (title, _) in found.items()
                if current.strip().lower() in f"{key} {title}".lower()][:25]

    async def help_front(self, interaction: discord.Interaction, name: str | None) -> Front | None:
        """The game ``/game help`` explains: the one named, else the game of this channel (or DM), else none."""
        if name:
            return front(name)
        info = await game_form(interaction, OPEN + (GameStatus.FINISHED,))
        return await front_for(interaction, info) if info else None

    @game.command(name="help", description="The games, how one goes, how to answer, every command (only to you)")
    @app_commands.describe(topic="what to read about (default: the game's overview, or the games)",
                           game_name="which game's pages (default: this channel's game)")
    @app_commands.choices(game_name=GAMES)
    @app_commands.autocomplete(topic=topic_choices)
    async def help(self, interaction: discord.Interaction, topic: str | None = None,
                   game_name: str | None = None) -> None:
        own = await self.help_front(interaction, game_name)
        await interaction.response.send_message(guide.topic_text(own, topic), ephemeral=True)

    # --- statistics (issue 29: the words in stats.py) ------------------------------------------------------------

    @game.command(name="stats",
                  description="A player's figures (games, wins, time to answer), or who a table waits for")
    @app_commands.describe(member="whose figures (default: yours)",
                           scope="this server's games (default) or every server's (your own figures only)",
                           public="post them in the channel (default: only to you)",
                           table="who this channel's game waits for: each seat's time to answer and missed deadlines",
                           game=GAME)
    @app_commands.choices(scope=stats_words.SCOPES)
    @app_commands.autocomplete(game=game_choices)
    async def stats(self, interaction: discord.Interaction, member: discord.User | None = None,
                    scope: str | None = None, public: bool = False, table: bool = False,
                    game: int | None = None) -> None:
        await stats_words.stats_reply(interaction, member, scope, public, table, game)

    # --- animated replays (issue 29: the reply in animate.py) ------------------------------------------------------

    @game.command(name="animate", description="A round (or the whole finished game) replayed as an animated image")
    @app_commands.describe(round="which round (default: the whole game once it is over, else the latest round)",
                           private="your own seat's view, shown only to you",
                           format="GIF (default: Discord animates it) or animated PNG", game=GAME)
    @app_commands.choices(format=animation.FORMATS)
    @app_commands.autocomplete(game=game_choices)
    async def animate(self, interaction: discord.Interaction, round: app_commands.Range[int, 1, 999] | None = None,
                      private: bool = False, format: str = "gif", game: int | None = None) -> None:
        await animation.animate_reply(interaction, round, private, format, game)
