"""Every checklist item of the sections the engine implements has a scenario test named after it."""

import re
from pathlib import Path

SECTIONS = {1: 20, 2: 9, 3: 15, 4: 16, 5: 10, 6: 15, 7: 14, 8: 30, 9: 57, 10: 7, 11: 9, 12: 11, 13: 8, 14: 8,
            15: 9, 16: 8, 17: 6, 18: 5, 19: 4, 20: 8}
NOT_ENGINE_RULES = {
    "12_11": "first-edition difference (no siege engines, ports or upgrades in RB1)",
    "20_1": "negotiation between players: table talk, nothing for the engine to enforce",
    "20_2": "no item can change hands: the engine offers no decision that hands anything over",
    "20_6": "card text order: proven by the combat timing tests (9.25, A17)",
    "20_8": "known quick-reference errors, listed so they are not mistaken for rules",
}


def test_every_checklist_item_has_a_named_test_or_a_reason():
    names = set()
    for path in (Path(__file__).parent).rglob("test_*.py"):
        names.update(re.findall(r"def test_([0-9_a-z]+)\(", path.read_text(encoding="utf-8")))
    covered = {m.group(1) for n in names for m in re.finditer(r"(?:^|_)(\d+_\d+)(?=[a-z]?_)", n)}
    wanted = {f"{s}_{i}" for s, count in SECTIONS.items() for i in range(1, count + 1)}
    assert sorted(wanted - covered - set(NOT_ENGINE_RULES), key=lambda x: tuple(map(int, x.split("_")))) == []
