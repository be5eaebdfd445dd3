"""Where everything of an area goes on the map: its name block and one slot per piece.

Each area has a name block (name lines and an icon row), a Power-token slot, an order slot, on a home area the
printed shield with its garrison beside it, on the 8-house map a loyalty-token slot and a slot for the mark of
what loans changed there (beside the name's icons), and two army blocks: the area's
own units (or its neutral force) and, during a combat, the attackers standing in it (ruling A26). The slots are
placed once, at data-conversion time (``bot.render.placement``, run by ``tools/build_render_assets.py``), so that
none of them overlaps another on a fully loaded board; this module only holds the result."""

from __future__ import annotations

from dataclasses import dataclass

from bot.render import style

Rect = tuple[float, float, float, float]
Point = tuple[float, float]
LINE_GAP = 2
ICON_GAP = 3


def overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@dataclass(frozen=True)
class Label:
    area: str
    lines: tuple[str, ...]
    size: int
    bold: bool
    x: float  # centre of the block (name lines, then the icon row)
    top: float
    icons: tuple[str, ...]  # stronghold / castle, barrel..., crown...
    width: float = 0.0
    height: float = 0.0

    @property
    def icons_y(self) -> float:
        """Centre line of the icon row."""
        return self.top + len(self.lines) * (self.size + LINE_GAP) + ICON_GAP + style.ICON_SIZE / 2

    def line_y(self, i: int) -> float:
        """Centre line of name line ``i``."""
        return self.top + i * (self.size + LINE_GAP) + self.size / 2

    @property
    def rect(self) -> Rect:
        return (self.x - self.width / 2, self.top - 2, self.x + self.width / 2, self.top - 2 + self.height)


@dataclass(frozen=True)
class Army:
    """A block of ``cols`` x ``rows`` unit glyphs; fewer glyphs are centred in it."""

    rect: Rect
    cols: int
    rows: int
    ships: bool
    size: int = style.UNIT_SIZE  # glyph height: smaller only where a full-size block does not fit in the area

    @property
    def pitch(self) -> float:
        return glyph_width(self.ships, self.size) + style.UNIT_GAP

    def centres(self, n: int) -> list[Point]:
        """Centres of ``n`` glyphs (at most cols x rows), row by row, each row centred."""
        n = min(n, self.cols * self.rows)
        rows = [min(self.cols, n - i) for i in range(0, n, self.cols)]
        line = self.size + style.UNIT_GAP
        x0, y0, x1, y1 = self.rect
        top = (y0 + y1) / 2 - (len(rows) * line - style.UNIT_GAP) / 2 + self.size / 2
        out = []
        for r, count in enumerate(rows):
            left = (x0 + x1) / 2 - (count * self.pitch - style.UNIT_GAP) / 2 + glyph_width(self.ships, self.size) / 2
            out += [(left + i * self.pitch, top + r * line) for i in range(count)]
        return out


def glyph_width(ship: bool, size: float = style.UNIT_SIZE) -> float:
    return size * (style.SHIP_WIDTH if ship else 1.0)


def army_size(cols: int, rows: int, ships: bool, size: int = style.UNIT_SIZE) -> tuple[float, float]:
    """The block's width and height; on land never smaller than a neutral force, which stands there instead."""
    w = cols * (glyph_width(ships, size) + style.UNIT_GAP) - style.UNIT_GAP
    h = rows * (size + style.UNIT_GAP) - style.UNIT_GAP
    return (w, h) if ships else (max(w, style.TOKEN_SIZE * 1.25), max(h, style.TOKEN_SIZE))


SHIELD_W = style.TOKEN_SIZE * 0.95
SHIELD_H = style.TOKEN_SIZE * 1.2
GARRISON_W = style.TOKEN_SIZE * 1.25
HOME_W = SHIELD_W + 4 + GARRISON_W  # the shield with the garrison to its right
LOYALTY_W = style.TOKEN_SIZE * 1.25  # a loyalty token with its count
IMPROVE_W, IMPROVE_H = style.IMPROVE_W, style.TOKEN_SIZE  # a loan's mark: castle change, power and supply


@dataclass(frozen=True)
class Places:
    label: Label
    order: Point
    power: Point | None  # land only
    home: Point | None  # centre of the shield + garrison block of a home area
    armies: tuple[Army, Army]  # the area's own units (or neutral force); attackers during a combat
    loyalty: Point | None = None  # land areas of the 8-house map: the loyalty tokens
    improve: Point | None = None  # land areas of a map with the Iron Bank (8 houses): what loans changed there

    @property
    def shield(self) -> Point | None:
        if self.home is None:
            return None
        return (self.home[0] - HOME_W / 2 + SHIELD_W / 2, self.home[1])

    @property
    def garrison(self) -> Point | None:
        if self.home is None:
            return None
        return (self.home[0] + HOME_W / 2 - GARRISON_W / 2, self.home[1])

    def shield_rect(self) -> Rect | None:
        s = self.shield
        return None if s is None else (s[0] - SHIELD_W / 2, s[1] - SHIELD_H / 2, s[0] + SHIELD_W / 2,
                                       s[1] + SHIELD_H / 2)
