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

from PIL import Image, ImageChops, ImageDraw

from bot.render import style
from bot.render.fonts import font
from bot.render.static import AreaGeo, StaticData, static

Rect = tuple[float, float, float, float]
LINE_GAP = 2
ICON_GAP = 3


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
    order: tuple[float, float] = (0.0, 0.0)  # where this area's order token goes (its slot, moved off the name)

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


def reserved(geo: AreaGeo) -> dict[str, Rect]:
    """The rectangles the pieces of this area may cover: ``units``, ``order`` and (on land) ``power``."""
    u, o, p = geo.units, geo.order, geo.power_token
    us, os_, ts = style.UNIT_SIZE, style.ORDER_SIZE, style.TOKEN_SIZE
    half = max(u.w, us * 1.3) / 2
    rects: dict[str, Rect] = {
        "units": (u.cx - half - 2, u.cy - us / 2 - 8, u.cx + half + 6, u.cy + us / 2 + 3),
        "order": (o.cx - os_ / 2 - 2, o.cy - os_ / 2 - 2, o.cx + os_ / 2 + 2, o.cy + os_ / 2 + 2),
    }
    if geo.kind == "land":
        right = p.cx + ts * (1.9 if geo.home else 0.55)  # a home area's garrison sits right of its shield
        rects["power"] = (p.cx - ts * 0.55, p.cy - ts * 0.7, right, p.cy + ts * 0.7)
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


def _shift_min(img: Image.Image, dx: int, dy: int) -> Image.Image:
    """min(img(x, y), img(x + dx, y + dy)), with black beyond the edges."""
    shifted = Image.new("L", img.size, 0)
    shifted.paste(img.crop((dx, dy, img.width, img.height)), (0, 0))
    return ImageChops.darker(img, shifted)


def _erode(img: Image.Image, w: int, h: int) -> Image.Image:
    """Pixel (x, y) stays set only if the whole w x h block with its top-left corner there is set."""
    for n, horizontal in ((w, True), (h, False)):
        span = 1
        while span * 2 <= n:
            img = _shift_min(img, span if horizontal else 0, 0 if horizontal else span)
            span *= 2
        if n - span > 0:
            img = _shift_min(img, n - span if horizontal else 0, 0 if horizontal else n - span)
    return img


def _nearest(free: Image.Image, tx: float, ty: float) -> tuple[float, float] | None:
    """The set pixel of ``free`` nearest to (tx, ty), searched on a 2-pixel grid."""
    small = free.reduce(2)
    w = small.width
    best: tuple[float, float, float] | None = None
    for i, v in enumerate(small.get_flattened_data()):
        if v == 255:
            x, y = (i % w) * 2, (i // w) * 2
            d = (x - tx) ** 2 + (y - ty) ** 2
            if best is None or d < best[0]:
                best = (d, x, y)
    return None if best is None else (best[1], best[2])


def _block(lines: tuple[str, ...], size: int, bold: bool, icons: tuple[str, ...]) -> tuple[int, int]:
    f = font(size, bold)
    width = math.ceil(max([f.getlength(line) for line in lines] + [icons_width(icons)]) + 6)
    height = math.ceil(len(lines) * (size + LINE_GAP) + (ICON_GAP + style.ICON_SIZE if icons else 0) + 4)
    return width, height


def _free(mask: Image.Image, width: int, height: int, f: float, avoid: list[Rect], origin: tuple[int, int]
          ) -> Image.Image:
    """Top-left corners where a width x height block has its middle f x f inside the area and misses ``avoid``."""
    fw, fh = max(1, round(width * f)), max(1, round(height * f))
    free = Image.new("L", mask.size, 0)
    free.paste(_erode(mask, fw, fh), (-((width - fw) // 2), -((height - fh) // 2)))
    d = ImageDraw.Draw(free)
    bx, by = origin
    for r in avoid:
        d.rectangle((r[0] - bx - width, r[1] - by - height, r[2] - bx, r[3] - by), fill=0)
    return free


def _place(geo: AreaGeo) -> Label:
    """The name block nearest to the label point by the first rule that can be met: wholly inside the area and
    clear of every slot; then it may cover the order slot (whose token then moves, ``_order_spot``) or the Power
    token's; then a smaller font; then only mostly inside."""
    size = style.NAME_SIZE if geo.kind == "land" else style.SEA_NAME_SIZE
    bold = geo.kind == "land"
    icons = icon_list(geo)
    lines = name_lines(geo.name, geo.kind)
    lx, ly = geo.label
    if not lines and not icons:
        return Label(geo.id, lines, size, bold, lx, ly, icons)
    mask = _area_mask(geo)
    origin = (geo.bbox[0], geo.bbox[1])
    res = reserved(geo)
    everything = list(res.values())
    no_order = [r for k, r in res.items() if k != "order"]
    units = [res["units"]]
    small = size - 3
    one = (geo.name,)
    tiers: list[tuple[tuple[str, ...], int, float, list[Rect]]] = [
        (lines, size, 1.0, everything), (one, size, 1.0, everything),
        (lines, size, 1.0, no_order), (one, size, 1.0, no_order), (lines, size, 1.0, units), (one, size, 1.0, units),
        (lines, small, 1.0, no_order), (one, small, 1.0, no_order), (lines, small, 1.0, units),
        (lines, size, 0.6, units), (lines, small, 0.6, units), (lines, size, 1.0, []), (lines, small, 0.25, []),
    ]
    label = None
    tried: set[tuple[tuple[str, ...], int, float, int]] = set()
    for tier_lines, tier_size, f, avoid in tiers:
        if (tier_lines, tier_size, f, len(avoid)) in tried:
            continue
        tried.add((tier_lines, tier_size, f, len(avoid)))
        width, height = _block(tier_lines, tier_size, bold, icons)
        found = _nearest(_free(mask, width, height, f, avoid, origin), lx - origin[0] - width / 2,
                         ly - origin[1] - height / 2)
        if found is not None:
            label = Label(geo.id, tier_lines, tier_size, bold, found[0] + origin[0] + width / 2,
                          found[1] + origin[1] + 2, icons, width, height)
            break
    if label is None:  # too small for the block: centre it on the label point
        width, height = _block(lines, size, bold, icons)
        label = Label(geo.id, lines, size, bold, lx, ly - height / 2 + 2, icons, width, height)
    return label


def _order_spot(geo: AreaGeo, label: Label, others: list[Rect]) -> tuple[float, float]:
    """The order slot, or when the name covers it the nearest spot (mostly inside the area) clear of every name."""
    slot = (geo.order.cx, geo.order.cy)
    res = reserved(geo)
    if not _overlaps(label.rect, res["order"]):
        return slot
    mask = _area_mask(geo)
    origin = (geo.bbox[0], geo.bbox[1])
    names = [label.rect, *others]
    no_order = [r for k, r in res.items() if k != "order"]
    d = style.ORDER_SIZE + 2
    for f, avoid in ((0.7, names + no_order), (0.7, [*names, res["units"]]), (0.35, names + no_order),
                     (0.35, [*names, res["units"]]), (0.7, names), (0.7, [label.rect])):
        found = _nearest(_free(mask, d, d, f, avoid, origin), slot[0] - origin[0] - d / 2, slot[1] - origin[1] - d / 2)
        if found is not None:
            return (found[0] + origin[0] + d / 2, found[1] + origin[1] + d / 2)
    return slot


def _build(data: StaticData) -> MappingProxyType[str, Label]:
    placed = {a: _place(g) for a, g in data.areas.items()}
    out = {}
    for a, label in placed.items():
        geo = data.areas[a]
        near = [o.rect for b, o in placed.items() if b != a and o.lines and _overlaps(o.rect, geo.bbox)]
        spot = _order_spot(geo, label, near)
        out[a] = Label(label.area, label.lines, label.size, label.bold, label.x, label.top, label.icons, label.width,
                       label.height, spot)
    return MappingProxyType(out)


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
