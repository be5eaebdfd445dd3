"""The wording of Letters from Whitechapel's public feed (the room's ``feed``; ``bot/service/feed.py`` groups the
posts). Only public events are ever read here.

A post closes at each step worth reading (``CLOSES``):

- ``patrols``: the night begins, the women and the Head, the patrols placed (with the board);
- ``victims``: the women turned up, the wretched named;
- ``wait``: Jack waits, the time moves on, the Head moves the wretched, Jack turns a patrol over;
- ``alarm``: the corpse (two on the Double Event night), Jack's pawn on the move track, the alarm whistles and
  where the policemen stand (with the board);
- ``police_round``: the policemen's moves, then their searches and arrests with their results, then Jack's next
  move (the step closes when he moves: a police round ends with no event of its own);
- ``night_end``: the last police round, Jack's escape and the end of the night (with the board);
- ``game_over``: how the game ended, the hideout and every night's row revealed (with the board).

Forced choices get no line (the event that follows says what happened), nor do the Coach and Alley tokens taken
(the move says "by coach"). Several events of a kind are summed up in one line: the policemen's moves, each
policeman's searches, the wretched the Head moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.room import BoardShown

Event = dict[str, Any]

CLOSES = {"patrols_placed": "patrols", "women_revealed": "victims", "patrol_revealed": "wait",
          "alarm_whistles": "alarm", "jack_moved": "police_round", "night_end": "night_end",
          "game_over": "game_over"}
WITH_BOARD = {"patrols_placed": "The patrols are out.", "alarm_whistles": "The alarm whistles.",
              "night_end": "The night is over.", "game_over": "The final board: Jack's hideout and every row."}
NO_LINE = frozenset({"forced_choice", "coach_taken", "alley_taken"})
BOLD = frozenset({"night_start", "murder", "clue_found", "escape", "alarm_whistles"})
# a player's own answer said back to him (in the answer's reply, not by DM)
ECHOES = frozenset({"hideout_chosen", "women_marked", "patrols_identities", "jack_moved", "double_order"})
KEY_KINDS = frozenset({"night_start", "women_revealed", "murder", "clue_found", "arrest", "escape", "night_end",
                       "game_over"})
SEARCHES = frozenset({"clue_found", "no_clue"})


class WhitechapelFeed:
    """The room's ``Feed``."""

    table_wide: frozenset[str] = frozenset()  # one question at a time: nobody answers at once
    echoes: frozenset[str] = ECHOES
    key_kinds: frozenset[str] = KEY_KINDS

    def closes(self, kind: str) -> str | None:
        return CLOSES.get(kind)

    def lines(self, events: Sequence[Event]) -> list[str]:
        return post_lines(list(events))

    def board(self, events: Sequence[Event]) -> BoardShown | None:
        shown = [e for e in events if e["kind"] in WITH_BOARD]
        if not shown:
            return None
        last = shown[-1]
        night = (last.get("data") or {}).get("night")
        caption = WITH_BOARD[last["kind"]]
        return BoardShown(caption=f"Night {night}: {caption}" if night else caption, highlights={})

    def stage_of(self, event: Event) -> tuple[int, str] | None:
        """A night begins with its women, at its ``night_start`` event."""
        if event["kind"] == "night_start":
            return int(event["data"]["night"]), "women"
        return None


@dataclass
class Summed:
    """A line that sums up several events, put where the first of them was."""

    head: str
    parts: list[str] = field(default_factory=list)
    joint: str = ", "

    def line(self) -> str:
        return self.head + self.joint.join(self.parts) + "."


def post_lines(events: list[Event]) -> list[str]:
    """The lines of a post: each fact once, in the order it happened; the policemen's moves, each one's
    searches and the wretched's moves each summed up in one line."""
    out: list[str | Summed] = []
    sums: dict[str, Summed] = {}

    def summed(key: str, head: str, joint: str = ", ") -> Summed:
        if key not in sums:
            sums[key] = Summed(head, joint=joint)
            out.append(sums[key])
        return sums[key]

    for e in events:
        kind, data, text = e["kind"], e.get("data") or {}, str(e.get("text") or e["kind"])
        if kind in NO_LINE:
            continue
        if kind in ("police_moved", "police_rushed"):
            summed(kind, "Policemen: " if kind == "police_moved" else "Rushing: ", "; ").parts.append(
                police_step(data))
        elif kind in SEARCHES:
            colour, c = data.get("colour"), data.get("circle")
            summed(f"search {colour}", f"The {colour} policeman searches: ").parts.append(
                f"**a clue at {c}**" if kind == "clue_found" else f"nothing at {c}")
        elif kind in ("wretched_moved", "wretched_stays"):
            summed("wretched", "The Head moves the wretched: ").parts.append(
                f"{data.get('start')} to {data.get('to')}" if kind == "wretched_moved"
                else f"{data.get('circle')} stays (nowhere to go)")
        elif kind == "no_action":
            summed("idle", "No circle to act on: ").parts.append(str(data.get("colour")))
        elif kind == "arrest_failed" and out and isinstance(out[-1], str):
            out[-1] = out[-1].rstrip(".") + ": nobody there."
        elif kind == "jack_waits":
            out.append(f"Jack waits at time {roman(data.get('time'))}.")
        elif kind == "game_over":
            out.append(f"**{text}**")
            out += rows(data)
        else:
            out.append(f"**{text}**" if kind in BOLD else text)
    return [x.line() if isinstance(x, Summed) else x for x in out]


def police_step(data: dict[str, Any]) -> str:
    colour, start, to = data.get("colour"), data.get("start"), data.get("to")
    return f"{colour} {start} to {to}" if start != to else f"{colour} stays on {start}"


def roman(time: Any) -> str:
    return ("I", "II", "III", "IV", "V")[time - 1] if isinstance(time, int) and 1 <= time <= 5 else "?"


def rows(data: dict[str, Any]) -> list[str]:
    """The end of the game: every night's row, from the crime scene on."""
    return [f"Night {n}: " + " - ".join(str(c) for c in row) for n, row in enumerate(data.get("paths") or [], 1)
            if row]
