"""The loaded board against the printed board's invariants (issue 2, data)."""

import json
import subprocess
import sys
from collections import deque

from engine.agot.board import board


def test_58_areas_by_kind():
    b = board()
    kinds = [a.kind for a in b.areas.values()]
    assert len(b.areas) == 58
    assert (kinds.count("land"), kinds.count("sea"), kinds.count("port")) == (38, 12, 8)


def test_17_6_143_symmetric_adjacency_pairs():
    b = board()
    assert len(b.pairs()) == 143
    for a, ns in b.adjacent.items():
        assert a not in ns
        for n in ns:
            assert a in b.adjacent[n], (a, n)


def test_each_port_joins_one_land_and_one_sea():
    b = board()
    ports = [a for a in b.areas.values() if a.kind == "port"]
    assert len(ports) == 8
    for p in ports:
        assert sorted(b.kind(n) for n in p.adjacent) == ["land", "sea"]
        assert b.areas[p.port_land].port == p.id
        assert p.port_sea in b.adjacent[p.port_land], "the land area also touches its port's sea"


def test_islands_reachable_only_by_sea():
    b = board()
    islands = {a for a in b.areas if b.is_land(a) and not any(b.is_land(n) for n in b.adjacent[a])}
    assert islands == {"pyke", "dragonstone", "the-arbor"}
    # every other land area is one land-connected block
    rest = [a for a in b.areas if b.is_land(a) and a not in islands]
    seen, todo = {rest[0]}, deque([rest[0]])
    while todo:
        for n in b.adjacent[todo.popleft()]:
            if b.is_land(n) and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(rest) and len(rest) == 35


def test_rivers_separate_areas():  # 17.2
    b = board()
    for a, c in [("greywater-watch", "winterfell"), ("harrenhal", "the-mountains-of-the-moon"),
                 ("riverrun", "the-mountains-of-the-moon"), ("starfall", "three-towers")]:
        assert c not in b.adjacent[a]


def test_icon_totals():
    b = board()
    areas = b.areas.values()
    assert sum(a.castle == 2 for a in areas) == 10 and sum(a.castle == 1 for a in areas) == 10
    assert sum(a.supply for a in areas) == 24 and sum(a.power for a in areas) == 19


def test_order_tokens_are_the_15_of_rule_7_5():
    b = board()
    assert len(b.order_tokens) == 15
    assert sum(t.special for t in b.order_tokens.values()) == 5


def test_board_dump_cli():
    out = subprocess.run([sys.executable, "-m", "engine.board"], capture_output=True, text=True, check=True)
    areas = json.loads(out.stdout)["areas"]
    assert len(areas) == 58
    winterfell = next(a for a in areas if a["id"] == "winterfell")
    assert winterfell["castle_name"] == "stronghold" and winterfell["home"] == "stark"
    assert "port-of-winterfell" in winterfell["adjacent"]
