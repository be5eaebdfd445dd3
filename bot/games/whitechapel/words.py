"""Letters from Whitechapel's words on Discord: seats ("Jack", "Detective 2"), prompt titles ("🔪 Jack: your
move"), and a board's caption and facts ("night 2 · hunting"). Pure words (no discord import)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.whitechapel.state import DETECTIVES, JACK

JACK_ICON, DETECTIVE_ICON = "🔪", "🚨"
# the engine's phases, as a board's caption names the part of the night
PARTS = {"hideout": "the hideout", "night": "the women", "women": "the women", "head": "the patrols",
         "address": "the patrols", "patrols": "the patrols", "victims": "kill or wait", "kill": "kill or wait",
         "suspense": "kill or wait", "wretched": "kill or wait", "ready": "kill or wait", "corpse": "the alarm",
         "alarm": "the alarm", "police": "hunting", "police_round": "hunting", "jack": "hunting",
         "night_end": "the night's end", "over": "game over"}
# Jack's questions and the Head's set-up, as a prompt's title says them (the police's: from their label)
TITLES = {"hideout": "your hideout", "women": "place the women", "kill": "kill or wait",
          "second_victim": "the second victim", "double_order": "the order of the crimes",
          "reveal_patrol": "turn a patrol over", "jack_move": "your move", "coach_first": "your move (Coach, "
          "first circle)", "coach_second": "your move (Coach, second circle)", "alley_to": "your move (Alley)",
          "false_clue": "a False Clue", "patrols": "place the patrols", "address": "I Know Your Address",
          "policeman": "which policeman next"}
ROMAN = ("I", "II", "III", "IV", "V")


def seat_name(seat: str | None) -> str:
    """ "jack" -> "Jack", "detective_2" -> "Detective 2", "detectives" (a side) -> "The detectives"."""
    if seat == JACK:
        return "Jack"
    if seat == DETECTIVES:
        return "The detectives"
    return seat.replace("_", " ").capitalize() if seat else "?"


def seat_id(words: str) -> str | None:
    """The seat ``words`` name in any case: "jack", "Jack the Ripper", "detective 2", "Detective_2", "d2"."""
    key = re.sub(r"[\s_]+", " ", words.strip().lower())
    if key in ("jack", "jack the ripper", "ripper"):
        return JACK
    found = re.fullmatch(r"(?:detective|det|d) ?([1-5])", key)
    return f"detective_{found.group(1)}" if found else None


def title(decision: Mapping[str, Any]) -> str:
    """ "🔪 Jack: your move", "🚨 Detective 1: blue policeman's move"."""
    player, kind = decision.get("player") or "?", decision["kind"]
    icon = JACK_ICON if player == JACK else DETECTIVE_ICON
    what = TITLES.get(kind)
    if kind == "wretched":
        what = f"move the {str(decision.get('label') or 'wretched')[4:]}"  # "The wretched at 57"
    if what is None:
        label = str(decision.get("label") or kind.replace("_", " "))
        what = label[4:] if label.startswith("The ") else label[:1].lower() + label[1:]
    return f"{icon} {seat_name(player)}: {what}"


def caption(view: Mapping[str, Any]) -> str:
    public = view["public"]
    if public.get("winner"):
        return f"night {public['night']} · game over"
    if not public.get("night"):
        return "before the first night · the hideout"
    return f"night {public['night']} · {PARTS.get(public.get('phase', ''), public.get('phase', '?'))}"


def private_caption(view: Mapping[str, Any]) -> str:
    """The line under a seat's own board: what it shows that the table's board does not."""
    private = view.get("private") or {}
    if "hideout" in private:
        return "🔒 Only you see this board (your hideout, your rows and the marked women are shown)."
    if private.get("patrols"):
        return "🔒 Only you see this board (the patrols' true colours are shown)."
    return "🔒 Only you see this board."


def facts(view: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """What a board image shows beside it, from the same view: the move track, Jack's tokens, tonight's clues,
    the policemen; the hideout and the marked women only in Jack's own view, the patrols only in the Head's."""
    public, private = view["public"], view.get("private") or {}
    track = public["track"]
    out: list[tuple[str, str]] = []
    if track.get("time_of_the_crime"):
        time = ROMAN[track["time_of_the_crime"] - 1]
        square = f"square {track['square']} of {track['last_square']}" if track.get("square") else "not yet"
        out.append(("Move track", f"Time of the Crime {time} · Jack: {square}"))
    if public.get("night") and not public.get("winner"):
        tokens = f"Coach {track['coaches_left']} · Alley {track['alleys_left']}"
        if track.get("false_clues_in_hand"):
            tokens += f" · False Clue {track['false_clues_in_hand']}"
        out.append(("Jack's tokens", tokens))
    if public.get("clues") or public.get("false_clues"):
        clues = ", ".join(map(str, public["clues"])) or "none"
        if public.get("false_clues"):
            clues += f" (False Clues: {', '.join(map(str, public['false_clues']))})"
        out.append(("Clues tonight", clues))
    if public.get("policemen"):
        out.append(("Policemen", ", ".join(f"{c} {w}" for c, w in public["policemen"].items())))
    head = public.get("head")
    if head:
        out.append(("Head of the investigation", f"{seat_name(head['player'])} ({head['colour']})"))
    if private.get("hideout") is not None and not public.get("winner"):
        marked = ", ".join(map(str, private.get("marked") or [])) or "none now"
        out.append(("🔒 Yours only", f"hideout {private['hideout']} · marked women: {marked}"))
    if private.get("patrols"):
        out.append(("🔒 Yours only: the patrols", ", ".join(f"{w} {t.replace('_', ' ')}"
                                                           for w, t in private["patrols"].items())))
    if public.get("winner"):
        out.append(("Jack's hideout", str(public.get("hideout"))))
        out.append(("Winner", f"{seat_name(public['winner'])}: {public.get('reason') or ''}"[:1024]))
    return tuple((name, value[:1024]) for name, value in out)
