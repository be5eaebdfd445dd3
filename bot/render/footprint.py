"""What each thing placed on the map covers (its rectangle), for the overlap tests and for finding a free spot at
render time (a loan's mark, ``bot.render.mod``)."""

from __future__ import annotations

from bot.render import items as it
from bot.render import style
from bot.render.base import places
from bot.render.places import GARRISON_W, IMPROVE_H, LOYALTY_W, Rect, glyph_width

Placed = tuple[str, Rect]  # (what, rectangle)


def box(x: float, y: float, w: float, h: float) -> Rect:
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def item_rect(item: it.Item) -> Rect | None:
    """The rectangle a piece drawn on the map covers; None for what is not a piece (tints, outlines, texts)."""
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
    if isinstance(item, it.Improvement):
        return box(item.x, item.y, item.w, IMPROVE_H)
    return None


def static_rects() -> list[Placed]:
    """Names (with their icon rows) and home shields of the map in use: drawn on the base layer."""
    out: list[Placed] = []
    for area, p in places().items():
        if p.label.lines or p.label.icons:
            out.append((f"name of {area}", p.label.rect))
        shield = p.shield_rect()
        if shield:
            out.append((f"shield of {area}", shield))
    return out
