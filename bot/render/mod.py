"""Mother of Dragons on the board: loyalty tokens in their areas, beside an area's name the mark of what loans
changed there (its castle raised or lowered, power and supply improvements), and on the 8-house map the box beside
Essos with the Iron Bank's loan row, the dragons' strength and the victory track (Targaryen counts loyalty tokens).

Pure layout like ``bot.render.layout`` (view -> items), reading only public view fields, each optional so that a
view without them still draws. The engine's ``view["mod"]`` (``engine.agot.mod.view``): ``setup``, ``vassals``,
``commanders`` ({vassal: house}), ``loyalty`` ({area: tokens}), ``loyalty_gained`` (Targaryen's victory count),
``loyalty_to_win``, ``dragon_strength``, ``westeros_iv_revealed``, and ``iron_bank``: ``row`` (the face-up loans,
newest first), ``loans`` ({house: loans bought}), ``improvements`` ({"power"|"supply": {area: n}}), ``castles``
({area: level change}), ``deck_size``. Without ``dragon_strength`` the round's printed strength is shown, without
``loyalty_gained`` Targaryen's victory points.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from bot.render import items as it
from bot.render import style
from bot.render.base import base
from bot.render.footprint import box, item_rect, static_rects
from bot.render.places import IMPROVE_H, IMPROVE_W, Places
from bot.render.sprites import improvement_width
from bot.render.static import StaticData, static

TARGARYEN = "targaryen"
CARD_H = 190
GAP = 12
ZOOM = 1.3


def mod_of(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """The view's Mother of Dragons part ({} in a base game)."""
    found = view.get("mod")
    return found if isinstance(found, Mapping) else {}


def _count(raw: Any) -> int:
    return raw if isinstance(raw, int) and raw > 0 else 0


def area_loyalty(view: Mapping[str, Any]) -> dict[str, int]:
    """Loyalty tokens per area: ``mod["loyalty"]``, else each area's ``loyalty`` key."""
    found = mod_of(view).get("loyalty")
    if isinstance(found, Mapping):
        return {str(a): n for a, raw in found.items() if (n := _count(raw))}
    areas: Mapping[str, Mapping[str, Any]] = view.get("areas") or {}
    return {a: n for a, st in areas.items() if (n := _count(st.get("loyalty")))}


def loyalty_items(area: str, where: Places, count: int) -> list[it.Item]:
    if not count or where.loyalty is None:
        return []
    return [it.Loyalty(area, count, *where.loyalty)]


def area_improvements(view: Mapping[str, Any]) -> dict[str, tuple[int, int, int]]:
    """What loans changed per area, from the view's Iron Bank: (castle raised 1 / lowered -1 / 0, power
    improvements, supply improvements)."""
    bank = iron_bank(view) or {}
    out: dict[str, list[int]] = {}
    castles = bank.get("castles")
    for area, raw in (castles.items() if isinstance(castles, Mapping) else ()):
        if isinstance(raw, int) and raw:
            out.setdefault(str(area), [0, 0, 0])[0] = max(-1, min(1, raw))
    placed = bank.get("improvements")
    for i, kind in ((1, "power"), (2, "supply")):
        found = placed.get(kind) if isinstance(placed, Mapping) else None
        for area, raw in (found.items() if isinstance(found, Mapping) else ()):
            if n := _count(raw):
                out.setdefault(str(area), [0, 0, 0])[i] = min(n, 9)
    return {a: (v[0], v[1], v[2]) for a, v in out.items()}


SEARCH = 150  # pixels around the name's icons where a loan's mark looks for room
STEP = 4
CLEAR = 2  # pixels kept free around a mark


def improvement_items(view: Mapping[str, Any], data: StaticData, placed: Sequence[it.Item]) -> list[it.Item]:
    """The mark of what loans changed in each area, beside the area's name: the free spot nearest the name's icons
    that lies in the area and clear of every piece already laid out (``placed``), every name and shield, and every
    area's stored mark slot; else the nearest such spot outside the area; else the area's own stored slot (placed at
    build time clear of every slot, so a mark never covers anything)."""
    marks = area_improvements(view) if data.bank else {}
    if not marks:
        return []
    b = base()
    taken = [r for _, r in static_rects()] + [r for i in placed if (r := item_rect(i)) is not None]
    taken += [mark_rect(*p.improve) for p in b.places.values() if p.improve is not None]
    out: list[it.Item] = []
    for area in sorted(marks):
        slot = b.places[area].improve if area in b.places else None
        if slot is None:
            continue
        w = improvement_width(*marks[area])  # its parts at full size (a castle lowered and an improvement)
        spot = _free_spot(area, taken, True, w) or _free_spot(area, taken, False, w)
        if spot is None:  # the stored slot, where the plaque shrinks its parts to the slot's width
            spot, w = slot, IMPROVE_W
        mark = it.Improvement(area, *marks[area], *spot, w)
        taken.append(mark_rect(*spot, w))
        out.append(mark)
    return out


def mark_rect(x: float, y: float, w: float = IMPROVE_W) -> tuple[float, float, float, float]:
    return box(x, y, w, IMPROVE_H)


def _free_spot(area: str, taken: list[tuple[float, float, float, float]], inside: bool, w: float
               ) -> tuple[float, float] | None:
    """The free spot nearest the right end of the area's name: in the area (``inside``), or near it but out of the
    land areas next to it (where it would seem theirs)."""
    b = base()
    layer, label = b.areas[area], b.places[area].label
    geo = static().areas
    others = [b.areas[n] for n in geo[area].adjacent if n in b.areas and geo[n].kind == "land"]
    hx = label.x + label.width / 2 + w / 2
    hy = label.icons_y if label.icons else label.top + label.height / 2
    near = [r for r in taken if r[0] < hx + SEARCH + w and r[2] > hx - SEARCH - w
            and r[1] < hy + SEARCH + IMPROVE_H and r[3] > hy - SEARCH - IMPROVE_H]
    x0, y0 = layer.bbox[0], layer.bbox[1]
    mask = layer.mask
    for dx, dy in _offsets():
        x, y = hx + dx, hy + dy
        r = mark_rect(x, y, w)
        if r[1] < style.MAP_TOP or any(r[0] - CLEAR < t[2] and t[0] < r[2] + CLEAR and r[1] - CLEAR < t[3]
                                       and t[1] < r[3] + CLEAR for t in near):
            continue
        corners = [(x, y), (r[0] + 3, r[1] + 3), (r[2] - 3, r[1] + 3), (r[0] + 3, r[3] - 3), (r[2] - 3, r[3] - 3)]
        if inside and all(_inside(mask, round(px - x0), round(py - y0)) for px, py in corners):
            return x, y
        if not inside and not any(_inside(o.mask, round(x - o.bbox[0]), round(y - o.bbox[1])) for o in others):
            return x, y
    return None


@functools.cache
def _offsets() -> tuple[tuple[int, int], ...]:
    """Every step around a point within SEARCH, nearest first."""
    steps = range(-SEARCH, SEARCH + 1, STEP)
    return tuple(sorted(((dx, dy) for dx in steps for dy in steps), key=lambda d: (d[0] ** 2 + d[1] ** 2, d)))


def _inside(mask: Image.Image, x: int, y: int) -> bool:
    if not (0 <= x < mask.width and 0 <= y < mask.height):
        return False
    value = mask.getpixel((x, y))
    return isinstance(value, (int, float)) and value > 128


def loyalty_to_win(view: Mapping[str, Any], data: StaticData) -> int:
    raw = mod_of(view).get("loyalty_to_win")
    return raw if isinstance(raw, int) and raw > 0 else data.loyalty_to_win


def is_vassal(view: Mapping[str, Any], house: str) -> bool:
    return house in (mod_of(view).get("vassals") or ()) or bool(((view.get("houses") or {}).get(house) or {})
                                                                .get("vassal"))


def house_title(view: Mapping[str, Any], house: str, name: str) -> str:
    """``Tyrell`` or, for a vassal, ``Tyrell (vassal of Stark)`` (``(vassal)`` before it is claimed)."""
    if not is_vassal(view, house):
        return name
    commander = (mod_of(view).get("commanders") or {}).get(house)
    from bot.render.panel import human

    return f"{name} (vassal of {human(commander)})" if commander else f"{name} (vassal)"


def victory_count(view: Mapping[str, Any], house: str, h: Mapping[str, Any]) -> int:
    """Castles and strongholds held, or for Targaryen the loyalty tokens gained."""
    raw = mod_of(view).get("loyalty_gained") if house == TARGARYEN else None
    raw = raw if isinstance(raw, int) else h.get("victory_points")
    return raw if isinstance(raw, int) else 0


def victory_text(house: str, h: Mapping[str, Any], view: Mapping[str, Any], data: StaticData) -> str:
    n = victory_count(view, house, h)
    if house == TARGARYEN and data.loyalty_to_win:
        return f"{n}/{loyalty_to_win(view, data)} loyalty"
    return f"{n} castle{'s' if n != 1 else ''}"


def dragon_strength(view: Mapping[str, Any], data: StaticData) -> int | None:
    raw = mod_of(view).get("dragon_strength")
    if isinstance(raw, int):
        return raw
    rnd = view.get("round")
    if not data.dragon_strength or not isinstance(rnd, int) or rnd < 1:
        return None
    return data.dragon_strength[min(rnd, len(data.dragon_strength)) - 1]


def iron_bank(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    bank = mod_of(view).get("iron_bank")
    return bank if isinstance(bank, Mapping) else None


def loan_row(view: Mapping[str, Any], data: StaticData) -> list[tuple[int, str | None]]:
    """(printed cost, loan card id or None) per slot, newest first; [] when the view has no Iron Bank."""
    bank = iron_bank(view)
    if bank is None:
        return []
    row: Sequence[Any] = bank.get("row") or []
    return [(cost, row[i] if i < len(row) and isinstance(row[i], str) else None)
            for i, cost in enumerate(data.loan_costs)]


def loans_of(view: Mapping[str, Any], house: str) -> list[str]:
    """The loan cards a house bought."""
    found = ((iron_bank(view) or {}).get("loans") or {}).get(house)
    return [str(c) for c in found or []]


def improvements(view: Mapping[str, Any]) -> list[str]:
    """What loans changed on the board: ``supply +1: Dragonstone``, ``castle +1: Harrenhal``..."""
    from bot.render.panel import human

    bank = iron_bank(view) or {}
    out = []
    for kind, placed in sorted((bank.get("improvements") or {}).items()):
        if isinstance(placed, Mapping) and placed:
            out.append(f"{kind} " + ", ".join(f"{human(a)}" + (f" x{n}" if n != 1 else "")
                                               for a, n in sorted(placed.items())))
    castles = bank.get("castles") or {}
    if isinstance(castles, Mapping) and castles:
        out.append("castles " + ", ".join(f"{human(a)} {n:+d}" for a, n in sorted(castles.items())))
    return out


def loan_name(data: StaticData, card: str) -> str:
    return data.loan_names.get(card, card.replace("-", " ").capitalize())


def _wrap(text: str, size: int, width: float, bold: bool) -> list[str]:
    from bot.render.panel import wrap

    return wrap(text, size, width, bold)


def _fitted(text: str, size: int, width: float) -> tuple[list[str], int]:
    """``text`` wrapped to ``width`` in bold (also after a hyphen: ``Master-at-Arms``), the size lowered until no
    word sticks out."""
    from bot.render.fonts import font

    while True:
        lines = [line.replace("- ", "-") for line in _wrap(text.replace("-", "- "), size, width, True)]
        if size <= 14 or all(font(size, True).getlength(line) <= width for line in lines):
            return lines, size
        size -= 2


def z(v: float) -> int:
    """A size in the box, scaled up to read at the preview (the box has room to spare)."""
    return round(v * ZOOM)


def info_items(view: Mapping[str, Any], data: StaticData) -> list[it.Item]:
    """The box beside Essos (8 houses): the Iron Bank, the Dragons, the victory track and the loyalty count."""
    if data.info is None:
        return []
    x0, y0, x1, _ = data.info
    ink, muted = style.HEADER_TEXT, (176, 180, 190)
    out: list[it.Item] = []
    y = y0
    out.append(it.Text(x0, y, "Iron Bank", z(34), ink, True))
    y += z(48)
    row = loan_row(view, data)
    bank = iron_bank(view) or {}
    if row:
        w = (x1 - x0 - GAP * (len(row) - 1)) / len(row)
        size = min((_fitted(loan_name(data, c), z(24), w - 16)[1] for _, c in row if c), default=z(24))
        for i, (cost, card) in enumerate(row):  # the three names in one size
            cx0 = x0 + i * (w + GAP)
            out.append(it.Box(cx0, y, cx0 + w, y + z(CARD_H), style.PANEL_BG if card else style.BACKGROUND,
                              style.PANEL_RULE, 2, 10))
            out.append(it.Chip(cx0 + z(26), y + z(26), z(20), style.CROWN, str(cost)))
            out.append(it.Text(cx0 + z(52), y + z(14), "Power", z(20), style.PANEL_MUTED if card else muted))
            lines = _fitted(loan_name(data, card), size, w - 16)[0] if card else ["empty"]
            for j, line in enumerate(lines[:4]):
                out.append(it.Text(cx0 + 8, y + z(62) + j * (size + 6), line, size,
                                   style.PANEL_TEXT if card else muted, bool(card)))
        y += z(CARD_H) + 10
        deck = bank.get("deck_size")
        note = "Braavos pays 1 less"
        if isinstance(deck, int):
            note = f"{deck} in the deck · " + note
        out.append(it.Text(x0, y, note, z(20), muted))
        y += z(32)
        changed = improvements(view)
        for part in _wrap("Loans made: " + "; ".join(changed), z(20), x1 - x0, False) if changed else []:
            out.append(it.Text(x0, y, part, z(20), ink))
            y += z(26)
        y += z(8)
    else:
        out.append(it.Text(x0, y, "no loan on offer", z(24), muted))
        y += z(44)
    strength = dragon_strength(view, data)
    if strength is not None:
        y += 8
        out.append(it.Text(x0, y, "Dragon strength", z(30), ink, True))
        y += z(44)
        steps = range(0, 6)
        cell = (x1 - x0) / len(steps)
        for i in steps:
            hot = i == strength
            out.append(it.Box(x0 + i * cell + 2, y, x0 + (i + 1) * cell - 2, y + z(40),
                              style.HOUSE_COLOURS[TARGARYEN] if hot else style.BACKGROUND,
                              style.WHITE if hot else style.PANEL_MUTED, 2, 6))
            out.append(it.Text(x0 + (i + 0.5) * cell, y + z(20), str(i), z(24), style.WHITE if hot else muted, hot,
                               "mm"))
        y += z(62)
    houses: Mapping[str, Mapping[str, Any]] = view.get("houses") or {}
    if houses:
        y += 8
        out.append(it.Text(x0, y, "Victory", z(30), ink, True))
        y += z(42)
        target = f"7 castles win · Targaryen: {loyalty_to_win(view, data)} loyalty"
        out.append(it.Text(x0, y, target, z(18), muted))
        y += z(32)
        ranked = sorted(houses, key=lambda h: (-victory_count(view, h, houses[h]), h))
        for house in ranked:
            h = houses[house]
            colour = data.house_colours.get(house, style.NEUTRAL_FILL)
            out.append(it.Chip(x0 + z(16), y + z(16), z(14), colour))
            name = h.get("name") or data.house_names.get(house, house)
            if is_vassal(view, house):
                name += " (vassal)"
            out.append(it.Text(x0 + z(40), y + 2, name, z(24), ink, house == TARGARYEN))
            out.append(it.Text(x1, y + 2, victory_text(house, h, view, data), z(24), ink, True, "ra"))
            y += z(36)
    on_board = sum(area_loyalty(view).values())
    y += 12
    out.append(it.Text(x0, y, f"Loyalty tokens on the board: {on_board}", z(24), ink))
    return out
