"""Build rule scenarios: a real game whose board and current step are set by hand.

    game = scenario(players=6)
    clear(game)
    put(game, "winterfell", "stark", "footman", "knight")
    order(game, "winterfell", "M0")
    start(game, "marches")
    answer(game, "stark", {"from": "winterfell", "moves": {"castle-black": ["footman"]}})

Only the public API (``open_decisions``, ``submit``, ``view``) is used to play; the
set-up goes through the position builder (``engine.agot.position``), as a tabletop set-up would.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.agot import Game, Settings
from engine.agot.position import Position
from engine.core import Decision, Event, IllegalAnswer


def scenario(players: int = 6, seed: int = 1, **settings: Any) -> Game:
    return Game.new(players, seed, Settings(**settings))


def clear(game: Game, keep_neutral: bool = True) -> None:
    """Empty the board of units, orders and Power tokens (garrisons, neutral and blocked areas stay)."""
    Position(game).clear(keep_neutral)


def empty_board(players: int = 6, all_supply: int | None = None, **supply: int) -> Game:
    """A game with nothing on the board (garrisons, neutral forces and blocked areas stay), at chosen supply."""
    pos = Position.new(players).clear()
    for house in pos.game.state.houses:
        level = supply.get(house, all_supply)
        if level is not None:
            pos.house(house, supply=level)
    return pos.game


def put(game: Game, area: str, house: str, *kinds: str, routed: bool = False, order: str | None = None) -> None:
    """Place units (and optionally their order token) in an area."""
    Position(game).put(area, house, *kinds, routed=routed, order=order)


def order(game: Game, area: str, token: str, house: str | None = None) -> None:
    Position(game).order(area, token, house)


def start(game: Game, step: str, **frame: Any) -> list[Event]:
    """Jump to a step of the round ("planning", "raids", "marches", "consolidate", "mustering", ...)."""
    return Position(game).start(step, **frame)


def decision(game: Game, house: str, kind: str | None = None) -> Decision:
    found = [d for d in game.open_decisions() if d.player == house and (kind is None or d.kind == kind)]
    open_now = [(d.player, d.kind) for d in game.open_decisions()]
    assert found, f"no open {kind or ''} decision for {house}; open: {open_now}"
    return found[0]


def answer(game: Game, house: str, value: Any, kind: str | None = None) -> list[Event]:
    d = decision(game, house, kind)
    return game.submit(house, d.id, value)


def units(game: Game, area: str) -> list[str]:
    return sorted(u.kind for u in game.state.areas[area].units)


def run_step(game: Game, step: str, **frame: Any) -> list[Event]:
    """Run one step on its own: when it is done the game stops (nothing of the round follows).

    Unlike ``start``, no clean up or later phase runs afterwards, so a test checks exactly what
    the step did. Action steps start with the first house on the Iron Throne track.
    """
    return Position(game).run(step, **frame)


def run_effect(game: Game, effect: Callable[[Game], None]) -> list[Event]:
    """Apply an engine effect that may push steps (e.g. ``supply.update_supply``), then run them alone."""
    return Position(game).run_effect(effect)


def refused(game: Game, house: str, value: Any, kind: str | None = None) -> str:
    """Submit an answer that must be refused: checks the state is unchanged, returns the message."""
    before = game.to_dict()
    try:
        answer(game, house, value, kind)
    except IllegalAnswer as exc:
        assert game.to_dict() == before, "a refused answer changed the state"
        return str(exc)
    raise AssertionError(f"{house}'s answer {value!r} was accepted")
