"""Convert the Mother of Dragons maps' drawing data into ``data/mod/map_render_7.json`` and ``map_render_8.json``.

Source: ``../shared/reference/agot-mod-facts.json`` (facts extracted from Swords and Ravens,
github.com/Longwelwind/swords-and-ravens, GPL-3.0; see NOTICE). Each file stays in its map's own coordinate space
(7 houses: 741x1378 like the base map; 8 houses: 1204x1378, Essos on the right); the renderer arranges the panels.

The facts give every border polyline but no area outlines: each area's outline rings are chained here from the
borders that touch it (greedy, nearest endpoint next; where the chain's start is near, closing the ring there is
tried too, so an island in a sea gives the sea a second ring). Besides the slots, each area carries the few facts
the renderer draws (name, kind, icons, home, port, neighbours); the engine's own board comes from the rules data.
Run from the repository root::

    python tools/convert_mod_render.py [path/to/agot-mod-facts.json]
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.cli import Parser  # noqa: E402

DEFAULT_SOURCE = next((p for p in (ROOT.parent / "shared" / "reference" / "agot-mod-facts.json",  # beside the repo
                                  ROOT.parent.parent / "shared" / "reference" / "agot-mod-facts.json")  # worktree
                       if p.is_file()), ROOT.parent / "shared" / "reference" / "agot-mod-facts.json")
OUT = ROOT / "data" / "mod"
MAPS = {"7p": "map_render_7.json", "8p": "map_render_8.json"}

Point = tuple[float, float]
CLOSE = 20.0  # a ring closes early (an island follows) only when its start is this near and nearer than any border


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def chain_rings(lines: list[list[Point]]) -> tuple[list[list[Point]], float]:
    """The closed rings made by joining polylines end to end, and the largest gap bridged (0 when all meet).

    Greedy from the first polyline: the unused polyline with an endpoint nearest the chain's end comes next
    (reversed when its far end is the nearer). Where the chain's own start is at least as near (and within
    ``CLOSE``), the ring may close there and a new ring start (an island); both ways are tried and the one whose
    largest gap is smaller wins."""
    pieces = [list(line) for line in lines if len(line) >= 2]
    if not pieces:
        return [], 0.0
    rings, worst = _chain(pieces[0], pieces[1:], 0.0)
    out = []
    for ring in rings:
        if ring[0] == ring[-1]:
            ring = ring[:-1]
        out.append(ring)
    return out, worst


def _chain(ring: list[Point], left: list[list[Point]], worst: float) -> tuple[list[list[Point]], float]:
    while True:
        end = ring[-1]
        closing = _dist(end, ring[0]) if len(ring) > 2 else math.inf
        if not left:
            return [ring], max(worst, 0.0 if closing == math.inf else closing)
        d, i, flip = min((_dist(end, point), i, flip) for i, line in enumerate(left)
                         for flip, point in ((False, line[0]), (True, line[-1])))
        if closing <= d and closing <= CLOSE:  # an island may follow: try closing here
            rest, rest_worst = _chain(left[0], left[1:], max(worst, closing))
            go_on, go_on_worst = _chain(ring + (left[i][::-1] if flip else left[i]), left[:i] + left[i + 1:],
                                        max(worst, d))
            return ([ring, *rest], rest_worst) if rest_worst <= go_on_worst else (go_on, go_on_worst)
        worst = max(worst, d)
        ring = ring + (left[i][::-1] if flip else left[i])
        left = left[:i] + left[i + 1:]


def _slot(rect: dict | None) -> list[float] | None:
    return None if rect is None else [rect["cx"], rect["cy"], rect["w"], rect["h"]]


def convert_map(facts: dict, key: str) -> tuple[dict, float]:
    """One map's render file and the largest chaining gap in it."""
    spec = facts["maps"][key]
    by_area: dict[str, list[list[Point]]] = {}
    borders = []
    for b in spec["borders"]:
        points = [(float(x), float(y)) for x, y in b["points"]]
        borders.append({"from": b["from"], "to": b["to"], "points": [list(p) for p in points]})
        for side in (b["from"], b["to"]):
            if side is not None:
                by_area.setdefault(side, []).append(points)
    areas: dict[str, dict] = {}
    worst = 0.0
    for a in sorted(spec["areas"], key=lambda a: a["id"]):
        rings, gap = chain_rings(by_area.get(a["id"], []))
        worst = max(worst, gap)
        r = a["render"]
        area = {
            "name": a["name"], "kind": a["kind"], "castle": a["castle_level"], "supply": a["supply_icons"],
            "power": a["power_icons"], "home": a["home_house"], "port_land": a.get("port_of"),
            "adjacent": sorted(a["adjacent"]),
            "label": [r["label"]["x"], r["label"]["y"]], "units": _slot(r["unit_slot"]),
            "order": _slot(r["order_slot"]), "power_token": _slot(r["power_token_slot"]),
            "outline": [[[round(x, 3), round(y, 3)] for x, y in ring] for ring in rings],
        }
        if r.get("castle_slot"):
            area["castle_slot"] = _slot(r["castle_slot"])
        areas[a["id"]] = area
    out: dict = {"width": spec["map"]["width"], "height": spec["map"]["height"],
                 "houses": {h: {"name": v["name"], "color": v["color"], "home": v["home_area"]}
                            for h, v in facts["houses"].items()},
                 "areas": areas, "borders": borders}
    slots = spec.get("iron_bank_slots")
    if slots:
        out["iron_bank"] = {"deck": _slot(slots["deck_slot"]),
                            "loans": [_slot(slots[f"loan_slot_{i}"]) for i in range(3)],
                            "info": _slot(slots["info_box"])}
    return out, worst


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="tools/convert_mod_render.py",
                    description="Convert the Mother of Dragons maps' drawing data into data/mod/.")
    parser.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE,
                        help=f"the agot-mod-facts.json file (default: {DEFAULT_SOURCE})")
    args = parser.parse_args(argv)
    source: Path = args.source
    if not source.is_file():
        parser.error(f"no reference facts at {source}: pass the path of agot-mod-facts.json")
    try:
        facts = json.loads(source.read_text(encoding="utf-8"))
        converted = {name: convert_map(facts, key) for key, name in MAPS.items()}
    except (ValueError, KeyError, TypeError) as exc:
        parser.error(f"{source} is not a readable agot-mod-facts.json ({type(exc).__name__}: {str(exc)[:120]})")
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (content, gap) in converted.items():
        (OUT / name).write_text(json.dumps(content) + "\n", encoding="utf-8")
        rings = sum(len(a["outline"]) for a in content["areas"].values())
        print(f"wrote data/mod/{name}: {len(content['areas'])} areas, {rings} outline rings, "
              f"largest chaining gap {gap:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
