"""Board images: a Pillow renderer of the map, pieces, orders and tracks from an engine view.

It takes ``Game.view(player)`` (a player's private view) or ``Game.view(None)`` (the public view), never the
raw state, and imports nothing of the engine or of discord. Two stages:

- layout (``layout``, ``header``, ``panel``, ``combat``, ``changes``): pure, view + highlights -> a list of items;
- raster (``raster``): draws the items onto the static base layer (``base``, loaded from ``assets/render``) and
  encodes a 256-colour PNG or lossless WebP.

What a Discord front end calls (every function is thread-safe: run it with ``asyncio.to_thread``):

- ``render(view, highlights=None, fmt="png") -> bytes``: the board, drawn for the inline preview;
- ``panel_fields(view) -> list[tuple[str, str]]``: the panel's facts as embed fields (name, value);
- ``render_panel(view, highlights=None, fmt="png") -> bytes``: the same facts as a compact image;
- ``render_combat(view, fmt="png") -> bytes | None``: the combat in ``view["notes"]["combat"]``, zoomed;
- ``round_changes(before, after) -> Changes`` and ``render_changes(before, after, fmt="png") -> bytes``: what
  changed between two views (areas that changed hands, units lost).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from bot.render import items, style
from bot.render.changes import Changes, changes_image, round_changes
from bot.render.combat import combat_image
from bot.render.fields import panel_fields
from bot.render.header import header_items
from bot.render.layout import Highlights, map_items
from bot.render.legend import legend
from bot.render.panel import panel_items
from bot.render.raster import draw, encode
from bot.render.static import for_view

__all__ = ["Changes", "Highlights", "build_layout", "encode", "items", "panel_fields", "panel_image", "render",
           "render_changes", "render_combat", "render_image", "render_panel", "round_changes", "warm_up"]


@for_view
def build_layout(view: Mapping[str, Any], highlights: Highlights | None = None) -> list[items.Item]:
    """Everything drawn on the board image for this view, in drawing order (the header, then the map)."""
    hl = highlights if highlights is not None else Highlights.from_view(view)
    return header_items(view) + map_items(view, hl)


@for_view
def render_image(view: Mapping[str, Any], highlights: Highlights | None = None) -> Image.Image:
    """The board for this view as an RGB image."""
    return draw(build_layout(view, highlights))


@for_view
def render(view: Mapping[str, Any], highlights: Highlights | None = None, fmt: str = "png") -> bytes:
    """The board for this view as PNG (default) or lossless WebP bytes."""
    return encode(render_image(view, highlights), fmt)


@for_view
def panel_image(view: Mapping[str, Any], highlights: Highlights | None = None) -> Image.Image:
    """Tracks, supply, Power, hands and the round's cards, with the key under them."""
    from bot.render.base import base

    key = base().cached(("legend",), legend)
    shown, height = panel_items(view, highlights)
    img = Image.new("RGB", (style.PANEL_W, round(height) + key.height), style.PANEL_BG)
    draw(shown, img)
    img.paste(key, (0, round(height)))
    return img


@for_view
def render_panel(view: Mapping[str, Any], highlights: Highlights | None = None, fmt: str = "png") -> bytes:
    return encode(panel_image(view, highlights), fmt)


@for_view
def render_combat(view: Mapping[str, Any], fmt: str = "png") -> bytes | None:
    """The combat named in the view's notes, zoomed on its area, with both sides' strength; None without one."""
    img = combat_image(view)
    return None if img is None else encode(img, fmt)


@for_view
def render_changes(before: Mapping[str, Any], after: Mapping[str, Any], fmt: str = "png") -> bytes:
    """A small image of what changed between two views of the same game (e.g. the round's start and end)."""
    return encode(changes_image(before, after), fmt)


def warm_up() -> None:
    """Load the static layers now rather than on the first render."""
    from bot.render.base import base

    base()
