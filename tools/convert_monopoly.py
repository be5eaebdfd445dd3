"""Convert the shared Monopoly board and card facts into ``data/monopoly/board.json`` and ``cards.json``.

Source: ``../shared/reference/monopoly/`` (``board.json``, ``cards.json``: the classic US board sold with the Speed
Die, checked number for number against two independent sources by its ``verify_facts.py``; see NOTICE). Only
facts and numbers are taken; card labels are our own short wording. The script checks what the rules rely on
(40 spaces, 22 streets in 8 colour groups, 4 railroads, 2 utilities, mortgages half the price, house costs by
side, 16 + 16 cards) and stops on any difference. Run from the repository root::

    python tools/convert_monopoly.py [path/to/reference/monopoly]

and commit the two files it writes.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCE = ROOT.parent / "shared" / "reference" / "monopoly"
OUTPUT = ROOT / "data" / "monopoly"

KINDS = {"property": "street", "railroad": "railroad", "utility": "utility", "go": "go", "jail": "jail",
         "free_parking": "free_parking", "go_to_jail": "go_to_jail", "chance": "chance",
         "community_chest": "community_chest", "tax": "tax"}
RENT_KEYS = ("base", "house_1", "house_2", "house_3", "house_4", "hotel")
HOUSE_COST_BY_SIDE = (50, 100, 150, 200)  # the four sides of the board, GO's side first
GROUP_SIZES = (2, 3, 3, 3, 3, 3, 3, 2)
CONSTANTS = ("go_salary", "starting_cash", "speed_die_extra_starting_cash", "jail_fine", "jail_index",
             "go_to_jail_index", "houses_in_bank", "hotels_in_bank", "max_houses_per_street",
             "mortgage_interest_percent", "players_min", "players_max")


class Mismatch(Exception):
    pass


def need(ok: bool, what: str) -> None:
    if not ok:
        raise Mismatch(what)


def space(raw: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"index": raw["index"], "name": raw["name"], "kind": KINDS[raw["kind"]]}
    if raw["kind"] == "property":
        out.update(group=raw["group"], price=raw["price"], mortgage=raw["mortgage"], house_cost=raw["house_cost"],
                   rent=[raw["rent"][k] for k in RENT_KEYS])
        need(raw["hotel_cost"] == raw["house_cost"], f"{raw['name']}: hotel cost differs from house cost")
    elif raw["kind"] == "railroad":
        out.update(price=raw["price"], mortgage=raw["mortgage"],
                   rent=[raw["rent_by_railroads_owned"][str(n)] for n in range(1, 5)])
    elif raw["kind"] == "utility":
        out.update(price=raw["price"], mortgage=raw["mortgage"],
                   rent=[raw["dice_multiplier_by_utilities_owned"][str(n)] for n in range(1, 3)])
    elif raw["kind"] == "tax":
        tax = raw["tax"]
        out["tax"] = tax["flat"]
        if tax["rule"] == "choice":
            out["percent"] = tax["percent_of_total_worth"]
    return out


def convert(source: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    board = json.loads((source / "board.json").read_text(encoding="utf-8"))
    cards = json.loads((source / "cards.json").read_text(encoding="utf-8"))
    spaces = [space(s) for s in board["spaces"]]
    check_board(spaces)
    constants = {k: board["constants"][k] for k in CONSTANTS}
    need(constants["houses_in_bank"] == 32 and constants["hotels_in_bank"] == 12, "the bank holds 32 houses, 12 hotels")
    groups = {g["id"]: g["streets"] for g in board["colour_groups"]}
    for gid, streets in groups.items():
        need(all(spaces[i]["kind"] == "street" and spaces[i]["group"] == gid for i in streets), f"group {gid}")
    decks = {name: [{"id": c["id"], "label": c["label"], "effect": c["effect"]} for c in cards[name]]
             for name in ("chance", "community_chest")}
    check_cards(decks, spaces)
    return {"constants": constants, "groups": groups, "spaces": spaces}, decks


def check_board(spaces: list[dict[str, Any]]) -> None:
    need(len(spaces) == 40 and [s["index"] for s in spaces] == list(range(40)), "40 spaces, numbered 0-39")
    kinds = Counter(s["kind"] for s in spaces)
    need(kinds["street"] == 22 and kinds["railroad"] == 4 and kinds["utility"] == 2, f"deed counts {kinds}")
    need([s["index"] for s in spaces if s["kind"] == "railroad"] == [5, 15, 25, 35], "railroads at 5, 15, 25, 35")
    need([s["index"] for s in spaces if s["kind"] == "utility"] == [12, 28], "utilities at 12 and 28")
    groups: dict[str, list[int]] = {}
    for s in spaces:
        if s["kind"] == "street":
            groups.setdefault(s["group"], []).append(s["index"])
            need(s["house_cost"] == HOUSE_COST_BY_SIDE[s["index"] // 10], f"{s['name']}: house cost by side")
            need(s["rent"] == sorted(set(s["rent"])), f"{s['name']}: rents rise")
        if "price" in s:
            need(s["mortgage"] * 2 == s["price"], f"{s['name']}: mortgage is half the price")
    need(tuple(len(g) for g in groups.values()) == GROUP_SIZES, "8 colour groups of 2,3,3,3,3,3,3,2 streets")


def check_cards(decks: dict[str, list[dict[str, Any]]], spaces: list[dict[str, Any]]) -> None:
    for name, deck in decks.items():
        kinds = Counter(c["effect"]["kind"] for c in deck)
        need(len(deck) == 16 and len({c["id"] for c in deck}) == 16, f"{name}: 16 distinct cards")
        need(kinds["get_out_of_jail_free"] == 1 and kinds["go_to_jail"] == 1 and kinds["repairs"] == 1,
             f"{name}: one jail-free, one go-to-jail and one repairs card")
        for card in deck:
            target = card["effect"].get("target")
            need(target is None or 0 <= target < 40, f"{card['id']}: target on the board")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    source = Path(args[0]) if args else DEFAULT_SOURCE
    try:
        board, decks = convert(source)
    except (OSError, KeyError, ValueError, Mismatch) as exc:
        print(f"convert_monopoly: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2
    OUTPUT.mkdir(parents=True, exist_ok=True)
    for name, data in (("board", board), ("cards", decks)):
        (OUTPUT / f"{name}.json").write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote data/monopoly: {len(board['spaces'])} spaces, {len(board['groups'])} colour groups, "
          f"{len(decks['chance'])} + {len(decks['community_chest'])} cards")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
