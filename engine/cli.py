"""The command lines' argument parser: a bad argument is answered in one line (no usage dump, no traceback).

    parser = Parser(prog="python -m engine.simulate", description=...)
    parser.add_argument(...)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")   # prints "python -m engine.simulate: ..." and exits 2
"""

from __future__ import annotations

import argparse
from typing import NoReturn


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")
