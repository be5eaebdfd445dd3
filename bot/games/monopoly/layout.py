"""Where everything of a Monopoly board image goes, in pixels: pure geometry, no drawing, no data.

The board is square: GO in the bottom-right corner, play runs left along the bottom, up the left side (Jail in
the bottom-left corner), right along the top (Free Parking top-left) and down the right side (Go to Jail top-right).
Each edge space is cut, from the centre outwards, into the colour bar (buildings sit on it), the body (name on
top, tokens below) and the band on the outer edge (the price, or the owner's colour once owned). All text stays
upright so it reads in a chat window.
"""

from __future__ import annotations

import math
from typing import Literal

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Side = Literal["bottom", "left", "top", "right", "corner"]

SPACES = 40
CORNER = 168  # a corner's side, and the depth of every edge space
CELL = 96  # an edge space's width along its side
SIZE = 2 * CORNER + 9 * CELL  # 1200: the whole image
BAR = 30  # the colour bar's depth
BAND = 28  # the outer band's depth
NAME = 46  # the name's height at the top of an edge space's body
JAIL = 10
JAIL_BOX = 108  # the cell in the Jail corner's inner part; the rest of the corner is Just Visiting
HOUSE = 17  # a house's side
TOKEN_MAX = 40  # the largest token diameter


def side(space: int) -> Side:
    if space % 10 == 0:
        return "corner"
    return ("bottom", "left", "top", "right")[space // 10]


def space_box(space: int) -> Box:
    """The whole space ``space`` (0..39)."""
    if not 0 <= space < SPACES:
        raise ValueError(f"no space {space} (0-39)")
    far = SIZE - CORNER
    step = space % 10
    edge = (step - 1) * CELL
    return {
        0: (far, far, SIZE, SIZE),
        1: (far - edge - CELL, far, far - edge, SIZE),
        10: (0, far, CORNER, SIZE),
        11: (0, far - edge - CELL, CORNER, far - edge),
        20: (0, 0, CORNER, CORNER),
        21: (CORNER + edge, 0, CORNER + edge + CELL, CORNER),
        30: (far, 0, SIZE, CORNER),
        31: (far, CORNER + edge, SIZE, CORNER + edge + CELL),
    }[space - step + (1 if step else 0)]


def strip(space: int, start: float, end: float) -> Box:
    """The part of edge space ``space`` from ``start`` to ``end`` pixels out from its inner edge."""
    x0, y0, x1, y1 = space_box(space)
    return {
        "bottom": (x0, y0 + start, x1, y0 + end),
        "top": (x0, y1 - end, x1, y1 - start),
        "left": (x1 - end, y0, x1 - start, y1),
        "right": (x0 + start, y0, x0 + end, y1),
    }[side(space)]


def bar(space: int) -> Box:
    return strip(space, 0, BAR)


def band(space: int) -> Box:
    return strip(space, CORNER - BAND, CORNER)


def body(space: int) -> Box:
    return strip(space, BAR, CORNER - BAND)


def name_box(space: int) -> Box:
    x0, y0, x1, _ = body(space)
    return x0, y0, x1, y0 + NAME


def token_zone(space: int, in_jail: bool = False) -> Box:
    """Where the tokens on ``space`` stand (in the Jail corner: the cell for ``in_jail``, else Just Visiting)."""
    x0, y0, x1, y1 = space_box(space)
    if space == JAIL:
        return jail_cell() if in_jail else (x1 - JAIL_BOX, y0 + JAIL_BOX, x1, y1)
    if side(space) == "corner":
        return x0 + 8, y1 - 64, x1 - 8, y1 - 4
    bx0, by0, bx1, by1 = body(space)
    return bx0, by0 + NAME, bx1, by1


def jail_cell() -> Box:
    """The Jail cell, in the corner's inner part (its label on top, the jailed tokens below)."""
    x0, y0, x1, y1 = space_box(JAIL)
    return x1 - JAIL_BOX + 4, y0 + 26, x1 - 4, y0 + JAIL_BOX - 4


def token_slots(zone: Box, count: int) -> list[tuple[float, float, float]]:
    """``count`` tokens side by side in ``zone``, as large as they fit: (centre x, centre y, diameter) each."""
    if count <= 0:
        return []
    x0, y0, x1, y1 = zone
    w, h = x1 - x0, y1 - y0
    best = (0.0, 1, 1)
    for rows in range(1, count + 1):
        cols = math.ceil(count / rows)
        size = min(w / cols, h / rows, TOKEN_MAX + 4)
        if size > best[0]:
            best = (size, rows, cols)
    size, rows, cols = best
    left, top = x0 + (w - cols * size) / 2, y0 + (h - rows * size) / 2
    return [(left + (i % cols + 0.5) * size, top + (i // cols + 0.5) * size, size - 4) for i in range(count)]


def house_boxes(space: int, houses: int) -> list[Box]:
    """Up to four houses in a row along the colour bar."""
    x0, y0, x1, y1 = bar(space)
    along_x = side(space) in ("bottom", "top")
    length = (x1 - x0) if along_x else (y1 - y0)
    gap = (length - 4 * HOUSE) / 5
    out: list[Box] = []
    for i in range(houses):
        a = gap + i * (HOUSE + gap)
        if along_x:
            cy = (y0 + y1) / 2
            out.append((x0 + a, cy - HOUSE / 2, x0 + a + HOUSE, cy + HOUSE / 2))
        else:
            cx = (x0 + x1) / 2
            out.append((cx - HOUSE / 2, y0 + a, cx + HOUSE / 2, y0 + a + HOUSE))
    return out


def hotel_box(space: int) -> Box:
    """The hotel: one long block across the middle of the colour bar."""
    x0, y0, x1, y1 = bar(space)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if side(space) in ("bottom", "top"):
        return cx - 24, cy - 9, cx + 24, cy + 9
    return cx - 9, cy - 24, cx + 9, cy + 24


def centre_box() -> Box:
    return CORNER, CORNER, SIZE - CORNER, SIZE - CORNER


def middle(box: Box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
