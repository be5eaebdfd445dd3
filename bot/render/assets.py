"""The static layers, built at data-conversion time and stored in ``assets/render`` (see
``tools/build_render_assets.py``): the bare map, the names layer, an atlas of area masks and bands, and the placed
slots as JSON.

``load()`` reads them when their fingerprint matches the current data, style and builder code; otherwise it
builds them in memory (a few seconds) so that a stale checkout still draws correct images. The base map's layers
lie in ``assets/render``, the Mother of Dragons maps' in ``assets/render/7`` and ``assets/render/8``.
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from bot.render.places import Army, Label, Places
from bot.render.static import DATA_DIR, MAPS, StaticData

ASSET_DIR = Path(__file__).resolve().parents[2] / "assets" / "render"
HERE = Path(__file__).resolve().parent
CODE = [HERE / "style.py", HERE / "places.py", HERE / "placement.py", HERE / "basemap.py", HERE / "sprites.py",
        HERE / "assets.py", HERE / "static.py"]
ATLAS_WIDTH = 2048

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Layers:
    map: Image.Image  # RGB canvas: the bare map under the header strip
    names: Image.Image  # RGBA canvas: names, icons, anchors, shields
    masks: dict[str, tuple[Image.Image, Image.Image]]  # area -> (mask, band) inside its bbox
    places: dict[str, Places]


def asset_dir(map_id: str) -> Path:
    return ASSET_DIR if map_id == "base" else ASSET_DIR / map_id


def fingerprint(map_id: str) -> str:
    spec = MAPS[map_id]
    h = hashlib.sha256()
    for path in [DATA_DIR / spec.render, DATA_DIR / spec.board] + CODE:
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


def build(data: StaticData) -> Layers:
    from bot.render.basemap import area_masks, draw_map, draw_names
    from bot.render.placement import place_all

    places = place_all(data)
    return Layers(draw_map(data), draw_names(data, places), area_masks(data), places)


def _pack(data: StaticData, masks: dict[str, tuple[Image.Image, Image.Image]]) -> tuple[Image.Image, dict[str, Any]]:
    """A shelf-packed RGB atlas: red the mask, green the band."""
    spots: dict[str, tuple[int, int]] = {}
    x = y = shelf = 0
    for area in sorted(masks, key=lambda a: -masks[a][0].height):
        w, h = masks[area][0].size
        if x + w > ATLAS_WIDTH:
            x, y, shelf = 0, y + shelf, 0
        spots[area] = (x, y)
        x, shelf = x + w, max(shelf, h)
    atlas = Image.new("RGB", (ATLAS_WIDTH, y + shelf), 0)
    for area, (ax, ay) in spots.items():
        mask, band = masks[area]
        blank = Image.new("L", mask.size, 0)
        atlas.paste(Image.merge("RGB", (mask, band, blank)), (ax, ay))
    return atlas, spots


def write(data: StaticData) -> Layers:
    layers = build(data)
    out = asset_dir(data.map_id)
    out.mkdir(parents=True, exist_ok=True)
    layers.map.save(out / "map.png", optimize=True)
    layers.names.save(out / "names.png", optimize=True)
    atlas, spots = _pack(data, layers.masks)
    atlas.save(out / "areas.png", optimize=True)
    doc = {"fingerprint": fingerprint(data.map_id), "size": [data.width, data.height], "atlas": spots,
           "places": {a: _dump(p) for a, p in sorted(layers.places.items())}}
    (out / "layout.json").write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return layers


def load(data: StaticData) -> Layers:
    """The stored layers, or freshly built ones when the files are missing or stale."""
    folder = asset_dir(data.map_id)
    try:
        doc = json.loads((folder / "layout.json").read_text(encoding="utf-8"))
        if doc.get("fingerprint") != fingerprint(data.map_id):
            raise ValueError("stale")
        base_map = Image.open(folder / "map.png").convert("RGB")
        names = Image.open(folder / "names.png").convert("RGBA")
        atlas = Image.open(folder / "areas.png")
        atlas.load()
    except (OSError, ValueError) as exc:
        log.warning("render assets of map %s %s (%s): building them in memory; run tools/build_render_assets.py",
                    data.map_id, "stale" if str(exc) == "stale" else "missing", exc)
        return build(data)
    masks = {}
    for area, geo in data.areas.items():
        ax, ay = doc["atlas"][area]
        x0, y0, x1, y1 = geo.bbox
        red, green, _ = atlas.crop((ax, ay, ax + x1 - x0, ay + y1 - y0)).split()
        masks[area] = (red, green)
    places = {a: _load_places(a, p) for a, p in doc["places"].items()}
    return Layers(base_map, names, masks, places)


def _dump(p: Places) -> dict[str, Any]:
    lb = p.label
    return {"label": {"lines": list(lb.lines), "size": lb.size, "bold": lb.bold, "x": lb.x, "top": lb.top,
                      "icons": list(lb.icons), "width": lb.width, "height": lb.height},
            "order": list(p.order), "power": list(p.power) if p.power else None,
            "home": list(p.home) if p.home else None, "loyalty": list(p.loyalty) if p.loyalty else None,
            "improve": list(p.improve) if p.improve else None,
            "armies": [{"rect": list(a.rect), "cols": a.cols, "rows": a.rows, "ships": a.ships, "size": a.size}
                       for a in p.armies]}


def _load_places(area: str, d: dict[str, Any]) -> Places:
    lb = d["label"]
    label = Label(area, tuple(lb["lines"]), lb["size"], lb["bold"], lb["x"], lb["top"], tuple(lb["icons"]),
                  lb["width"], lb["height"])
    armies = [Army((a["rect"][0], a["rect"][1], a["rect"][2], a["rect"][3]), a["cols"], a["rows"], a["ships"],
                   a["size"]) for a in d["armies"]]
    return Places(label, _point(d["order"]), _point(d["power"]) if d["power"] else None,
                  _point(d["home"]) if d["home"] else None, (armies[0], armies[1]),
                  _point(d["loyalty"]) if d.get("loyalty") else None,
                  _point(d["improve"]) if d.get("improve") else None)


def _point(p: list[float]) -> tuple[float, float]:
    return (p[0], p[1])
