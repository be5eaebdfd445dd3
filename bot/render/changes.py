"""What changed between two views of one game (e.g. a round's start and its end): areas that changed hands and
units lost, as data (``round_changes``) and as a small image (``changes_image``). Views only: a public view
shows everything this needs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PIL import Image

from bot.render import items as it
from bot.render import style
from bot.render.combat import UNIT_NAMES
from bot.render.layout import Highlights, map_items
from bot.render.panel import human, wrap
from bot.render.static import for_view, static
from bot.render.zoom import area_region, zoomed

WIDTH = 640


@dataclass(frozen=True)
class Changes:
    changed_hands: tuple[tuple[str, str | None, str | None], ...]  # (land area, holder before, holder after)
    units_lost: tuple[tuple[str, str, int], ...]  # (house, unit kind, how many fewer on the board)

    def lines(self) -> list[str]:
        names = static().house_names

        def name(h: str | None) -> str:
            return names.get(h, human(h)) if h else "no one"

        out = []
        for area, old, new in self.changed_hands:
            if new:
                out.append(f"{name(new)} took {human(area)}" + (f" from {name(old)}" if old else ""))
            else:
                out.append(f"{name(old)} lost {human(area)}")
        lost: dict[str, list[str]] = {}
        for house, kind, n in self.units_lost:
            lost.setdefault(house, []).append(f"{n} {UNIT_NAMES.get(kind, human(kind))}{'s' if n > 1 else ''}")
        out += [f"{name(h)} lost {', '.join(parts)}" for h, parts in lost.items()]
        return out or ["No area changed hands and no unit was lost."]


def _units(view: Mapping[str, Any]) -> dict[tuple[str, str], int]:
    counts: dict[tuple[str, str], int] = {}
    for st in (view.get("areas") or {}).values():
        for u in st.get("units") or []:
            house = u.get("house") or st.get("house")
            key = (str(house), str(u.get("kind")))
            counts[key] = counts.get(key, 0) + 1
    return counts


@for_view
def round_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> Changes:
    data = static()
    a0, a1 = before.get("areas") or {}, after.get("areas") or {}
    hands = tuple((area, (a0.get(area) or {}).get("controller"), (a1.get(area) or {}).get("controller"))
                  for area, geo in data.areas.items() if geo.kind == "land"
                  and (a0.get(area) or {}).get("controller") != (a1.get(area) or {}).get("controller"))
    u0, u1 = _units(before), _units(after)
    lost = tuple((h, k, n - u1.get((h, k), 0)) for (h, k), n in sorted(u0.items()) if n > u1.get((h, k), 0))
    return Changes(hands, lost)


@for_view
def changes_image(before: Mapping[str, Any], after: Mapping[str, Any]) -> Image.Image:
    changes = round_changes(before, after)
    areas = [a for a, _, _ in changes.changed_hands]
    layout = map_items(after, Highlights())
    layout += [it.AreaOutline(a, style.CHANGE, 6) for a in areas]
    region = area_region(areas, neighbours=False, margin=40)
    width = WIDTH if areas else 420  # nothing changed hands: the whole board, small
    title = f"Changes · round {after.get('round') or 0}"
    text: list[it.Item] = [it.Text(16, 10, title, 28, style.PANEL_TEXT, True)]
    y = 50.0
    for line in changes.lines():
        for part in wrap(line, 22, width - 32):
            text.append(it.Text(16, y, part, 22, style.PANEL_TEXT))
            y += 28
    return zoomed(layout, region, width, text, y + 10)
