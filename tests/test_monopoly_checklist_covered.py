"""Every item of docs/monopoly-rules-checklist.md (M1.1 ..., S1 ..., O1 ...) has a scenario test named after it
(``test_m3_2_...``, ``test_s4_...``) under tests/engine/monopoly."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_monopoly_checklist_item_has_a_named_test() -> None:
    text = (ROOT / "docs" / "monopoly-rules-checklist.md").read_text(encoding="utf-8")
    items = re.findall(r"^- \*\*([MSO][\d.]+)\*\*", text, re.M)
    assert len(items) == 63
    names = set()
    for path in (ROOT / "tests" / "engine" / "monopoly").glob("test_*.py"):
        names.update(re.findall(r"def (test_[0-9a-z_]+)\(", path.read_text(encoding="utf-8")))
    missing = [i for i in items if not any(n.startswith(f"test_{i.lower().replace('.', '_')}_") for n in names)]
    assert missing == []
