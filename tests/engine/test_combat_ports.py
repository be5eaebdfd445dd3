"""Ports in combat (rule 14.7, ruling A7, checklist 9.49), and a check that every checklist item of
sections 9, 10 and 16 has its own scenario test."""

import re
from pathlib import Path

from tests.engine.combat_kit import asked, board, fight, kinds_of, march, put, resolve
from tests.engine.scenario import answer, decision, units


def _lannisport(stark_supply: int = 1):
    """Stark takes Lannisport (its garrison only) while two Lannister ships lie in its port."""
    g = board()
    g.state.houses["stark"].supply = stark_supply
    put(g, "riverrun", "stark", "knight", "knight")
    put(g, "port-of-lannisport", "lannister", "ship", "ship")
    march(g, "stark", "riverrun", {"lannisport": ["knight", "knight"]})
    return g


def test_14_7_the_conqueror_may_replace_the_enemy_ships_in_the_port():
    g = _lannisport()
    resolve(g, {"stark": "eddard-stark", "lannister": "cersei-lannister"},
            until=lambda game: ("stark", "port_capture") in asked(game))
    assert decision(g, "stark", "port_capture").options == [0, 1, 2]
    events = answer(g, "stark", 1, "port_capture")
    assert kinds_of(events, "port_captured")[0].data == {"house": "stark", "owner": "lannister",
                                                         "area": "port-of-lannisport", "replaced": 1, "lost": 2}
    assert g.state.areas["port-of-lannisport"].house == "stark" and units(g, "port-of-lannisport") == ["ship"]


def test_a7_ships_not_replaced_are_destroyed():
    g = _lannisport()
    resolve(g, {"stark": "eddard-stark", "lannister": "cersei-lannister"}, answers={"port_capture": 0})
    assert units(g, "port-of-lannisport") == [] and g.state.areas["port-of-lannisport"].house is None


def test_14_7_the_replacement_is_limited_by_supply_and_the_ship_pool():
    g = _lannisport(stark_supply=0)  # armies {2, 2}
    put(g, "white-harbor", "stark", "footman", "footman")
    resolve(g, {"stark": "eddard-stark", "lannister": "cersei-lannister"},
            until=lambda game: ("stark", "port_capture") in asked(game))
    assert decision(g, "stark", "port_capture").options == [0, 1]
    g = board()
    put(g, "riverrun", "stark", "knight", "knight")
    put(g, "port-of-lannisport", "lannister", "ship", "ship")
    for sea in ("bay-of-ice", "the-shivering-sea", "the-narrow-sea", "sunset-sea", "west-summer-sea",
                "east-summer-sea"):
        put(g, sea, "stark", "ship")  # all six Stark ships are on the board
    fight(g, "stark", "riverrun", {"lannisport": ["knight", "knight"]},
          cards={"stark": "eddard-stark", "lannister": "cersei-lannister"})
    assert units(g, "port-of-lannisport") == []


def test_9_49_a_defender_that_holds_keeps_its_port():
    g = board()
    put(g, "riverrun", "stark", "footman")
    put(g, "port-of-lannisport", "lannister", "ship", "ship")
    fight(g, "stark", "riverrun", {"lannisport": ["footman"]},
          cards={"stark": "catelyn-stark", "lannister": "tywin-lannister"})
    assert units(g, "port-of-lannisport") == ["ship", "ship"]


def test_ships_in_a_port_neither_defend_nor_die_in_their_lands_combat():
    g = board()
    put(g, "riverrun", "stark", "knight", "knight")
    put(g, "port-of-lannisport", "lannister", "ship", "ship")
    march(g, "stark", "riverrun", {"lannisport": ["knight", "knight"]})
    assert g.state.notes["combat"]["initial"] == {"lannister": 2, "stark": 4}  # the garrison only


CHECKLIST = [f"9_{n}" for n in range(1, 58)] + [f"10_{n}" for n in range(1, 8)] + [f"16_{n}" for n in range(1, 9)]


def test_every_checklist_item_of_sections_9_10_and_16_has_a_scenario_test():
    names = set()
    for path in Path(__file__).parent.glob("test_combat_*.py"):
        names.update(re.findall(r"def test_([0-9_a-z]+)\(", path.read_text(encoding="utf-8")))
    covered = {m.group(1) for name in names for m in re.finditer(r"(?:^|_)((?:9|10|16)_\d+)(?=[a-z]?_)", name)}
    assert [item for item in CHECKLIST if item not in covered] == []
