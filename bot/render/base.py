"""The static base layer at run time: the map with names (loaded from ``assets/render``, see ``assets``), per-area
layers for washing an area in its controller's colour, and the piece sprites.

Loaded once per process and map under a lock (``base()``: the map in use, see ``static.use_map``), never mutated
afterwards: renders copy the image. Blocked-area overlays and sprites are made on first use and cached (under the
same lock).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from types import MappingProxyType

from PIL import Image, ImageChops, ImageDraw

from bot.render import style
from bot.render.assets import load
from bot.render.fonts import font
from bot.render.places import Places
from bot.render.sprites import SpriteKey, make_sprite, mix
from bot.render.static import static


@dataclass(frozen=True)
class AreaLayer:
    bbox: tuple[int, int, int, int]
    mask: Image.Image  # "L": the area's shape inside bbox (smooth edges)
    shapes: Image.Image  # "RGB": the bare map (no names) inside bbox
    names: Image.Image  # "RGB": names and icons inside bbox ...
    names_mask: Image.Image  # "L": ... where they lie over this area
    band: Image.Image  # "L": a strip along the inside of the outline (the controller's colour)
    names_alpha: Image.Image  # "L": every name, icon and shield inside bbox (redrawn over outlines)


@dataclass(frozen=True)
class Base:
    image: Image.Image  # RGB, the whole canvas (header strip and the map with names)
    areas: MappingProxyType[str, AreaLayer]
    places: MappingProxyType[str, Places]
    _cache: dict[tuple[str, ...], Image.Image] = field(default_factory=dict)

    def cached(self, key: tuple[str, ...], make: Callable[[], Image.Image]) -> Image.Image:
        found = self._cache.get(key)
        if found is None:
            with _lock:
                found = self._cache.get(key)
                if found is None:
                    found = self._cache[key] = make()
        return found

    def sprite(self, key: SpriteKey) -> Image.Image:
        return self.cached(key, lambda: make_sprite(key))

    def blocked(self, area: str) -> Image.Image:
        return self.cached(("blocked", area), lambda: _blocked_overlay(self, area))


def _blocked_overlay(b: Base, area: str) -> Image.Image:
    layer = b.areas[area]
    geo = static().areas[area]
    label = b.places[area].label
    dark = Image.blend(layer.shapes, Image.new("RGB", layer.shapes.size, style.BLOCKED_FILL), style.BLOCKED_ALPHA)
    d = ImageDraw.Draw(dark)
    w, h = dark.size
    hatch = mix(style.BLOCKED_FILL, style.WHITE, 0.16)
    for k in range(-h, w, 14):
        d.line([(k, h), (k + h, 0)], fill=hatch, width=3)
    f = font(label.size, True)
    for i, line in enumerate(label.lines):
        d.text((label.x - geo.bbox[0], label.line_y(i) - geo.bbox[1]), line, font=f, fill=(205, 205, 205),
               anchor="mm", stroke_width=2, stroke_fill=style.BLOCKED_FILL)
    return dark


def _build() -> Base:
    data = static()
    layers = load(data)
    img = layers.map.copy()
    img.paste(layers.names, (0, 0), layers.names)
    alpha = layers.names.getchannel("A")
    names_rgb = layers.names.convert("RGB")
    areas = {}
    for area, geo in data.areas.items():
        mask, band = layers.masks[area]
        names_alpha = alpha.crop(geo.bbox)
        areas[area] = AreaLayer(geo.bbox, mask, layers.map.crop(geo.bbox), names_rgb.crop(geo.bbox),
                                ImageChops.multiply(names_alpha, mask), band, names_alpha)
    return Base(img, MappingProxyType(areas), MappingProxyType(layers.places))


_lock = threading.RLock()
_bases: dict[str, Base] = {}


def base() -> Base:
    """The base layer of the map in use, loaded once per process (thread-safe)."""
    map_id = static().map_id
    found = _bases.get(map_id)
    if found is None:
        with _lock:
            found = _bases.get(map_id)
            if found is None:
                found = _bases[map_id] = _build()
    return found


def places() -> MappingProxyType[str, Places]:
    return base().places
