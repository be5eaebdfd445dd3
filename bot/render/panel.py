"""The side panel: round and phase, wildling threat, the three Influence tracks with the Dominance tokens, and
one block per house (supply and armies, victory points, Power, house cards in hand and discarded).

Pure layout like ``bot.render.layout``: view -> items. Only public fields of the view are read here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render import items as it
from bot.render import style
from bot.render.fonts import font
from bot.render.layout import Highlights, colour_of
from bot.render.mod import (
    dragon_strength,
    house_title,
    improvements,
    loan_name,
    loan_row,
    loans_of,
    mod_of,
    victory_text,
)
from bot.render.static import StaticData, for_view, static

PAD = 16
X0 = PAD
X1 = style.PANEL_W - PAD
TEXT = style.PANEL_TEXT
MUTED = style.PANEL_MUTED
PHASES = {"westeros": "Westeros phase", "planning": "Planning phase", "action": "Action phase"}
TRACKS = (("iron_throne", "Iron Throne"), ("fiefdoms", "Fiefdoms"), ("kings_court", "King's Court"))
UNIT_ABBR = (("footman", "F"), ("knight", "K"), ("siege_engine", "SE"), ("ship", "S"), ("dragon", "D"))


def reserve_text(reserve: Mapping[str, Any], house: str) -> str:
    """``5F 3K 2SE 6S``; Dragons only for Targaryen (or a house holding some in reserve)."""
    return " ".join(f"{reserve.get(k, 0)}{a}" for k, a in UNIT_ABBR
                    if k != "dragon" or house == "targaryen" or reserve.get(k))


def victory_label(view: Mapping[str, Any], data: StaticData, house: str, h: Mapping[str, Any]) -> str:
    """``4 castles``, or Targaryen's ``3/7 loyalty`` on the Mother of Dragons maps; empty when unknown."""
    if h.get("victory_points") is None and "loyalty" not in h:
        return ""
    return victory_text(house, h, view, data)


def mod_lines(view: Mapping[str, Any], data: StaticData) -> list[str]:
    """The Iron Bank's loan row, the Dragons' strength and the last deck IV card, when the game has them."""
    out = []
    row = loan_row(view, data)
    if row:
        out.append("Iron Bank: " + " · ".join(f"{cost} Power {loan_name(data, card) if card else 'empty'}"
                                               for cost, card in row))
        out += [f"Loans made: {line}" for line in improvements(view)]
    strength = dragon_strength(view, data)
    if strength is not None and "targaryen" in (view.get("houses") or {}):
        out.append(f"Dragon strength {strength}")
    card = mod_of(view).get("westeros_iv_revealed")
    if card:
        out.append(f"Westeros IV: {data.westeros_names.get(str(card)) or human(card)}")
    return out


def westeros_names(cards: Sequence[Any]) -> list[str]:
    """The names of Westeros cards given by kind (``a-throne-of-blades``, a deck IV card's id, or ``{"type": ...}``);
    a name may hold a comma (Dark Wings, Dark Words): lists join them with `` · ``."""
    names = static().westeros_names
    kinds = [str(c.get("type", c) if isinstance(c, Mapping) else c) for c in cards]
    return [names.get(k) or human(k) for k in kinds]


def human(value: Any) -> str:
    """``kings-landing`` / ``no_defense`` -> ``Kings landing`` / ``No defense`` (area names come from the map)."""
    text = str(value)
    geo = static().areas.get(text)
    if geo is not None:
        return geo.name
    if text in static().house_names:
        return static().house_names[text]
    return text.replace("_", " ").replace("-", " ").capitalize()


def wrap(text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap to ``width`` pixels; words are never split."""
    f = font(size, bold)
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if line and f.getlength(trial) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


class _Column:
    """Stacks panel items top-down."""

    def __init__(self) -> None:
        self.items: list[it.Item] = []
        self.y = float(PAD)

    def text(self, text: str, size: int, colour: style.RGB = TEXT, bold: bool = False, x: float = X0,
             gap: float = 4) -> None:
        self.items.append(it.Text(x, self.y, text, size, colour, bold))
        self.y += size * 1.2 + gap

    def wrapped(self, text: str, size: int, colour: style.RGB = TEXT, indent: float = 0, bold: bool = False) -> None:
        for i, line in enumerate(wrap(text, size, X1 - X0 - indent, bold)):
            self.text(line, size, colour, bold, x=X0 + (indent if i else 0), gap=1)
        self.y += 3

    def rule(self, gap: float = 10) -> None:
        self.y += gap / 2
        self.items.append(it.Box(X0, self.y, X1, self.y + 1, style.PANEL_RULE))
        self.y += gap


@for_view
def panel_items(view: Mapping[str, Any], highlights: Highlights | None = None) -> tuple[list[it.Item], float]:
    """The panel's items and the height they take."""
    data = static()
    col = _Column()
    _header(col, view)
    col.rule()
    _wildlings(col, view, data)
    col.rule()
    for key, title in TRACKS:
        _track(col, view, data, key, title)
    col.rule()
    _combat(col, view, data, highlights)
    houses: Mapping[str, Mapping[str, Any]] = view.get("houses") or {}
    hl = highlights if highlights and highlights.combat else Highlights.from_view(view)
    roles = {hl.attacker: "attacking", hl.defender: "defending"} if hl.combat else {}
    extra = mod_lines(view, data)
    for line in extra:
        col.wrapped(line, 20)
    if extra:
        col.rule()
    for house in house_order(view):
        _house(col, view, data, house, houses[house], roles.get(house))
    _round_cards(col, view)
    return col.items, col.y + PAD


def house_order(view: Mapping[str, Any]) -> list[str]:
    """The houses in Iron Throne order."""
    houses: Mapping[str, Any] = view.get("houses") or {}
    order = [h for h in (view.get("tracks") or {}).get("iron_throne", []) if h in houses]
    return order + [h for h in houses if h not in order]


def _header(col: _Column, view: Mapping[str, Any]) -> None:
    data = static()
    rnd = view.get("round") or 0
    phase = PHASES.get(str(view.get("phase")), human(view.get("phase") or ""))
    col.text(f"Round {rnd} of {data.max_rounds}", 34, bold=True, gap=2)
    step = view.get("step")
    detail = f"  ·  {human(step)}" if step and step != view.get("phase") else ""
    col.text(phase + detail, 26, bold=True, gap=4)
    winner = view.get("winner")
    if winner:
        col.y += 4
        col.items.append(it.Box(X0, col.y - 4, X1, col.y + 34, colour_of(data, winner), style.INK, 2, 8))
        ink = style.INK if sum(colour_of(data, winner)) > 450 else style.WHITE
        col.text(f"Winner: {data.house_names.get(winner, human(winner))}", 24, ink, True, x=X0 + 10, gap=10)
    waiting = waiting_houses(view)
    if waiting and not winner:
        names = ", ".join(data.house_names.get(h, human(h)) for h in waiting)
        col.wrapped(f"Waiting for: {names}", 20, MUTED)


def waiting_houses(view: Mapping[str, Any]) -> list[str]:
    """Who must decide now: the view's ``waiting`` list (house, kind, label), else ``waiting_for``."""
    waiting = [w.get("house") for w in view.get("waiting") or [] if isinstance(w, Mapping)]
    return [h for h in waiting if isinstance(h, str)] or list(view.get("waiting_for") or [])


def _wildlings(col: _Column, view: Mapping[str, Any], data: StaticData) -> None:
    threat = int(view.get("wildling_threat") or 0)
    col.text(f"Wildling threat  {threat} / {data.wildling_max}", 23, bold=True, gap=6)
    steps = list(range(0, data.wildling_max + 1, data.wildling_step))
    cell = (X1 - X0) / len(steps)
    for i, value in enumerate(steps):
        x = X0 + i * cell
        hot = value == threat
        fill = (style.WILDLING_HOT if value >= data.wildling_max - 2 else style.WILDLING) if hot else style.PANEL_BG
        col.items.append(it.Box(x + 2, col.y, x + cell - 2, col.y + 34, fill, style.PANEL_RULE if not hot
                                else style.INK, 2, 6))
        col.items.append(it.Text(x + cell / 2, col.y + 17, str(value), 20, style.WHITE if hot else MUTED, hot, "mm"))
    col.y += 42


def _track(col: _Column, view: Mapping[str, Any], data: StaticData, key: str, title: str) -> None:
    order: Sequence[str] = (view.get("tracks") or {}).get(key) or []
    dominance = view.get("dominance") or {}
    if key == "iron_throne":
        note = "Iron Throne token"
        holder = dominance.get("iron_throne", order[0] if order else None)
    elif key == "fiefdoms":
        holder = dominance.get("valyrian_steel_blade", order[0] if order else None)
        note = "Valyrian Steel Blade: " + ("used" if view.get("blade_used") else "ready")
    else:
        holder = dominance.get("messenger_raven", order[0] if order else None)
        note = "Messenger Raven: " + ("used" if view.get("raven_used") else "ready")
    col.items.append(it.Text(X0, col.y, title, 23, TEXT, True))
    col.items.append(it.Text(X1, col.y + 3, note, 19, MUTED, False, "ra"))
    col.y += 32
    if not order:
        return
    cell = (X1 - X0) / max(len(order), 6)
    for i, house in enumerate(order):
        cx = X0 + cell * i + cell / 2
        if house == holder:
            col.items.append(it.Box(cx - cell / 2 + 2, col.y - 2, cx + cell / 2 - 2, col.y + 56, (250, 226, 140),
                                    style.STAR, 2, 8))
        col.items.append(it.Chip(cx, col.y + 15, 14, colour_of(data, house), str(i + 1)))
        name = data.house_names.get(house, human(house))
        size = 17  # smaller where 7 or 8 houses share the track
        while size > 11 and font(size, house == holder).getlength(name) > cell - 4:
            size -= 1
        col.items.append(it.Text(cx, col.y + 34, name, size, TEXT, house == holder, "ma"))
    col.y += 64


def _combat(col: _Column, view: Mapping[str, Any], data: StaticData, highlights: Highlights | None) -> None:
    hl = highlights if highlights and highlights.combat else Highlights.from_view(view)
    if not hl.combat:
        return
    note = (view.get("notes") or {}).get("combat")
    note = note if isinstance(note, Mapping) and note.get("area") == hl.combat else {}

    def name(house: Any) -> str:
        return data.house_names.get(str(house), human(house))

    attacker = name(hl.attacker) if hl.attacker else "?"
    if hl.defender:
        defender = name(hl.defender)
    else:
        defender = f"the neutral force ({note['neutral']})" if note.get("neutral") else "the neutral force"
    col.text(f"⚔ Combat at {human(hl.combat)}", 26, style.COMBAT, True, gap=2)
    source = f" from {human(hl.combat_source)}" if hl.combat_source else ""
    col.wrapped(f"{attacker} attacks{source}; {defender} defends.", 20)
    support = note.get("support")
    if isinstance(support, Mapping) and support:
        parts = [f"{name(v.get('house'))} from {human(a)} ({v.get('side', '?')})" for a, v in support.items()
                 if isinstance(v, Mapping)]
        col.wrapped("Support: " + "; ".join(parts), 19)
    cards = note.get("cards")
    if isinstance(cards, Mapping) and cards:
        shown = [f"{name(h)}: {_cards(data, [c])}" for h, c in cards.items() if c]
        col.wrapped("Cards: " + "; ".join(shown), 19)
    strength = note.get("final") or note.get("initial")
    if isinstance(strength, Mapping) and strength:
        label = "Final strength" if note.get("final") else "Strength"
        col.wrapped(f"{label}: " + ", ".join(f"{name(h)} {v}" for h, v in strength.items()), 19)
    if note.get("winner"):
        col.text(f"Winner: {name(note['winner'])}", 20, TEXT, True, gap=2)
    col.rule()


def _house(col: _Column, view: Mapping[str, Any], data: StaticData, house: str, h: Mapping[str, Any],
           role: str | None = None) -> None:
    colour = colour_of(data, house)
    top = col.y
    col.items.append(it.Box(X0, top, X0 + 10, top + 30, colour, style.INK, 1))
    name = house_title(view, house, h.get("name") or data.house_names.get(house, human(house)))
    col.items.append(it.Text(X0 + 18, top, name, 26, TEXT, True))
    if role:  # this house fights in the highlighted combat
        x = X0 + 30 + font(26, True).getlength(name)
        w = font(18, True).getlength(role) + 16
        col.items.append(it.Box(x, top + 3, x + w, top + 29, style.COMBAT, None, 1, 6))
        col.items.append(it.Text(x + w / 2, top + 16, role, 18, style.WHITE, True, "mm"))
    col.items.append(it.Text(X1, top + 3, victory_label(view, data, house, h), 22, TEXT, True, "ra"))
    col.y += 35
    power = h.get("power")
    power_text = "hidden (bidding)" if power is None else str(power)
    on_board = h.get("power_on_board") or 0
    limits = " ".join(str(n) for n in h.get("army_limits") or [])
    col.text(f"Supply {h.get('supply', '?')} (armies {limits})   Power {power_text}"
             + (f" +{on_board} on map" if on_board else ""), 20, gap=2)
    reserve = h.get("reserve") or {}
    status = ""
    if _choosing_orders(view):
        status = "   orders: placed" if h.get("orders_submitted") else "   orders: choosing…"
    if reserve:
        parts = reserve_text(reserve, house)
        col.text(f"In reserve {parts}{status}", 19, MUTED, gap=2)
    col.wrapped("Hand: " + _cards(data, h.get("hand") or []), 19, indent=14)
    discard = h.get("discard") or []
    if discard:
        col.wrapped("Discard: " + _cards(data, discard), 19, MUTED, indent=14)
    loans = loans_of(view, house)
    if loans:
        col.wrapped("Loans: " + ", ".join(loan_name(data, c) for c in loans), 19, indent=14)
    col.y += 8


def _choosing_orders(view: Mapping[str, Any]) -> bool:
    """Planning, before the reveal: no order on the board is face up yet."""
    if view.get("phase") != "planning":
        return False
    orders = [a.get("order") for a in (view.get("areas") or {}).values() if a.get("order")]
    return all(o.get("face_down") for o in orders)


def _cards(data: StaticData, cards: Sequence[str]) -> str:
    if not cards:
        return "none"
    out = []
    for cid in cards:
        card = data.cards.get(cid)
        out.append(f"{card.name} {card.strength}" if card else human(cid))
    return ", ".join(out)


def _round_cards(col: _Column, view: Mapping[str, Any]) -> None:
    revealed = view.get("westeros_revealed") or []
    restrictions = view.get("restrictions") or []
    if not revealed and not restrictions:
        return
    col.rule()
    if revealed:
        col.wrapped("Westeros: " + " · ".join(westeros_names(revealed)), 20)
    if restrictions:
        col.wrapped("Restrictions: " + ", ".join(human(r) for r in restrictions), 20, style.COMBAT)
