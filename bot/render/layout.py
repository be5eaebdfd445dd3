"""Layout: a view (public or one player's) plus highlights -> the list of items to draw on the map.

Pure: no Pillow drawing, no I/O beyond the cached static data. It reads only the view's whitelisted fields, and
it decides what an order token shows: its text only when the order is revealed, or when it is the viewer's own
face-down order in that viewer's private view. A face-down token of anyone else is drawn blank even if a view
ever carried its id by mistake.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.render import items as it
from bot.render import style
from bot.render.labels import labels
from bot.render.static import AreaGeo, StaticData, static

UNIT_ORDER = ("knight", "footman", "siege_engine", "ship")
TYPE_LETTER = {"march": "M", "defense": "D", "support": "S", "raid": "R", "consolidate_power": "CP"}
UNIT_GAP = 4


@dataclass(frozen=True)
class Highlights:
    """What a post is about, drawn over the board.

    ``combat``: the embattled area, with ``attacker`` and ``defender`` houses and the attacker's source area;
    ``march_from`` and ``march_to``: an arrow from the source to each destination; ``focus``: the areas a decision
    is about.
    """

    combat: str | None = None
    attacker: str | None = None
    defender: str | None = None
    combat_source: str | None = None
    supporters: tuple[str, ...] = ()
    march_from: str | None = None
    march_to: tuple[str, ...] = ()
    focus: tuple[str, ...] = ()

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> Highlights:
        """The combat named in the view's public notes, if any (``notes["combat"]``: area, attacker, defender,
        source, support {area: {house, side}}; every key optional)."""
        combat = (view.get("notes") or {}).get("combat")
        if not isinstance(combat, Mapping) or not combat.get("area"):
            return cls()
        supporters = combat.get("support") or combat.get("supporters") or ()
        if isinstance(supporters, Mapping):  # {area: house} or {house: [areas]}: keep what names an area
            supporters = [k for k in supporters if k in static().areas] or [
                a for v in supporters.values() for a in (v if isinstance(v, list) else [v])]
        return cls(combat=combat["area"], attacker=combat.get("attacker"), defender=combat.get("defender"),
                   combat_source=combat.get("source"),
                   supporters=tuple(a for a in supporters if isinstance(a, str) and a in static().areas))


def colour_of(data: StaticData, house: str | None) -> style.RGB:
    return data.house_colours.get(house or "", style.NEUTRAL_FILL)


def order_text(data: StaticData, token: str) -> tuple[str, bool]:
    """``M+1`` and special for ``M+1*``; raids and consolidate power carry no modifier."""
    info = data.order_tokens.get(token)
    if info is None:
        return token.rstrip("*"), token.endswith("*")
    text = TYPE_LETTER.get(info.type, info.type[:2].upper())
    if info.type in ("march", "defense", "support"):
        text += f"{info.modifier:+d}" if info.modifier else "0"
    return text, info.special


def map_items(view: Mapping[str, Any], highlights: Highlights | None = None) -> list[it.Item]:
    """Everything drawn on the map for this view, in drawing order."""
    data = static()
    hl = highlights or Highlights()
    viewer = view.get("viewer")
    areas: Mapping[str, Mapping[str, Any]] = view.get("areas") or {}
    out: list[it.Item] = []
    for area_id, st in areas.items():
        geo = data.areas.get(area_id)
        controller = st.get("controller")
        if geo is not None and geo.kind == "land" and controller in data.house_colours:
            out.append(it.AreaTint(area_id, controller, colour_of(data, controller)))
    out += [it.Blocked(a) for a, st in areas.items() if st.get("blocked") and a in data.areas]
    out += _highlight_outlines(hl, data)
    out += _highlight_arrows(hl, data)
    for area_id, st in areas.items():
        geo = data.areas.get(area_id)
        if geo is None:
            continue
        out += _tokens(geo, st, data)
        out += _units(geo, st, data)
        order = st.get("order")
        if order:
            out.append(_order(geo, order, viewer, data))
    out += _highlight_marks(hl, data)
    return out


def _tokens(geo: AreaGeo, st: Mapping[str, Any], data: StaticData) -> Iterable[it.Item]:
    pt = geo.power_token
    if st.get("power_token"):
        house = st["power_token"]
        yield it.PowerToken(geo.id, house, colour_of(data, house), pt.cx, pt.cy)
    if st.get("garrison"):
        # beside the home shield, which sits in the power-token slot
        yield it.Garrison(geo.id, geo.home, colour_of(data, geo.home), int(st["garrison"]),
                          pt.cx + style.TOKEN_SIZE + 2, pt.cy)
    if st.get("neutral"):
        u = geo.units
        yield it.Garrison(geo.id, None, style.NEUTRAL_FILL, int(st["neutral"]), u.cx, u.cy)


def _units(geo: AreaGeo, st: Mapping[str, Any], data: StaticData) -> list[it.Item]:
    units = st.get("units") or []
    house = st.get("house")
    if not units or house is None:
        return []
    colour = colour_of(data, house)
    groups: dict[tuple[str, bool], int] = {}
    for u in sorted(units, key=lambda u: (UNIT_ORDER.index(u["kind"]) if u["kind"] in UNIT_ORDER else 9,
                                          bool(u.get("routed")))):
        key = (u["kind"], bool(u.get("routed")))
        groups[key] = groups.get(key, 0) + 1
    size = style.UNIT_SIZE
    pitch = size + UNIT_GAP
    per_row = max(1, int((geo.units.w + UNIT_GAP) // pitch))
    if len(units) <= per_row:
        glyphs = [(k, r, 1) for (k, r), n in groups.items() for _ in range(n)]
    else:  # crowded: one glyph per kind with its count
        glyphs = [(k, r, n) for (k, r), n in groups.items()]
    rows = [glyphs[i:i + per_row] for i in range(0, len(glyphs), per_row)]
    step = -pitch if geo.kind == "land" else pitch  # extra rows grow upward on land, downward at sea
    out: list[it.Item] = []
    for r, row in enumerate(rows):
        y = geo.units.cy + r * step
        x0 = geo.units.cx - (len(row) * pitch - UNIT_GAP) / 2 + size / 2
        for i, (kind, routed, count) in enumerate(row):
            out.append(it.UnitGlyph(geo.id, house, colour, kind, routed, count, x0 + i * pitch, y, size))
    return out


def _order(geo: AreaGeo, order: Mapping[str, Any], viewer: str | None, data: StaticData) -> it.OrderMark:
    house = order.get("house", "")
    colour = colour_of(data, house)
    x, y = labels()[geo.id].order
    if order.get("face_down"):
        token = order.get("token")
        if viewer is not None and house == viewer and isinstance(token, str):
            text, special = order_text(data, token)
            return it.OrderMark(geo.id, house, colour, x, y, face_down=True, text=text, special=special,
                                own_secret=True)
        return it.OrderMark(geo.id, house, colour, x, y, face_down=True)
    text, special = order_text(data, str(order.get("token", "")))
    return it.OrderMark(geo.id, house, colour, x, y, face_down=False, text=text, special=special)


def _centre(geo: AreaGeo) -> tuple[float, float]:
    return geo.units.cx, geo.units.cy


def _highlight_outlines(hl: Highlights, data: StaticData) -> list[it.Item]:
    out: list[it.Item] = []
    for area in hl.focus:
        if area in data.areas:
            out.append(it.AreaOutline(area, style.FOCUS, 7))
    if hl.march_from in data.areas:
        out.append(it.AreaOutline(hl.march_from, style.MARCH, 5))
    for area in hl.march_to:
        if area in data.areas:
            out.append(it.AreaOutline(area, style.MARCH, 5))
    for area in hl.supporters:
        if area in data.areas:
            out.append(it.AreaOutline(area, style.SUPPORT, 4))
    if hl.combat_source in data.areas:
        out.append(it.AreaOutline(hl.combat_source, style.COMBAT, 4))
    if hl.combat in data.areas:
        out.append(it.AreaOutline(hl.combat, style.COMBAT, 8))
    return out


def _highlight_arrows(hl: Highlights, data: StaticData) -> list[it.Item]:
    """March arrows, drawn under the pieces so that no unit is hidden."""
    out: list[it.Item] = []
    if hl.march_from in data.areas:
        src = data.areas[hl.march_from]
        for area in hl.march_to:
            if area in data.areas and area != hl.march_from:
                out.append(it.Arrow(_centre(src), _centre(data.areas[area]), style.MARCH, 8))
    if hl.combat in data.areas and hl.combat_source in data.areas and hl.combat_source != hl.combat:
        out.append(it.Arrow(_centre(data.areas[hl.combat_source]), _centre(data.areas[hl.combat]), style.COMBAT, 8))
    return out


def _highlight_marks(hl: Highlights, data: StaticData) -> list[it.Item]:
    out: list[it.Item] = []
    if hl.combat in data.areas:
        label = labels()[hl.combat]
        out.append(it.Badge(label.x - label.width / 2 - 16, label.line_y(0), "⚔", style.COMBAT, style.WHITE, 38))
    return out
