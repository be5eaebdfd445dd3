"""engine/agot reads top-down: the phases type against ``table.Table`` and never import ``game``; only ``game``
imports the phase registry; no import cycle but the combat and its House cards (``battle`` <-> ``house_cards``)."""

import ast
from pathlib import Path

AGOT = Path(__file__).resolve().parent.parent / "engine" / "agot"
ABOVE_GAME = {"rules", "game", "position", "__init__"}
SUBPACKAGE = "mod"  # Mother of Dragons (engine/agot/mod/): its modules are nodes "mod.<name>"


def _imports() -> dict[str, set[str]]:
    """Module -> the engine.agot modules it imports (TYPE_CHECKING imports included)."""
    names = {p.stem for p in AGOT.glob("*.py")}
    out: dict[str, set[str]] = {}
    for path in [*AGOT.glob("*.py"), *AGOT.glob(f"{SUBPACKAGE}/*.py")]:
        name = f"{SUBPACKAGE}.{path.stem}" if path.parent.name == SUBPACKAGE else path.stem
        deps = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == "engine.agot":
                    deps |= {a.name for a in node.names if a.name in names}
                elif node.module == f"engine.agot.{SUBPACKAGE}":
                    deps |= {f"{SUBPACKAGE}.{a.name}" for a in node.names}
                elif node.module.startswith(f"engine.agot.{SUBPACKAGE}."):
                    deps.add(node.module.removeprefix("engine.agot."))
                elif node.module.startswith("engine.agot."):
                    deps.add(node.module.split(".")[2])
        out[name] = out.get(name, set()) | (deps - {name})
    return out


def _cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    reach = {}
    for start in graph:
        seen, todo = set(), list(graph[start])
        while todo:
            m = todo.pop()
            if m not in seen:
                seen.add(m)
                todo += graph.get(m, ())
        reach[start] = seen
    groups = {frozenset({m} | {n for n in reach[m] if m in reach[n]}) for m in graph if m in reach[m]}
    return [set(g) for g in groups]


def test_only_the_top_imports_game_and_the_phase_registry():
    imports = _imports()
    assert {m for m, deps in imports.items() if "game" in deps} <= ABOVE_GAME
    assert {m for m, deps in imports.items() if "phases" in deps} == {"game"}


def test_no_import_cycle_but_the_combat_and_its_cards():
    assert _cycles(_imports()) == [{"battle", "house_cards"}]
