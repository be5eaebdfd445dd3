"""The rectangles of everything placed on the map (layout only, no raster), for the overlap tests."""

from __future__ import annotations

from collections.abc import Iterable

from bot.render import items as it
from bot.render.footprint import Placed, item_rect, static_rects
from bot.render.places import overlaps
from bot.render.static import use_map


def collisions(layout: Iterable[it.Item], map_id: str = "base") -> list[tuple[str, str]]:
    with use_map(map_id):
        placed: list[Placed] = static_rects()
    for item in layout:
        rect = item_rect(item)
        if rect is not None:
            placed.append((f"{type(item).__name__} of {getattr(item, 'area', '?')}", rect))
    placed.sort(key=lambda p: p[1][0])
    out = []
    for i, (a, ra) in enumerate(placed):
        for b, rb in placed[i + 1:]:
            if rb[0] >= ra[2]:
                break
            if overlaps(ra, rb):
                out.append((a, b))
    return out
