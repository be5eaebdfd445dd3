"""Every ruling in docs/rulings.md (the base game's A and C, Mother of Dragons' M and MP, Letters from Whitechapel's
WR, Monopoly's MN) has at least one scenario test naming it (in its name or a comment)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_ruling_has_a_test():
    text = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    rulings = re.findall(r"^\| ([AC]\d+|MP?\d+|WR\d+|MN\d+) \|", text, re.M)
    assert len(rulings) == 37 + 14 + 14 + 16 + 25
    tests = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py"))
    missing = [r for r in rulings
               if not re.search(rf"(\b{r}\b|_{r.lower()}_|_{r.lower()}\b)", tests)]
    assert not missing, f"rulings without a test: {missing}"
