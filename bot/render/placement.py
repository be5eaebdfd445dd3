"""Build time: place every area's name block and piece slots so that nothing overlaps on a fully loaded board.

Run by ``tools/build_render_assets.py`` (the result is stored in ``assets/render/layout.json``). Greedy and
deterministic: names first (each wholly inside its area when it fits, clear of the others), then, in passes of
loosening rules, each area's order, first army block, home shield and garrison, Power token and second army block,
each at the free spot nearest to the data's hint that is inside the area (wholly, then mostly), and last anywhere
near it; on the 8-house map, each land area's loyalty-token slot and the slot of the mark of what loans changed
there (beside the name's icons). Every placed rectangle, with a small margin, is kept clear of every other."""

from __future__ import annotations

import math

from PIL import Image, ImageChops, ImageDraw

from bot.render import style
from bot.render.fonts import font
from bot.render.places import (
    HOME_W,
    ICON_GAP,
    IMPROVE_H,
    IMPROVE_W,
    LINE_GAP,
    LOYALTY_W,
    SHIELD_H,
    Army,
    Label,
    Places,
    Point,
    Rect,
    army_size,
)
from bot.render.sprites import ICON_W
from bot.render.static import AreaGeo, StaticData

MARGIN = 3  # clear space kept around every placed rectangle
NEAR = 220  # how far from its hint a slot may go outside its area, as a last resort


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
    return style.ICON_SIZE * ICON_W[icon]


def icons_width(icons: tuple[str, ...]) -> float:
    return sum(icon_width(i) for i in icons) + ICON_GAP * max(0, len(icons) - 1)


def area_mask(geo: AreaGeo) -> Image.Image:
    """The area's shape inside its bbox: its rings combined by parity (an island in a sea is a hole)."""
    x0, y0, x1, y1 = geo.bbox
    img = Image.new("1", (x1 - x0, y1 - y0), 0)
    for ring in geo.rings:
        layer = Image.new("1", img.size, 0)
        ImageDraw.Draw(layer).polygon([(x - x0, y - y0) for x, y in ring], fill=1)
        img = ImageChops.logical_xor(img, layer)
    return img.convert("L")


def _shift_min(img: Image.Image, dx: int, dy: int) -> Image.Image:
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


class Region:
    """Where a block may go: an area's mask (``inside``) or a plain rectangle of the map around a hint; ``frame``
    is the board image's width and height (nothing goes off it)."""

    def __init__(self, mask: Image.Image, origin: tuple[int, int], frame: tuple[int, int]) -> None:
        self.mask, self.origin, self.frame = mask, origin, frame

    @classmethod
    def around(cls, hint: Point, radius: int, frame: tuple[int, int]) -> Region:
        x0 = max(0, int(hint[0]) - radius)
        y0 = max(style.MAP_TOP, int(hint[1]) - radius)
        x1 = min(frame[0], int(hint[0]) + radius)
        y1 = min(frame[1], int(hint[1]) + radius)
        return cls(Image.new("L", (x1 - x0, y1 - y0), 255), (x0, y0), frame)

    def find(self, w: float, h: float, f: float, hint: Point, avoid: list[Rect]) -> Point | None:
        """The centre nearest ``hint`` of a w x h block whose middle f x f lies in the region and that keeps
        ``MARGIN`` clear of every rectangle in ``avoid``."""
        wi, hi = math.ceil(w), math.ceil(h)
        fw, fh = max(1, round(wi * f)), max(1, round(hi * f))
        free = Image.new("L", self.mask.size, 0)
        free.paste(_erode(self.mask, fw, fh), (-((wi - fw) // 2), -((hi - fh) // 2)))
        d = ImageDraw.Draw(free)
        bx, by = self.origin
        blocked = [(r[0] - bx - wi - MARGIN, r[1] - by - hi - MARGIN, r[2] - bx + MARGIN, r[3] - by + MARGIN)
                   for r in avoid]
        width, height = self.frame
        blocked += [(width - bx - wi, -hi, free.width, free.height),  # never off the map
                    (-wi, height - by - hi, free.width, free.height), (-wi, -hi, free.width, style.MAP_TOP - by)]
        if f >= 1.0:  # wholly inside also means inside the region's own frame
            blocked += [(free.width - wi, 0, free.width, free.height), (0, free.height - hi, free.width, free.height)]
        for x0, y0, x1, y1 in blocked:
            if x1 >= x0 and y1 >= y0:
                d.rectangle((x0, y0, x1, y1), fill=0)
        corner = _nearest(free, hint[0] - bx - wi / 2, hint[1] - by - hi / 2)
        return None if corner is None else (corner[0] + bx + wi / 2, corner[1] + by + hi / 2)


def _nearest(free: Image.Image, tx: float, ty: float) -> tuple[int, int] | None:
    """The set pixel of ``free`` nearest (Chebyshev rings, then Euclidean within the ring) to (tx, ty)."""
    box = free.getbbox()
    if box is None:
        return None
    px = free.load()
    assert px is not None
    w, h = free.size
    cx, cy = min(max(int(round(tx)), 0), w - 1), min(max(int(round(ty)), 0), h - 1)
    for r in range(0, max(w, h) + 1):
        best: tuple[float, int, int] | None = None
        xs, xe, ys, ye = max(cx - r, box[0]), min(cx + r, box[2] - 1), max(cy - r, box[1]), min(cy + r, box[3] - 1)
        if xs > xe or ys > ye:
            continue
        ring = []
        if cy - r >= box[1]:
            ring += [(x, cy - r) for x in range(xs, xe + 1)]
        if r and cy + r < box[3]:
            ring += [(x, cy + r) for x in range(xs, xe + 1)]
        if cx - r >= box[0]:
            ring += [(cx - r, y) for y in range(ys, ye + 1)]
        if r and cx + r < box[2]:
            ring += [(cx + r, y) for y in range(ys, ye + 1)]
        for x, y in ring:
            if px[x, y] == 255:
                dist = (x - tx) ** 2 + (y - ty) ** 2
                if best is None or dist < best[0]:
                    best = (dist, x, y)
        if best is not None:
            return best[1], best[2]
    return None


def _name_block(lines: tuple[str, ...], size: int, bold: bool, icons: tuple[str, ...]) -> tuple[int, int]:
    f = font(size, bold)
    width = math.ceil(max([f.getlength(line) for line in lines] + [icons_width(icons)]) + 6)
    height = math.ceil(len(lines) * (size + LINE_GAP) + (ICON_GAP + style.ICON_SIZE if icons else 0) + 4)
    return width, height


def hint_rects(geo: AreaGeo) -> list[Rect]:
    """The data's unit and order slots: names keep off them so that the pieces find room near their hints."""
    u, o = geo.units, geo.order
    us, os_ = style.UNIT_SIZE, style.ORDER_SIZE
    half = max(u.w, us * 1.3) / 2
    return [(u.cx - half, u.cy - us / 2, u.cx + half, u.cy + us / 2),
            (o.cx - os_ / 2, o.cy - os_ / 2, o.cx + os_ / 2, o.cy + os_ / 2)]


def place_label(geo: AreaGeo, region: Region, names: list[Rect]) -> Label:
    """The name block nearest the label point by the first rule met: wholly inside the area and clear of the data's
    piece slots; then allowed over them; then smaller; then on one line; then mostly inside."""
    size = style.NAME_SIZE if geo.kind == "land" else style.SEA_NAME_SIZE
    bold = geo.kind == "land"
    icons = icon_list(geo)
    lines = name_lines(geo.name, geo.kind)
    lx, ly = geo.label
    if not lines and not icons:
        return Label(geo.id, lines, size, bold, lx, ly, icons)
    hints = hint_rects(geo)
    tiers = [(lines, size, 1.0, hints), ((geo.name,), size, 1.0, hints), (lines, size, 1.0, []),
             (lines, size - 3, 1.0, []), ((geo.name,), size - 3, 1.0, []), (lines, size - 3, 0.8, []),
             (lines, size - 3, 0.5, []), (lines, size - 3, 0.0, [])]
    for tier_lines, tier_size, f, avoid in tiers:
        width, height = _name_block(tier_lines, tier_size, bold, icons)
        where = region if f > 0 else Region.around((lx, ly), NEAR, region.frame)
        found = where.find(width, height, f, (lx, ly), avoid + names)
        if found is not None:
            return Label(geo.id, tier_lines, tier_size, bold, found[0], found[1] - height / 2 + 2, icons, width,
                         height)
    raise RuntimeError(f"no room for the name of {geo.id}")


Request = tuple[str, str, float, float, Point]  # area, slot, width, height, hint
# (slots, fractions inside the area) in order. The Mother of Dragons maps also place the loyalty tokens and the
# loans' marks, and let an army block stick further out of a small area (The Eyrie) before it may go anywhere near.
PASSES = ((("order",), (1.0, 0.75)), (("army0",), (1.0, 0.6, 0.3)), (("order", "home", "power"), (1.0, 0.6, 0.3)),
          (("army0", "order", "home", "power"), (0.0,)), (("army1",), (1.0, 0.6, 0.3, 0.0)))
MOD_PASSES = ((("order",), (1.0, 0.75)), (("army0",), (1.0, 0.6, 0.3, 0.15)),
              (("order", "home", "power"), (1.0, 0.6, 0.3)), (("army0", "order", "home", "power"), (0.0,)),
              (("loyalty",), (1.0, 0.6, 0.3, 0.0)),
              (("improve",), (1.0, 0.6, 0.3, 0.0)), (("army1",), (1.0, 0.6, 0.3, 0.0)))


def place_all(data: StaticData) -> dict[str, Places]:
    frame = (data.width, data.height)
    regions = {a: Region(area_mask(g), (g.bbox[0], g.bbox[1]), frame) for a, g in data.areas.items()}
    taken: list[Rect] = []
    labels: dict[str, Label] = {}
    for a in sorted(data.areas, key=lambda a: _extent(data.areas[a])):  # small areas choose first
        label = place_label(data.areas[a], regions[a], [r for r in taken])
        labels[a] = label
        if label.lines or label.icons:
            taken.append(label.rect)
    slots: dict[tuple[str, str], Point] = {}
    shapes: dict[tuple[str, str], tuple[int, int, int]] = {}
    requests = [r for a in sorted(data.areas) for r in _requests(data.areas[a], data, labels[a])]
    combat: list[Rect] = []  # the attackers' blocks: only one combat at a time, so they may overlap each other
    for wanted, tiers in PASSES if data.map_id == "base" else MOD_PASSES:
        for f in tiers:
            for area, slot, w, h, hint in requests:
                if (area, slot) in slots or slot not in wanted:
                    continue
                for cols, rows, size, (bw, bh) in _shapes(data.areas[area], slot, w, h):
                    where = regions[area] if f > 0 else Region.around(hint, NEAR * (2 if slot == "army1" else 1), frame)
                    found = where.find(bw, bh, f, hint, taken)
                    if found is not None:
                        slots[(area, slot)] = found
                        shapes[(area, slot)] = (cols, rows, size)
                        rect = (found[0] - bw / 2, found[1] - bh / 2, found[0] + bw / 2, found[1] + bh / 2)
                        (combat if slot == "army1" else taken).append(rect)
                        break
    missing = [k for r in requests if (k := (r[0], r[1])) not in slots]
    if missing:
        raise RuntimeError(f"no room for {missing}")
    out = {}
    for a, geo in data.areas.items():
        ships = geo.kind != "land"
        armies = []
        for block in ("army0", "army1"):
            cols, rows, size = shapes.get((a, block), (0, 0, style.UNIT_SIZE))
            w, h = army_size(cols, rows, ships, size)
            c = slots.get((a, block), (0.0, 0.0))
            armies.append(Army((c[0] - w / 2, c[1] - h / 2, c[0] + w / 2, c[1] + h / 2), cols, rows, ships, size))
        out[a] = Places(labels[a], slots[(a, "order")], slots.get((a, "power")), slots.get((a, "home")),
                        (armies[0], armies[1]), slots.get((a, "loyalty")), slots.get((a, "improve")))
    return out


def capacity(geo: AreaGeo) -> int:
    return 3 if geo.kind == "port" else style.ARMY_CAPACITY


def _requests(geo: AreaGeo, data: StaticData, label: Label) -> list[Request]:
    u, o, p = geo.units, geo.order, geo.power_token
    ts = style.TOKEN_SIZE
    out: list[Request] = [(geo.id, "army0", 0, 0, (u.cx, u.cy)), (geo.id, "order", style.ORDER_SIZE,
                                                                   style.ORDER_SIZE, (o.cx, o.cy))]
    if geo.kind == "land":
        if geo.home:
            out.append((geo.id, "home", HOME_W, SHIELD_H, (p.cx + HOME_W / 2 - ts / 2, p.cy)))
        out.append((geo.id, "power", ts, ts, (p.cx, p.cy)))
        if data.loyalty:  # beside the Power token
            out.append((geo.id, "loyalty", LOYALTY_W, ts, (p.cx + ts, p.cy)))
        if data.bank:  # beside the name's icons (what the loans changed in them)
            y = label.icons_y if label.icons else label.top + label.height / 2
            out.append((geo.id, "improve", IMPROVE_W, IMPROVE_H, (label.x + label.width / 2 + IMPROVE_W / 2, y)))
    if geo.kind != "port":  # no combat in a port (ships there cannot be attacked)
        out.append((geo.id, "army1", 0, 0, (u.cx, u.cy + style.UNIT_SIZE)))
    return out


GLYPH_SIZES = tuple(round(style.UNIT_SIZE * k) for k in (1.0, 0.86, 0.74, 0.64))


def _shapes(geo: AreaGeo, slot: str, w: float, h: float) -> list[tuple[int, int, int, tuple[float, float]]]:
    """The arrangements to try for a slot: for armies a row, a square block, a column, at full size and then
    smaller (the area's pieces stay in the area); the one size otherwise."""
    if not slot.startswith("army"):
        return [(1, 1, 0, (w, h))]
    ships = geo.kind != "land"
    n = capacity(geo)
    return [(c, r, size, army_size(c, r, ships, size)) for size in GLYPH_SIZES
            for c, r in ((n, 1), (2, math.ceil(n / 2)), (1, n))]


def _extent(geo: AreaGeo) -> float:
    x0, y0, x1, y1 = geo.bbox
    return (x1 - x0) * (y1 - y0)


__all__ = ["place_all", "name_lines", "icon_list", "icon_width", "icons_width", "area_mask", "capacity"]

