"""The table does not know the rules (design.md, "Many games at one table"): no module of ``bot/service`` or
``bot/storage`` imports a game package (``engine.agot``, ``engine.whitechapel``) or a game's room
(``bot.games.<game>``); they reach a game through ``engine.core``, ``engine.registry``, ``bot.games.room`` and
``bot.games.rooms`` only. Every import is read, those inside functions and under ``TYPE_CHECKING`` too."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLE = ("bot/service", "bot/storage")
GAMES = ("engine.agot", "engine.whitechapel")  # every engine package but core and the registry is a game
SHARED = ("room", "rooms")  # bot.games.room (the Room interface) and bot.games.rooms (the registry)


def imported(source: str) -> set[str]:
    """The modules a source imports (``from a import b`` also names ``a.b``: it may be a module)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}
    return out


def forbidden(name: str) -> bool:
    """Whether the table may not import ``name``: a game's engine package or a game's bot-side pieces."""
    parts = name.split(".")
    if parts[0] == "engine":
        return len(parts) > 1 and parts[1] not in ("core", "registry")
    if parts[:2] == ["bot", "games"]:
        return len(parts) > 2 and parts[2] not in SHARED
    return False


def offences() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for folder in TABLE:
        for path in sorted((ROOT / folder).rglob("*.py")):
            bad = sorted(n for n in imported(path.read_text(encoding="utf-8")) if forbidden(n))
            if bad:
                out[str(path.relative_to(ROOT))] = bad
    return out


def test_the_table_service_and_its_storage_import_no_game() -> None:
    assert offences() == {}


def test_the_check_catches_every_way_of_naming_a_game() -> None:
    caught = imported("from engine.agot import Game\nimport engine.whitechapel.rules\n"
                      "from bot.games.agot.room import ROOM\nfrom bot.games import whitechapel\n"
                      "def f():\n    from engine.agot.board import board\n")
    assert {n for n in caught if forbidden(n)} == {
        "engine.agot", "engine.agot.Game", "engine.whitechapel.rules", "bot.games.agot.room",
        "bot.games.agot.room.ROOM", "bot.games.whitechapel", "engine.agot.board", "engine.agot.board.board"}
    allowed = imported("from engine.core import Decision\nfrom engine.core.contract import GameState\n"
                       "from engine.registry import rules\nfrom bot.games.rooms import room\n"
                       "from bot.games.room import Room\n")
    assert not {n for n in allowed if forbidden(n)}
