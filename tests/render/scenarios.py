"""Game states for the renderer tests, built with the engine and its random agent.

The golden tests render stored views (``tests/render/views/*.json``) so that they do not move when the engine's
rules or random agent change; regenerate those files deliberately with::

    .venv/bin/python -m tests.render.scenarios      # rewrites tests/render/views/*.json
    .venv/bin/python -m tests.render.scenarios mod  # only the Mother of Dragons ones

then re-bless the goldens (see test_golden.py).
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from engine.agot import Game
from engine.agot.agent import RandomAgent
from engine.core import Decision
from engine.simulate import play

VIEWS = Path(__file__).resolve().parent / "views"


def answer(game: Game, decision: Decision, agent: RandomAgent) -> None:
    """Submit the agent's answer, or the always-legal default when the engine refuses it."""
    view = game.view(decision.player)
    mine = next(d for d in view["private"]["decisions"] if d["id"] == decision.id)
    for attempt in range(6):
        try:
            game.submit(decision.player, decision.id, agent.answer(view, mine) if attempt < 5 else mine["default"])
            return
        except Exception:  # noqa: BLE001 - an illegal random answer: try again, then the default
            if attempt == 5:
                raise


def drive(game: Game, agent: RandomAgent, stop: Callable[[list[Decision]], bool], limit: int = 5000) -> None:
    for _ in range(limit):
        decisions = game.open_decisions()
        if not decisions or stop(decisions):
            return
        answer(game, decisions[0], agent)
    raise RuntimeError("the game did not reach the wanted state")


def at_planning(players: int, seed: int, rnd: int) -> tuple[Game, RandomAgent]:
    """A random game at the order-placing step of round ``rnd`` (no order placed yet)."""
    result = play(players, seed, until_round=rnd)
    assert result.game is not None, result.error
    game, agent = result.game, RandomAgent(seed)
    drive(game, agent, lambda ds: all(d.kind == "orders" for d in ds))
    return game, agent


def submit_orders(game: Game, agent: RandomAgent, houses: Iterable[str]) -> None:
    wanted = set(houses)
    for decision in [d for d in game.open_decisions() if d.kind == "orders" and d.player in wanted]:
        answer(game, decision, agent)


def with_mod_fields(view: dict[str, Any]) -> dict[str, Any]:
    """An 8-house view with Mother of Dragons facts set: loyalty tokens, Targaryen's loyalty count, the Dragons'
    strength, the Iron Bank's loan row with an empty slot, a loan bought and what it changed."""
    view = copy.deepcopy(view)
    mod = view.setdefault("mod", {})
    mod["loyalty"] = {"kings-landing": 1, "the-reach": 2}
    mod["loyalty_gained"] = 3
    mod["dragon_strength"] = 2
    mod["iron_bank"] = {"row": ["spymaster", None, "full-host"], "deck_size": 8,
                        "loans": {"stark": ["customs-officer"], "tyrell": ["master-at-arms"]},
                        "improvements": {"power": {}, "supply": {"dragonstone": 1}}, "castles": {"the-reach": 1}}
    return view


def mod_fixture_views() -> dict[str, dict[str, Any]]:
    """Stored views of the Mother of Dragons maps: the 7- and 8-house set-ups, and an 8-house round with every
    order revealed and the optional fields filled in."""
    views = {f"setup{n}": Game.new(n, 7).view(None) for n in (7, 8)}
    game, agent = at_planning(8, 2, 3)
    submit_orders(game, agent, sorted(game.state.houses))
    views["mod8_revealed"] = with_mod_fields(game.view(None))
    return views


def fixture_views() -> dict[str, dict[str, Any]]:
    """The stored views the golden images are rendered from."""
    views = {f"setup{n}": Game.new(n, 7).view(None) for n in (3, 4, 6)}
    game, agent = at_planning(6, 2, 2)
    houses = sorted(game.state.houses)
    submit_orders(game, agent, houses[:3])
    views["orders_hidden_public"] = game.view(None)
    views[f"orders_hidden_{houses[0]}"] = game.view(houses[0])
    submit_orders(game, agent, houses[3:])
    views["orders_revealed"] = game.view(None)
    return views | mod_fixture_views()


def main() -> None:
    VIEWS.mkdir(exist_ok=True)
    for name, view in (mod_fixture_views() if sys.argv[1:] == ["mod"] else fixture_views()).items():
        (VIEWS / f"{name}.json").write_text(json.dumps(view, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {VIEWS / name}.json")


if __name__ == "__main__":
    main()
