"""Layout: a view (public or one player's) plus highlights -> the list of items to draw on the map.

Pure: no Pillow drawing, no I/O beyond the cached static data. It reads only the view's whitelisted fields, and
it decides what an order token shows: its text only when the order is revealed, or when it is the viewer's own
face-down order in that viewer's private view (or that of a vassal the viewer commands this round, which the
viewer placed). A face-down token of anyone else is drawn blank even if a view
ever carried its id by mistake.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any, TypeGuard

from bot.render import items as it
from bot.render import style
from bot.render.base import places
from bot.render.mod import area_loyalty, improvement_items, info_items, loyalty_items, mod_of
from bot.render.places import Places
from bot.render.static import AreaGeo, StaticData, for_view, map_of, static, use_map

UNIT_ORDER = ("dragon", "knight", "footman", "siege_engine", "ship")
TYPE_LETTER = {"march": "M", "defense": "D", "support": "S", "raid": "R", "consolidate_power": "CP",
               "iron_bank": "IB", "raid_support": "RS", "defense_muster": "DM"}
SEA_MARK = "≈"  # before a sea order's letter (Mother of Dragons)


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
    def from_payload(cls, raw: Mapping[str, Any]) -> Highlights | None:
        """Highlights sent as JSON (a "board" outbox row): known keys only, lists as tuples; None when empty
        (the renderer then reads the combat from the view's notes)."""
        known = {f.name for f in fields(cls)}
        chosen: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in raw.items() if k in known}
        return cls(**chosen) if chosen else None

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> Highlights:
        """The combat named in the view's public notes, if any (``notes["combat"]``: area, attacker, defender,
        source, support {area: {house, side}}; every key optional)."""
        combat = (view.get("notes") or {}).get("combat")
        if not isinstance(combat, Mapping) or not combat.get("area"):
            return cls()
        with use_map(map_of(view)):
            return cls._from_note(combat)

    @classmethod
    def _from_note(cls, combat: Mapping[str, Any]) -> Highlights:
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
    if info.type in ("march", "defense", "support", "raid_support", "defense_muster"):
        text += f"{info.modifier:+d}" if info.modifier else "0"
    if info.sea and info.type != "iron_bank":
        text = SEA_MARK + text
    return text, info.special


@for_view
def map_items(view: Mapping[str, Any], highlights: Highlights | None = None) -> list[it.Item]:
    """Everything drawn on the map for this view, in drawing order."""
    data = static()
    where = places()
    hl = highlights or Highlights()
    viewer = view.get("viewer")
    commanders: Mapping[str, Any] = mod_of(view).get("commanders") or {}
    own = {viewer, *(v for v, c in commanders.items() if c == viewer)} if isinstance(viewer, str) else set()
    areas: Mapping[str, Mapping[str, Any]] = view.get("areas") or {}
    out: list[it.Item] = []
    for area_id, st in areas.items():
        controller = st.get("controller")
        tinted = area_id in data.areas and data.areas[area_id].kind != "port"  # a port follows its land area
        if tinted and isinstance(controller, str) and controller in data.house_colours:
            out.append(it.AreaTint(area_id, controller, colour_of(data, controller)))
    out += [it.Blocked(a) for a, st in areas.items() if st.get("blocked") and a in data.areas]
    out += _highlight_outlines(hl, data)
    out += _highlight_arrows(hl, data)
    loyalty = area_loyalty(view) if data.loyalty else {}
    for area_id, st in areas.items():
        geo = data.areas.get(area_id)
        if geo is None:
            continue
        slots = where[area_id]
        out += _tokens(geo, slots, st, data)
        out += loyalty_items(area_id, slots, loyalty.get(area_id, 0))
        out += _units(area_id, slots, st, hl, data)
        order = st.get("order")
        if order:
            out.append(_order(area_id, slots, order, own, data))
    out += improvement_items(view, data, out)
    out += _highlight_marks(hl, data)
    return out + info_items(view, data)


def _tokens(geo: AreaGeo, slots: Places, st: Mapping[str, Any], data: StaticData) -> Iterable[it.Item]:
    if st.get("power_token") and slots.power:
        house = st["power_token"]
        yield it.PowerToken(geo.id, house, colour_of(data, house), *slots.power)
    if st.get("garrison") and slots.garrison:
        yield it.Garrison(geo.id, geo.home, colour_of(data, geo.home), int(st["garrison"]), *slots.garrison)
    if st.get("neutral"):  # in the area's own army block (attackers stand in the second one)
        x0, y0, x1, y1 = slots.armies[0].rect
        yield it.Garrison(geo.id, None, style.NEUTRAL_FILL, int(st["neutral"]), (x0 + x1) / 2, (y0 + y1) / 2)


def armies_of(area: str, st: Mapping[str, Any], hl: Highlights) -> list[tuple[str, list[Mapping[str, Any]]]]:
    """The area's units by house, the holder first: units may name their own house (attackers standing in an
    embattled area, ruling A26), else they are the area's ``house``'s. The combat's attacker goes second."""
    by_house: dict[str, list[Mapping[str, Any]]] = {}
    for u in st.get("units") or []:
        house = u.get("house") or st.get("house")
        if isinstance(house, str):
            by_house.setdefault(house, []).append(u)
    attacking = st.get("attacking") or {}  # the view's form of attackers in an embattled area (A26)
    if isinstance(attacking.get("house"), str):
        by_house.setdefault(attacking["house"], []).extend(attacking.get("units") or [])
    second = hl.attacker if hl.combat == area and hl.attacker in by_house and len(by_house) > 1 else None
    return sorted(by_house.items(), key=lambda kv: (kv[0] == second, kv[0] != st.get("house"), kv[0]))


def _units(area: str, slots: Places, st: Mapping[str, Any], hl: Highlights, data: StaticData) -> list[it.Item]:
    out: list[it.Item] = []
    for block, (house, units) in zip(slots.armies, armies_of(area, st, hl)):
        if block.cols == 0:
            continue
        colour = colour_of(data, house)
        groups: dict[tuple[str, bool], int] = {}
        for u in sorted(units, key=lambda u: (UNIT_ORDER.index(u["kind"]) if u.get("kind") in UNIT_ORDER else 9,
                                              bool(u.get("routed")))):
            key = (str(u.get("kind")), bool(u.get("routed")))
            groups[key] = groups.get(key, 0) + 1
        room = block.cols * block.rows
        if len(units) <= room:
            glyphs = [(k, r, 1) for (k, r), n in groups.items() for _ in range(n)]
        else:  # crowded: one glyph per kind with its count
            glyphs = [(k, r, n) for (k, r), n in groups.items()]
            if len(glyphs) > room:  # routed or not, one glyph per kind
                merged: dict[str, tuple[bool, int]] = {}
                for k, r, n in glyphs:
                    was = merged.get(k, (False, 0))
                    merged[k] = (was[0] or r, was[1] + n)
                glyphs = [(k, r, n) for k, (r, n) in merged.items()][:room]
        for (kind, routed, count), (x, y) in zip(glyphs, block.centres(len(glyphs))):
            size = block.size
            out.append(it.UnitGlyph(area, house, colour, kind, routed, count, x, y, size))
    return out


def _order(area: str, slots: Places, order: Mapping[str, Any], own: set[str], data: StaticData
           ) -> it.OrderMark:
    house = order.get("house", "")
    colour = colour_of(data, house)
    x, y = slots.order
    if order.get("face_down"):
        token = order.get("token")
        if house in own and isinstance(token, str):
            text, special = order_text(data, token)
            return it.OrderMark(area, house, colour, x, y, face_down=True, text=text, special=special,
                                own_secret=True)
        return it.OrderMark(area, house, colour, x, y, face_down=True)
    text, special = order_text(data, str(order.get("token", "")))
    return it.OrderMark(area, house, colour, x, y, face_down=False, text=text, special=special)


def _centre(geo: AreaGeo) -> tuple[float, float]:
    x0, y0, x1, y1 = places()[geo.id].armies[0].rect
    return (x0 + x1) / 2, (y0 + y1) / 2


def _known(area: str | None, data: StaticData) -> TypeGuard[str]:
    return area is not None and area in data.areas


def _highlight_outlines(hl: Highlights, data: StaticData) -> list[it.Item]:
    out: list[it.Item] = []
    for area in hl.focus:
        if area in data.areas:
            out.append(it.AreaOutline(area, style.FOCUS, 7))
    if _known(hl.march_from, data):
        out.append(it.AreaOutline(hl.march_from, style.MARCH, 5))
    for area in hl.march_to:
        if area in data.areas:
            out.append(it.AreaOutline(area, style.MARCH, 5))
    for area in hl.supporters:
        if area in data.areas:
            out.append(it.AreaOutline(area, style.SUPPORT, 4))
    if _known(hl.combat_source, data):
        out.append(it.AreaOutline(hl.combat_source, style.COMBAT, 4))
    if _known(hl.combat, data):
        out.append(it.AreaOutline(hl.combat, style.COMBAT, 8))
    return out


def _highlight_arrows(hl: Highlights, data: StaticData) -> list[it.Item]:
    """March arrows, drawn under the pieces so that no unit is hidden."""
    out: list[it.Item] = []
    if _known(hl.march_from, data):
        src = data.areas[hl.march_from]
        for area in hl.march_to:
            if area in data.areas and area != hl.march_from:
                out.append(it.Arrow(_centre(src), _centre(data.areas[area]), style.MARCH, 8))
    if _known(hl.combat, data) and _known(hl.combat_source, data) and hl.combat_source != hl.combat:
        out.append(it.Arrow(_centre(data.areas[hl.combat_source]), _centre(data.areas[hl.combat]), style.COMBAT, 8))
    return out


def _highlight_marks(hl: Highlights, data: StaticData) -> list[it.Item]:
    out: list[it.Item] = []
    if _known(hl.combat, data):
        x0, y0, x1, y1 = places()[hl.combat].armies[0].rect
        out.append(it.Badge(x0 - 14, y0 - 10, "⚔", style.COMBAT, style.WHITE, 34))
    return out
