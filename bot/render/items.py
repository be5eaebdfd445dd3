"""What the layout says to draw: plain frozen dataclasses, in output pixels.

The layout (``bot.render.layout``) turns a view into a list of these; the raster (``bot.render.raster``) draws
them. Tests inspect the list directly: an order token's ``text`` is the only place an order type appears, and
``text`` stays ``None`` for every token the viewer may not see.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.render.style import RGB


@dataclass(frozen=True)
class AreaTint:
    """A land area washed with its controller's colour."""

    area: str
    house: str
    colour: RGB


@dataclass(frozen=True)
class Blocked:
    """An area no one may enter this game: darkened and crossed out."""

    area: str


@dataclass(frozen=True)
class UnitGlyph:
    """One unit, or ``count`` alike units of one house drawn as one glyph (``3F``) when the area is crowded."""

    area: str
    house: str
    colour: RGB
    kind: str  # footman, knight, siege_engine, ship, dragon
    routed: bool
    count: int
    x: float  # centre
    y: float
    size: float


@dataclass(frozen=True)
class PowerToken:
    area: str
    house: str
    colour: RGB
    x: float
    y: float


@dataclass(frozen=True)
class Garrison:
    """A home garrison (house set) or a neutral force (house None) with its strength."""

    area: str
    house: str | None
    colour: RGB
    strength: int
    x: float
    y: float


@dataclass(frozen=True)
class Loyalty:
    """Loyalty tokens in an area (Mother of Dragons), ``count`` of them."""

    area: str
    count: int
    x: float
    y: float


@dataclass(frozen=True)
class Improvement:
    """What loans changed in an area (Mother of Dragons): its castle raised (``castle`` > 0) or lowered, and power
    and supply improvements placed there; a plaque ``w`` wide (``places.IMPROVE_H`` high)."""

    area: str
    castle: int
    power: int
    supply: int
    x: float
    y: float
    w: float


@dataclass(frozen=True)
class OrderMark:
    """An order token. ``text`` (e.g. ``M+1``) is None when it is face down for this viewer.

    ``own_secret`` marks the viewer's own order before the reveal: drawn with its text but styled as hidden
    from the others.
    """

    area: str
    house: str
    colour: RGB
    x: float
    y: float
    face_down: bool
    text: str | None = None
    special: bool = False
    own_secret: bool = False


@dataclass(frozen=True)
class AreaOutline:
    """A highlight around an area's outline."""

    area: str
    colour: RGB
    width: int


@dataclass(frozen=True)
class Arrow:
    """A march arrow between two points."""

    start: tuple[float, float]
    end: tuple[float, float]
    colour: RGB
    width: int


@dataclass(frozen=True)
class Badge:
    """A small marker with a short text, e.g. the crossed swords on an embattled area."""

    x: float
    y: float
    text: str
    fill: RGB
    ink: RGB
    size: int


@dataclass(frozen=True)
class Text:
    """Panel text; ``anchor`` as in Pillow (``la`` left-ascender, ``ma`` middle, ``ra`` right...)."""

    x: float
    y: float
    text: str
    size: int
    colour: RGB
    bold: bool = False
    anchor: str = "la"


@dataclass(frozen=True)
class Box:
    """A panel rectangle (``radius`` > 0 rounds the corners)."""

    x0: float
    y0: float
    x1: float
    y1: float
    fill: RGB | None
    outline: RGB | None = None
    width: int = 1
    radius: int = 0


@dataclass(frozen=True)
class Chip:
    """A house-coloured disc in the panel (Stark's near-white gets a dark ring like every chip)."""

    x: float
    y: float
    r: float
    colour: RGB
    text: str = ""


Item = (AreaTint | Blocked | UnitGlyph | PowerToken | Garrison | Loyalty | Improvement | OrderMark | AreaOutline
        | Arrow | Badge | Text | Box | Chip)
