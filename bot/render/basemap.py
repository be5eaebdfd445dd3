"""Build time: the static layers of the board image, drawn from the data and the placed slots.

- the bare map: area fills by kind, sea lanes, coasts, land borders and rivers (drawn at twice the size and
  scaled down for smooth edges), under the dark header strip;
- the names layer (transparent): names, castle / barrel / crown icons, port anchors and home shields;
- per area: its shape mask (smooth edges) and a band along the inside of its outline (for the controller's colour).

``tools/build_render_assets.py`` stores them in ``assets/render``; ``bot.render.base`` loads them.
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from bot.render import style
from bot.render.fonts import font
from bot.render.placement import icon_width, icons_width
from bot.render.places import ICON_GAP, SHIELD_H, SHIELD_W, Label, Places
from bot.render.sprites import draw_icon, mix, shield_sprite
from bot.render.static import Point, StaticData

MAP_SS = 2  # supersampling of the map shapes


def _ss(points: tuple[Point, ...]) -> list[Point]:
    return [(x * MAP_SS, (y - style.MAP_TOP) * MAP_SS) for x, y in points]


def _ring_area(ring: tuple[Point, ...]) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]))) / 2


def draw_map(data: StaticData) -> Image.Image:
    """The bare map under the header strip (RGB, the whole canvas)."""
    w, h = data.width * MAP_SS, (data.height - style.MAP_TOP) * MAP_SS
    img = Image.new("RGB", (w, h), style.BACKGROUND)
    d = ImageDraw.Draw(img)
    for x0, y0, x1, y1 in data.frames:  # the panels (what no area covers there is a river or the sea's edge)
        d.rectangle(_ss(((x0, y0), (x1, y1))), fill=style.BORDER_SEA)
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
    canvas = Image.new("RGB", (data.width, data.height), style.BACKGROUND)
    canvas.paste(img.reduce(MAP_SS), (0, style.MAP_TOP))
    d = ImageDraw.Draw(canvas)
    for text, (x0, y0, _, y1) in data.captions:  # a panel's title (or a note), left-aligned in its box
        lines = text.split("\n")
        pitch = (y1 - y0) / len(lines)
        for i, line in enumerate(lines):
            d.text((x0 + 10, y0 + pitch * (i + 0.5)), line, font=font(round(pitch * (0.62 if len(lines) == 1 else 0.7)),
                   len(lines) == 1), fill=style.HEADER_TEXT, anchor="lm")
    return canvas


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
        draw_icon(d, icon, x, y, w, s, line)
        x += w + ICON_GAP * k


def draw_names(data: StaticData, places: Mapping[str, Places]) -> Image.Image:
    """The transparent layer of names, icons, port anchors and home shields (RGBA, the whole canvas)."""
    big = Image.new("RGBA", (data.width * MAP_SS, data.height * MAP_SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    for area in data.areas:
        _draw_icons(d, places[area].label)
    for geo in data.areas.values():
        if geo.kind == "port":
            r = 12 * MAP_SS
            x, y = geo.label[0] * MAP_SS, geo.label[1] * MAP_SS
            d.text((x, y), "⚓", font=font(2 * r), fill=mix(style.PORT, style.SEA_TEXT, 0.35), anchor="mm")
    layer = big.reduce(MAP_SS)
    d = ImageDraw.Draw(layer)
    for area, p in places.items():
        label = p.label
        land = data.areas[area].kind == "land"
        colour = style.LAND_TEXT if land else style.SEA_TEXT
        halo = style.HALO if land else mix(style.SEA, style.WHITE, 0.5)
        f = font(label.size, label.bold)
        for i, line in enumerate(label.lines):
            d.text((label.x, label.line_y(i)), line, font=f, fill=colour, anchor="mm", stroke_width=2,
                   stroke_fill=halo)
    for area, p in places.items():
        geo = data.areas[area]
        if geo.home and geo.home in data.house_colours and p.shield:
            sprite = shield_sprite(data.house_colours[geo.home], data.house_names[geo.home][0], SHIELD_W, SHIELD_H)
            x, y = p.shield
            layer.alpha_composite(sprite, (round(x - sprite.width / 2), round(y - sprite.height / 2)))
    return layer


def area_masks(data: StaticData) -> dict[str, tuple[Image.Image, Image.Image]]:
    """Per area, inside its bbox: the shape mask (smooth edges) and the band along the inside of its outline."""
    out = {}
    for geo in data.areas.values():
        x0, y0, x1, y1 = geo.bbox
        big = Image.new("1", ((x1 - x0) * MAP_SS, (y1 - y0) * MAP_SS), 0)
        for ring in geo.rings:
            layer = Image.new("1", big.size, 0)
            ImageDraw.Draw(layer).polygon([((x - x0) * MAP_SS, (y - y0) * MAP_SS) for x, y in ring], fill=1)
            big = ImageChops.logical_xor(big, layer)
        mask = big.convert("L").reduce(MAP_SS)
        band = ImageChops.subtract(mask, mask.filter(ImageFilter.MinFilter(2 * style.BAND_WIDTH + 1)))
        out[geo.id] = (mask, band)
    return out
