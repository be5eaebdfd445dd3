"""The header strip above the map: round, phase, wildling threat, and whose image it is.

A private image names its viewer's house in its colour on every image, with the key to the orders only that
player sees; the public one says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.render import items as it
from bot.render import style
from bot.render.fonts import font
from bot.render.panel import waiting_houses
from bot.render.sprites import ink_for
from bot.render.static import for_view, static

PHASES = {"westeros": "Westeros", "planning": "Planning", "action": "Action"}


def phase_name(view: Mapping[str, Any]) -> str:
    phase = str(view.get("phase") or "")
    return PHASES.get(phase, phase.replace("_", " ").capitalize())


@for_view
def header_items(view: Mapping[str, Any], width: float | None = None, top: float = 0) -> list[it.Item]:
    data = static()
    width = data.width if width is None else width
    out: list[it.Item] = [it.Box(0, top, width, top + style.MAP_TOP - 1, style.BACKGROUND)]
    winner = view.get("winner")
    title = f"Round {view.get('round') or 0}/{data.max_rounds} · {phase_name(view)}"
    if winner:
        title = f"{data.house_names.get(winner, winner)} wins · round {view.get('round') or 0}"
    out.append(it.Text(16, top + 8, title, 40, style.HEADER_TEXT, True))
    threat = int(view.get("wildling_threat") or 0)
    hot = threat >= data.wildling_max - 2
    out.append(it.Text(width - 16, top + 12, f"Wildlings {threat}/{data.wildling_max}", 34,
                       style.WILDLING_HOT if hot else style.HEADER_TEXT, True, "ra"))
    viewer = view.get("viewer")
    if viewer:
        colour = data.house_colours.get(viewer, style.NEUTRAL_FILL)
        name = data.house_names.get(viewer, str(viewer))
        text = f"{name}'s private view · dashed ring: your order, only you see it"
        out.append(it.Box(12, top + 56, width - 12, top + 90, colour, style.SECRET, 3, 8))
        out.append(it.Text(width / 2, top + 73, text, 24, ink_for(colour), True, "mm"))
    else:
        waiting = waiting_houses(view)
        names = ", ".join(data.house_names.get(h, str(h)) for h in waiting)
        text = "Public board" + (f" · waiting for {names}" if names and not winner else "")
        if font(26).getlength(text) > width - 32:  # 7 or 8 houses at once: their count (the panel names them)
            text = f"Public board · waiting for {len(waiting)} houses"
        out.append(it.Text(16, top + 58, text, 26, style.HEADER_TEXT))
    return out
