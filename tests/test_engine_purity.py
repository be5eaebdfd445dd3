"""engine/ is pure: standard library only, no I/O libraries, no clock, no discord (design.md)."""

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"
FORBIDDEN_CALLS = {"open", "print", "input"}
CLI_MODULES = {"simulate.py", "board.py"}  # command-line entry points, outside the rules


def _modules():
    for path in ENGINE.rglob("*.py"):
        yield path, ast.parse(path.read_text(encoding="utf-8"))


def test_engine_imports_only_the_standard_library():
    allowed_roots = set(sys.stdlib_module_names) | {"engine"}
    for path, tree in _modules():
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                root = name.split(".")[0]
                assert root in allowed_roots, f"{path}: imports {name}"
                assert root not in {"discord", "aiosqlite", "PIL", "time", "datetime", "socket", "asyncio"} \
                    or path.name in CLI_MODULES, f"{path}: imports {name}"


def test_rules_do_no_io():
    for path, tree in _modules():
        if path.name in CLI_MODULES or path.name == "board.py" and path.parent.name == "agot":
            continue  # the board loader reads data/ once, the CLIs print
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in FORBIDDEN_CALLS, f"{path}: calls {node.func.id}()"
