"""Board images: a Pillow renderer of the map, pieces, orders and tracks from an engine view.

It takes ``Game.view(player)`` (a player's private view) or ``Game.view(None)`` (the public view), never the
raw state, and imports nothing of the engine or of discord. Two stages:

- layout (``layout``, ``panel``): pure, view + highlights -> a list of items (``items``);
- raster (``raster``): draws the items onto a cached static base layer (``base``) and encodes PNG or WebP.

Safe to call from worker threads (``asyncio.to_thread``): the only shared state is immutable, built once under a
lock; fonts are cached per thread.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from bot.render import items
from bot.render.layout import Highlights, map_items
from bot.render.panel import panel_items
from bot.render.raster import draw, encode

__all__ = ["Highlights", "build_layout", "render_image", "render", "encode", "items", "warm_up"]


def build_layout(view: Mapping[str, Any], highlights: Highlights | None = None) -> list[items.Item]:
    """Everything to draw for this view, in drawing order (map then panel)."""
    hl = highlights if highlights is not None else Highlights.from_view(view)
    return map_items(view, hl) + panel_items(view, hl)


def render_image(view: Mapping[str, Any], highlights: Highlights | None = None) -> Image.Image:
    """The board for this view as an RGB image."""
    return draw(build_layout(view, highlights))


def render(view: Mapping[str, Any], highlights: Highlights | None = None, fmt: str = "png") -> bytes:
    """The board for this view as PNG (default) or lossless WebP bytes."""
    return encode(render_image(view, highlights), fmt)


def warm_up() -> None:
    """Build the static layers now (about a second) rather than on the first render."""
    from bot.render.base import base

    base()
