"""``/game help [topic]`` and the help a DM gets: the games, every command, deadlines and absences (the same for
every game), and each game's own pages (its front's ``topics``). Pure words (no discord import); each page fits
one message."""

from __future__ import annotations

from typing import Any

from bot.frontend import text
from bot.games.front import Front, numeric
from bot.games.fronts import front, playable

TOPICS: dict[str, tuple[str, str]] = {  # the pages of every game
    "commands": ("Every command", """\
**Every game** has the same commands, in `/game`; the game is the one of the thread or channel you use them in \
(or name it with `game:`, its number).
**Lobby**: `/game create` (`game:` which one, `players:`, `settings:` the game's own (see its `topic:settings`), \
`hours:` for each decision, quiet and weekend hours, faceless, absence, whispers, `thread:`, `join:`), `join` \
(`seat:` when seats are chosen), `leave`, `start`, `cancel` (asks to confirm).
**Reading**: `status` (who the game waits for, and its settings), `board` (`private:True`: your own view), \
`log` (recent events; `round:` a past phase with its board), `digest` (what changed since you last looked), \
`mygames`, `ratings` (`user:` one member's record), `replay` (a finished game's file), `stats` (games, wins, \
time to answer, missed deadlines: `member:`, `scope:everywhere` your own in every server; `table:True` who the \
table waits for; `public:True` posts it), `animate` (a round's boards step by step as an animated GIF, or the \
whole game once over: `round:`, `private:True` your own view, `format:` GIF or animated PNG).
**Playing**: `act` (your prompts here, only to you), `whisper` (`seat:` `text:` a message signed only with your \
seat, by DM to that seat's player; 5 an hour, 500 characters; in the replay file once the game ends), `vote` (the \
table decides: pause, resume, extend, cancel, kick, undo, end), `away` (`days:` or `until:`; `back:True` ends it), \
`timezone`, `help`.
**Repairs** (`/game-manage`, shown to members with Manage Server): `pause`, `resume`, `rewind` and `kick` (both \
ask to confirm), `replace`, `force`, `deadline`. A game's creator and the bot's owners may use them too.
**A game's own commands** are in its own group, named after the game: `/game help` in its channel (or with \
`game_name:`) shows them."""),
    "deadlines": ("Deadlines, absences and time zones", """\
**Deadlines**: every prompt shows when it expires, in your own time. A missed deadline plays the default answer \
and is announced; reminders come before. After several missed deadlines the seat may be opened to others.
**Quiet and weekend hours**: `/game create quiet_hours:23-7` keeps deadlines out of those hours of the creator's \
day (one that would fall inside moves to their end); `weekend_hours:12` adds 12 hours to a deadline whose span \
covers a Saturday or Sunday.
**Time zone**: `/game timezone zone:Europe/Paris` sets yours; quiet hours and away dates you give are read in it \
and stored in UTC.
**Absence**: `/game away days:3` or `until:2030-01-31`; your deadlines stretch, or the autopilot plays your seat \
(the game's `absence` setting); `/game away back:True` ends it early.
**Votes**: `/game vote` lets the seated players pause, resume, extend deadlines, undo the last answer, kick a \
player, cancel or end the game."""),
    "queue": ("The queue", """\
**The queue** seats members who have never met: `/queue join game: players:` (`settings:` in the words of \
`/game create`, `hours:` per deadline) waits in this server's queue; when enough members wait for the same game, \
players and settings, the bot names them with a **Ready** button. Everyone who clicks Ready in time (10 minutes \
unless the bot's host set another) gets a seat in a new thread and the game starts; whoever does not is dropped \
and the queue refills from those still waiting. `/queue show` lists who waits; `/queue leave` (one game or all) \
stops waiting. A member already in many running games (5 unless the host set another) is told to finish one."""),
    "seasons": ("Seasons and rank roles", """\
**Seasons** rate a server's games between two dates apart from the all-time `/game ratings`: `/season board` \
(`season:` a past one, with its final standings), `/season list`.
**Managers** (Manage Server): `/season open name: start: end:` (days as YYYY-MM-DD in your time zone; `game:` one \
game, else every game, `rating:` one rating across them or one per game; `count:` only a player's best N games \
count; `roles:` rank roles, e.g. `1=Champion, 3=@Podium, 10=Top ten`: a role that does not exist is created), \
`/season end` (now, keeping its final standings). Seasons of the same game may not overlap.
**Rank roles** are given and taken after every finished game. The bot never touches @everyone, a role managed by \
an integration or a role at or above its own top role; if a role becomes one of those, it says so once."""),
}


def games_text() -> str:
    """``/game help`` away from any game: the games this bot plays, and how to start one."""
    games = "\n".join(f"• **{front(name).title}**: `/game create game:{name}`, then `/game help "
                      f"game_name:{name}`" for name in playable())
    return text.clip(f"📖 **The games I play**\n{games}\nIn a game's thread or channel, `/game help` explains that "
                     "game. Every game has the same commands (`/game help topic:commands`); secret choices come "
                     "by DM.")


def pages(game: Front | None) -> dict[str, tuple[str, str]]:
    """The pages ``/game help`` may show: the game's own, then those of every game."""
    return {**(game.topics if game else {}), **TOPICS}


def topic_text(game: Front | None, topic: str | None) -> str:
    """A help page: the game's (its overview by default), a page of every game, or (no game, no topic) the games.
    A topic no page has: the game's overview, or the games."""
    found = pages(game).get(topic or "overview")
    if found is None and game is None and topic:  # asked away from a game: the first game that has the page
        owner = next((front(n) for n in playable() if topic in front(n).topics), None)
        found = owner.topics[topic] if owner else None
    if found is None:
        found = game.topics["overview"] if game else None
    if found is None:
        return games_text()
    title, body = found
    return text.clip(f"📖 **{title}**\n{body}")


def prompt_syntax(game: Front, game_id: int, decision: dict[str, Any]) -> str:
    """What to write for one open prompt (a DM's ``help``): its own words, options or text form, with the topic."""
    label = decision.get("label") or decision["kind"]
    if decision.get("options") is None:
        how = game.answer_help(decision)
    elif numeric(decision):
        how = "Reply with the amount, or press a button:\n" + "\n".join(text.choice_lines(decision))
    else:
        how = "Reply with the number of your choice, or press a button:\n" + "\n".join(text.choice_lines(decision))
    return text.clip(f"📖 Game #{game_id}, {label}: how to answer.\n{how}\nMore: `/game help topic:"
                     f"{game.topic_of(decision)}`.")


SHORT = ("I am a game master for board games played on Discord. Games are created in a server with `/game create`; "
         "join one with `/game join`. Your secret choices come here as messages with buttons; `/game act` shows "
         "them again. When a prompt asks for text, reply here: the prompt says what to write, and `help` here "
         "explains it. `/game help` explains the rest.")
