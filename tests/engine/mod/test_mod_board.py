"""The Mother of Dragons boards, set-ups and cards (issue 18, deliver 1) against the printed game's invariants:
the same checks as the base board (tests/engine/test_board.py) on the 7- and 8-house maps."""

from __future__ import annotations

from collections import deque

import pytest

from engine.agot.board import Board, board, load_json

COUNTS = {"7": (61, 39, 13, 9, 152), "8": (75, 46, 17, 12, 188)}
ADDED = {"7": {"the-bite", "the-vale-of-arryn", "port-of-the-eyrie"},
         "8": {"the-bite", "the-vale-of-arryn", "port-of-the-eyrie", "braavos", "myr", "norvos", "pentos",
               "the-disputed-lands", "the-rhoyne", "volantis", "bay-of-pentos", "braavosian-coastlands",
               "sea-of-myrth", "the-orange-shore", "port-of-braavos", "port-of-pentos", "port-of-volantis"}}
SETUPS = ("7", "8")


@pytest.mark.parametrize("setup", SETUPS)
def test_areas_by_kind_and_symmetric_adjacency(setup: str) -> None:
    b = board(setup)
    total, land, sea, port, pairs = COUNTS[setup]
    kinds = [a.kind for a in b.areas.values()]
    assert (len(b.areas), kinds.count("land"), kinds.count("sea"), kinds.count("port")) == (total, land, sea, port)
    assert len(b.pairs()) == pairs
    for a, ns in b.adjacent.items():
        assert a not in ns
        for n in ns:
            assert a in b.adjacent[n], (a, n)
    assert set(b.areas) - set(board().areas) == ADDED[setup]


@pytest.mark.parametrize("setup", SETUPS)
def test_each_port_joins_one_land_and_one_sea(setup: str) -> None:
    b = board(setup)
    for p in (a for a in b.areas.values() if a.kind == "port"):
        assert sorted(b.kind(n) for n in p.adjacent) == ["land", "sea"]
        assert b.areas[p.port_land].port == p.id
        assert p.port_sea in b.adjacent[p.port_land], "the land area also touches its port's sea"


@pytest.mark.parametrize("setup", SETUPS)
def test_the_board_is_connected(setup: str) -> None:
    b = board(setup)
    start = next(iter(b.areas))
    seen, todo = {start}, deque([start])
    while todo:
        for n in b.adjacent[todo.popleft()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(b.areas)


@pytest.mark.parametrize("setup", SETUPS)
def test_the_bite_splits_the_narrow_sea(setup: str) -> None:
    b = board(setup)
    for gone in ("moat-cailin", "port-of-white-harbor", "the-twins", "white-harbor"):
        assert gone not in b.adjacent["the-narrow-sea"] and gone in b.adjacent["the-bite"]
    eyrie = b.areas["the-eyrie"]
    assert (eyrie.castle, eyrie.home, eyrie.port) == (2, "arryn", "port-of-the-eyrie")
    assert b.areas["port-of-the-eyrie"].port_sea == "the-narrow-sea"


def test_essos_areas() -> None:
    b = board("8")
    pentos, braavos = b.areas["pentos"], b.areas["braavos"]
    assert (pentos.castle, pentos.home, pentos.port) == (2, "targaryen", "port-of-pentos")
    assert (braavos.castle, braavos.port) == (1, "port-of-braavos")
    assert "bay-of-pentos" in b.adjacent["shipbreaker-bay"] and "braavosian-coastlands" in b.adjacent["the-narrow-sea"]


@pytest.mark.parametrize("setup,strongholds,castles", [("7", 11, 10), ("8", 13, 11)])
def test_castle_totals(setup: str, strongholds: int, castles: int) -> None:
    areas = board(setup).areas.values()
    assert sum(a.castle == 2 for a in areas) == strongholds and sum(a.castle == 1 for a in areas) == castles


@pytest.mark.parametrize("setup", SETUPS)
def test_every_area_has_its_drawing_slots_and_outline(setup: str) -> None:
    render = load_json(f"mod/map_render{setup}.json")
    assert set(render["areas"]) == set(board(setup).areas)
    assert (render["width"], render["height"]) == ((741, 1378) if setup == "7" else (1204, 1378))
    for area, slots in render["areas"].items():
        for name in ("label", "units", "order", "power_token"):
            assert slots[name], (area, name)
        assert slots["outline"] and all(len(ring) >= 3 for ring in slots["outline"]), area
    ends = {e for br in render["borders"] for e in (br["from"], br["to"]) if e}
    assert ends <= set(board(setup).areas)
    assert ("iron_bank" in render) == (setup == "8")


def _controlled(b: Board, units: dict[str, list[str]], house: str) -> set[str]:
    held = {a for a in units if b.kind(a) == "land"}
    return held | {b.houses[house]["home"]}


@pytest.mark.parametrize("setup", SETUPS)
@pytest.mark.parametrize("quantities", ["units", "units_if_vassal"])
def test_starting_units_fit_the_board_and_the_supply(setup: str, quantities: str) -> None:
    b = board(setup)
    s = b.setups[setup]
    assert set(s[quantities]) == set(s["houses"]) == set(b.houses)
    for house, placed in s[quantities].items():
        for area, kinds in placed.items():
            for kind in kinds:
                assert (b.kind(area) in ("sea", "port")) == (kind == "ship"), (house, area, kind)
            if b.is_port(area):
                assert len(kinds) <= 3
        for kind in set(k for ks in placed.values() for k in ks):
            assert sum(ks.count(kind) for ks in placed.values()) <= b.unit_limit(house, kind), (house, kind)
    for house, placed in s["units"].items():  # supply computed from the barrels equals the printed supply
        barrels = sum(b.areas[a].supply for a in _controlled(b, placed, house))
        assert min(barrels, 6) == s["printed_supply"][house], house


def test_setup_tracks_power_and_garrisons() -> None:
    for setup, n in (("7", 7), ("8", 8)):
        s = board(setup).setups[setup]
        assert len(s["houses"]) == n and all(sorted(t) == sorted(s["houses"]) for t in s["tracks"].values())
        assert s["special_orders"] == [3, 3, 2, 1, 0, 0, 0, 3][:n]  # M4
        assert s["garrisons"]["the-eyrie"] == 4 and s["neutral_forces"]["kings-landing"] == 5
        assert s["starting_power"] == {h: 7 if h == "targaryen" else 5 for h in s["houses"]}  # M1
        assert s["vassal_supply"] == 4
    eight = board("8").setups["8"]
    assert eight["neutral_forces"] == {"kings-landing": 5, "braavos": 5}
    assert eight["garrisons"]["pentos"] == 2 and eight["loyalty_tokens"] == {"kings-landing": 1}
    assert eight["dragon_strength_rounds"] == [2, 4, 6, 8, 10]
    assert eight["units"]["targaryen"]["the-rhoyne"] == ["dragon", "dragon"]
    assert "the-eyrie" not in board("7").setups["7"]["neutral_forces"]


def test_cards_and_decks() -> None:
    b = board("8")
    for deck in ("arryn", "targaryen", "targaryen_b", "vassal"):
        assert len(b.house_cards[deck]) == 7
        assert sorted(c["strength"] for c in b.house_cards[deck]) == [0, 1, 1, 2, 2, 3, 4]
    assert "targaryen" not in board("7").house_cards and "arryn" in board("7").house_cards
    iv = b.mod["westeros_iv"]
    assert len(iv) == 10 and not board("7").mod["westeros_iv"]
    named = {a for c in iv for a in c["loyalty"] + c["choices"]} | set(b.mod["river_areas"])
    assert named <= set(b.areas)
    loans = b.mod["loans"]
    assert len(loans["cards"]) == 12 and loans["slot_costs"] == [7, 4, 1] and loans["braavos_discount"] == 1
    assert b.mod["dragon_strength_by_round"] == [0, 1, 1, 2, 2, 3, 3, 4, 4, 5]
    assert (b.mod["loyalty_max_on_board"], b.mod["loyalty_to_win"]) == (20, 7)


def test_unit_limits_per_house() -> None:
    b = board("8")
    assert [b.unit_limit("targaryen", k) for k in ("footman", "knight", "ship", "siege_engine", "dragon")] == \
        [8, 6, 8, 0, 3]
    assert [b.unit_limit("arryn", k) for k in ("footman", "knight", "ship", "siege_engine", "dragon")] == \
        [10, 5, 6, 2, 0]
    assert board().unit_limit("stark", "siege_engine") == 2
