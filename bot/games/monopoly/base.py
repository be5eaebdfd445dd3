"""The board facts the images need and the empty Monopoly board, drawn once per process and then only read.

``board_data()`` reads the spaces from the engine's board (name, kind, colour group, price, tax). ``base()`` is the
empty board: the 40 spaces with their colour bars, short names, prices and marks, and the title in the centre.
Both are made once (the image under a lock) and never changed after: render threads share them and copy the
board before drawing on it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from PIL import Image, ImageDraw

from bot.games.monopoly import layout as lay
from bot.render.fonts import Font, font
from engine.monopoly.board import board

RGB = tuple[int, int, int]
INK: RGB = (28, 28, 30)
WHITE: RGB = (255, 255, 255)
PAPER: RGB = (251, 249, 240)  # a space
TABLE: RGB = (206, 230, 210)  # the centre
TITLE: RGB = (200, 32, 36)
SOFT: RGB = (96, 96, 100)  # prices, small print
GROUPS: Mapping[str, RGB] = MappingProxyType({
    "dark_purple": (110, 50, 120), "light_blue": (160, 216, 245), "pink": (214, 60, 150),
    "orange": (245, 146, 30), "red": (228, 32, 40), "yellow": (252, 232, 30), "green": (28, 160, 80),
    "dark_blue": (20, 80, 170)})
GROUP_NAMES: Mapping[str, str] = MappingProxyType({
    "dark_purple": "Purple", "light_blue": "Light blue", "pink": "Pink", "orange": "Orange", "red": "Red",
    "yellow": "Yellow", "green": "Green", "dark_blue": "Dark blue", "railroad": "Railroads",
    "utility": "Utilities"})
# Our own short names, short enough to read on a 550 px wide image ("\n" breaks a line).
SHORT: Mapping[str, str] = MappingProxyType({
    "Mediterranean Avenue": "Mediter-\nranean", "Baltic Avenue": "Baltic", "Income Tax": "Income\nTax",
    "Reading Railroad": "Reading\nRR", "Oriental Avenue": "Oriental", "Vermont Avenue": "Vermont",
    "Connecticut Avenue": "Connec-\nticut", "St. Charles Place": "St.\nCharles", "Electric Company": "Electric\nCo.",
    "States Avenue": "States", "Virginia Avenue": "Virginia", "Pennsylvania Railroad": "Penn.\nRR",
    "St. James Place": "St.\nJames", "Community Chest": "Comm.\nChest", "Tennessee Avenue": "Tennes-\nsee",
    "New York Avenue": "New\nYork", "Kentucky Avenue": "Kentucky", "Indiana Avenue": "Indiana",
    "Illinois Avenue": "Illinois", "B. & O. Railroad": "B&O\nRR", "Atlantic Avenue": "Atlantic",
    "Ventnor Avenue": "Ventnor", "Water Works": "Water\nWorks", "Marvin Gardens": "Marvin\nGardens",
    "Pacific Avenue": "Pacific", "North Carolina Avenue": "N. Caro-\nlina", "Pennsylvania Avenue": "Penn.\nAve",
    "Short Line": "Short\nLine", "Park Place": "Park\nPlace", "Boardwalk": "Board-\nwalk", "Luxury Tax": "Luxury\nTax",
    "GO": "GO", "In Jail / Just Visiting": "Jail", "Free Parking": "Free Parking", "Go to Jail": "Go to Jail"})
DEED_KINDS = ("street", "railroad", "utility")


@dataclass(frozen=True)
class Square:
    index: int
    name: str
    kind: str  # street, railroad, utility, tax, chance, community_chest, go, jail, free_parking, go_to_jail
    group: str | None = None
    price: int = 0
    tax: int = 0

    @property
    def short(self) -> str:
        """The name on the board, maybe on two lines."""
        return SHORT.get(self.name, self.name)

    @property
    def label(self) -> str:
        """The short name on one line (tables, panels)."""
        return self.short.replace("-\n", "").replace("\n", " ")

    @property
    def family(self) -> str:
        """The colour group of a street, else the kind (``railroad``, ``utility``...)."""
        return self.group or self.kind


@dataclass(frozen=True)
class BoardData:
    spaces: tuple[Square, ...]
    salary: int

    def family(self, name: str) -> tuple[int, ...]:
        return tuple(s.index for s in self.spaces if s.family == name)

    @property
    def families(self) -> tuple[str, ...]:
        """The deed families in board order: the eight colour groups, the railroads, the utilities."""
        seen: dict[str, None] = {}
        for s in self.spaces:
            if s.kind in DEED_KINDS:
                seen.setdefault(s.family)
        return tuple(seen)


@cache
def board_data() -> BoardData:
    """The 40 spaces as the board shows them, from the engine's board (``engine.monopoly.board``)."""
    b = board()
    spaces = tuple(Square(s.index, s.name, s.kind, s.group, s.price, s.tax) for s in b.spaces)
    return BoardData(spaces, b.constants["go_salary"])


# --- the empty board ------------------------------------------------------------------------------------

_lock = threading.Lock()
_built: list[Image.Image] = []


def base() -> Image.Image:
    """The empty board, RGB, ``layout.SIZE`` square: copy it before drawing."""
    if not _built:
        with _lock:
            if not _built:
                _built.append(_board())
    return _built[0]


def fitted(d: ImageDraw.ImageDraw, text: str, width: float, largest: int, smallest: int = 11,
           bold: bool = True) -> Font:
    """The largest font (``largest`` down to ``smallest``) in which every line of ``text`` fits ``width``."""
    size = largest
    while size > smallest and max(d.textlength(line, font=font(size, bold)) for line in text.split("\n")) > width:
        size -= 1
    return font(size, bold)


def _board() -> Image.Image:
    img = Image.new("RGB", (lay.SIZE, lay.SIZE), TABLE)
    d = ImageDraw.Draw(img)
    data = board_data()
    for s in data.spaces:
        if lay.side(s.index) == "corner":
            _corner(img, d, s, data.salary)
        else:
            _edge(img, d, s)
    _title(d)
    return img


def _edge(img: Image.Image, d: ImageDraw.ImageDraw, s: Square) -> None:
    i = s.index
    d.rectangle(lay.space_box(i), fill=PAPER, outline=INK, width=2)
    bar = lay.bar(i)
    if s.group:
        d.rectangle(bar, fill=GROUPS[s.group], outline=INK, width=2)
    else:
        water = s.kind == "utility" and "water" in s.name.lower()
        ICONS.get("water" if water else s.kind, _no_icon)(d, lay.middle(bar))
    x0, y0, x1, _ = lay.name_box(i)
    name = s.short
    face = fitted(d, name, x1 - x0 - 6, 19)
    d.multiline_text(((x0 + x1) / 2, y0 + 4), name, font=face, fill=INK, anchor="ma", align="center", spacing=2)
    price = f"${s.price}" if s.price else f"${s.tax}" if s.tax else ""
    if price:
        d.line(_inner_edge(i, lay.band(i)), fill=INK, width=1)
        band_text(img, d, i, price, SOFT)


def band_text(img: Image.Image, d: ImageDraw.ImageDraw, space: int, text: str, ink: RGB, bold: bool = False) -> None:
    """``text`` in the outer band of ``space``; more than one letter is turned to run along the band on the left
    and right sides."""
    x0, y0, x1, y1 = lay.band(space)
    turn = {"left": 90, "right": 270}.get(lay.side(space), 0) if len(text) > 1 else 0
    if not turn:
        d.text(((x0 + x1) / 2, (y0 + y1) / 2), text, font=font(22 if bold else 18, bold), fill=ink, anchor="mm")
        return
    w, h = round(y1 - y0), round(x1 - x0)
    label = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(label).text((w / 2, h / 2), text, font=font(18), fill=ink, anchor="mm")
    turned = label.rotate(turn, expand=True)
    img.paste(turned, (round(x0), round(y0)), turned)


def _inner_edge(space: int, box: lay.Box) -> tuple[tuple[float, float], tuple[float, float]]:
    """The side of ``box`` nearer the board's centre."""
    x0, y0, x1, y1 = box
    return {"bottom": ((x0, y0), (x1, y0)), "top": ((x0, y1), (x1, y1)), "left": ((x1, y0), (x1, y1)),
            "right": ((x0, y0), (x0, y1))}[lay.side(space)]


def _corner(img: Image.Image, d: ImageDraw.ImageDraw, s: Square, salary: int) -> None:
    box = lay.space_box(s.index)
    x0, y0, x1, y1 = box
    d.rectangle(box, fill=PAPER, outline=INK, width=2)
    cx = (x0 + x1) / 2
    if s.kind == "go":
        d.text((cx, y0 + 16), f"collect ${salary}", font=font(16, True), fill=INK, anchor="mm")
        d.text((cx, y0 + 54), "GO", font=font(58, True), fill=TITLE, anchor="mm")
        _arrow(d, (x1 - 20, y0 + 90), (x0 + 20, y0 + 90))  # play runs left along the bottom
    elif s.kind == "jail":
        cell = lay.jail_cell()
        d.rectangle((cell[0] - 4, y0, x1, cell[3] + 4), fill=(245, 146, 30), outline=INK, width=2)
        d.text(((cell[0] + cell[2]) / 2, y0 + 14), "IN JAIL", font=font(17, True), fill=INK, anchor="mm")
        d.rectangle(cell, fill=(255, 226, 180), outline=INK, width=1)
        for k in range(1, 5):
            x = cell[0] + k * (cell[2] - cell[0]) / 5
            d.line([(x, cell[1]), (x, cell[3])], fill=(215, 170, 110), width=3)
        visiting = Image.new("RGBA", (lay.CORNER, 40), (0, 0, 0, 0))
        ImageDraw.Draw(visiting).text((lay.CORNER / 2, 20), "JUST VISITING", font=font(17, True), fill=INK,
                                      anchor="mm")
        turned = visiting.rotate(90, expand=True)
        img.paste(turned, (round(x0 + 10), round(y0)), turned)
    elif s.kind == "free_parking":
        d.multiline_text((cx, y0 + 44), "FREE\nPARKING", font=font(24, True), fill=INK, anchor="mm",
                         align="center")
    elif s.kind == "go_to_jail":
        d.multiline_text((cx, y0 + 44), "GO TO\nJAIL", font=font(26, True), fill=TITLE, anchor="mm",
                         align="center")
        _arrow(d, (x0 + 30, y0 + 88), (x1 - 30, y0 + 88), INK)


def _arrow(d: ImageDraw.ImageDraw, start: tuple[float, float], end: tuple[float, float],
           colour: RGB = TITLE) -> None:
    (ax, ay), (bx, by) = start, end
    step = 1 if bx > ax else -1
    d.line([(ax, ay), (bx - step * 14, by)], fill=colour, width=8)
    d.polygon([(bx, by), (bx - step * 20, by - 13), (bx - step * 20, by + 13)], fill=colour)


def _title(d: ImageDraw.ImageDraw) -> None:
    x0, y0, x1, _ = lay.centre_box()
    top = y0 + 22
    d.rectangle((x0 + 150, top, x1 - 150, top + 76), fill=TITLE, outline=INK, width=3)
    d.text(((x0 + x1) / 2, top + 38), "MONOPOLY", font=font(58, True), fill=WHITE, anchor="mm")


# --- the marks of the spaces without a colour, drawn in the colour bar's place -----------------------------

Point = tuple[float, float]


def _no_icon(d: ImageDraw.ImageDraw, at: Point) -> None:
    return None


def _train(d: ImageDraw.ImageDraw, at: Point) -> None:
    x, y = at
    d.rectangle((x - 16, y - 5, x + 6, y + 6), fill=INK)  # boiler
    d.rectangle((x + 2, y - 12, x + 14, y + 6), fill=INK)  # cab
    d.rectangle((x - 13, y - 12, x - 8, y - 5), fill=INK)  # chimney
    for wx in (x - 11, x - 1, x + 9):
        d.ellipse((wx - 4, y + 4, wx + 4, y + 12), fill=WHITE, outline=INK, width=2)


def _bolt(d: ImageDraw.ImageDraw, at: Point) -> None:
    x, y = at
    d.polygon([(x + 3, y - 13), (x - 9, y + 2), (x - 1, y + 2), (x - 4, y + 13), (x + 9, y - 3), (x + 1, y - 3)],
              fill=(250, 206, 20), outline=INK)


def _drop(d: ImageDraw.ImageDraw, at: Point) -> None:
    x, y = at
    d.ellipse((x - 8, y - 3, x + 8, y + 13), fill=(40, 120, 220))
    d.polygon([(x, y - 13), (x - 7.5, y + 3), (x + 7.5, y + 3)], fill=(40, 120, 220))


def _question(d: ImageDraw.ImageDraw, at: Point) -> None:
    d.text(at, "?", font=font(28, True), fill=(226, 110, 0), anchor="mm")


def _chest(d: ImageDraw.ImageDraw, at: Point) -> None:
    x, y = at
    d.rounded_rectangle((x - 14, y - 11, x + 14, y - 2), radius=4, fill=(40, 90, 180), outline=INK)
    d.rectangle((x - 14, y - 2, x + 14, y + 11), fill=(40, 90, 180), outline=INK)
    d.rectangle((x - 3, y - 5, x + 3, y + 3), fill=(250, 206, 20), outline=INK)


def _dollar(d: ImageDraw.ImageDraw, at: Point) -> None:
    d.text(at, "$", font=font(26, True), fill=INK, anchor="mm")


ICONS: Mapping[str, Callable[[ImageDraw.ImageDraw, Point], None]] = MappingProxyType({
    "railroad": _train, "utility": _bolt, "water": _drop, "chance": _question, "community_chest": _chest,
    "tax": _dollar})
