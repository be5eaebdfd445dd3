"""Every command a comment, help page or message names is one the bot has: ``/agot X`` only for AGoT's own
commands (``/agot card``, ``hand``, ``calc``); the rest moved to ``/game X`` (database migrations keep their
history as written)."""

from __future__ import annotations

import re
from pathlib import Path

from bot.games.fronts import front

ROOT = Path(__file__).resolve().parents[2]


def test_agot_commands_named_anywhere_are_agots_own():
    group = front("agot").group()
    assert group is not None
    own = {c.name for c in group.commands}
    assert {"card", "hand", "calc"} <= own
    history = {"migrations", "pg_migrations"}
    files = [ROOT / "README.md", *(p for d in ("bot", "tests", "docs") for p in (ROOT / d).rglob("*")
                                   if p.suffix in (".py", ".md", ".sql") and not history & set(p.parts))]
    wrong = [f"{p.relative_to(ROOT)}: /agot {name}" for p in files
             for name in re.findall(r"(?<![\w/])/agot ([a-z_-]+)", p.read_text(encoding="utf-8")) if name not in own]
    assert not wrong, wrong
