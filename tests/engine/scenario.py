"""Build rule scenarios: a real game whose board and current step are set by hand.

    game = scenario(players=6)
    clear(game)
    put(game, "winterfell", "stark", "footman", "knight")
    order(game, "winterfell", "M0")
    start(game, "marches")
    answer(game, "stark", {"from": "winterfell", "moves": {"castle-black": ["footman"]}})

Only the public API (``open_decisions``, ``submit``, ``view``) is used to play; the
set-up writes the state directly, as a tabletop set-up would.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.agot import Game, Settings
from engine.agot.state import Order, Unit
from engine.core import Decision, Event, IllegalAnswer

# The frame that follows each action step, so a scenario can start anywhere in the Action phase.
_AFTER = {"raids": "marches", "marches": "consolidate", "consolidate": "cleanup"}


def scenario(players: int = 6, seed: int = 1, **settings: Any) -> Game:
    return Game.new(players, seed, Settings(**settings))


def clear(game: Game, keep_neutral: bool = True) -> None:
    """Empty the board of units, orders and Power tokens (garrisons, neutral and blocked areas stay)."""
    for st in game.state.areas.values():
        st.house, st.units, st.order, st.power_token = None, [], None, None
        if not keep_neutral:
            st.neutral, st.garrison = 0, 0


def empty_board(players: int = 6, all_supply: int | None = None, **supply: int) -> Game:
    """A game with nothing on the board (garrisons, neutral forces and blocked areas stay), at chosen supply."""
    game = scenario(players)
    clear(game)
    for house in game.state.houses:
        if all_supply is not None:
            game.state.houses[house].supply = all_supply
        if house in supply:
            game.state.houses[house].supply = supply[house]
    return game


def put(game: Game, area: str, house: str, *kinds: str, routed: bool = False, order: str | None = None) -> None:
    """Place units (and optionally their order token) in an area."""
    st = game.state.areas[area]
    assert not st.units or st.house == house, f"{area} holds {st.house} units"
    st.house = house
    st.units.extend(Unit(k, routed) for k in kinds)
    if order:
        st.order = Order(house, order)


def order(game: Game, area: str, token: str, house: str | None = None) -> None:
    st = game.state.areas[area]
    st.order = Order(house or st.house or "", token)


def start(game: Game, step: str, **frame: Any) -> list[Event]:
    """Jump to a step of the round ("planning", "raids", "marches", "consolidate", "mustering", ...)."""
    s = game.state
    if step == "planning":
        s.phase = "planning"
        s.stack = [{"step": "round", "next": "action"}, {"step": "planning", **frame}]
    elif step in _AFTER:
        s.phase = "action"
        s.stack = [{"step": "round", "next": "end"}, {"step": "action", "next": _AFTER[step]},
                   {"step": step, "turn": 0, **frame}]
    else:
        s.stack = [{"step": "round", "next": "end"}, {"step": "action", "next": "cleanup"}, {"step": step, **frame}]
    game.events = []
    game._advance()
    events, game.events = game.events, []
    return events


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
    s = game.state
    if step in _AFTER:
        s.phase = "action"
        frame = {"turn": 0, **frame}
    s.stack = [{"step": step, **frame}]
    game.events = []
    game._advance()
    events, game.events = game.events, []
    return events


def run_effect(game: Game, effect: Callable[[Game], None]) -> list[Event]:
    """Apply an engine effect that may push steps (e.g. ``supply.update_supply``), then run them alone."""
    game.state.stack = []
    game.events = []
    effect(game)
    game._advance()
    events, game.events = game.events, []
    return events


def refused(game: Game, house: str, value: Any, kind: str | None = None) -> str:
    """Submit an answer that must be refused: checks the state is unchanged, returns the message."""
    before = game.to_dict()
    try:
        answer(game, house, value, kind)
    except IllegalAnswer as exc:
        assert game.to_dict() == before, "a refused answer changed the state"
        return str(exc)
    raise AssertionError(f"{house}'s answer {value!r} was accepted")
