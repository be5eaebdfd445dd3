"""AGoT's names on Discord: houses and areas by id or in any case, a house's icon, and the House cards in hand.

Pure functions over the static board (no discord import). The 8-house board names every house, area and order
token of every set-up (the base map's and the 7-house map's with the same ids and names).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.frontend.text import clip
from engine.agot.board import Board, board

HOUSE_ICONS = {"stark": "🐺", "lannister": "🦁", "baratheon": "🦌", "greyjoy": "🦑", "tyrell": "🌹", "martell": "☀️"}


def names() -> Board:
    return board("8")


def house_name(house: str | None) -> str:
    return names().houses[house]["name"] if house in names().houses else (house or "?")


def house_id(words: str) -> str | None:
    """The house ``words`` names, in any case, with or without "House" (``Stark``, ``house stark``), or None."""
    key = " ".join(words.lower().split()).removeprefix("house ").strip()
    return next((hid for hid, h in names().houses.items() if key in (hid, h["name"].lower())), None)


def area_name(area: str) -> str:
    return names().areas[area].name if area in names().areas else area


def title(decision: Mapping[str, Any]) -> str:
    """Who answers a prompt and what: "🐺 Stark: orders", "... for vassal Martell" (Mother of Dragons: the
    commander answers for a vassal)."""
    house = decision["player"]
    label = decision.get("label") or decision["kind"]
    vassal = (decision.get("info") or {}).get("vassal")
    if vassal:
        label = f"{label} for vassal {house_name(vassal)}"
    return f"{HOUSE_ICONS.get(house, '')} {house_name(house)}: {label}"


def hand_text(view: Mapping[str, Any]) -> str:
    """Every house's House cards in hand and discarded (public)."""
    b = names()
    cards = {c["id"]: c for cards in b.house_cards.values() for c in cards}
    lines = []
    for house, info in view.get("houses", {}).items():
        hand = ", ".join(f"{cards[c]['name']} ({cards[c]['strength']})" for c in info.get("hand", []) if c in cards)
        gone = ", ".join(cards[c]["name"] for c in info.get("discard", []) if c in cards)
        lines.append(f"**{house_name(house)}** — in hand: {hand or 'none'}; discarded: {gone or 'none'}")
    return clip("\n".join(lines))
