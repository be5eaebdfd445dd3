"""Convert the shared Mother of Dragons facts into the project's data files under ``data/mod/``.

Source: ``../shared/reference/agot-mod-facts.json`` (facts and figures extracted from Swords and Ravens,
github.com/Longwelwind/swords-and-ravens, GPL-3.0; see NOTICE). Only numbers, ids and names are taken; every
descriptive text in the output is written for this project. Run from the repository root::

    python tools/convert_mod_facts.py [path/to/agot-mod-facts.json]

and commit the files it writes under ``data/mod/``. The files have the shapes of ``data/board.json``,
``data/setups.json`` and ``data/map_render.json`` (one board and one drawing per map: ``7`` houses on the
Westeros board with The Bite and the Vale, ``8`` houses with Essos beside it), plus the expansion's cards.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.cli import Parser  # noqa: E402
from tools.convert_facts import link_ports  # noqa: E402

DEFAULT_SOURCE = ROOT.parent / "shared" / "reference" / "agot-mod-facts.json"
DATA = ROOT / "data" / "mod"

UNIT_KIND = {"footman": "footman", "knight": "knight", "ship": "ship", "siege-engine": "siege_engine",
             "siege_engine": "siege_engine", "dragon": "dragon"}
UNIT_ORDER = ("footman", "knight", "siege_engine", "ship", "dragon")

# The expansion's order tokens (ids are the notation). Sea orders go to every player-held house when sea
# orders are in play; a vassal has only the four vassal tokens.
SEA_ORDER_TOKENS = [
    {"id": "SM-1", "type": "march", "modifier": -1, "special": False, "sea": True},
    {"id": "SS0", "type": "support", "modifier": 0, "special": False, "sea": True},
    {"id": "IB", "type": "iron_bank", "modifier": 0, "special": False, "sea": True},
]
VASSAL_ORDER_TOKENS = [
    {"id": "VM0", "type": "march", "modifier": 0, "special": False},
    {"id": "VRS+1", "type": "raid_support", "modifier": 1, "special": False},
    {"id": "VDM+1", "type": "defense_muster", "modifier": 1, "special": False},
    {"id": "VD+3", "type": "defense", "modifier": 3, "special": False},
]

# Ability summaries in this project's own words (keyed by card id).
HOUSE_CARD_TEXT = {
    # Targaryen (first deck)
    "khal-drogo": "Each of your fighting Knights gets +1 and this card +1 sword per fighting Knight; the card "
                  "leaves the game after the combat.",
    "xaro-xhoan-daxos": "With more fighting Ships than the opponent, each of your fighting Ships gets +1.",
    "daenerys-targaryen-a": "+2 strength while a Dragon fights on either side.",
    "viserys-targaryen": "Before the combat you may discard another card from your hand to add its printed "
                         "strength; if you lose, Viserys leaves the game.",
    "illyrio-mopatis": "After the combat take Power equal to the gap between the totals; with 5 or more Power "
                       "then, the card leaves the game.",
    # Targaryen (second deck)
    "daenerys-targaryen-b": "After the combat the opponent discards Power equal to the gap between the totals.",
    "captain-groleo": "Attacking a land area: +1 per Targaryen Ship next to that area.",
    "rakharo": "In a land area without castle or stronghold, each of your fighting Knights gets +2.",
    "missandei": "If you lose by 2 or less, you may take one other card from your discard pile back.",
    # Arryn
    "lysa-arryn-mod": "Winning as defender on one of your Defense orders, you may keep this card in hand.",
    "ser-vardis-egen": "Against a card of printed strength 2 or less: +1 strength and +2 fortifications.",
    "godric-borrell": "Defending a sea area: +1 per land area next to it that you control.",
    "anya-waynwood": "If you win, you and every house that supported you take 3 Power.",
    "robert-arryn": "As defender, after the combat you may remove this card and the opponent's weakest "
                    "discarded card from the game.",
    # the shared vassal deck
    "varys": "After the combat the vassal goes to the top of the Fiefdoms track.",
    "syrio-forel": "While the vassal defends, attacking Footmen of player houses have strength 0.",
    "jaqen-h-ghar": "Cancels the opponent's card: a random other card of their hand replaces it.",
    "jon-connington": "If the vassal loses, its commander may move one of the vassal's retreating units' Power "
                      "into play (see docs/rulings.md).",
    "beric-dondarrion": "If the vassal wins, it loses no unit to swords (see docs/rulings.md).",
    "bronn": "Before the combat the commander may lower this card's strength (see docs/rulings.md).",
}

WESTEROS_IV_TEXT = {
    "domestic-disputes": "Targaryen may pay 1 Power: up to 4 other houses each get a loyalty token in their "
                         "home area.",
    "empty-promises": "Targaryen may pay 1 Power for a loyalty token in one of the two named areas.",
    "fire-made-flesh": "Targaryen may sacrifice a Dragon to strengthen all Dragons at once, or bring a "
                       "destroyed Dragon back home, or do nothing.",
    "playing-with-fire": "Targaryen may pay 1 Power: an empty land area gets a loyalty token and a unit of "
                         "another player's choosing.",
    "scattering-dissent": "From the bottom of the Iron Throne track up, each player may move one loyalty token "
                          "to a neighbouring area; Targaryen may pay 1 Power to stop a move.",
    "southron-ambitions": "Targaryen may pay 1 Power for a loyalty token in one of the two named areas.",
    "strongholds-of-resistance": "Targaryen may pay 1 Power for a loyalty token in one of the two named areas.",
    "the-long-plan": "Targaryen may pay 1 Power: another player puts loyalty tokens in two land areas.",
    "watering-the-seed": "Targaryen may pay its victory count in Power for loyalty tokens in two river areas "
                         "it does not control.",
    "word-spreads-quickly": "In Iron Throne order each player may move one loyalty token to a neighbouring "
                            "area; Targaryen may pay 2 Power to stop a move.",
}

LOAN_TEXT = {
    "customs-officer": "Take 10 Power.",
    "expert-artificer": "Put a power improvement on a land area, then take 8 Power.",
    "full-host": "Place a Footman, a Knight, a Siege Engine and a Ship where you control or have units.",
    "loyal-maester": "Put supply improvements on two land areas.",
    "master-at-arms": "Make the castles of two areas strongholds.",
    "pyromancer": "Lower the castle or stronghold of one area, then put an improvement there.",
    "savvy-steward": "Put a supply improvement on a land area, then go up one on the Supply track.",
    "sea-raiders": "Place a Footman and 3 Ships where you control or have units.",
    "siege-engineers": "Place a Footman and 2 Siege Engines where you control or have units.",
    "spymaster": "Look at the top 2 cards of one Westeros deck; put each back on top or at the bottom.",
    "the-faceless-men": "Destroy a Knight in one area and a Footman in another, of any houses.",
    "vanguard-cavalry": "Place 3 Knights where you control or have units.",
}

RENDER_SLOTS = (("label", "label_rect"), ("units", "unit_slot"), ("order", "order_slot"),
                ("power_token", "power_token_slot"))


def _slot(rect: dict[str, float]) -> list[float]:
    return [rect["cx"], rect["cy"], rect["w"], rect["h"]]


def _units(placed: dict[str, dict[str, int]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for area_id in sorted(placed):
        kinds = {UNIT_KIND[k]: n for k, n in placed[area_id].items()}
        out[area_id] = [k for k in UNIT_ORDER for _ in range(kinds.get(k, 0))]
    return {a: u for a, u in out.items() if u}


def _close(p: list[float], q: list[float]) -> bool:
    return math.dist(p, q) < 6.0


def chain_rings(area: str, borders: list[dict[str, Any]]) -> list[list[list[float]]]:
    """The area's outline as closed rings, chained from its border polylines (as S&R's continuous border):
    start anywhere, append the polyline whose end meets the current end (reversed when needed)."""
    pieces = [list(map(list, b["points"])) for b in borders if area in (b["from"], b["to"])]
    rings: list[list[list[float]]] = []
    while pieces:
        ring = pieces.pop(0)
        while not _close(ring[0], ring[-1]) and pieces:
            end = ring[-1]
            best = min(range(len(pieces)), key=lambda i: min(math.dist(end, pieces[i][0]),
                                                              math.dist(end, pieces[i][-1])))
            piece = pieces.pop(best)
            if math.dist(end, piece[-1]) < math.dist(end, piece[0]):
                piece.reverse()
            ring.extend(piece[1:] if _close(end, piece[0]) else piece)
        rings.append([[round(x, 3), round(y, 3)] for x, y in ring])
    return rings


def convert_map(spec: dict[str, Any], houses: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    areas = []
    for a in spec["areas"]:
        area: dict[str, Any] = {
            "id": a["id"], "name": a["name"], "kind": a["kind"], "castle": a["castle_level"],
            "supply": a["supply_icons"], "power": a["power_icons"], "home": a["home_house"],
            "adjacent": sorted(a["adjacent"]),
        }
        if a.get("regains_garrison"):
            area["regains_garrison"] = True
        areas.append(area)
    link_ports(areas)
    in_map = {a["home"] for a in areas if a["home"]}
    board = {"houses": {h: {"name": v["name"], "color": v["color"], "home": v["home_area"],
                            "unit_limits": {UNIT_KIND[k]: n for k, n in v["unit_limits"].items()}}
                        for h, v in houses.items() if h in in_map},
             "areas": areas}
    render: dict[str, Any] = {
        "width": spec["map"]["width"], "height": spec["map"]["height"],
        "areas": {a["id"]: {**{name: (_slot(a["render"][key]) if name != "label" else
                                      [a["render"]["label"]["x"], a["render"]["label"]["y"]])
                               for name, key in RENDER_SLOTS},
                            "outline": chain_rings(a["id"], spec["borders"])}
                  for a in spec["areas"]},
        "borders": [{"from": b["from"], "to": b["to"], "points": b["points"]} for b in spec["borders"]],
    }
    for name, key in RENDER_SLOTS[1:]:
        assert all(render["areas"][a][name] for a in render["areas"]), key
    if spec.get("iron_bank_slots"):
        render["iron_bank"] = {k: _slot(v) for k, v in sorted(spec["iron_bank_slots"].items())}
    return board, render


def convert_setup(s: dict[str, Any], houses: dict[str, Any]) -> dict[str, Any]:
    return {
        "houses": s["houses"],
        "map": s["map"],
        "tracks": s["tracks"],
        "special_orders": s["special_orders_allowed_by_kings_court_position"],
        "units": {h: _units(p) for h, p in s["starting_units_player"].items()},
        "units_if_vassal": {h: _units(p) for h, p in s["starting_units_if_vassal"].items()},
        "garrisons": s["home_garrisons"],
        "neutral_forces": s["neutral_forces"],
        "blocked": [],
        "wildling_threat": 2,
        # M1: every house 5 Power, Targaryen 7 (the RM); a setting may give everybody 7 with the Iron Bank
        "starting_power": {h: 7 if h == "targaryen" else 5 for h in s["houses"]},
        "printed_supply": {h: houses[h]["printed_starting_supply"] for h in s["houses"]},
        "vassal_supply": 4,
        "loyalty_tokens": s["loyalty_tokens"],
        "dragon_strength_rounds": s["dragon_strength_tokens"] or [],
        "westeros_deck_iv": bool(s["westeros_deck_IV"]),
    }


def _card(c: dict[str, Any]) -> dict[str, Any]:
    return {"id": c["id"], "name": c["name"], "strength": c["strength"], "swords": c["swords"],
            "fortifications": c["fortifications"], "text": HOUSE_CARD_TEXT.get(c["id"], "")}


def convert(facts: dict[str, Any]) -> dict[str, Any]:
    houses = facts["houses"]
    out: dict[str, Any] = {}
    for count, spec in sorted(facts["maps"].items()):
        board, render = convert_map(spec, houses)
        n = count.rstrip("p")
        out[f"board{n}.json"] = board
        out[f"map_render{n}.json"] = render
    out["setups.json"] = {n: convert_setup(s, houses) for n, s in sorted(facts["setups"].items())}
    cards = facts["house_cards"]
    out["house_cards.json"] = {
        "arryn": [_card(c) for c in cards["arryn"]],
        "targaryen": [_card(c) for c in cards["targaryen"]],
        "targaryen_b": [_card(c) for c in cards["targaryen_mod_b"]],
        "vassal": [_card(c) for c in facts["vassal_house_cards"]],
    }
    out["westeros_iv.json"] = [
        {"id": c["id"], "name": c["name"], "loyalty": c["loyalty_tokens_on_reveal"],
         "choices": c["choosable"] if isinstance(c["choosable"], list) else [],
         "text": WESTEROS_IV_TEXT[c["id"]]} for c in facts["westeros_deck_IV"]["cards"]]
    bank = facts["iron_bank"]
    out["loans.json"] = {
        "slot_costs": bank["loan_slot_costs"], "braavos_discount": bank["braavos_discount"],
        "cards": [{"id": c["id"], "name": c["name"], "copies": c["copies"], "text": LOAN_TEXT[c["id"]]}
                  for c in bank["loan_cards"]]}
    dragons = facts["dragons"]
    out["tables.json"] = {
        "special_orders": {"7-8": facts["setups"]["8"]["special_orders_allowed_by_kings_court_position"]},
        "sea_order_tokens": SEA_ORDER_TOKENS,
        "vassal_order_tokens": VASSAL_ORDER_TOKENS,
        "dragon_strength_by_round": [dragons["strength_by_round"][str(r)] for r in range(1, 11)],
        "dragon_strength_max": 5,
        "loyalty_max_on_board": facts["loyalty_tokens"]["max_on_board"],
        "loyalty_to_win": facts["loyalty_tokens"]["victory_count"],
        "river_areas": sorted(facts["loyalty_tokens"]["river_areas"]),
    }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="tools/convert_mod_facts.py",
                    description="Convert the Mother of Dragons reference facts into data/mod/.")
    parser.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE,
                        help=f"the agot-mod-facts.json file (default: {DEFAULT_SOURCE})")
    args = parser.parse_args(argv)
    source: Path = args.source
    if not source.is_file():
        parser.error(f"no reference facts at {source}: they live in the shared reference folder "
                     "(../shared/reference/agot-mod-facts.json beside the repository); pass that file's path")
    try:
        converted = convert(json.loads(source.read_text(encoding="utf-8")))
    except (ValueError, KeyError, TypeError) as exc:
        parser.error(f"{source} is not a readable agot-mod-facts.json ({type(exc).__name__}: {str(exc)[:120]})")
    DATA.mkdir(parents=True, exist_ok=True)
    for name, content in converted.items():
        indent = None if name.startswith("map_render") else 1
        (DATA / name).write_text(json.dumps(content, indent=indent) + "\n", encoding="utf-8")
        print(f"wrote data/mod/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
