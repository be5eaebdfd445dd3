"""(E1: being written)"""

from typing import Any


def build_view(game: Any, player: str | None) -> dict[str, Any]:
    raise NotImplementedError
