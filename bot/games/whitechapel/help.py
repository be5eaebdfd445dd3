"""Letters from Whitechapel's help pages (``/game help`` in its game, a DM's ``help``) and how to answer its
decisions that have no options (the hideout, the women, the patrols, I Know Your Address, a False Clue). Pure
words (no discord import); each page fits one message."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.whitechapel.answers import PATROLS_HOW, WOMEN_HOW
from engine.whitechapel.state import JACK, TOKENS

TOPICS: dict[str, tuple[str, str]] = {
    "overview": ("How a game of Letters from Whitechapel goes", """\
**Letters from Whitechapel, with this bot as the game master.** One player is Jack the Ripper, the others (1 to \
5) are the detectives and share the five policemen.
1. In a server channel: `/game create game:whitechapel players:2..6` (the optional rules: `topic:settings`), the \
others `/game join` (`seat:jack` or `seat:detective 2` at a table created with `settings:seats:chosen`), the \
creator `/game start`.
2. Jack picks his hideout in secret. Then four nights, each in two parts:
**Hell**: Jack places the women on red circles and marks his targets; the Head of the investigation (a tile turned \
each night) places seven patrol tokens face down (five policemen, two fakes); the women are turned up, Jack kills \
or waits (the Head moves the wretched, Jack turns a patrol over); a corpse, and the alarm whistles: the policemen \
stand where their tokens lay.
**Hunting**: Jack moves in secret, circle to circle, one square of the move track each; then every policeman moves \
up to two crossings and looks for clues or makes an arrest, circle by circle. Jack wins a night by reaching his \
hideout by square 15; the detectives win by arresting him, or if he is stuck or late.
3. Jack wins after four nights. Secret choices arrive **by DM** with buttons and menus, or as text to reply. \
**The detectives talk in the game's thread** (everyone reads it, Jack too: say nothing you would hide).
`/game help topic:jack`, `detectives`, `moves`, `grid`, `settings`; `/whitechapel circle number:57`, \
`/whitechapel crossing name:F7b`, `/whitechapel clues`."""),
    "jack": ("Playing Jack", """\
**Your hideout** (before night 1): any circle that is not red. Pick a range, then the circle, or reply `57`.
**The women** (each night): 8, 7, 6 then 4 women on free red circles, 5, 4, 3 then 1 of them marked. Pick them in \
the menus, or reply with the circles, a star after each marked one: `3 21* 27 65* 80 90 100* 120`. On night 1 \
every red circle gets one: `21* 65* 80* 90* 100*` is enough.
**Kill or wait**: kill a wretched (a marked woman) or wait; at time V you must kill. Night 3 is the Double Event: \
two victims, and you say which one you left last.
**Your move** (Hunting): a button per circle one street away that no policeman blocks; `Escape home` when your \
hideout is one street away; `Coach` and `Alley` spend a token (`topic:moves`). Your row is drawn on your own board \
(`/game board private:True`), never on the public one.
**False Clues** (optional rule): every fifth clue found earns one; place it on a circle (`57`) or `none`."""),
    "detectives": ("Playing the detectives", """\
**The Head of the investigation** (a colour tile turned each night; its policeman's player) places the seven \
patrol tokens face down: menus one token at a time, or reply `F12:blue K10:yellow K4:brown P5b:red Q10c:green \
U11b:fake U4:fake`. Night 1: on the yellow crossings; later nights five go where the policemen stood, two on \
free yellow crossings. The Head also moves the wretched while Jack waits.
**Each police round**: every policeman moves (a button per crossing up to two steps away, or stays), then acts: \
**Look for clues** (name circles next to him one by one until a clue is found) or **Make an arrest** (one circle: \
if Jack stands there, the detectives win). With several policemen you choose which one goes next.
Found clues stay on the board for the night; `/whitechapel clues` lists tonight's clues and empty searches.
**Talk** in the game's thread: plans are public to the table, Jack included."""),
    "moves": ("Jack's special moves", """\
**Coach** (3, 2, 2 then 1 a night): two moves at once, through any circle, policemen ignored, never back to where \
you started; it fills two squares of the move track. Two prompts: the first circle, then the second.
**Alley** (2, 2, 1 then 1 a night): across a block of houses, to any circle on its edge, policemen ignored.
**Escape**: move home to your hideout and declare it: the night ends.
Everyone sees that you took a Coach or an Alley and which squares they fill, never where you went.
**Rushing** (optional rule, detectives): a policeman may move one more crossing instead of acting."""),
    "grid": ("The board's names", """\
**Circles** are numbered 1 to 195: Jack, the women and the wretched stand on them. Write a circle as its number: \
`57`. The red circles are where the women go.
**Crossings** are the small black squares where the streets meet: the policemen and the patrol tokens stand on \
them. A crossing is named after its grid square, letter (column) then number (row), as printed around the board \
image: `F7`; where a square holds several, a letter follows: `F7a`, `F7b`. Any case and spacing reads (`f7b`); a \
near miss gets "did you mean ...?". The yellow crossings are where patrols start.
`/whitechapel circle number:57` shows where a circle is and its neighbours; `/whitechapel crossing name:F7b` the \
circles a policeman there searches and where he may move."""),
    "settings": ("Letters from Whitechapel's settings", """\
`/game create game:whitechapel players:4 settings:rushing false_clues` (suggestions as you type): each word \
turns an optional rule on; all are off by default. `rushing:off` says it outright.
`false_clues`: every fifth clue found gives Jack a False Clue to bar a circle.
`rushing`: a policeman may move one more crossing instead of looking for clues or arresting.
`area_arrests`: an arrest covers every circle next to the policeman at once.
`catch_me`: Catch Me If You Can: the hideout may not be next to a red circle.
`i_know_your_address`: once a game, the Head (brown or red tile) may name Jack's hideout and win.
`seats:chosen`: each player chooses a seat, `/game join seat:jack` or `seat:detective 2` (the default: dealt at \
random).
`private_thread`: at the start the bot opens a private thread beside the game's and adds every detective (not \
Jack) to talk in; the feed stays in the game's thread. Where the bot may not open private threads it says so, and \
the game goes on.
Jack's Letters are not offered: the board data cannot play them."""),
}

HOW = {
    "hideout": "Reply with the circle of your hideout, e.g. `57` (not a red one), or pick a range then the circle "
               "in the menus.",
    "address": "Reply with a circle, e.g. `57`: if it is Jack's hideout, the detectives win; `none` keeps the "
               "chance for a later night.",
    "false_clue": "Reply with the circle for your False Clue, e.g. `57` (no search or arrest there tonight), or "
                  "`none`.",
}


def answer_help(decision: Mapping[str, Any]) -> str:
    """What to write for a decision without options, and its default."""
    kind, info = decision["kind"], decision.get("info") or {}
    if kind == "women":
        free = " ".join(map(str, info.get("free", [])))
        how = (f"Place {info.get('women', '?')} women on the free red circles ({free}) and mark "
               f"{info.get('marked', '?')} of them: pick them in the menus, or {WOMEN_HOW}.")
    elif kind == "patrols":
        places = " ".join(info.get("must", []) + info.get("yellow", []))
        how = (f"Put the seven tokens on {places}" + (f" (every one of {' '.join(info['must'])} takes one)"
                                                      if info.get("yellow") else "")
               + f": pick them in the menus, or {PATROLS_HOW}.")
    else:
        how = HOW.get(kind, "Reply with the answer as JSON (see docs/decisions.md), or press Use the default.")
    return f"{how}\nDefault (played if you do not answer): `{default_words(decision)}`."


def default_words(decision: Mapping[str, Any]) -> str:
    """A decision's default in the words of the text forms."""
    value = decision.get("default")
    if decision["kind"] == "women" and isinstance(value, dict):
        marked = set(value.get("marked", []))
        return " ".join(f"{c}{'*' if c in marked else ''}" for c in value.get("women", []))
    if decision["kind"] == "patrols" and isinstance(value, dict):
        return " ".join(f"{value[t]}:{t.split('_')[0]}" for t in TOKENS if t in value)
    return str(value)


def topic_of(decision: Mapping[str, Any]) -> str:
    if decision["kind"] in ("jack_move", "coach_first", "coach_second", "alley_to"):
        return "moves"
    return "jack" if decision.get("player") == JACK else "detectives"
