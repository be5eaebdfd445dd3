"""The rectangles of everything placed on the map (layout only, no raster), for the overlap tests."""

from __future__ import annotations

from collections.abc import Iterable

from bot.render import items as it
from bot.render import style
from bot.render.base import places
from bot.render.places import GARRISON_W, LOYALTY_W, Rect, glyph_width, overlaps
from bot.render.static import use_map

Placed = tuple[str, Rect]  # (what, rectangle)


def item_rect(item: it.Item) -> Rect | None:
    def box(x: float, y: float, w: float, h: float) -> Rect:
        return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)

    if isinstance(item, it.UnitGlyph):
        return box(item.x, item.y, glyph_width(item.kind == "ship", item.size), item.size)
    if isinstance(item, it.OrderMark):
        return box(item.x, item.y, style.ORDER_SIZE, style.ORDER_SIZE)
    if isinstance(item, it.PowerToken):
        return box(item.x, item.y, style.TOKEN_SIZE, style.TOKEN_SIZE)
    if isinstance(item, it.Garrison):
        return box(item.x, item.y, GARRISON_W, style.TOKEN_SIZE)
    if isinstance(item, it.Loyalty):
        return box(item.x, item.y, LOYALTY_W, style.TOKEN_SIZE)
    return None


def static_rects() -> list[Placed]:
    """Names (with their icon rows) and home shields: drawn on the base layer."""
    out: list[Placed] = []
    for area, p in places().items():
        if p.label.lines or p.label.icons:
            out.append((f"name of {area}", p.label.rect))
        shield = p.shield_rect()
        if shield:
            out.append((f"shield of {area}", shield))
    return out


def collisions(layout: Iterable[it.Item], map_id: str = "base") -> list[tuple[str, str]]:
    with use_map(map_id):
        placed = static_rects()
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
