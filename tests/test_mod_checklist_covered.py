"""Every item of the Mother of Dragons rules checklist (agot-mod-facts.md section 8, 25 items) has a scenario test
in tests/engine/mod named after it (``test_<item>_...``), the twin of tests/test_checklist_covered.py."""

import re
from pathlib import Path

MOD_TESTS = Path(__file__).parent / "engine" / "mod"
ITEMS = 25


def test_every_mod_checklist_item_has_a_named_test():
    names = set()
    for path in MOD_TESTS.glob("test_*.py"):
        names.update(re.findall(r"^def test_(\d+)_[a-z]", path.read_text(encoding="utf-8"), re.M))
    covered = {int(n) for n in names}
    assert sorted(set(range(1, ITEMS + 1)) - covered) == []
    assert covered <= set(range(1, ITEMS + 1)), f"tests named after items the checklist does not have: {covered}"
