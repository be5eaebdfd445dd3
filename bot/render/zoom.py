"""Shared by the combat and round-change images: a region of the map, zoomed, over a text block."""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image

from bot.render import items as it
from bot.render import style
from bot.render.base import places
from bot.render.raster import draw
from bot.render.static import static

Rect = tuple[float, float, float, float]


def area_region(areas: Iterable[str], neighbours: bool, margin: float = 24) -> Rect:
    """The bounding box of the areas' outlines (and of their neighbours' name and pieces when asked)."""
    data, where = static(), places()
    boxes: list[Rect] = []
    for a in areas:
        if a not in data.areas:
            continue
        boxes.append(tuple(float(v) for v in data.areas[a].bbox))  # type: ignore[arg-type]
        if neighbours:
            for n in data.areas[a].adjacent:
                if n in where:
                    boxes.append(where[n].label.rect)
                    boxes.append(where[n].armies[0].rect)
    if not boxes:
        return (0, style.MAP_TOP, data.width, data.height)
    return (max(0.0, min(b[0] for b in boxes) - margin), max(float(style.MAP_TOP), min(b[1] for b in boxes) - margin),
            min(float(data.width), max(b[2] for b in boxes) + margin),
            min(float(data.height), max(b[3] for b in boxes) + margin))


def zoomed(map_layout: list[it.Item], region: Rect, width: int, text: list[it.Item], text_height: float
           ) -> Image.Image:
    """The map region scaled to ``width`` (at most 1.6x), with the text items drawn in a block under it."""
    x0, y0, x1, y1 = (round(v) for v in region)
    crop = draw(map_layout).crop((x0, y0, x1, y1))
    scale = min(width / crop.width, 1.6)
    crop = crop.resize((max(1, round(crop.width * scale)), max(1, round(crop.height * scale))),
                       Image.Resampling.LANCZOS if scale < 1 else Image.Resampling.BICUBIC)
    img = Image.new("RGB", (width, crop.height + round(text_height)), style.PANEL_BG)
    img.paste(crop, ((width - crop.width) // 2, 0))
    if crop.width < width:
        left = Image.new("RGB", ((width - crop.width) // 2, crop.height), style.BACKGROUND)
        img.paste(left, (0, 0))
        img.paste(left, (width - left.width, 0))
    shifted = [_down(i, crop.height) for i in text]
    return draw(shifted, img)


def _down(item: it.Item, dy: float) -> it.Item:
    if isinstance(item, it.Text):
        return it.Text(item.x, item.y + dy, item.text, item.size, item.colour, item.bold, item.anchor)
    if isinstance(item, it.Box):
        return it.Box(item.x0, item.y0 + dy, item.x1, item.y1 + dy, item.fill, item.outline, item.width, item.radius)
    if isinstance(item, it.Chip):
        return it.Chip(item.x, item.y + dy, item.r, item.colour, item.text)
    return item
