"""The combat image: the embattled area and its neighbours zoomed, and both sides' strength, part by part.

Read from the view's public combat notes only (``notes["combat"]``: attacker, defender or neutral force, area,
source, marching units, support per area, which sides chose a House card, the revealed cards, Tides of Battle,
the Blade, initial and final strengths, the victor). A chosen card is named only once the notes reveal it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from bot.render import items as it
from bot.render import style
from bot.render.layout import Highlights, colour_of, map_items
from bot.render.panel import human, wrap
from bot.render.static import for_view, static
from bot.render.zoom import area_region, zoomed

WIDTH = 900
UNIT_NAMES = {"footman": "Footman", "knight": "Knight", "siege_engine": "Siege engine", "ship": "Ship",
              "dragon": "Dragon"}


@for_view
def combat_note(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    note = (view.get("notes") or {}).get("combat")
    if isinstance(note, Mapping) and note.get("area") in static().areas:
        return note
    return None


def _units_text(kinds: list[str]) -> str:
    counts: dict[str, int] = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    return ", ".join(f"{n} {UNIT_NAMES.get(k, human(k))}{'s' if n > 1 else ''}" for k, n in counts.items()) or "none"


@for_view
def side_lines(view: Mapping[str, Any], note: Mapping[str, Any], side: str) -> list[tuple[str, bool]]:
    """(text, bold) lines of one side's parts: units, support, card, Tides of Battle, Blade, strength."""
    data = static()
    house = note.get(side)
    area = str(note["area"])
    lines: list[tuple[str, bool]] = []
    if side == "defender" and not house:
        lines.append((f"Neutral force {note.get('neutral') or '?'}", True))
        return lines + _strength(note, None)
    name = data.house_names.get(str(house), human(house))
    lines.append((f"{name} · {'attacks' if side == 'attacker' else 'defends'}", True))
    st = (view.get("areas") or {}).get(area) or {}
    if side == "attacker":
        kinds = [str(k) for k in note.get("units") or []]
        source = note.get("source")
        lines.append((f"Units: {_units_text(kinds)}" + (f" (from {human(source)})" if source else ""), False))
    else:
        kinds = [str(u.get("kind")) for u in st.get("units") or [] if (u.get("house") or st.get("house")) == house]
        if st.get("garrison"):
            kinds_text = _units_text(kinds) + f", garrison {st['garrison']}"
        else:
            kinds_text = _units_text(kinds)
        lines.append((f"Units: {kinds_text}", False))
    support = note.get("support") or {}
    if isinstance(support, Mapping):
        for where, s in support.items():
            if isinstance(s, Mapping) and s.get("side") == side:
                lines.append((f"Support: {data.house_names.get(str(s.get('house')), human(s.get('house')))} "
                               f"from {human(where)}", False))
    cards = note.get("cards") or {}
    card = cards.get(house) if isinstance(cards, Mapping) else None
    if card:
        c = data.cards.get(str(card))
        lines.append((f"House card: {c.name} ({c.strength})" if c else f"House card: {human(card)}", False))
    elif house in (note.get("chosen") or []):
        lines.append(("House card: chosen, not yet revealed", False))
    tides = note.get("tides") or {}
    if isinstance(tides, Mapping) and tides.get(house):
        lines.append((f"Tides of Battle: {human(tides[house])}", False))
    if note.get("blade") == house:
        lines.append(("Valyrian Steel Blade: +1", False))
    return lines + _strength(note, house)


def _strength(note: Mapping[str, Any], house: str | None) -> list[tuple[str, bool]]:
    key = house if house is not None else "neutral"
    for label, field in (("Final strength", "final"), ("Strength", "initial")):
        values = note.get(field) or {}
        if isinstance(values, Mapping) and key in values:
            return [(f"{label}: {values[key]}", True)]
    return []


@for_view
def combat_image(view: Mapping[str, Any]) -> Image.Image | None:
    note = combat_note(view)
    if note is None:
        return None
    data = static()
    hl = Highlights.from_view(view)
    area = str(note["area"])
    region = area_region([area], neighbours=True)
    text: list[it.Item] = []
    title = f"Combat at {human(area)} · round {view.get('round') or 0}"
    winner = note.get("winner")
    if winner:
        title += f" · {data.house_names.get(str(winner), human(winner))} wins"
    text.append(it.Text(16, 12, title, 30, style.COMBAT, True))
    col_w = (WIDTH - 48) / 2
    bottom = 0.0
    for i, side in enumerate(("attacker", "defender")):
        x = 16 + i * (col_w + 16)
        house = note.get(side)
        colour = colour_of(data, house) if house else style.NEUTRAL_FILL
        text.append(it.Box(x, 56, x + 10, 86, colour, style.INK, 1))
        y = 56.0
        for line, bold in side_lines(view, note, side):
            indent = 18 if y == 56 else 0
            for part in wrap(line, 24 if bold else 21, col_w - indent, bold):
                text.append(it.Text(x + indent, y, part, 24 if bold else 21, style.PANEL_TEXT, bold))
                y += 34 if bold else 28
        bottom = max(bottom, y)
    return zoomed(map_items(view, hl), region, WIDTH, text, bottom + 14)
