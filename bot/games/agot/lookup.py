"""``/agot card``: every card, area and Mother of Dragons term by name, with a short description in our own words
(the data's texts, never the printed cards'); searched with ``bot.frontend.search``.

Pure functions over the static boards (no discord import). The base game's cards and areas come from ``board()``,
Mother of Dragons' from the 7- and 8-house boards (``data/mod``): the Arryn, Targaryen (both decks) and vassal
House cards, Westeros deck IV, the Iron Bank's loans, the new areas, and what the expansion's maps change in the
old ones (The Eyrie, the areas around The Bite).
"""

from __future__ import annotations

from typing import Any

from bot.frontend.text import clip
from bot.games.agot.words import area_name, house_name
from engine.agot.board import AreaInfo, Board, board

MOD_7 = "Mother of Dragons (7 and 8 houses)"
MOD_8 = "Mother of Dragons, 8 houses only"
DECKS = {"arryn": "Arryn House card (Mother of Dragons)",
         "targaryen": "Targaryen House card, the usual deck (Mother of Dragons)",
         "targaryen_b": "Targaryen House card, the alternative deck B (Mother of Dragons)",
         "vassal": "vassal House card: the deck the vassals share (Mother of Dragons)"}
TERMS = {
    "Vassal": "A house of the 7- or 8-house set-up that no player holds. Each Planning phase the players claim the "
              "vassals in Iron Throne order (the last player takes those left); the commander places the vassal's "
              "orders (its own 4 vassal orders) and decides its combats with the shared vassal deck. A vassal has "
              "no Power, takes no loan, holds no dominance token and cannot win.",
    "Iron Bank": "8 houses: three loans face up, costing 7, 4 and 1 Power (1 less for whoever holds Braavos). A new "
                 "loan enters every round and the oldest leaves. An Iron Bank sea order buys one in the Consolidate "
                 "Power step; its effect happens at once. From round 2 each loan costs 1 Power of interest a round; "
                 "what a house cannot pay costs it units.",
    "Loyalty tokens": "8 houses: tokens that Westeros deck IV cards put on the board (20 at most). When Targaryen "
                      "controls an area holding some, it takes them: 7 taken win the game (Targaryen does not win "
                      "by castles).",
    "Dragon": "Targaryen's unit (8 houses): its strength grows with the rounds (0 to 5), it may fly over any "
              "areas when it marches, and it cannot be mustered; Fire Made Flesh may change it.",
    "Sea orders": "Mother of Dragons order tokens placed only in sea areas: Sea March -1, Sea Support and, with the "
                  "Iron Bank, the Iron Bank order (it buys a loan). None is special.",
    "Power improvement": "A loan's lasting mark on a land area (Expert Artificer, Pyromancer): the area counts one "
                         "more Power icon. The board image shows it beside the area's name.",
    "Supply improvement": "A loan's lasting mark on a land area (Loyal Maester, Savvy Steward, Pyromancer): the area "
                          "counts one more supply barrel. The board image shows it beside the area's name.",
}


# --- the entries ---------------------------------------------------------------------------------------------

def entries() -> dict[str, str]:
    """Every card, area and term by name, each description within one Discord message."""
    out: dict[str, str] = {}
    base, seven, eight = board(), board("7"), board("8")
    for deck, cards in base.house_cards.items():
        for c in cards:
            _add(out, c["name"], house_card(c, f"{house_name(deck)} House card"))
    for deck, cards in eight.house_cards.items():
        if deck in DECKS:
            for c in cards:
                _add(out, c["name"], house_card(c, DECKS[deck]))
    for deck, cards in base.westeros_cards.items():
        for c in cards:
            _add(out, c["name"], f"**{c['name']}** — Westeros deck {deck}"
                                 f"{' (wildling icon)' if c.get('wildling_icon') else ''}.\n{c.get('text', '')}")
    for c in eight.mod["westeros_iv"]:
        _add(out, c["name"], deck_iv(c))
    loans = eight.mod["loans"]
    for c in loans["cards"]:
        _add(out, c["name"], f"**{c['name']}** — Iron Bank loan (Mother of Dragons, 8 houses), bought for 7, 4 or 1 "
                             f"Power by its slot.\n{c['text']}")
    for c in base.wildling_cards:
        _add(out, c["name"], f"**{c['name']}** — wildling card.\nNight's Watch wins: {c.get('nights_watch_victory')}"
                             f"\nLowest bidder: {c.get('lowest_bidder')}\nEveryone else: {c.get('everyone_else')}")
    for name, words in TERMS.items():
        _add(out, name, f"**{name}** — {words}")
    names = {a.name for b in (base, seven, eight) for a in b.areas.values()}
    for name in sorted(names):
        _add(out, name, area_entry(name, base, seven, eight))
    return {name: clip(text.strip(), 1900) for name, text in out.items()}


def _add(out: dict[str, str], name: str, text: str) -> None:
    """A second card of the same name (both Targaryen decks have Daenerys) goes under the first."""
    out[name] = f"{out[name]}\n{text}" if name in out else text


def house_card(c: dict[str, Any], kind: str) -> str:
    icons = []
    if c.get("swords"):
        icons.append(f"{c['swords']} sword(s)")
    if c.get("fortifications"):
        icons.append(f"{c['fortifications']} fortification(s)")
    return (f"**{c['name']}** — {kind}, strength {c['strength']}{'; ' + ', '.join(icons) if icons else ''}.\n"
            f"{c.get('text') or 'No ability.'}")


def deck_iv(c: dict[str, Any]) -> str:
    lines = [f"**{c['name']}** — Westeros deck IV (Mother of Dragons, 8 houses: Targaryen's deck)."]
    if c.get("loyalty"):
        lines.append("First a loyalty token goes to " + ", ".join(area_name(a) for a in c["loyalty"]) + ".")
    lines.append(c["text"])
    if c.get("choices"):
        lines.append("The two areas: " + " or ".join(area_name(a) for a in c["choices"]) + ".")
    return "\n".join(lines)


def _facts(b: Board, a: AreaInfo) -> list[str]:
    out = [a.kind]
    if a.castle:
        out.append({1: "castle", 2: "stronghold"}.get(a.castle, "castle"))
    if a.supply:
        out.append(f"{a.supply} supply barrel(s)")
    if a.power:
        out.append(f"{a.power} Power icon(s)")
    if a.home:
        out.append(f"home of {house_name(a.home)}")
    if a.port:
        out.append(f"its port: {area_name(a.port)}")
    setup = b.setups[b.setup or "6"]  # the base game's whole map: its 6-player set-up
    if a.id in setup.get("neutral_forces", {}):
        out.append(f"neutral force {setup['neutral_forces'][a.id]}")
    if a.home and a.id in setup.get("garrisons", {}):
        out.append(f"garrison {setup['garrisons'][a.id]}" + (" (it comes back when the home is retaken)"
                                                             if a.id in b.mod.get("regains_garrison", ()) else ""))
    if a.id == "braavos" and b.mod:
        out.append(f"its holder pays {b.mod['loans']['braavos_discount']} Power less for each loan")
    return out


def _names(ids: set[str]) -> str:
    return ", ".join(sorted(area_name(x) for x in ids))


def area_entry(name: str, base: Board, seven: Board, eight: Board) -> str:
    """An area on the base map, then what Mother of Dragons' maps change in it (or where it first appears)."""
    found = [(label, b, a) for label, b in (("", base), (MOD_7, seven), (MOD_8, eight))
             for a in b.areas.values() if a.name == name]
    label, b, a = found[0]
    where = f" — {label}:" if label else " —"
    lines = [f"**{name}**{where} {', '.join(_facts(b, a))}.", f"Adjacent: {_names(set(a.adjacent))}."]
    for label, b2, a2 in found[1:]:
        changed = _facts(b2, a2) if _facts(b2, a2) != _facts(b, a) else []
        added, gone = set(a2.adjacent) - set(a.adjacent), set(a.adjacent) - set(a2.adjacent)
        parts = [", ".join(changed)] if changed else []
        parts += [f"also adjacent: {_names(added)}"] if added else []
        parts += [f"no longer adjacent: {_names(gone)}"] if gone else []
        if parts:
            lines.append(f"{label}: " + "; ".join(parts) + ".")
        b, a = b2, a2
    return "\n".join(lines)
