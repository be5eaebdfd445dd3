"""Letters from Whitechapel's look-ups (``/whitechapel circle``, ``crossing``, ``clues``): where a circle or a
crossing is and what is next to it, and tonight's clues and empty searches. Pure words over the engine's board,
a public view and public events (no discord import)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.front import Refused
from bot.games.whitechapel import layout
from bot.games.whitechapel.answers import a_circle, a_crossing
from bot.games.whitechapel.streets import touching
from engine.whitechapel.board import board


def square_of(x: float, y: float) -> str:
    """The board grid's square ("F7") of a point of the board, as printed around the board image."""
    px, py = layout.point(x, y)
    x0, y0, _, _ = layout.map_box()
    cell = layout.cell_size()
    return f"{layout.COLUMNS[int((px - x0) // cell)]}{int((py - y0) // cell) + 1}"


def listed(values: Sequence[Any]) -> str:
    return ", ".join(map(str, values)) or "none"


def circle_text(words: str) -> str:
    b = board()
    number = a_circle(words.strip())
    spot = b.circles[number]
    return (f"**Circle {number}**{' (red: a woman may stand here)' if spot.red else ''} is in grid square "
            f"{square_of(spot.x, spot.y)}.\nOne move to: {listed(b.moves(number))}.\nBy Alley to: "
            f"{listed(b.alleys(number))}.\nSearched or arrested from the crossings {listed(touching(number))}.")


def crossing_text(words: str) -> str:
    b = board()
    name = a_crossing(words)
    spot = b.crossings[name]
    return (f"**Crossing {name}**{' (yellow: a patrol may start here)' if spot.yellow else ''}.\nA policeman "
            f"here searches or arrests at: {listed(spot.circles)}.\nHe moves to (one or two crossings): "
            f"{listed(b.police_moves(name))}.")


def clues_text(view: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> str:
    """Tonight's crime scenes, clues, False Clues and the circles searched in vain (from the public events since
    the night began), and where Jack's pawn stands on the move track."""
    public = view["public"]
    night = public.get("night") or 0
    if not night:
        raise Refused("the first night has not begun: no clue yet")
    since = max((i for i, e in enumerate(events) if e.get("kind") == "night_start"), default=-1)
    empty = sorted({e["data"]["circle"] for e in events[since + 1:] if e.get("kind") == "no_clue"
                    and isinstance((e.get("data") or {}).get("circle"), int)})
    track = public["track"]
    scenes = public["crime_scenes"][night - 1] if len(public["crime_scenes"]) >= night else []
    lines = [f"**Night {night}**: crime scene{'s' if len(scenes) > 1 else ''} {listed(scenes)}.",
             f"Clues found: {listed(public['clues'])}.", f"Searched, no clue: {listed(empty)}."]
    if public.get("false_clues"):
        lines.append(f"False Clues (no search or arrest there): {listed(public['false_clues'])}.")
    if track.get("square"):
        lines.append(f"Jack's pawn: square {track['square']} of {track['last_square']}.")
    return "\n".join(lines)
