"""The static base layer: the map (fills by kind, borders, rivers, names, castles, barrels, crowns, home shields)
and the empty side panel, plus per-area masks, blocked overlays and piece sprites.

Built once per process under a lock (``base()``), never mutated afterwards: renders copy the image.
The shapes are drawn at twice the size and scaled down so that coasts and borders are smooth. Names and icons
live on their own transparent layer too, so an area washed with its controller's colour gets them back crisp.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from types import MappingProxyType

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from bot.render import style
from bot.render.fonts import font
from bot.render.labels import ICON_GAP, Label, icon_width, icons_width, labels
from bot.render.sprites import (
    SpriteKey,
    build_sprites,
    garrison_sprite,
    mix,
    order_sprite,
    power_token_sprite,
    shield_sprite,
    unit_sprite,
)
from bot.render.static import AreaGeo, Point, StaticData, static

MAP_SS = 2  # supersampling of the map shapes


@dataclass(frozen=True)
class AreaLayer:
    bbox: tuple[int, int, int, int]
    mask: Image.Image  # "L": the area's shape inside bbox (smooth edges)
    shapes: Image.Image  # "RGB": the bare map (no names) inside bbox
    names: Image.Image  # "RGB": names and icons inside bbox ...
    names_mask: Image.Image  # "L": ... where they lie over this area
    band: Image.Image  # "L": a strip along the inside of the outline (the controller's colour)


@dataclass(frozen=True)
class Base:
    image: Image.Image  # RGB, the whole canvas (map with names, and the empty panel)
    areas: MappingProxyType[str, AreaLayer]
    blocked: MappingProxyType[str, Image.Image]  # area -> its darkened, hatched crop (paste with its mask)
    sprites: MappingProxyType[SpriteKey, Image.Image]


def _ss(points: tuple[Point, ...]) -> list[Point]:
    return [(x * MAP_SS, y * MAP_SS) for x, y in points]


def _ring_area(ring: tuple[Point, ...]) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]))) / 2


def _draw_shapes(data: StaticData) -> Image.Image:
    """Area fills by kind, then sea lanes, coasts, land borders and rivers (at MAP_SS, scaled down)."""
    w, h = style.MAP_W * MAP_SS, style.MAP_H * MAP_SS
    img = Image.new("RGB", (w, h), style.BORDER_SEA)
    d = ImageDraw.Draw(img)
    fills = {"sea": style.SEA, "port": style.PORT, "land": style.LAND}
    for kind in ("sea", "port", "land"):
        for geo in data.areas.values():
            if geo.kind == kind:
                for ring in sorted(geo.rings, key=_ring_area, reverse=True):  # islands are drawn over later
                    d.polygon(_ss(ring), fill=fills[kind])
    kinds = {a: g.kind for a, g in data.areas.items()}
    layers: list[tuple[int, list[Point], style.RGB, int]] = []
    for b in data.borders:
        ka, kb = kinds.get(b.a), kinds.get(b.b or "")
        pts = _ss(b.points)
        if kb is None:
            if ka == "land":
                layers.append((3, pts, style.RIVER, 5))  # a river bank
            continue  # a sea's outer edge: the map's frame
        pair = {ka, kb}
        if pair == {"sea"}:
            layers.append((0, pts, mix(style.SEA, style.BORDER_SEA, 0.55), 2))
        elif "sea" in pair or pair == {"port"}:
            layers.append((1, pts, style.BORDER_SEA, 3))
        elif pair == {"land", "port"}:
            layers.append((1, pts, style.BORDER_SEA, 2))
        else:
            layers.append((2, pts, style.BORDER_LAND, 3))
    for _, pts, colour, width in sorted(layers, key=lambda t: t[0]):
        d.line(pts, fill=colour, width=width * MAP_SS, joint="curve")
    return img.reduce(MAP_SS)


def _draw_icons(d: ImageDraw.ImageDraw, label: Label) -> None:
    """Stronghold or castle, barrels and crowns in a row under the name (drawn at MAP_SS)."""
    if not label.icons:
        return
    k = MAP_SS
    s = style.ICON_SIZE * k
    x = (label.x - icons_width(label.icons) / 2) * k
    y = label.icons_y * k
    line = k
    for icon in label.icons:
        w = icon_width(icon) * k
        top, bottom = y - s / 2, y + s / 2
        if icon in ("castle", "stronghold"):
            towers = 3 if icon == "castle" else 5
            tw = w / towers
            body = [(x, bottom)]
            for i in range(towers):
                level = top if i % 2 == 0 else top + s * 0.3
                body += [(x + i * tw, level), (x + (i + 1) * tw, level)]
            body += [(x + w, bottom)]
            d.polygon(body, fill=style.CASTLE, outline=style.INK, width=line)
            gate = w * 0.12
            d.rectangle((x + w / 2 - gate, bottom - s * 0.42, x + w / 2 + gate, bottom), fill=style.INK)
        elif icon == "barrel":
            d.rounded_rectangle((x, top, x + w, bottom), radius=w * 0.35, fill=style.BARREL, outline=style.INK,
                                width=line)
            for f in (0.32, 0.68):
                d.line([(x + line, top + s * f), (x + w - line, top + s * f)], fill=style.INK, width=line)
        else:  # crown
            pts = [(x, bottom), (x, top + s * 0.1), (x + w * 0.27, top + s * 0.5), (x + w * 0.5, top),
                   (x + w * 0.73, top + s * 0.5), (x + w, top + s * 0.1), (x + w, bottom)]
            d.polygon(pts, fill=style.CROWN, outline=style.INK, width=line)
        x += w + ICON_GAP * k


def _draw_labels(data: StaticData) -> Image.Image:
    """The transparent layer of names, icons and home shields."""
    big = Image.new("RGBA", (style.MAP_W * MAP_SS, style.MAP_H * MAP_SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    places = labels()
    for area in data.areas:
        _draw_icons(d, places[area])
    for geo in data.areas.values():
        if geo.kind == "port":
            r = 12 * MAP_SS
            x, y = geo.units.cx * MAP_SS, geo.units.cy * MAP_SS
            d.text((x, y), "⚓", font=font(2 * r), fill=mix(style.PORT, style.SEA_TEXT, 0.35), anchor="mm")
    layer = big.reduce(MAP_SS)
    d = ImageDraw.Draw(layer)
    for area, label in places.items():
        land = data.areas[area].kind == "land"
        colour = style.LAND_TEXT if land else style.SEA_TEXT
        halo = style.HALO if land else mix(style.SEA, style.WHITE, 0.5)
        f = font(label.size, label.bold)
        for i, line in enumerate(label.lines):
            d.text((label.x, label.line_y(i)), line, font=f, fill=colour, anchor="mm", stroke_width=2,
                   stroke_fill=halo)
    for geo in data.areas.values():
        if geo.home and geo.home in data.house_colours:
            sprite = shield_sprite(data.house_colours[geo.home], data.house_names[geo.home][0],
                                   style.TOKEN_SIZE * 0.95, style.TOKEN_SIZE * 1.2)
            slot = geo.power_token
            at = (round(slot.cx - sprite.width / 2), round(slot.cy - sprite.height / 2))
            layer.alpha_composite(sprite, at)
    return layer


def _area_layer(geo: AreaGeo, shapes: Image.Image, names: Image.Image) -> AreaLayer:
    x0, y0, x1, y1 = geo.bbox
    big = Image.new("1", ((x1 - x0) * MAP_SS, (y1 - y0) * MAP_SS), 0)
    for ring in geo.rings:
        layer = Image.new("1", big.size, 0)
        ImageDraw.Draw(layer).polygon([((x - x0) * MAP_SS, (y - y0) * MAP_SS) for x, y in ring], fill=1)
        big = ImageChops.logical_xor(big, layer)
    mask = big.convert("L").reduce(MAP_SS)
    crop = names.crop(geo.bbox)
    names_mask = ImageChops.multiply(crop.getchannel("A"), mask)
    band = ImageChops.subtract(mask, mask.filter(ImageFilter.MinFilter(2 * style.BAND_WIDTH + 1)))
    return AreaLayer(geo.bbox, mask, shapes.crop(geo.bbox), crop.convert("RGB"), names_mask, band)


def _blocked_overlay(layer: AreaLayer, geo: AreaGeo, label: Label) -> Image.Image:
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


LEGEND_GREY: style.RGB = (196, 196, 196)


def _draw_legend(img: Image.Image, sprites: dict[SpriteKey, Image.Image]) -> None:
    """A key at the bottom of the panel: every piece and mark, in a neutral grey."""
    d = ImageDraw.Draw(img)
    x0, x1 = style.PANEL_X + 16, style.PANEL_X + style.PANEL_W - 16
    y = style.LEGEND_TOP + 8
    d.line([(x0, y), (x1, y)], fill=style.PANEL_RULE, width=1)
    d.text((x0, y + 8), "Key", font=font(21, True), fill=style.PANEL_TEXT)
    grey = LEGEND_GREY
    entries: list[tuple[Image.Image, str]] = [
        (unit_sprite("footman", grey, False), "Footman"), (unit_sprite("knight", grey, False), "Knight"),
        (unit_sprite("siege_engine", grey, False), "Siege engine"), (unit_sprite("ship", grey, False), "Ship"),
        (unit_sprite("footman", grey, True), "Routed"),
        (order_sprite(grey, "H", None, False, False, 40), "Hidden order"),
        (order_sprite(grey, "H", "M+1", True, False, 40), "Special order"),
        (power_token_sprite(grey), "Power token"), (garrison_sprite(grey, "2"), "Garrison"),
        (garrison_sprite(style.NEUTRAL_FILL, "5"), "Neutral force"),
    ]
    col_w = (x1 - x0) / 3
    f = font(18)
    for i, (sprite, text) in enumerate(entries):
        cx = x0 + (i % 3) * col_w + 22
        cy = y + 52 + (i // 3) * 40
        img.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)
        d.text((cx + 26, cy), text, font=f, fill=style.PANEL_TEXT, anchor="lm")
    i = len(entries)
    cx, cy = x0 + (i % 3) * col_w + 22, y + 52 + (i // 3) * 40
    d.rectangle((cx - 16, cy - 13, cx + 16, cy + 13), fill=style.BLOCKED_FILL, outline=style.INK)
    d.line([(cx - 16, cy + 13), (cx + 10, cy - 13)], fill=mix(style.BLOCKED_FILL, style.WHITE, 0.16), width=3)
    d.text((cx + 26, cy), "Blocked", font=f, fill=style.PANEL_TEXT, anchor="lm")


def _build() -> Base:
    data = static()
    shapes = _draw_shapes(data)
    names = _draw_labels(data)
    img = Image.new("RGB", (style.WIDTH, style.HEIGHT), style.BACKGROUND)
    img.paste(shapes, (0, 0))
    img.paste(names, (0, 0), names)
    ImageDraw.Draw(img).rectangle((style.PANEL_X, 0, style.WIDTH - 1, style.HEIGHT - 1), fill=style.PANEL_BG)
    layers = {a: _area_layer(g, shapes, names) for a, g in data.areas.items()}
    places = labels()
    blocked = {a: _blocked_overlay(layers[a], g, places[a]) for a, g in data.areas.items() if g.kind != "sea"}
    sprites = build_sprites(data)
    _draw_legend(img, sprites)
    return Base(img, MappingProxyType(layers), MappingProxyType(blocked), MappingProxyType(sprites))


_lock = threading.Lock()
_base: Base | None = None


def base() -> Base:
    """The base layer, built once per process (thread-safe)."""
    global _base
    if _base is None:
        with _lock:
            if _base is None:
                _base = _build()
    return _base
