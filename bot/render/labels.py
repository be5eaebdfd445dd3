"""Where each area's name and icon row go: inside the area, clear of its unit, order and Power token slots.

The data's label point often sits right under the unit slot, so the name block is moved to the nearest free spot
(searched outward from the label point) where it lies wholly inside the area's outline. Pure geometry, computed
once per process and immutable.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from types import MappingProxyType

from PIL import Image, ImageDraw

from bot.render import style
from bot.render.fonts import font
from bot.render.static import AreaGeo, StaticData, static

Rect = tuple[float, float, float, float]
LINE_GAP = 2
ICON_GAP = 3
SEARCH_RADIUS = 220
SEARCH_STEP = 4


@dataclass(frozen=True)
class Label:
    area: str
    lines: tuple[str, ...]
    size: int
    bold: bool
    x: float  # centre of the block (name lines, then the icon row)
    top: float
    icons: tuple[str, ...]  # stronghold / castle, barrel..., crown...

    @property
    def icons_y(self) -> float:
        """Centre line of the icon row."""
        return self.top + len(self.lines) * (self.size + LINE_GAP) + ICON_GAP + style.ICON_SIZE / 2

    def line_y(self, i: int) -> float:
        """Centre line of name line ``i``."""
        return self.top + i * (self.size + LINE_GAP) + self.size / 2


def name_lines(name: str, kind: str) -> tuple[str, ...]:
    """Area names on one line, or two balanced lines when long; ports carry no name."""
    if kind == "port":
        return ()
    words = name.split()
    if len(name) <= 12 or len(words) == 1:
        return (name,)
    best = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    return (" ".join(words[:best]), " ".join(words[best:]))


def icon_list(geo: AreaGeo) -> tuple[str, ...]:
    icons = ["stronghold"] if geo.castle == 2 else ["castle"] if geo.castle == 1 else []
    return tuple(icons + ["barrel"] * geo.supply + ["crown"] * geo.power)


def icon_width(icon: str) -> float:
    s = style.ICON_SIZE
    return s * (1.7 if icon == "stronghold" else 1.15 if icon == "castle" else 0.8)


def icons_width(icons: tuple[str, ...]) -> float:
    return sum(icon_width(i) for i in icons) + ICON_GAP * max(0, len(icons) - 1)


def reserved(geo: AreaGeo) -> list[Rect]:
    """The rectangles the pieces of this area may cover."""
    u, o, p = geo.units, geo.order, geo.power_token
    us, os_, ts = style.UNIT_SIZE, style.ORDER_SIZE, style.TOKEN_SIZE
    rects: list[Rect] = [
        (u.cx - max(u.w, us * 1.3) / 2 - 2, u.cy - us / 2 - 10, u.cx + max(u.w, us * 1.3) / 2 + 8, u.cy + us / 2 + 3),
        (o.cx - os_ / 2 - 2, o.cy - os_ / 2 - 2, o.cx + os_ / 2 + 2, o.cy + os_ / 2 + 2),
    ]
    if geo.kind == "land":
        right = p.cx + ts * (1.9 if geo.home else 0.55)  # a home area's garrison sits right of its shield
        rects.append((p.cx - ts * 0.55, p.cy - ts * 0.7, right, p.cy + ts * 0.7))
    return rects


def _overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _area_mask(geo: AreaGeo) -> Image.Image:
    x0, y0, x1, y1 = geo.bbox
    img = Image.new("L", (x1 - x0, y1 - y0), 0)
    d = ImageDraw.Draw(img)
    for i, ring in enumerate(geo.rings):
        d.polygon([(x - x0, y - y0) for x, y in ring], fill=255 if i == 0 or geo.kind != "sea" else 0)
    return img


def _place(geo: AreaGeo) -> Label:
    lines = name_lines(geo.name, geo.kind)
    size = style.NAME_SIZE if geo.kind == "land" else style.SEA_NAME_SIZE
    bold = geo.kind == "land"
    icons = icon_list(geo)
    f = font(size, bold)
    width = max([f.getlength(line) for line in lines] + [icons_width(icons)]) + 6
    height = len(lines) * (size + LINE_GAP) + (ICON_GAP + style.ICON_SIZE if icons else 0) + 2
    lx, ly = geo.label
    if not lines and not icons:
        return Label(geo.id, lines, size, bold, lx, ly, icons)
    mask = _area_mask(geo)
    px = mask.load()
    assert px is not None
    bx, by = geo.bbox[0], geo.bbox[1]
    mw, mh = mask.size
    blocked = reserved(geo)

    def outside(cx: float, cy: float) -> int:
        n = 0
        for fx in (-0.5, -0.25, 0.0, 0.25, 0.5):
            for fy in (-0.5, 0.0, 0.5):
                x, y = int(cx + fx * width - bx), int(cy + fy * height - by)
                if not (0 <= x < mw and 0 <= y < mh) or px[x, y] < 128:
                    n += 1
        return n

    best: tuple[float, float, float] | None = None
    offsets = sorted(((dx, dy) for dx in range(-SEARCH_RADIUS, SEARCH_RADIUS + 1, SEARCH_STEP)
                      for dy in range(-SEARCH_RADIUS, SEARCH_RADIUS + 1, SEARCH_STEP)
                      if dx * dx + dy * dy <= SEARCH_RADIUS * SEARCH_RADIUS), key=lambda t: t[0] ** 2 + t[1] ** 2)
    for dx, dy in offsets:
        cx, cy = lx + dx, ly + dy
        rect = (cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2)
        hits = sum(_overlaps(rect, r) for r in blocked)
        out = outside(cx, cy)
        if hits == 0 and out == 0:
            best = (cx, cy, 0.0)
            break
        score = hits * 100 + out * 10 + math.hypot(dx, dy) / 50
        if best is None or score < best[2]:
            best = (cx, cy, score)
    assert best is not None
    return Label(geo.id, lines, size, bold, best[0], best[1] - height / 2 + 1, icons)


def _build(data: StaticData) -> MappingProxyType[str, Label]:
    return MappingProxyType({a: _place(g) for a, g in data.areas.items()})


_lock = threading.Lock()
_labels: MappingProxyType[str, Label] | None = None


def labels() -> MappingProxyType[str, Label]:
    """Every area's label block, placed once per process (thread-safe)."""
    global _labels
    if _labels is None:
        with _lock:
            if _labels is None:
                _labels = _build(static())
    return _labels
