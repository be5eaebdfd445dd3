"""``/agot help [topic]`` and the help a DM gets: how a game goes, how to write orders and marches, every command,
deadlines and absences. Pure words (no discord import); each topic fits one message."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.frontend import text
from bot.frontend.answers import numeric

TOPICS: dict[str, tuple[str, str]] = {
    "overview": ("How a game goes", """\
**A Game of Thrones: The Board Game, 2nd edition, with this bot as the game master.**
1. In a server channel: `/agot create players:3..6` (4..8 on a Mother of Dragons map, `topic:mod`), the others \
`/agot join` (`house:Stark` when houses are chosen), the creator `/agot start`.
2. Every round: the Westeros phase (cards drawn by the bot), the Planning phase (everyone places orders in secret, \
then they are revealed together), the Action phase (raids, marches and combats, consolidating Power).
3. Your secret choices (orders, bids, House cards, the Raven) arrive **by DM** with buttons, or as text to reply. \
You may change an answer until everyone has answered. `/agot act` shows your prompts in the channel, only to you.
4. The channel gets the public feed, the board after each reveal, each combat, and one status message edited in \
place. The game ends after round 10 or when a house holds 7 castles and strongholds; the standings follow.
More: `/agot help topic:orders`, `choices`, `commands`, `deadlines`, `mod`. In a DM, `help` shows how to answer the \
prompt that is open."""),
    "orders": ("Orders and marches by DM", """\
**Orders** (Planning phase): pick an area and its order in the menus, then **Submit**; or reply to the prompt \
with one line, areas and orders separated by commas:
`Winterfell M+1, White Harbor D+1, The Shivering Sea S0`
Orders: `M-1` `M0` `M+1*` (March), `D+1` `D+2*` (Defense), `S0` `S+1*` (Support), `R` `R*` (Raid), `CP` `CP*` \
(Consolidate Power). A star is a special order; the prompt says how many you may place and lists your areas.
**A march** (Action phase), when the prompt asks which units go where:
`from Winterfell: knight, 2 footmen to Castle Black; ship to Bay of Ice + power`
`+ power` leaves a Power token in the area you leave empty; `from Winterfell: stay` moves nothing.
Units: footman, knight, siege engine, ship (plurals and numbers are fine)."""),
    "choices": ("Other choices", """\
**Buttons**: most choices (House cards, bids, Raven, support, retreats) are buttons in the prompt; press one. \
Long lists come as menus. By DM you may reply with an option's number instead; **a bid is written as its \
amount** (`3` bids 3 Power).
**Mustering**: `Winterfell: knight; White Harbor: ship to The Narrow Sea` or `Winterfell: upgrade knight` \
(a Footman becomes a Knight), or `none`.
**Units to lose** (supply, wildlings): `Winterfell: footman; The Shivering Sea: ship`.
**Use the default** plays the documented default answer (the same that a missed deadline plays).
Anything else may be answered as JSON, as documented in docs/decisions.md."""),
    "commands": ("Every command", """\
**Lobby**: `/agot create` (players, houses random or chosen, Tides of Battle, tie-breaks, hours for orders and \
other decisions, quiet and weekend hours, faceless, absence, whispers), `join`, `leave`, `start`, `cancel` \
(asks to confirm).
**Reading**: `status` (who the game waits for, and its settings), `board` (`private:True`: your own view; \
`calc:Moat Cailin from:Winterfell`: a private combat calculator, from what you may see), \
`hand` (every House card in hand and discarded), `log` (recent events; `round:` a past phase with its board), \
`card` (any card, area or Mother of Dragons term), `digest` (what changed since you last looked), `mygames`, `ratings` \
(`user:` one member's record), `replay` (a finished game's file).
**Playing**: `act` (your prompts here, only to you), `whisper` (`house:` `text:` a message signed only with your \
house, by DM to that house's player; 5 an hour, 500 characters; in the replay file once the game ends), `vote` (the \
table decides: pause, resume, extend, cancel, kick, undo, end), `away` (`days:` or `until:`; `back:True` ends it), \
`timezone`, `help`.
**Repairs** (`/agot-manage`, shown to members with Manage Server): `pause`, `resume`, `rewind` and `kick` (both \
ask to confirm), `replace`, `force`, `deadline`. A game's creator and the bot's owners may use them too."""),
    "deadlines": ("Deadlines, absences and time zones", """\
**Deadlines**: every prompt shows when it expires, in your own time. A missed deadline plays the default answer \
and is announced; reminders come before. After several missed deadlines the seat may be opened to others.
**Quiet and weekend hours**: `/agot create quiet_hours:23-7` keeps deadlines out of those hours of the creator's \
day (one that would fall inside moves to their end); `weekend_hours:12` adds 12 hours to a deadline whose span \
covers a Saturday or Sunday.
**Time zone**: `/agot timezone zone:Europe/Paris` sets yours; quiet hours and away dates you give are read in it \
and stored in UTC.
**Absence**: `/agot away days:3` or `until:2030-01-31`; your deadlines stretch, or the autopilot plays your house \
(the game's `absence` setting); `/agot away back:True` ends it early.
**Votes**: `/agot vote` lets the seated players pause, resume, extend deadlines, undo the last answer, kick a \
player, cancel or end the game."""),
    "mod": ("Mother of Dragons (7 and 8 houses)", """\
**The set-ups**: `/agot create players:4..8 setup:7` (Arryn joins, The Bite and The Vale of Arryn on the map) or \
`setup:8` (Targaryen too, with Essos beside Westeros, Westeros deck IV, loyalty tokens, Dragons and the Iron Bank).
**Vassals**: the houses nobody holds. Each Planning phase the players claim them in Iron Throne order; your \
prompts for a vassal say "for vassal ..." and you answer them like your own (its 4 vassal orders, its combats with \
the vassals' shared deck). A vassal has no Power, no loan, and cannot win.
**The Iron Bank** (8 houses): an Iron Bank order in a sea area buys one of the three loans on offer (7, 4 or 1 \
Power) in the Consolidate Power step; each loan then costs 1 Power a round. Loans that mark the board (power or \
supply improvements, a castle raised or lowered) show beside the area's name on the board image.
**Targaryen** wins with 7 loyalty tokens taken (gold discs on the map), not by castles; its Dragons grow \
stronger by the round and fly when they march.
`/agot card` explains every new card, loan, area and term (`card name:Iron Bank`, `vassal`, `loyalty`)."""),
}
TOPIC_CHOICES = [app_commands.Choice(name=title, value=key) for key, (title, _) in TOPICS.items()]


def topic_text(topic: str) -> str:
    title, body = TOPICS.get(topic, TOPICS["overview"])
    return text.clip(f"📖 **{title}**\n{body}")


def prompt_syntax(game_id: int, decision: dict[str, Any]) -> str:
    """What to write for one open prompt (a DM's ``help``): its own words, options or text form, with the topic."""
    label = decision.get("label") or decision["kind"]
    if decision.get("options") is None:
        how = text.structured_help(decision)
    elif numeric(decision):
        how = "Reply with the amount, or press a button:\n" + "\n".join(text.choice_lines(decision))
    else:
        how = "Reply with the number of your choice, or press a button:\n" + "\n".join(text.choice_lines(decision))
    return text.clip(f"📖 Game #{game_id}, {label}: how to answer.\n{how}\nMore: `/agot help topic:"
                     f"{text.help_topic(decision)}`.")


SHORT = ("I am the game master of **A Game of Thrones: The Board Game**. Games are created in a server with "
         "`/agot create`; join one with `/agot join`. Your secret choices (orders, bids, House cards) come here "
         "as messages with buttons; `/agot act` shows them again. When a prompt asks for text, reply here, "
         "e.g. `Winterfell M+1, White Harbor D+1`. `/agot help` explains the rest.")
