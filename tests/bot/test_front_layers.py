"""The generic front end (bot/frontend) names no game: it reaches a game's own pieces (board images, text answers,
help pages, commands) only through bot.games.fronts (design.md, "Many games at one table")."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.games.fronts import FRONTS, front, playable
from engine.registry import names

ROOT = Path(__file__).resolve().parents[2]
FRONTEND = ROOT / "bot" / "frontend"
GAME_PACKAGES = ("engine.agot", "engine.whitechapel", "bot.render", "bot.games.agot", "bot.games.whitechapel")


def imported(source: str) -> list[str]:
    """Every module a Python source imports, at any depth (a function's own imports too)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out += [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
    return out


def games_named(source: str) -> list[str]:
    return [m for m in imported(source) if m.startswith(GAME_PACKAGES) or m == "bot.games"]


def test_the_generic_front_end_imports_no_game():
    modules = sorted(FRONTEND.glob("*.py"))
    assert len(modules) > 10
    for path in modules:
        assert games_named(path.read_text(encoding="utf-8")) == [], path.name


def test_the_check_catches_a_game_named_directly():
    for line in ("from bot.render import render", "import engine.agot.board", "from bot.games.agot import lookup",
                 "from bot.games import agot", "    from bot.games.whitechapel.render import render"):
        source = f"def f():\n{line}\n" if line.startswith(" ") else line
        assert games_named(source), line
    assert games_named("from bot.games.fronts import front\nfrom bot.games.front import Front") == []


def test_every_front_is_a_game_of_the_engine():
    assert set(FRONTS) <= set(names())
    assert all(front(n).name == n for n in playable())
