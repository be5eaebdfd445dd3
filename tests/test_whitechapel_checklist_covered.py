"""Every item of docs/whitechapel-rules-checklist.md (W1.1 ..., O1 ...) has a scenario test named after it
(``test_w2_10_...``, ``test_o3_...``) under tests/engine/whitechapel."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_whitechapel_checklist_item_has_a_named_test() -> None:
    text = (ROOT / "docs" / "whitechapel-rules-checklist.md").read_text(encoding="utf-8")
    items = re.findall(r"^- \*\*([WO][\d.]+)\*\*", text, re.M)
    assert len(items) == 42
    names = set()
    for path in (ROOT / "tests" / "engine" / "whitechapel").glob("test_*.py"):
        names.update(re.findall(r"def (test_[0-9a-z_]+)\(", path.read_text(encoding="utf-8")))
    missing = [i for i in items if not any(n.startswith(f"test_{i.lower().replace('.', '_')}_") for n in names)]
    assert missing == []
