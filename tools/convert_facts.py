"""Convert the shared reference facts into the project's own data files.

Source: ``../shared/reference/agot-facts.json`` (facts and figures extracted from
Swords and Ravens, github.com/Longwelwind/swords-and-ravens, GPL-3.0; see NOTICE).
Only numbers, ids and names are taken; every descriptive text in the output is
written for this project. Run from the repository root::

    python tools/convert_facts.py [path/to/agot-facts.json]

and commit the files it writes under ``data/``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.cli import Parser  # noqa: E402

DEFAULT_SOURCE = ROOT.parent / "shared" / "reference" / "agot-facts.json"
DATA = ROOT / "data"

UNIT_KIND = {"footman": "footman", "knight": "knight", "ship": "ship", "siege-engine": "siege_engine",
             "siege_engine": "siege_engine"}

# Order tokens, one entry per physical token (15 per house); ids are the notation.
ORDER_TOKENS = [
    {"id": "M-1", "type": "march", "modifier": -1, "special": False},
    {"id": "M0", "type": "march", "modifier": 0, "special": False},
    {"id": "M+1*", "type": "march", "modifier": 1, "special": True},
    {"id": "D+1a", "type": "defense", "modifier": 1, "special": False},
    {"id": "D+1b", "type": "defense", "modifier": 1, "special": False},
    {"id": "D+2*", "type": "defense", "modifier": 2, "special": True},
    {"id": "S0a", "type": "support", "modifier": 0, "special": False},
    {"id": "S0b", "type": "support", "modifier": 0, "special": False},
    {"id": "S+1*", "type": "support", "modifier": 1, "special": True},
    {"id": "Ra", "type": "raid", "modifier": 0, "special": False},
    {"id": "Rb", "type": "raid", "modifier": 0, "special": False},
    {"id": "R*", "type": "raid", "modifier": 0, "special": True},
    {"id": "CPa", "type": "consolidate_power", "modifier": 0, "special": False},
    {"id": "CPb", "type": "consolidate_power", "modifier": 0, "special": False},
    {"id": "CP*", "type": "consolidate_power", "modifier": 0, "special": True},
]

# Ability summaries in this project's own words (keyed by card id).
HOUSE_CARD_TEXT = {
    "stannis-baratheon": "+1 strength while the opponent sits higher on the Iron Throne track.",
    "renly-baratheon": "If you win, you may turn one of your Footmen in this combat (fighting or supporting) "
                       "into a Knight.",
    "ser-davos-seaworth": "+1 strength and +1 sword while Stannis Baratheon lies in your discard pile.",
    "salladhor-saan": "If you are supported, every non-Baratheon Ship in this combat has strength 0.",
    "patchface": "After the combat, look at the opponent's hand and discard one card of your choice from it.",
    "tywin-lannister": "If you win, take 2 Power tokens.",
    "ser-kevan-lannister": "When attacking, each of your Footmen (fighting or supporting) has strength 2.",
    "tyrion-lannister": "You may cancel the opponent's card; they must choose another one.",
    "cersei-lannister": "If you win, you may remove one of the loser's Order tokens anywhere on the board.",
    "robb-stark": "If you win, you pick where the loser retreats.",
    "roose-bolton": "If you lose, take your whole discard pile back into your hand.",
    "the-blackfish": "You take no casualties from swords, skulls or card abilities in this combat.",
    "catelyn-stark": "A Defense order in the embattled area gives twice its bonus.",
    "arianne-martell": "If you defend and lose, the attacker's units stay where they marched from.",
    "nymeria-sand": "Gains a sword when attacking, a fortification when defending.",
    "doran-martell": "Move the opponent to the bottom of an Influence track of your choice.",
    "victarion-greyjoy": "When attacking, each of your Ships (fighting or supporting) has strength 2.",
    "balon-greyjoy": "The opponent's card counts 0 printed strength.",
    "theon-greyjoy": "Defending a castle or stronghold: +1 strength and +1 sword.",
    "asha-greyjoy": "If nobody supports you: +2 swords and +1 fortification.",
    "aeron-damphair": "You may pay 2 Power to swap this card for another one from your hand.",
    "mace-tyrell": "Destroy one Footman of the opponent's fighting units.",
    "ser-loras-tyrell": "If you attack and win, your March order moves into the conquered area and may "
                        "resolve again this round.",
    "queen-of-thorns": "Remove one of the opponent's orders adjacent to the embattled area "
                       "(not the attacking March).",
}

WESTEROS_TEXT = {
    "last-days-of-summer": "Nothing happens.",
    "supply": "Supply tracks are set from barrels; armies over the limit are reduced.",
    "mustering": "Every house musters in the castles and strongholds it controls.",
    "a-throne-of-blades": "The Iron Throne holder picks Supply, Mustering or nothing.",
    "winter-is-coming": "Shuffle this deck and draw a replacement card.",
    "game-of-thrones": "Houses gain Power for crowns and for supplied ports.",
    "dark-wings-dark-words": "The Messenger Raven holder picks Clash of Kings, Game of Thrones or nothing.",
    "clash-of-kings": "Bid for the three Influence tracks.",
    "put-to-the-sword": "The Valyrian Steel Blade holder forbids March +1, or Defense, or nothing this round.",
    "storm-of-swords": "No Defense orders this round.",
    "rains-of-autumn": "No March +1 orders this round.",
    "sea-of-storms": "No Raid orders this round.",
    "web-of-lies": "No Support orders this round.",
    "feast-for-crows": "No Consolidate Power orders this round.",
    "wildlings-attack": "The wildlings attack at the current threat.",
}

# Wildling card effects in this project's own words: (Night's Watch win: highest bidder,
# wildling win: lowest bidder, wildling win: everyone else).
WILDLING_TEXT = {
    "silence-at-the-wall": ("Nothing happens.", "Nothing happens.", "Nothing happens."),
    "preemptive-raid": (
        "No reward: the wildlings strike again at once with strength 6, and the highest bidder sits that "
        "attack out.",
        "Pick one: lose 2 of your units anywhere, or fall 2 places on the Influence track where you stand best.",
        "Nothing happens."),
    "crow-killers": (
        "You may turn up to 2 of your Footmen anywhere into Knights from your reserve.",
        "Every Knight of yours becomes a Footman from your reserve; Knights with no Footman to replace them "
        "are destroyed.",
        "Turn 2 of your Knights into Footmen from your reserve; any that cannot be replaced are destroyed."),
    "rattleshirts-raiders": (
        "Go up 1 on the Supply track.",
        "Go down 2 on the Supply track, then cut your armies to fit.",
        "Go down 1 on the Supply track, then cut your armies to fit."),
    "massing-on-the-milkwater": (
        "Take your whole discard pile back into your hand.",
        "With 2 or more cards in hand, discard every card of the highest printed strength.",
        "With 2 or more cards in hand, discard one card of your choice."),
    "a-king-beyond-the-wall": (
        "Go to the top of one Influence track of your choice.",
        "Go to the bottom of all three Influence tracks.",
        "In turn order, go to the bottom of the Fiefdoms or the King's Court track (your pick)."),
    "mammoth-riders": (
        "You may take one card of your choice from your discard pile back into your hand.",
        "Destroy 3 of your units anywhere.",
        "Destroy 2 of your units anywhere."),
    "the-horde-descends": (
        "Muster in one castle or stronghold area you control, as a Mustering card would.",
        "Destroy 2 of your units in one castle or stronghold area you control; if no such area holds 2, "
        "destroy 2 units anywhere.",
        "Destroy 1 of your units anywhere."),
    "skinchanger-scout": (
        "The Power you bid on this attack comes back to you.",
        "Discard all your available Power.",
        "Discard 2 available Power (or all you have, if less)."),
}


def _slot(rect: dict) -> list[float]:
    return [rect["cx"], rect["cy"], rect["w"], rect["h"]]


def link_ports(areas: list[dict[str, Any]]) -> None:
    """Each port names its land and sea area; each land area names its port (or None)."""
    by_id = {a["id"]: a for a in areas}
    port_of: dict[str, str] = {}
    for area in areas:
        if area["kind"] == "port":
            land = [n for n in area["adjacent"] if by_id[n]["kind"] == "land"]
            sea = [n for n in area["adjacent"] if by_id[n]["kind"] == "sea"]
            assert len(land) == 1 and len(sea) == 1, area["id"]
            area["port_land"], area["port_sea"] = land[0], sea[0]
            port_of[land[0]] = area["id"]
    for area in areas:
        if area["kind"] == "land":
            area["port"] = port_of.get(area["id"])


def convert(facts: dict) -> dict[str, object]:
    areas = []
    for a in facts["areas"]:
        area = {
            "id": a["id"],
            "name": a["name"],
            "kind": a["kind"],
            "castle": a["castle_level"],
            "supply": a["supply_icons"],
            "power": a["power_icons"],
            "home": a["home_house"],
            "adjacent": sorted(a["adjacent"]),
        }
        areas.append(area)
    link_ports(areas)

    setups = {}
    for count, s in facts["setups"].items():
        units: dict[str, dict[str, list[str]]] = {}
        for house, placed in s["starting_units"].items():
            units[house] = {}
            for area_id, kinds in placed.items():
                if area_id in s.get("units_not_placed_in_areas", []):
                    continue
                units[house][area_id] = [UNIT_KIND[k] for k, n in sorted(kinds.items()) for _ in range(n)]
        setups[count] = {
            "houses": s["houses"],
            "tracks": s["tracks"],
            "special_orders": s["special_orders_allowed_by_kings_court_position"],
            "units": units,
            "garrisons": s["home_garrisons"],
            "neutral_forces": s["neutral_forces"],
            "blocked": s["blocked_areas"],
            "wildling_threat": s["wildling_track_start"],
        }

    t = facts["tables"]
    tables = {
        "supply_track": [t["supply_track"][str(i)] for i in range(7)],
        "special_orders": {"5-6": t["kings_court_special_orders"]["normal_5_6_players"],
                           "3-4": t["kings_court_special_orders"]["overlay_3_4_players"]},
        "unit_limits": {UNIT_KIND[k]: v for k, v in t["unit_limits_per_house"].items()},
        "unit_strength": {"footman": 1, "knight": 2, "ship": 1, "siege_engine": 4},
        "mustering_costs": {
            "footman": t["mustering_costs"]["footman"], "knight": t["mustering_costs"]["knight"],
            "ship": t["mustering_costs"]["ship"], "siege_engine": t["mustering_costs"]["siege_engine"],
            "upgrade_knight": t["mustering_costs"]["upgrade_footman_to_knight"],
            "upgrade_siege_engine": t["mustering_costs"]["upgrade_footman_to_siege_engine"],
        },
        "port_capacity": t["port_ship_capacity"],
        "power_token_limit": t["power_tokens"]["limit_per_house_total"],
        "starting_power": t["power_tokens"]["starting_available"],
        "castles_to_win": t["victory"]["castles_and_strongholds_to_win"],
        "max_rounds": t["victory"]["max_rounds"],
        "wildling_track": {"max": 12, "step": 2},
        "order_tokens": ORDER_TOKENS,
    }
    houses = {h: {"name": v["name"], "color": v["color"], "home": v["home_area"]}
              for h, v in facts["houses"].items()}

    house_cards = {
        house: [{"id": c["id"], "name": c["name"], "strength": c["strength"], "swords": c["swords"],
                 "fortifications": c["fortifications"], "text": HOUSE_CARD_TEXT.get(c["id"], "")}
                for c in cards]
        for house, cards in facts["house_cards"].items()
    }
    westeros = {
        deck: [{"type": c["type"], "name": c["name"], "count": c["count"], "wildling_icon": c["wildling_icon"],
                "text": WESTEROS_TEXT[c["type"]]} for c in spec["cards"]]
        for deck, spec in facts["westeros_decks"].items()
    }
    wildlings = [{"id": c["id"], "name": c["name"], "nights_watch_victory": WILDLING_TEXT[c["id"]][0],
                  "lowest_bidder": WILDLING_TEXT[c["id"]][1], "everyone_else": WILDLING_TEXT[c["id"]][2]}
                 for c in facts["wildling_cards"]]
    tides = [{k: c[k] for k in ("id", "strength", "swords", "fortifications", "skulls", "count")}
             for c in facts["tides_of_battle"]["cards"]]

    render = {
        "width": facts["map"]["width"],
        "height": facts["map"]["height"],
        "areas": {a["id"]: {
            "label": [a["render"]["label"]["x"], a["render"]["label"]["y"]],
            "units": _slot(a["render"]["unit_slot"]),
            "order": _slot(a["render"]["order_slot"]),
            "power_token": _slot(a["render"]["power_token_slot"]),
            "outline": a["render"]["outline_rings"],
        } for a in facts["areas"]},
        "borders": [{"from": b["from"], "to": b["to"], "points": b["points"]} for b in facts["borders"]],
    }
    return {
        "board.json": {"houses": houses, "areas": areas},
        "setups.json": setups,
        "tables.json": tables,
        "house_cards.json": house_cards,
        "westeros_cards.json": westeros,
        "wildling_cards.json": wildlings,
        "tides_of_battle.json": tides,
        "map_render.json": render,
    }


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="tools/convert_facts.py", description="Convert the reference facts into data/.")
    parser.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE,
                        help=f"the agot-facts.json file (default: {DEFAULT_SOURCE})")
    args = parser.parse_args(argv)
    source: Path = args.source
    if not source.is_file():
        parser.error(f"no reference facts at {source}: they live in the shared reference folder "
                     "(../shared/reference/agot-facts.json beside the repository); pass that file's path")
    try:
        facts = json.loads(source.read_text(encoding="utf-8"))
        converted = convert(facts)
    except (ValueError, KeyError, TypeError) as exc:
        parser.error(f"{source} is not a readable agot-facts.json ({type(exc).__name__}: {str(exc)[:120]})")
    DATA.mkdir(exist_ok=True)
    for name, content in converted.items():
        indent = None if name == "map_render.json" else 1
        (DATA / name).write_text(json.dumps(content, indent=indent, sort_keys=False) + "\n", encoding="utf-8")
        print(f"wrote data/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
