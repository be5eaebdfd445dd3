"""``python -m engine.board``: print the loaded board as JSON, to check it against the printed map."""

from __future__ import annotations

import json

from engine.agot.board import board


def main() -> None:
    print(json.dumps({"areas": board().to_json()}, indent=1))


if __name__ == "__main__":
    main()
