"""Piece sprites (units, tokens, orders, marks), drawn once at 4x and scaled down for smooth edges.

Each sprite is an RGBA image whose centre is the piece's centre. ``build_sprites`` makes every sprite the board
can need is made on first use from its key (``make_sprite``) and cached by ``bot.render.base``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from bot.render import style
from bot.render.fonts import font
from bot.render.static import static

SS = 4  # supersampling factor
UNIT_LETTER = {"footman": "F", "knight": "K", "siege_engine": "SE", "ship": "S", "dragon": "D"}
Shape = Callable[[ImageDraw.ImageDraw, float, style.RGB, style.RGB, float], None]
SpriteKey = tuple[str, ...]


def luminance(c: style.RGB) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def ink_for(fill: style.RGB) -> style.RGB:
    """Dark letters on light fills, white on dark ones."""
    return style.INK if luminance(fill) > 150 else style.WHITE


def mix(a: style.RGB, b: style.RGB, t: float) -> style.RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _canvas(w: float, h: float) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (math.ceil(w) * SS, math.ceil(h) * SS), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img)


def _finish(img: Image.Image) -> Image.Image:
    return img.resize((img.width // SS, img.height // SS), Image.Resampling.LANCZOS)


def _poly(points: Sequence[tuple[float, float]], cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    return [(cx + x * s, cy + y * s) for x, y in points]


def _letter(d: ImageDraw.ImageDraw, x: float, y: float, text: str, size: float, colour: style.RGB,
            bold: bool = True) -> None:
    d.text((x, y), text, font=font(round(size * SS), bold), fill=colour, anchor="mm")


KNIGHT = [(-0.46, -0.44), (0.46, -0.44), (0.46, 0.02), (0.0, 0.5), (-0.46, 0.02)]
SIEGE = [(0.0, -0.5), (0.52, 0.42), (-0.52, 0.42)]
HULL = [(-0.55, -0.08), (0.55, -0.08), (0.36, 0.4), (-0.36, 0.4)]
SAIL = [(-0.04, -0.52), (-0.04, -0.1), (-0.4, -0.1)]
HEXAGON = [(math.cos(math.pi / 3 * i + math.pi / 6) * 0.5, math.sin(math.pi / 3 * i + math.pi / 6) * 0.5)
           for i in range(6)]
SHIELD = [(-0.42, -0.48), (0.42, -0.48), (0.42, 0.08), (0.0, 0.5), (-0.42, 0.08)]
WINGS = [(-0.5, -0.46), (-0.16, -0.2), (0.0, -0.5), (0.16, -0.2), (0.5, -0.46), (0.36, 0.12), (0.0, 0.5),
         (-0.36, 0.12)]


def unit_sprite(kind: str, colour: style.RGB, routed: bool, size: int = style.UNIT_SIZE) -> Image.Image:
    """A unit: circle footman F, shield knight K, triangle siege engine SE, boat ship S, winged dragon D; routed
    ones greyed and struck through."""
    w = size * (1.25 if kind == "ship" else 1.0)
    img, d = _canvas(w + 4, size + 4)
    cx, cy, s = img.width / 2, img.height / 2, size * SS
    fill = mix(colour, style.ROUTED_FILL, 0.7) if routed else colour
    line = round(2 * SS)
    text_y = cy
    if kind == "footman":
        r = 0.48 * s
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=style.INK, width=line)
    elif kind == "knight":
        d.polygon(_poly(KNIGHT, cx, cy, s), fill=fill, outline=style.INK, width=line)
        text_y = cy - 0.06 * s
    elif kind == "siege_engine":
        d.polygon(_poly(SIEGE, cx, cy, s), fill=fill, outline=style.INK, width=line)
        text_y = cy + 0.14 * s
    elif kind == "dragon":
        d.polygon(_poly(WINGS, cx, cy, s), fill=fill, outline=style.INK, width=line)
        text_y = cy + 0.06 * s
    else:  # ship
        d.polygon(_poly(SAIL, cx, cy, s), fill=fill, outline=style.INK, width=line)
        d.line([(cx - 0.04 * s, cy - 0.52 * s), (cx - 0.04 * s, cy - 0.08 * s)], fill=style.INK, width=line)
        d.polygon(_poly(HULL, cx, cy, s), fill=fill, outline=style.INK, width=line)
        text_y = cy + 0.16 * s
    letter = UNIT_LETTER.get(kind, "?")
    letter_size = size * (0.42 if len(letter) > 1 else 0.55)
    if kind == "ship":
        letter_size = size * 0.4
    if kind == "siege_engine":
        letter_size = size * 0.32
    _letter(d, cx, text_y, letter, letter_size / SS * SS, ink_for(fill))
    if routed:
        d.line([(cx - 0.5 * s, cy + 0.5 * s), (cx + 0.5 * s, cy - 0.5 * s)], fill=style.INK, width=round(3 * SS))
        d.line([(cx - 0.5 * s, cy + 0.5 * s), (cx + 0.5 * s, cy - 0.5 * s)], fill=style.WHITE, width=round(1 * SS))
    return _finish(img)


def count_badge(count: int, size: int = 18) -> Image.Image:
    img, d = _canvas(size + 2, size + 2)
    c, r = img.width / 2, size * SS / 2
    d.ellipse((c - r, c - r, c + r, c + r), fill=style.WHITE, outline=style.INK, width=round(1.5 * SS))
    _letter(d, c, c, str(count), size * (0.72 if count < 10 else 0.58), style.INK)
    return _finish(img)


def power_token_sprite(colour: style.RGB, size: int = style.TOKEN_SIZE) -> Image.Image:
    img, d = _canvas(size + 2, size + 2)
    cx, cy, s = img.width / 2, img.height / 2, size * SS
    d.polygon(_poly(HEXAGON, cx, cy, s), fill=colour, outline=style.INK, width=round(2 * SS))
    _letter(d, cx, cy, "P", size * 0.5, ink_for(colour))
    return _finish(img)


def garrison_sprite(colour: style.RGB, text: str, size: int = style.TOKEN_SIZE) -> Image.Image:
    """A garrison (house colour) or a neutral force (dark grey): a rounded square with its strength."""
    w = size * 1.25
    img, d = _canvas(w + 2, size + 2)
    cx, cy = img.width / 2, img.height / 2
    hw, hh = w * SS / 2, size * SS / 2
    d.rounded_rectangle((cx - hw, cy - hh, cx + hw, cy + hh), radius=size * SS * 0.2, fill=colour,
                        outline=style.INK, width=round(2 * SS))
    _letter(d, cx, cy, text, size * 0.48, ink_for(colour))
    return _finish(img)


def order_sprite(colour: style.RGB, text: str | None, special: bool, own_secret: bool,
                 size: int = style.ORDER_SIZE) -> Image.Image:
    """Face down (``text`` None): the token's back, a house-coloured disc with a plain crest and no letter.
    Revealed: a light face with a house-coloured rim, the order and a gold star when special. The viewer's own
    hidden order: the face inside a dashed purple ring (only that player sees it)."""
    img, d = _canvas(size + 6, size + 6)
    cx, cy, s = img.width / 2, img.height / 2, size * SS
    r = 0.48 * s
    line = round(2 * SS)
    if text is None:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=style.INK, width=line)
        ink = mix(colour, ink_for(colour), 0.55)
        ri = r * 0.74
        d.ellipse((cx - ri, cy - ri, cx + ri, cy + ri), outline=ink, width=line)
        k = r * 0.42
        d.polygon([(cx, cy - k), (cx + k * 0.7, cy), (cx, cy + k), (cx - k * 0.7, cy)], fill=ink)
        return _finish(img)
    if own_secret:
        ro = 0.5 * (size + 5) * SS
        for a in range(0, 360, 30):
            d.arc((cx - ro, cy - ro, cx + ro, cy + ro), a, a + 18, fill=style.SECRET, width=round(3.5 * SS))
        r = 0.42 * s
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=style.INK, width=line)
    ri = r * 0.78
    d.ellipse((cx - ri, cy - ri, cx + ri, cy + ri), fill=style.ORDER_FACE, outline=style.INK, width=round(1.2 * SS))
    tsize = size * (0.34 if own_secret else 0.38) * (0.84 if len(text) > 2 else 1.0)
    _letter(d, cx, cy + (0.02 * s), text, tsize, style.INK)
    if special:
        sr = 0.2 * s
        sx, sy = cx + r * 0.74, cy - r * 0.74
        d.ellipse((sx - sr, sy - sr, sx + sr, sy + sr), fill=style.STAR, outline=style.INK, width=round(1.2 * SS))
        _letter(d, sx, sy + 0.01 * s, "★", size * 0.26, style.WHITE, bold=False)
    return _finish(img)


def draw_icon(d: ImageDraw.ImageDraw, icon: str, x: float, y: float, w: float, s: float, line: float) -> None:
    """A printed mark ``w`` wide and ``s`` high from ``x``, centred on ``y``: a castle (3 towers) or stronghold (5),
    a supply barrel, or a crown (Power)."""
    top, bottom = y - s / 2, y + s / 2
    width = round(line)
    if icon in ("castle", "stronghold"):
        towers = 3 if icon == "castle" else 5
        tw = w / towers
        body = [(x, bottom)]
        for i in range(towers):
            level = top if i % 2 == 0 else top + s * 0.3
            body += [(x + i * tw, level), (x + (i + 1) * tw, level)]
        body += [(x + w, bottom)]
        d.polygon(body, fill=style.CASTLE, outline=style.INK, width=width)
        gate = w * 0.12
        d.rectangle((x + w / 2 - gate, bottom - s * 0.42, x + w / 2 + gate, bottom), fill=style.INK)
    elif icon == "barrel":
        d.rounded_rectangle((x, top, x + w, bottom), radius=w * 0.35, fill=style.BARREL, outline=style.INK,
                            width=width)
        for f in (0.32, 0.68):
            d.line([(x + line, top + s * f), (x + w - line, top + s * f)], fill=style.INK, width=width)
    else:  # crown
        pts = [(x, bottom), (x, top + s * 0.1), (x + w * 0.27, top + s * 0.5), (x + w * 0.5, top),
               (x + w * 0.73, top + s * 0.5), (x + w, top + s * 0.1), (x + w, bottom)]
        d.polygon(pts, fill=style.CROWN, outline=style.INK, width=width)


ICON_W = {"castle": 1.15, "stronghold": 1.7, "barrel": 0.8, "crown": 0.8}  # width / height of each printed mark


def improvement_parts(castle: int, power: int, supply: int) -> list[tuple[str, str]]:
    """What a loan mark shows, as (sign, icon): ``▲``/``▼`` after a castle raised or lowered, ``+`` (``+2``) before
    each power (crown) or supply (barrel) improvement."""
    parts = [("▲" if castle > 0 else "▼", "castle")] if castle else []
    for n, icon in ((power, "crown"), (supply, "barrel")):
        if n > 0:
            parts.append(("+" if n == 1 else f"+{n}", icon))
    return parts


def _mark_sizes(h: float) -> tuple[float, float, float]:
    """A loan mark's icon height, gap and text size for a plaque ``h`` high."""
    return h * 0.7, h * 0.14, h * 0.66


def _sign_width(sign: str, h: float) -> float:
    s, _, text = _mark_sizes(h)
    return s * 0.8 if sign in "▲▼" else font(round(text * SS), True).getlength(sign) / SS


def improvement_width(castle: int, power: int, supply: int, h: float = style.TOKEN_SIZE) -> float:
    """The width a loan mark needs to show its parts at full size, between IMPROVE_W and IMPROVE_MAX_W (all three
    parts at once shrink a little)."""
    s, gap, _ = _mark_sizes(h)
    parts = improvement_parts(castle, power, supply)
    natural = sum(ICON_W[icon] * s + _sign_width(sign, h) + gap * 0.4 for sign, icon in parts)
    return max(float(style.IMPROVE_W), min(float(style.IMPROVE_MAX_W), natural + gap * (len(parts) - 1) + h * 0.3))


def improvement_sprite(castle: int, power: int, supply: int, w: float = style.IMPROVE_W,
                       h: float = style.TOKEN_SIZE) -> Image.Image:
    """What loans changed in an area (Mother of Dragons): a light plaque with an iron rim holding a castle with an
    arrow up or down, and ``+`` crowns and barrels; shrunk to fit a plaque ``w`` wide."""
    img, d = _canvas(w + 2, h + 2)
    cx, cy = img.width / 2, img.height / 2
    hw, hh = w * SS / 2, h * SS / 2
    d.rounded_rectangle((cx - hw, cy - hh, cx + hw, cy + hh), radius=h * SS * 0.22, fill=style.LOAN_FACE,
                        outline=style.LOAN_RIM, width=round(3 * SS))
    parts = improvement_parts(castle, power, supply)
    s, gap, text = _mark_sizes(h)

    def sign_w(sign: str) -> float:
        return _sign_width(sign, h)

    natural = sum(ICON_W[icon] * s + sign_w(sign) + gap * 0.4 for sign, icon in parts) + gap * (len(parts) - 1)
    k = min(1.0, (w - h * 0.3) / natural) if natural else 1.0
    x = cx - natural * k * SS / 2
    for sign, icon in parts:
        iw, sw = ICON_W[icon] * s * k * SS, sign_w(sign) * k * SS
        if sign in "▲▼":  # the castle, then its arrow
            draw_icon(d, icon, x, cy, iw, s * k * SS, 1.2 * SS)
            ax, half = x + iw + gap * 0.4 * k * SS + sw / 2, sw / 2
            up = sign == "▲"
            tip, foot = (cy - half, cy + half * 0.75) if up else (cy + half, cy - half * 0.75)
            d.polygon([(ax, tip), (ax + half, foot), (ax - half, foot)], fill=style.LOAN_UP if up else style.LOAN_DOWN,
                      outline=style.INK)
        else:  # the plus, then the icon
            d.text((x, cy), sign, font=font(round(text * k * SS), True), fill=style.INK, anchor="lm")
            draw_icon(d, icon, x + sw + gap * 0.4 * k * SS, cy, iw, s * k * SS, 1.2 * SS)
        x += iw + sw + gap * 1.4 * k * SS
    return _finish(img)


def loyalty_sprite(count: int, size: int = style.TOKEN_SIZE) -> Image.Image:
    """Loyalty tokens (Mother of Dragons): a gold disc ringed in Targaryen's colour, with how many lie there."""
    img, d = _canvas(size + 2, size + 2)
    cx, cy, r = img.width / 2, img.height / 2, 0.48 * size * SS
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=style.LOYALTY, outline=style.HOUSE_COLOURS["targaryen"],
              width=round(3.5 * SS))
    _letter(d, cx, cy, str(count), size * (0.56 if count < 10 else 0.44), style.INK)
    return _finish(img)


def shield_sprite(colour: style.RGB, initial: str, w: float, h: float) -> Image.Image:
    """The printed home-area shield."""
    img, d = _canvas(w + 2, h + 2)
    cx, cy = img.width / 2, img.height / 2
    pts = [(cx + x * w * SS, cy + y * h * SS) for x, y in SHIELD]
    d.polygon(pts, fill=colour, outline=style.INK, width=round(2 * SS))
    _letter(d, cx, cy - 0.06 * h * SS, initial, w * 0.5, ink_for(colour))
    return _finish(img)


def badge_sprite(text: str, fill: style.RGB, ink: style.RGB, size: int) -> Image.Image:
    img, d = _canvas(size + 2, size + 2)
    c, r = img.width / 2, size * SS / 2
    d.ellipse((c - r, c - r, c + r, c + r), fill=fill, outline=style.INK, width=round(2 * SS))
    _letter(d, c, c, text, size * 0.6, ink, bold=False)
    return _finish(img)


def make_sprite(key: SpriteKey) -> Image.Image:
    """The sprite for a key made by ``unit_key``, ``order_key``, ``garrison_key``, ``power_key`` or ``count_key``."""
    colours = static().house_colours
    kind = key[0]
    if kind == "unit":
        return unit_sprite(key[2], colours.get(key[1], style.NEUTRAL_FILL), key[3] == "True", int(key[4]))
    if kind == "power":
        return power_token_sprite(colours.get(key[1], style.NEUTRAL_FILL))
    if kind == "garrison":
        return garrison_sprite(colours.get(key[1], style.NEUTRAL_FILL), key[2])
    if kind == "order":
        return order_sprite(colours.get(key[1], style.NEUTRAL_FILL), key[2] or None, key[3] == "True",
                            key[4] == "True")
    if kind == "count":
        return count_badge(int(key[1]))
    if kind == "loyalty":
        return loyalty_sprite(int(key[1]))
    if kind == "improvement":
        return improvement_sprite(int(key[1]), int(key[2]), int(key[3]), int(key[4]))
    raise KeyError(key)


def improvement_key(castle: int, power: int, supply: int, w: float) -> SpriteKey:
    return ("improvement", str(castle), str(power), str(supply), str(round(w)))


def power_key(house: str) -> SpriteKey:
    return ("power", house)


def loyalty_key(n: int) -> SpriteKey:
    return ("loyalty", str(n))


def count_key(n: int) -> SpriteKey:
    return ("count", str(n))


def unit_key(house: str, kind: str, routed: bool, size: int = style.UNIT_SIZE) -> SpriteKey:
    return ("unit", house, kind, str(routed), str(size))


def order_key(house: str, text: str | None, special: bool, own: bool) -> SpriteKey:
    return ("order", house, text or "", str(special), str(own))


def garrison_key(house: str | None, strength: int) -> SpriteKey:
    return ("garrison", house or "", str(strength))
