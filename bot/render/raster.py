"""Raster: draw a list of layout items onto a copy of the cached base layer, and encode it."""

from __future__ import annotations

import io
import math
from collections.abc import Iterable

from PIL import Image, ImageDraw

from bot.render import items as it
from bot.render import style
from bot.render.base import Base, base
from bot.render.fonts import font
from bot.render.sprites import (
    badge_sprite,
    count_key,
    garrison_key,
    improvement_key,
    loyalty_key,
    order_key,
    power_key,
    unit_key,
)
from bot.render.static import static

ARROW_STOP_SHORT = 20
# A palette PNG: the board is flat colours, so 256 colours (Pillow's fast octree, no dithering) lose nothing
# visible, and zlib has a third of the bytes to pack. Measured with tools/bench_render.py (see the README).
PNG_COMPRESS_LEVEL = 3
MAX_BYTES = 1 << 20  # the budget for one image


def draw(items: Iterable[it.Item], canvas: Image.Image | None = None) -> Image.Image:
    """The items drawn in order over a copy of the base layer (the map), or over ``canvas`` (drawn in place)."""
    b = base()
    img = b.image.copy() if canvas is None else canvas
    d = ImageDraw.Draw(img)
    data = static()
    outlined: list[str] = []
    for item in items:
        if isinstance(item, it.AreaTint):
            sea = data.areas[item.area].kind != "land"
            _wash(img, b, item.area, item.colour, style.SEA_TINT_ALPHA if sea else style.TINT_ALPHA)
        elif isinstance(item, it.Blocked):
            layer = b.areas[item.area]
            img.paste(b.blocked(item.area), layer.bbox[:2], layer.mask)
        elif isinstance(item, it.UnitGlyph):
            if outlined:
                _names_over(img, b, outlined)
            _sprite(img, b.sprite(unit_key(item.house, item.kind, item.routed, round(item.size))), item.x, item.y)
            if item.count > 1:
                half = item.size / 2
                _sprite(img, b.sprite(count_key(min(item.count, 12))), item.x + half - 9, item.y - half + 9)
        elif isinstance(item, it.PowerToken):
            _sprite(img, b.sprite(power_key(item.house)), item.x, item.y)
        elif isinstance(item, it.Loyalty):
            _sprite(img, b.sprite(loyalty_key(min(item.count, 20))), item.x, item.y)
        elif isinstance(item, it.Improvement):
            _sprite(img, b.sprite(improvement_key(item.castle, item.power, item.supply, item.w)), item.x, item.y)
        elif isinstance(item, it.Garrison):
            _sprite(img, b.sprite(garrison_key(item.house, item.strength)), item.x, item.y)
        elif isinstance(item, it.OrderMark):
            _sprite(img, b.sprite(order_key(item.house, item.text, item.special, item.own_secret)), item.x, item.y)
        elif isinstance(item, it.AreaOutline):
            _outline(d, item)
            outlined.append(item.area)
        elif isinstance(item, it.Arrow):
            _arrow(d, item)
        elif isinstance(item, it.Badge):
            _sprite(img, badge_sprite(item.text, item.fill, item.ink, item.size), item.x, item.y)
        elif isinstance(item, it.Box):
            if item.radius:
                d.rounded_rectangle((item.x0, item.y0, item.x1, item.y1), radius=item.radius, fill=item.fill,
                                    outline=item.outline, width=item.width)
            else:
                d.rectangle((item.x0, item.y0, item.x1, item.y1), fill=item.fill, outline=item.outline,
                            width=item.width)
        elif isinstance(item, it.Chip):
            d.ellipse((item.x - item.r, item.y - item.r, item.x + item.r, item.y + item.r), fill=item.colour,
                      outline=style.INK, width=2)
            if item.text:
                ink = style.INK if sum(item.colour) > 450 else style.WHITE
                d.text((item.x, item.y), item.text, font=font(round(item.r * 1.1), True), fill=ink, anchor="mm")
        elif isinstance(item, it.Text):
            d.text((item.x, item.y), item.text, font=font(item.size, item.bold), fill=item.colour,
                   anchor=item.anchor)
    if outlined:
        _names_over(img, b, outlined)
    return img


def _names_over(img: Image.Image, b: Base, areas: list[str]) -> None:
    """Names, icons and shields back over the outlines just drawn around ``areas`` (and their neighbours)."""
    done = set()
    for area in areas:
        for near in (area, *static().areas[area].adjacent):
            if near in done or near not in b.areas:
                continue
            done.add(near)
            layer = b.areas[near]
            img.paste(layer.names, layer.bbox[:2], layer.names_alpha)
    areas.clear()


def _sprite(img: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    img.paste(sprite, (round(x - sprite.width / 2), round(y - sprite.height / 2)), sprite)


def _wash(img: Image.Image, b: Base, area: str, colour: style.RGB, alpha: float) -> None:
    """The area washed with ``colour`` (made once per area and colour, then cached): one masked paste."""
    layer = b.areas[area]

    def make() -> Image.Image:
        washed = Image.blend(layer.shapes, Image.new("RGB", layer.shapes.size, colour), alpha)
        washed.paste(colour, (0, 0, *washed.size), layer.band)
        washed.paste(layer.names, (0, 0), layer.names_mask)
        return washed

    img.paste(b.cached(("wash", area, *map(str, colour), str(alpha)), make), layer.bbox[:2], layer.mask)


def _outline(d: ImageDraw.ImageDraw, item: it.AreaOutline) -> None:
    for ring in static().areas[item.area].rings:
        pts = list(ring) + [ring[0]]
        d.line(pts, fill=style.INK, width=item.width + 4, joint="curve")
        d.line(pts, fill=item.colour, width=item.width, joint="curve")


def _arrow(d: ImageDraw.ImageDraw, item: it.Arrow) -> None:
    (x0, y0), (x1, y1) = item.start, item.end
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    stop = min(ARROW_STOP_SHORT, length / 3)  # the head stops short of the units it points at
    x1, y1 = x1 - ux * stop, y1 - uy * stop
    head = item.width * 3.2
    bx, by = x1 - ux * head, y1 - uy * head  # base of the head
    px, py = -uy, ux
    tri = [(x1, y1), (bx + px * head * 0.6, by + py * head * 0.6), (bx - px * head * 0.6, by - py * head * 0.6)]
    d.line([(x0, y0), (bx, by)], fill=style.INK, width=item.width + 4)
    d.polygon(tri, fill=style.INK)
    d.line([(x0, y0), (bx, by)], fill=item.colour, width=item.width)
    inner = [(x1 - ux * 4, y1 - uy * 4), (tri[1][0] + ux * 2, tri[1][1] + uy * 2),
             (tri[2][0] + ux * 2, tri[2][1] + uy * 2)]
    d.polygon(inner, fill=item.colour)


def encode(img: Image.Image, fmt: str = "png") -> bytes:
    """A 256-colour PNG (the default), or lossless WebP bytes."""
    buf = io.BytesIO()
    if fmt == "webp":
        img.save(buf, "WEBP", lossless=True, method=0, quality=0)
    elif fmt == "png":
        small = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        small.save(buf, "PNG", compress_level=PNG_COMPRESS_LEVEL)
        if buf.tell() > MAX_BYTES:  # never seen on a real board: squeeze harder
            buf = io.BytesIO()
            small.save(buf, "PNG", compress_level=9)
    else:
        raise ValueError(f"unknown image format {fmt!r} (png or webp)")
    return buf.getvalue()
