"""Convert the shared Letters from Whitechapel board facts into ``data/whitechapel/board.json``.

Sources (``../shared/reference/whitechapel/``, see its README.md and NOTICE): ``streets.json`` (the street graph
with positions), ``moves_dienes.json`` (regular, alley and carriage circle pairs), ``whitechapelR.json`` (MIT:
regular and alley pairs) and ``whitechapelai.json`` (GPL-3.0: crossings by the circles they touch, red and yellow
flags). Only facts and numbers are taken. The sources are held against each other and the script stops with the
differences if they disagree beyond what is settled below. Run from the repository root::

    python tools/convert_whitechapel.py [path/to/reference/whitechapel]

and commit the file it writes.
"""

from __future__ import annotations

import json
import math
import sys
from collections import Counter, defaultdict
from itertools import combinations
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.whitechapel.board import Board  # noqa: E402

DEFAULT_SOURCE = ROOT.parent / "shared" / "reference" / "whitechapel"
OUTPUT = ROOT / "data" / "whitechapel" / "board.json"

WIDTH, HEIGHT = 1000.0, 675.0  # the sources' coordinate box: x 47-980, y 20-655, with a margin
COLUMNS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # 24 grid columns; no I or O, which read as 1 and 0
CELL = WIDTH / len(COLUMNS)
SUFFIXES = "abc"

# What the sources read differently, and how it is settled (checked below: anything else stops the script).
CROSSING_44_59 = ((59,), (44, 59))  # streets.json reads (59,), whitechapelai's crossing list (44, 59)
ALLEY_35_39 = (35, 39)  # whitechapelR only
# Police steps whitechapelai lacks: through circles 26 and 28, which one street joins with no crossing between.
STEPS_THROUGH_26_28 = {((1, 26), (27, 28)), ((7, 26), (27, 28))}

ABOUT = (
    "Letters from Whitechapel (revised edition) board: the 195 numbered circles and 234 crossings with their "
    "positions, the dotted-line streets joining them, the regular moves with the crossings each route passes, "
    "the Alley moves, and the police steps between crossings. Converted by tools/convert_whitechapel.py from "
    "public transcriptions (see NOTICE); facts and numbers only. Crossings are named by a grid over the board: "
    f"columns {COLUMNS[0]}-{COLUMNS[-1]} (no I or O) from the left, rows 1-16 from the top, each cell "
    f"{CELL:.3f} units square; a crossing alone in its cell is named by the cell (F7), crossings sharing a cell "
    "get a, b, c from left to right (F7a, F7b)."
)
SETTLED = [
    "Regular moves: 775 circle pairs, found by walking the streets from each circle through crossings only to the "
    "next circles; they equal Dienes' list pair for pair. whitechapelR's 767 (8 missing, 2 extra) is outvoted.",
    "The crossing between circles 44 and 59 (at x 126, y 223): whitechapelai names it as touching 44 and 59, but "
    "its own table of each circle's crossings gives 59 only, as streets.json does; the street from 44 meets the "
    "crossing next to it (x 110, y 187) instead. Kept as touching 59 only: two readings against one. Circles "
    "44 and 59 stay one regular move apart either way; only who may search 44 from that crossing changes.",
    "Alleys: a block is a face of the street map (bounded by dotted lines, not crossed by one). The faces of the "
    "streets.json drawing give exactly Dienes' 451 pairs. whitechapelR's extra pair 35-39 is dropped: 35 lies on "
    "the blocks 35-36-37-38 and 34-35, 39 on 18-38-39, 37-39-55-56 and 19-20-39-40-56-57, none shared.",
    "Carriage (Coach) moves: two regular moves ending on a circle other than the start; the destinations equal "
    "Dienes' 2412 carriage pairs (read both ways).",
    "Police steps: from a crossing along the dotted lines to the next crossing, passing numbered circles as if "
    "they were not there. Search and arrest reach the circles joined to the crossing by a dotted line with no "
    "crossing between (the rulebook's example: 99, 100 and 120 from one crossing, not 83). whitechapelai's "
    "crossing links, with the steps through one circle two crossings share, give 448 of our 450 steps (its 7 "
    "links naming crossings it does not list are left out). The 2 more are from the crossings by 1/26 and "
    "7/26 to the one by 27/28, through circles 26 and 28, which one street joins directly: kept, since a "
    "policeman passes circles as if they were not there.",
    "Left out: the Letters' board sections (A/B/C, a/b) and Goulston Street, which no source here gives.",
]


class SourcesDisagree(SystemExit):
    """The sources disagree beyond what is settled above: the message lists the differences."""


def check(what: str, ours: Any, theirs: Any) -> None:
    if ours != theirs:
        extra, missing = sorted(ours - theirs), sorted(theirs - ours)
        raise SourcesDisagree(f"{what}: only ours {extra[:20]}, only theirs {missing[:20]}")


def pairs(raw: list[list[int]]) -> set[tuple[int, int]]:
    return {(min(a, b), max(a, b)) for a, b in raw}


class Streets:
    """The street graph of streets.json: nodes are circles (their number) or crossings (their node id)."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.nodes = {n["node"]: n for n in raw["nodes"]}
        self.circle = {i: n["circle"] for i, n in self.nodes.items() if n["circle"] is not None}
        self.crossings = [i for i in self.nodes if i not in self.circle]
        for i, n in self.nodes.items():
            for j in n["streets"]:
                if i not in self.nodes[j]["streets"]:
                    raise SourcesDisagree(f"streets.json: {i} -> {j} has no way back")

    def near(self, i: int) -> list[int]:
        return list(self.nodes[i]["streets"])

    def touches(self, crossing: int) -> tuple[int, ...]:
        return tuple(sorted(self.circle[j] for j in self.near(crossing) if j in self.circle))

    def routes(self, start: int) -> dict[int, set[frozenset[int]]]:
        """Every circle one regular move from circle node ``start``, with the crossings each simple path passes."""
        found: dict[int, set[frozenset[int]]] = defaultdict(set)

        def walk(node: int, passed: tuple[int, ...]) -> None:
            for nxt in self.near(node):
                if nxt in self.circle:
                    if nxt != start:
                        found[self.circle[nxt]].add(frozenset(passed))
                elif nxt not in passed:
                    walk(nxt, passed + (nxt,))

        walk(start, ())
        return found

    def steps(self, crossing: int) -> set[int]:
        """The crossings one police step away: along the streets, passing circles only."""
        seen, todo, found = {crossing}, [crossing], set()
        while todo:
            for nxt in self.near(todo.pop()):
                if nxt in seen:
                    continue
                seen.add(nxt)
                if nxt in self.circle:
                    todo.append(nxt)
                else:
                    found.add(nxt)
        return found

    def blocks(self) -> list[list[int]]:
        """The circles on each block's perimeter: the faces of the drawing, but the outer one."""
        def clockwise(a: int) -> list[int]:
            here = self.nodes[a]
            return sorted(self.near(a), key=lambda b: math.atan2(self.nodes[b]["y"] - here["y"],
                                                                 self.nodes[b]["x"] - here["x"]))

        around = {i: clockwise(i) for i in self.nodes}
        used: set[tuple[int, int]] = set()
        faces = []
        for a0 in self.nodes:
            for b0 in self.near(a0):
                face, a, b = [], a0, b0
                while (a, b) not in used:
                    used.add((a, b))
                    face.append(a)
                    ring = around[b]
                    a, b = b, ring[(ring.index(a) - 1) % len(ring)]
                if face:
                    faces.append(face)
        edges = sum(len(n["streets"]) for n in self.nodes.values()) // 2
        if len(self.nodes) - edges + len(faces) != 2:
            raise SourcesDisagree("streets.json: the street drawing is not flat (lines cross away from nodes)")

        def area(face: list[int]) -> float:
            pts = [(self.nodes[i]["x"], self.nodes[i]["y"]) for i in face]
            return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]))

        outer = max(faces, key=lambda f: abs(area(f)))
        return [sorted({self.circle[i] for i in f if i in self.circle}) for f in faces if f is not outer]


def crossing_names(streets: Streets) -> dict[int, str]:
    """Grid names: the column letter and row number of the cell, plus a, b, c when the cell holds several."""
    cells: dict[tuple[int, int], list[int]] = defaultdict(list)
    for i in streets.crossings:
        n = streets.nodes[i]
        cells[(int(n["y"] // CELL), int(n["x"] // CELL))].append(i)
    names = {}
    for (row, col), here in cells.items():
        here.sort(key=lambda i: (streets.nodes[i]["x"], streets.nodes[i]["y"]))
        for k, i in enumerate(here):
            names[i] = f"{COLUMNS[col]}{row + 1}" + (SUFFIXES[k] if len(here) > 1 else "")
    return names


def minimal(routes: set[frozenset[int]]) -> list[frozenset[int]]:
    """Drop each route that passes every crossing of a shorter one: it is blocked whenever that one is."""
    return [r for r in routes if not any(o < r for o in routes)]


def settle_crossings(streets: Streets, ai: dict[str, Any]) -> None:
    ours = Counter(streets.touches(i) for i in streets.crossings)
    theirs = Counter(tuple(sorted(c["circles"])) for c in ai["crossings"])
    ours_only, theirs_only = ours - theirs, theirs - ours
    if (list(ours_only.elements()), list(theirs_only.elements())) != ([CROSSING_44_59[0]], [CROSSING_44_59[1]]):
        raise SourcesDisagree(f"crossings: only streets.json {dict(ours_only)}, only whitechapelai {dict(theirs_only)}")
    named = "44,59.2"
    if [c["circle"] for c in ai["circles"] if named in c["crossings"]] != [59]:
        raise SourcesDisagree("whitechapelai: its circle table no longer gives crossing 44,59 to circle 59 only")
    yellow_ours = {streets.touches(i) for i in streets.crossings if streets.nodes[i]["yellow"]}
    check("yellow crossings", yellow_ours, {tuple(sorted(c["circles"])) for c in ai["crossings"] if c["yellow"]})
    if len(yellow_ours) != 7:
        raise SourcesDisagree(f"yellow crossings: {len(yellow_ours)}, not 7")


def check_police_steps(streets: Streets, ai: dict[str, Any]) -> None:
    """Our steps, each read as the circles its two crossings touch, against whitechapelai's."""
    def step(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return (a, b) if a <= b else (b, a)

    ours = Counter(step(streets.touches(i), streets.touches(j))
                   for i in streets.crossings for j in streets.steps(i) if i < j)
    touches = {c["crossing"]: tuple(sorted(c["circles"])) for c in ai["crossings"]}
    touches["44,59.2"] = CROSSING_44_59[0]
    links = {frozenset(link) for link in ai["crossing_links"] if set(link) <= set(touches)}
    at: dict[int, list[str]] = defaultdict(list)
    for crossing, circles in touches.items():
        for circle in circles:
            at[circle].append(crossing)
    links |= {frozenset(two) for here in at.values() for two in combinations(here, 2)}
    theirs = Counter(step(touches[a], touches[b]) for a, b in map(sorted, links))
    if theirs - ours or ours - theirs != Counter(STEPS_THROUGH_26_28):
        raise SourcesDisagree(f"police steps: only ours {dict(ours - theirs)}, only whitechapelai "
                              f"{dict(theirs - ours)}")


def convert(source: Path) -> dict[str, Any]:
    def load(name: str) -> Any:
        return json.loads((source / name).read_text(encoding="utf-8"))

    streets, dienes = Streets(load("streets.json")), load("moves_dienes.json")
    bmewing, ai = load("whitechapelR.json"), load("whitechapelai.json")
    if sorted(streets.circle.values()) != list(range(1, 196)) or len(streets.crossings) != 234:
        raise SourcesDisagree("streets.json: not 195 circles numbered 1-195 and 234 crossings")
    settle_crossings(streets, ai)
    check_police_steps(streets, ai)
    red = {n["circle"] for n in streets.nodes.values() if n["red"]}
    check("red circles", red, {c["circle"] for c in ai["circles"] if c["red"]})
    if len(red) != 8:
        raise SourcesDisagree(f"red circles: {len(red)}, not 8")

    name = crossing_names(streets)
    moves: dict[tuple[int, int], list[frozenset[int]]] = {}
    for node, number in streets.circle.items():
        for other, found in streets.routes(node).items():
            moves[(min(number, other), max(number, other))] = minimal(found)
    check("regular moves (streets.json against Dienes)", set(moves), pairs(dienes["moves"]))
    alleys = {pair for block in streets.blocks() for pair in combinations(block, 2)}
    check("alleys (blocks of streets.json against Dienes)", alleys, pairs(dienes["alleys"]))
    check("alleys whitechapelR adds", pairs(bmewing["alleys"]) - alleys, {ALLEY_35_39})

    label = {**{i: str(c) for i, c in streets.circle.items()}, **name}
    order = sorted(streets.crossings, key=lambda i: grid_order(name[i]))
    data = {
        "about": ABOUT,
        "settled": SETTLED,
        "width": WIDTH,
        "height": HEIGHT,
        "circles": [
            {"number": c, "x": streets.nodes[i]["x"], "y": streets.nodes[i]["y"], "red": streets.nodes[i]["red"]}
            for i, c in sorted(streets.circle.items(), key=lambda item: item[1])
        ],
        "crossings": [
            {"name": name[i], "x": streets.nodes[i]["x"], "y": streets.nodes[i]["y"],
             "yellow": streets.nodes[i]["yellow"], "circles": list(streets.touches(i)),
             "steps": sorted((name[j] for j in streets.steps(i)), key=grid_order)}
            for i in order
        ],
        "moves": [
            {"circles": list(pair), "routes": sorted(sorted((name[i] for i in r), key=grid_order) for r in routes)}
            for pair, routes in sorted(moves.items())
        ],
        "alleys": [list(pair) for pair in sorted(alleys)],
        "streets": sorted(sorted((label[i], label[j])) for i in streets.nodes for j in streets.near(i) if i < j),
    }
    coach = {(a, b) for a in range(1, 196) for _, b in Board(data).coach_moves(a)}
    check("carriage destinations (ours against Dienes, both ways)", coach,
          pairs(dienes["carriages"]) | {(b, a) for a, b in dienes["carriages"]})
    return data


def grid_order(name: str) -> tuple[int, int, str]:
    """Reading order: row, then column, then suffix."""
    digits = "".join(ch for ch in name if ch.isdigit())
    return int(digits), COLUMNS.index(name[0]), name[-1] if name[-1].isalpha() and len(name) > 1 else ""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    source = Path(args[0]) if args else DEFAULT_SOURCE
    data = convert(source)
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}: {len(data['circles'])} circles, {len(data['crossings'])} crossings, "
          f"{len(data['moves'])} moves, {len(data['alleys'])} alleys")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
