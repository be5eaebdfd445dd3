"""Every decision an engine test meets passes the presentation check (docs/decisions.md): the scenario tests
reach rare kinds (Mace Tyrell, port capture, losses before a retreat...) that random games seldom meet."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.agot.game import Game
from tests.engine.presented import check_presented


@pytest.fixture(autouse=True)
def _decisions_are_presented(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    original = Game.open_decisions

    def checked(self: Game, *args: Any, **kwargs: Any) -> Any:
        decisions = original(self, *args, **kwargs)
        for d in decisions:
            check_presented(d.to_dict())
        return decisions

    monkeypatch.setattr(Game, "open_decisions", checked)
    yield
