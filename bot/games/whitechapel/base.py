"""The parts of a Whitechapel image that never change, drawn once per process and then only read.

``base()`` answers the empty board (blocks, streets, circles with their numbers, red circles, yellow crossings,
crossing names, the grid's letters and numbers on the frame) and the pieces' sprites, all drawn at a larger size
and scaled down so their edges are smooth. Both are built under a lock on first use and never changed after:
render threads share them and copy the board before drawing on it.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from types import MappingProxyType

from PIL import Image, ImageDraw

from bot.games.whitechapel import layout as lay
from bot.games.whitechapel.picture import COLOURS
from bot.render.fonts import font
from engine.whitechapel.board import board

RGB = tuple[int, int, int]
PAPER: RGB = (240, 232, 212)
BLOCK: RGB = (221, 208, 180)
STREET: RGB = (120, 104, 84)
GRID: RGB = (206, 192, 162)
INK: RGB = (38, 32, 28)
WHITE: RGB = (255, 255, 255)
RED_CIRCLE: RGB = (196, 36, 36)
YELLOW_CROSSING: RGB = (246, 204, 30)
NAME: RGB = (112, 98, 80)
POLICE: Mapping[str, RGB] = MappingProxyType({
    "blue": (36, 104, 214), "yellow": (250, 206, 20), "brown": (132, 84, 40), "red": (214, 36, 36),
    "green": (40, 150, 64), "white": (250, 250, 250)})
CRIME: RGB = (200, 20, 30)
CLUE: RGB = (250, 210, 40)
FALSE_CLUE: RGB = (40, 110, 220)
HIDEOUT: RGB = (92, 30, 120)
WOMAN: RGB = (246, 200, 222)  # a woman's token, face down
SEARCHED: RGB = (120, 120, 128)  # the ring round a circle searched in vain
PATH: Mapping[int, RGB] = MappingProxyType({1: (128, 40, 170), 2: (0, 128, 140), 3: (222, 100, 0), 4: (190, 20, 110)})
FINE = 2  # the board layer is drawn this many times larger, then scaled down
SPRITE_FINE = 4


@dataclass(frozen=True)
class Base:
    image: Image.Image  # the empty board, RGB, full size: copy before drawing
    spots: Image.Image  # RGBA: the circles, crossings and their names alone, to lay back over Jack's paths
    sprites: Mapping[str, Image.Image]  # RGBA pieces by kind-look


_lock = threading.Lock()
_built: list[Base] = []


def base() -> Base:
    """The empty board and the sprites, built once."""
    if not _built:
        with _lock:
            if not _built:
                streets, spots = _board_layers()
                streets.paste(spots, (0, 0), spots)
                _built.append(Base(streets, spots, MappingProxyType(_sprites())))
    return _built[0]


def _board_layers() -> tuple[Image.Image, Image.Image]:
    """The streets layer (paper, grid, blocks, streets, frame) and the spots layer over it."""
    width, height = lay.size()
    img = Image.new("RGB", (width * FINE, height * FINE), PAPER)
    d = ImageDraw.Draw(img)
    b = board()

    def at(x: float, y: float) -> tuple[float, float]:
        px, py = lay.point(x, y)
        return px * FINE, py * FINE

    x0, y0, x1, y1 = (v * FINE for v in lay.map_box())
    cell = lay.cell_size() * FINE
    for i in range(1, len(lay.COLUMNS)):
        d.line([(x0 + i * cell, y0), (x0 + i * cell, y1)], fill=GRID, width=FINE)
    for j in range(1, lay.ROWS):
        if y0 + j * cell < y1:
            d.line([(x0, y0 + j * cell), (x1, y0 + j * cell)], fill=GRID, width=FINE)
    for face in lay.blocks(b):
        d.polygon([at(*p) for p in face], fill=BLOCK)
    for p, q in b.streets():  # the street: a paper band over the blocks' edges, a dotted line along it
        d.line([at(*p), at(*q)], fill=PAPER, width=9 * FINE)
    for p, q in b.streets():
        _dotted(d, at(*p), at(*q), STREET, 2 * FINE, 7 * FINE)
    d.rectangle((x0, y0, x1, y1), outline=INK, width=2 * FINE)
    _grid_labels(d)
    spots = Image.new("RGBA", img.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(spots)
    for crossing in b.crossings.values():
        cx, cy = at(crossing.x, crossing.y)
        r = (6 if crossing.yellow else 3) * FINE
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=YELLOW_CROSSING if crossing.yellow else STREET,
                  outline=INK if crossing.yellow else None, width=FINE)
    r = lay.CIRCLE_R * FINE
    number = font(11 * FINE, True)
    for c in b.circles.values():
        cx, cy = at(c.x, c.y)
        if c.red:  # a woman's place: ringed and numbered in red
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=RED_CIRCLE)
            k = 3 * FINE
            d.ellipse((cx - r + k, cy - r + k, cx + r - k, cy + r - k), fill=WHITE)
        else:
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=INK, width=FINE)
        d.text((cx, cy), str(c.number), font=number, fill=RED_CIRCLE if c.red else INK, anchor="mm")
    _crossing_names(d)
    return img.reduce(FINE), spots.convert("RGBa").reduce(FINE).convert("RGBA")  # premultiplied: no dark rims


def _dotted(d: ImageDraw.ImageDraw, p: tuple[float, float], q: tuple[float, float], colour: RGB, dot: float,
            step: float) -> None:
    length = math.dist(p, q)
    count = max(1, int(length // step))
    for k in range(count + 1):
        x = p[0] + (q[0] - p[0]) * k / count
        y = p[1] + (q[1] - p[1]) * k / count
        d.ellipse((x - dot, y - dot, x + dot, y + dot), fill=colour)


def _crossing_names(d: ImageDraw.ImageDraw) -> None:
    """Each crossing's grid name, small, on whichever side of it hides the fewest circles."""
    small = font(9 * FINE)
    for c in board().crossings.values():
        cx, cy = lay.point(c.x, c.y)
        best: tuple[int, tuple[float, float], str] | None = None
        for dx, dy, anchor in ((5, -4, "lb"), (5, 4, "lt"), (-5, -4, "rb"), (-5, 4, "rt")):
            left, top, right, bottom = d.textbbox(((cx + dx) * FINE, (cy + dy) * FINE), c.name, font=small,
                                                  anchor=anchor)
            box = (left / FINE, top / FINE, right / FINE, bottom / FINE)
            hidden = sum(1 for _ in _circles_under(box))
            if best is None or hidden < best[0]:
                best = (hidden, ((cx + dx) * FINE, (cy + dy) * FINE), anchor)
        assert best is not None
        d.text(best[1], c.name, font=small, fill=NAME, anchor=best[2])


def _circles_under(box: lay.Box) -> list[int]:
    r = lay.CIRCLE_R + 1
    return [n for n, (x, y) in lay.circles_near(box) if lay.overlaps(box, (x - r, y - r, x + r, y + r))]


def _grid_labels(d: ImageDraw.ImageDraw) -> None:
    x0, y0, x1, y1 = lay.map_box()
    cell = lay.cell_size()
    big = font(15 * FINE, True)
    for i, letter in enumerate(lay.COLUMNS):
        x = (x0 + (i + 0.5) * cell) * FINE
        d.text((x, (y0 - lay.EDGE / 2) * FINE), letter, font=big, fill=INK, anchor="mm")
        d.text((x, (y1 + lay.EDGE / 2) * FINE), letter, font=big, fill=INK, anchor="mm")
    for j in range(lay.ROWS):
        y = y0 + (j + 0.5) * cell
        if y >= y1:
            break
        d.text(((x0 - lay.EDGE / 2) * FINE, y * FINE), str(j + 1), font=big, fill=INK, anchor="mm")
        d.text(((x1 + lay.EDGE / 2) * FINE, y * FINE), str(j + 1), font=big, fill=INK, anchor="mm")


# --- the pieces' sprites ---------------------------------------------------------------------------

def _sprites() -> dict[str, Image.Image]:
    out: dict[str, Image.Image] = {}
    for colour, rgb in POLICE.items():
        out[f"pawn-{colour}"] = _sprite("policeman", partial(_pawn, fill=rgb))
    out["patrol-down"] = _sprite("patrol", lambda d, w, h: _disc(d, w, h, INK, (150, 150, 150)))
    out["patrol-fake"] = _sprite("patrol", lambda d, w, h: _cross(d, w, h))
    out["patrol-known-fake"] = _sprite("patrol", lambda d, w, h: _dot(d, w, h, (150, 150, 150)))
    for colour in COLOURS:
        rgb = POLICE[colour]
        out[f"patrol-{colour}"] = _sprite("patrol", partial(_disc, fill=rgb, rim=INK))
        out[f"patrol-known-{colour}"] = _sprite("patrol", partial(_dot, inner=rgb))
    out["hideout"] = _sprite("hideout", _house)
    out["crime"] = _sprite("crime", lambda d, w, h: _square(d, w, h, CRIME))
    out["woman-down"] = _sprite("woman", lambda d, w, h: _disc(d, w, h, WOMAN, INK, ring=2.2))
    out["woman-marked"] = _sprite("woman", _target)
    out["clue"] = _sprite("clue", lambda d, w, h: _disc(d, w, h, CLUE, INK))
    out["false_clue"] = _sprite("false_clue", lambda d, w, h: _disc(d, w, h, FALSE_CLUE, INK))
    out["searched"] = _sprite("searched", lambda d, w, h: d.ellipse((1, 1, w - 2, h - 2), outline=SEARCHED,
                                                                      width=4 * SPRITE_FINE))
    return out


def _sprite(kind: str, paint: Callable[[ImageDraw.ImageDraw, int, int], None]) -> Image.Image:
    w, h = (round(v) for v in lay.SIZES[kind])
    img = Image.new("RGBA", (w * SPRITE_FINE, h * SPRITE_FINE), (0, 0, 0, 0))
    paint(ImageDraw.Draw(img), w * SPRITE_FINE, h * SPRITE_FINE)
    return img.resize((w, h), Image.Resampling.LANCZOS)


def _disc(d: ImageDraw.ImageDraw, w: int, h: int, fill: RGB, rim: RGB, ring: float = 1.6) -> None:
    d.ellipse((1, 1, w - 2, h - 2), fill=rim)
    k = ring * SPRITE_FINE
    d.ellipse((k, k, w - 1 - k, h - 1 - k), fill=fill)


def _target(d: ImageDraw.ImageDraw, w: int, h: int) -> None:
    """A woman Jack marked: a woman ringed in red (his image only)."""
    _disc(d, w, h, CRIME, INK, ring=1.2)
    k = 4.5 * SPRITE_FINE
    d.ellipse((k, k, w - 1 - k, h - 1 - k), fill=WOMAN)


def _dot(d: ImageDraw.ImageDraw, w: int, h: int, inner: RGB) -> None:
    """A face-down token whose face the viewer knows: black, with the face's colour at its heart."""
    _disc(d, w, h, INK, (150, 150, 150))
    r = w * 0.22
    d.ellipse((w / 2 - r, h / 2 - r, w / 2 + r, h / 2 + r), fill=inner, outline=WHITE, width=SPRITE_FINE)


def _cross(d: ImageDraw.ImageDraw, w: int, h: int) -> None:
    _disc(d, w, h, INK, (150, 150, 150))
    k = w * 0.3
    for a, b in (((k, k), (w - k, h - k)), ((w - k, k), (k, h - k))):
        d.line([a, b], fill=WHITE, width=3 * SPRITE_FINE)


def _square(d: ImageDraw.ImageDraw, w: int, h: int, fill: RGB) -> None:
    d.rounded_rectangle((1, 1, w - 2, h - 2), radius=3 * SPRITE_FINE, fill=INK)
    k = 2 * SPRITE_FINE
    d.rounded_rectangle((k, k, w - 1 - k, h - 1 - k), radius=2 * SPRITE_FINE, fill=fill)


def _house(d: ImageDraw.ImageDraw, w: int, h: int) -> None:
    """Jack's hideout: a little house."""
    outline = [(w / 2, 1), (w - 2, h * 0.42), (w - 2, h - 2), (1, h - 2), (1, h * 0.42)]
    d.polygon(outline, fill=WHITE)
    k = 2.2 * SPRITE_FINE
    d.polygon([(w / 2, 1 + 1.5 * k), (w - 1 - k, h * 0.45), (w - 1 - k, h - 1 - k), (k, h - 1 - k),
               (k, h * 0.45)], fill=HIDEOUT)


def _pawn(d: ImageDraw.ImageDraw, w: int, h: int, fill: RGB) -> None:
    """A policeman (or a wretched, in white): a head over a bell-shaped body, outlined in ink."""
    k = 1.6 * SPRITE_FINE
    head = w * 0.27
    body = [(w * 0.5, h * 0.3), (w * 0.8, h * 0.72), (w - 1, h * 0.86), (w - 1, h - 1), (0, h - 1), (0, h * 0.86),
            (w * 0.2, h * 0.72)]
    d.polygon(body, fill=INK)
    d.ellipse((w / 2 - head, 1, w / 2 + head, 1 + 2 * head), fill=INK)
    inner = [(w * 0.5, h * 0.3 + k), (w * 0.8 - k * 0.6, h * 0.72 + k * 0.4), (w - 1 - k, h * 0.86 + k * 0.4),
             (w - 1 - k, h - 1 - k), (k, h - 1 - k), (k, h * 0.86 + k * 0.4), (w * 0.2 + k * 0.6, h * 0.72 + k * 0.4)]
    d.polygon(inner, fill=fill)
    d.ellipse((w / 2 - head + k, 1 + k, w / 2 + head - k, 1 + 2 * head - k), fill=fill)
