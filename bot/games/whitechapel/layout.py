"""Where everything of a Whitechapel image goes, in output pixels: pure geometry, no drawing.

The image, top to bottom: the header band, the map framed by the grid's letters (columns A-Z without I and O,
left to right) and numbers (rows 1-16, top to bottom), then the strip with the move track and the night track.
``pieces(picture)`` places every piece: on its circle or crossing when that is free, else on the nearest free
spot around it (a leader line joins it to its place), so no two pieces ever overlap.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, partial

from bot.games.whitechapel.picture import COLOURS, LAST_SQUARE, NIGHTS, TIMES, Picture
from engine.whitechapel.board import Board, board

SCALE = 1.5  # output pixels per board unit (the board is 1000 x 675 units)
EDGE = 24  # the frame holding the grid's letters and numbers
HEADER = 72
STRIP = 118
COLUMNS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # the board grid: no I or O
ROWS = 16
CIRCLE_R = 13  # a circle's radius in pixels
GAP = 2  # the least room between two pieces

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True)
class Placed:
    """One piece: ``kind`` and ``look`` say what to draw (a colour, a face, a number), ``spot`` where it belongs
    (a circle's number or a crossing's name, at ``anchor``), ``x``/``y`` its centre and ``w``/``h`` its size."""

    kind: str
    look: str
    spot: str
    anchor: tuple[float, float]
    x: float
    y: float
    w: float
    h: float

    @property
    def box(self) -> Box:
        return self.x - self.w / 2, self.y - self.h / 2, self.x + self.w / 2, self.y + self.h / 2

    @property
    def moved(self) -> bool:
        """Placed away from its spot (drawn with a leader line)."""
        return math.dist(self.anchor, (self.x, self.y)) > 2


# kind -> (width, height) in pixels; a move label's width grows with its text
SIZES: dict[str, tuple[float, float]] = {
    "policeman": (26, 34), "patrol": (24, 24), "hideout": (32, 32), "crime": (28, 28), "woman": (28, 28),
    "wretched": (26, 34), "clue": (28, 28), "false_clue": (28, 28), "move": (15, 18),
    "searched": (32, 32),  # a ring drawn round its circle, under the pieces (not placed)
}
MOVE_CHAR = 8  # a move label's width per character


def size() -> tuple[int, int]:
    """The whole image's width and height."""
    b = board()
    return round(b.width * SCALE) + 2 * EDGE, HEADER + round(b.height * SCALE) + 2 * EDGE + STRIP


def map_box() -> Box:
    b = board()
    return EDGE, HEADER + EDGE, EDGE + b.width * SCALE, HEADER + EDGE + b.height * SCALE


def point(x: float, y: float) -> tuple[float, float]:
    """A board position (units) in output pixels."""
    x0, y0, _, _ = map_box()
    return x0 + x * SCALE, y0 + y * SCALE


def circle_at(number: int) -> tuple[float, float]:
    c = board().circles[number]
    return point(c.x, c.y)


def crossing_at(name: str) -> tuple[float, float]:
    c = board().crossings[name]
    return point(c.x, c.y)


def cell_size() -> float:
    """A grid cell's side in pixels (the grid spans the board's width)."""
    return board().width / len(COLUMNS) * SCALE


def check(picture: Picture) -> None:
    """Refuse a picture naming a circle, crossing, colour or night the board does not have (one line)."""
    b = board()
    for c in _circles(picture):
        if c not in b.circles:
            raise ValueError(f"there is no circle {c!r} on the Whitechapel board (1 to {max(b.circles)})")
    for colour in [*picture.policemen, *(p.face for p in picture.patrols), *(p.known for p in picture.patrols)]:
        if colour is not None and colour not in (*COLOURS, "fake"):
            raise ValueError(f"no policeman or patrol token is {colour!r}: {', '.join(COLOURS)} or fake")
    for name in [*picture.policemen.values(), *(p.crossing for p in picture.patrols)]:
        if name not in b.crossings:
            raise ValueError(f"there is no crossing {name!r} on the Whitechapel board")
    if not 0 <= picture.night <= NIGHTS:
        raise ValueError(f"the night must be 0 to {NIGHTS}, not {picture.night}")
    for square in [picture.square, *picture.specials]:
        if square is not None and not 1 <= square <= LAST_SQUARE:
            raise ValueError(f"the move track squares are 1 to {LAST_SQUARE}, not {square}")
    for kind in picture.specials.values():
        if kind not in ("coach", "alley"):
            raise ValueError(f"a move track token is a coach or an alley, not {kind!r}")
    if picture.time_of_the_crime is not None and not 1 <= picture.time_of_the_crime <= TIMES:
        raise ValueError(f"the Time of the Crime is 1 to {TIMES} (I to V), not {picture.time_of_the_crime}")
    if picture.head is not None and picture.head not in COLOURS:
        raise ValueError(f"the Head's colour is one of {', '.join(COLOURS)}, not {picture.head!r}")


def _circles(picture: Picture) -> Iterator[int]:
    yield from picture.women
    yield from picture.marked
    yield from picture.wretched
    yield from (c for c, _ in picture.crime_scenes)
    yield from picture.clues
    yield from picture.false_clues
    yield from picture.searched
    yield from (c for p in picture.paths for c in p.circles)
    if picture.hideout is not None:
        yield picture.hideout


def wanted(picture: Picture) -> list[tuple[str, str, str, tuple[float, float]]]:
    """Every piece to place as (kind, look, spot, anchor), the ones that most need their own spot first."""
    out: list[tuple[str, str, str, tuple[float, float]]] = []
    for colour, where in picture.policemen.items():
        out.append(("policeman", colour, where, crossing_at(where)))
    for p in picture.patrols:
        look = p.face or (f"known-{p.known}" if p.known else "down")
        out.append(("patrol", look, p.crossing, crossing_at(p.crossing)))
    if picture.hideout is not None:
        out.append(("hideout", str(picture.hideout), str(picture.hideout), circle_at(picture.hideout)))
    for c, night in picture.crime_scenes:
        out.append(("crime", str(night), str(c), circle_at(c)))
    marked = set(picture.marked)
    for c in picture.women:
        out.append(("woman", "marked" if c in marked else "down", str(c), circle_at(c)))
    for c in picture.wretched:
        out.append(("wretched", "white", str(c), circle_at(c)))
    for c in picture.clues:
        out.append(("clue", str(c), str(c), circle_at(c)))
    for c in picture.false_clues:
        out.append(("false_clue", str(c), str(c), circle_at(c)))
    for path in picture.paths:
        for c, label in path.labels().items():
            out.append(("move", f"{path.night}:{label}", str(c), circle_at(c)))
    return out


def pieces(picture: Picture) -> list[Placed]:
    """Every piece placed, none overlapping another (see the module's docstring)."""
    check(picture)
    placed: list[Placed] = []
    for kind, look, spot, anchor in wanted(picture):
        w, h = SIZES[kind]
        if kind == "move":
            w += MOVE_CHAR * (len(look.split(":", 1)[1]) - 1)
        placed.append(_place(kind, look, spot, anchor, w, h, placed))
    return placed


def _place(kind: str, look: str, spot: str, anchor: tuple[float, float], w: float, h: float,
           placed: list[Placed]) -> Placed:
    """The first free place on rings around the anchor; a move label never sits on a circle's number."""
    ax, ay = anchor
    fallback: Placed | None = None
    first_ring = 1 if kind == "move" else 0
    for ring in range(first_ring, 12):
        free: list[Placed] = []
        for dx, dy in _ring(ring):
            piece = Placed(kind, look, spot, anchor, ax + dx, ay + dy, w, h)
            if _inside(piece.box) and not any(overlaps(piece.box, other.box) for other in placed):
                free.append(piece)
        for piece in free:
            if ring == 0 or not _covers_spot(piece.box, spot):
                return piece
        if free and fallback is None:
            fallback = free[0]
        if fallback is not None and ring >= first_ring + 3:
            return fallback
    if fallback is None:
        raise ValueError(f"no room for the {kind} at {spot}")
    return fallback


def _ring(ring: int) -> list[tuple[float, float]]:
    """Offsets at ``ring`` steps from the anchor, starting to the right and turning clockwise."""
    if ring == 0:
        return [(0.0, 0.0)]
    radius = 12.0 + 10.0 * ring
    count = 8 * ring
    return [(radius * math.cos(2 * math.pi * k / count), radius * math.sin(2 * math.pi * k / count))
            for k in range(count)]


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] + GAP and b[0] < a[2] + GAP and a[1] < b[3] + GAP and b[1] < a[3] + GAP


def _inside(box: Box) -> bool:
    x0, y0, x1, y1 = map_box()
    return box[0] >= x0 and box[1] >= y0 and box[2] <= x1 and box[3] <= y1


def _covers_spot(box: Box, own: str) -> bool:
    """Whether ``box`` hides a circle other than ``own`` (its number)."""
    return any(overlaps(box, (x - 6, y - 6, x + 6, y + 6)) for number, (x, y) in circles_near(box)
               if str(number) != own)


def circles_near(box: Box) -> Iterator[tuple[int, tuple[float, float]]]:
    """The circles (number, centre) whose centre lies within a cell or so of ``box``."""
    grid = _circle_grid()
    step = CIRCLE_CELL
    for gx in range(int(box[0] // step) - 1, int(box[2] // step) + 2):
        for gy in range(int(box[1] // step) - 1, int(box[3] // step) + 2):
            yield from grid.get((gx, gy), ())


CIRCLE_CELL = 40.0


@cache
def _circle_grid() -> dict[tuple[int, int], tuple[tuple[int, tuple[float, float]], ...]]:
    """The circles' centres by 40-pixel cells, for quick "what is near" questions."""
    found: dict[tuple[int, int], list[tuple[int, tuple[float, float]]]] = {}
    for number in board().circles:
        x, y = circle_at(number)
        found.setdefault((int(x // CIRCLE_CELL), int(y // CIRCLE_CELL)), []).append((number, (x, y)))
    return {k: tuple(v) for k, v in found.items()}


def blocks(b: Board) -> list[list[tuple[float, float]]]:
    """The city blocks: the faces of the street drawing (each a ring of board points), the outer one left out."""
    near: dict[tuple[float, float], set[tuple[float, float]]] = {}
    for p, q in b.streets():
        near.setdefault(p, set()).add(q)
        near.setdefault(q, set()).add(p)
    around = {p: sorted(qs, key=partial(_bearing, p)) for p, qs in near.items()}
    used: set[tuple[tuple[float, float], tuple[float, float]]] = set()
    faces = []
    for start, ends in around.items():
        for end in ends:
            face, a, c = [], start, end
            while (a, c) not in used:
                used.add((a, c))
                face.append(a)
                ring = around[c]
                a, c = c, ring[(ring.index(a) - 1) % len(ring)]
            if len(face) > 2:
                faces.append(face)
    if not faces:
        return []
    outer = max(faces, key=lambda f: abs(_area(f)))
    return [f for f in faces if f is not outer]


def _bearing(p: tuple[float, float], q: tuple[float, float]) -> float:
    return math.atan2(q[1] - p[1], q[0] - p[0])


def _area(face: list[tuple[float, float]]) -> float:
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(face, face[1:] + face[:1])) / 2


@dataclass(frozen=True)
class Square:
    """One square of the move track (1-15) or of the night track (1-4)."""

    number: int
    box: Box
    label: str


ROMAN = ("I", "II", "III", "IV", "V")


def move_track() -> list[Square]:
    """The fifteen squares of the move track in the strip: I-V (the Time of the Crime), then 6-15."""
    width, height = size()
    top = height - STRIP + 30
    side, gap = 62, 8
    x0 = EDGE
    return [Square(n, (x0 + (n - 1) * (side + gap), top, x0 + (n - 1) * (side + gap) + side, top + side),
                   ROMAN[n - 1] if n <= len(ROMAN) else str(n)) for n in range(1, LAST_SQUARE + 1)]


def night_track() -> list[Square]:
    """The four nights, right of the move track."""
    width, height = size()
    top = height - STRIP + 30
    side, gap = 62, 8
    x0 = width - EDGE - NIGHTS * side - (NIGHTS - 1) * gap
    return [Square(n, (x0 + (n - 1) * (side + gap), top, x0 + (n - 1) * (side + gap) + side, top + side), str(n))
            for n in range(1, NIGHTS + 1)]
