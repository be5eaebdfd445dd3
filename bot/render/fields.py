"""The panel's facts as text for a Discord embed: ``panel_fields(view) -> [(name, value), ...]``.

The same public facts as the panel image (round, wildlings, tracks, each house's supply, Power, castles, reserve,
hand and discard, this round's Westeros cards, a combat), read from the view only, within Discord's embed limits
(25 fields, 256 characters a name, 1,024 a value).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.render.header import phase_name
from bot.render.mod import house_title, loan_name, loans_of
from bot.render.panel import (
    TRACKS,
    _cards,
    house_order,
    human,
    mod_lines,
    reserve_text,
    victory_label,
    waiting_houses,
    westeros_names,
)
from bot.render.static import for_view, static

MAX_FIELDS, MAX_NAME, MAX_VALUE = 25, 256, 1024


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


@for_view
def panel_fields(view: Mapping[str, Any]) -> list[tuple[str, str]]:
    data = static()
    names = data.house_names

    def name(h: Any) -> str:
        return names.get(str(h), human(h))

    out: list[tuple[str, str]] = []
    state = f"Round {view.get('round') or 0}/{data.max_rounds} · {phase_name(view)}"
    state += f" · wildlings {int(view.get('wildling_threat') or 0)}/{data.wildling_max}"
    if view.get("winner"):
        state += f" · winner {name(view['winner'])}"
    waiting = waiting_houses(view)
    if waiting and not view.get("winner"):
        state += "\nWaiting for " + ", ".join(name(h) for h in waiting)
    out.append(("Game", state))
    tracks = view.get("tracks") or {}
    lines = [f"**{title}**: " + " · ".join(f"{i + 1} {name(h)}" for i, h in enumerate(tracks.get(key) or []))
             for key, title in TRACKS]
    lines.append(f"Blade {'used' if view.get('blade_used') else 'ready'} · Raven "
                 f"{'used' if view.get('raven_used') else 'ready'}")
    out.append(("Influence tracks", "\n".join(lines)))
    extra = mod_lines(view, data)
    if extra:
        out.append(("Mother of Dragons", "\n".join(extra)))
    houses: Mapping[str, Mapping[str, Any]] = view.get("houses") or {}
    for house in house_order(view):
        h = houses[house]
        power = "hidden (bidding)" if h.get("power") is None else str(h.get("power"))
        on_map = h.get("power_on_board") or 0
        limits = " ".join(str(n) for n in h.get("army_limits") or [])
        reserve = h.get("reserve") or {}
        text = [f"Supply {h.get('supply', '?')} (armies {limits}) · Power {power}"
                + (f" (+{on_map} on map)" if on_map else ""),
                "Reserve " + reserve_text(reserve, house),
                "Hand: " + _cards(data, h.get("hand") or [])]
        if h.get("discard"):
            text.append("Discard: " + _cards(data, h["discard"]))
        loans = loans_of(view, house)
        if loans:
            text.append("Loans: " + ", ".join(loan_name(data, c) for c in loans))
        title = house_title(view, house, h.get("name") or name(house))
        title += f" · {victory_label(view, data, house, h) or '? castles'}"
        out.append((title, "\n".join(text)))
    revealed = view.get("westeros_revealed") or []
    if revealed:
        cards = " · ".join(westeros_names(revealed))
        restrictions = ", ".join(human(r) for r in view.get("restrictions") or [])
        out.append(("Westeros", cards + (f"\nRestrictions: {restrictions}" if restrictions else "")))
    return [(_clip(n, MAX_NAME), _clip(v, MAX_VALUE)) for n, v in out[:MAX_FIELDS]]
