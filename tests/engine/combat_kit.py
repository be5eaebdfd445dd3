"""Helpers for combat scenarios: set a board, resolve one March order alone, answer the combat's questions.

    g = board()
    put(g, "winterfell", "stark", "footman", "knight")
    put(g, "castle-black", "lannister", "footman")
    fight(g, "stark", "winterfell", {"castle-black": ["footman", "knight"]},
          cards={"stark": "eddard-stark", "lannister": "the-hound"})

The marches step runs on its own (nothing of the round follows), starting with the attacker's turn, so
once the combat ends the board stays as the combat left it: routed units stay routed, orders stay.
Questions not named in ``answers`` get the test defaults: combatants support themselves, third parties
support nobody, support is accepted, the Blade is kept, and every other question takes its default.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.agot import Game
from engine.agot.position import Position
from engine.core import Decision, Event
from tests.engine.scenario import clear, order, put, scenario

__all__ = ["board", "put", "order", "march", "resolve", "fight", "note", "in_combat", "hand", "routed", "asked",
           "Seq", "kinds_of"]

Answers = dict[Any, Any]


def board(players: int = 6, **settings: Any) -> Game:
    """A game of ``players`` with an empty board (garrisons, neutral forces and blocked areas stay)."""
    g = scenario(players=players, **settings)
    clear(g)
    return g


def march(game: Game, house: str, source: str, moves: dict[str, list[str]], token: str = "M0",
          leave_power_token: bool = False) -> list[Event]:
    """Place ``token`` in ``source`` and resolve that March order with ``moves``."""
    pos = Position(game).order(source, token, house)
    pos.run("marches", turn=game.state.iron_throne.index(house))
    d = next(d for d in game.open_decisions() if d.player == house and d.kind == "march")
    return game.submit(house, d.id, {"from": source, "moves": moves, "leave_power_token": leave_power_token})


def in_combat(game: Game) -> bool:
    return any(f["step"] == "combat" for f in game.state.stack)


def _default(game: Game, d: Decision) -> Any:
    if d.kind == "support":
        combat = game.state.notes["combat"]
        if d.player == combat["attacker"]:
            return "attacker"
        if d.player == combat["defender"]:
            return "defender"
        return "none"
    if d.kind == "refuse":
        return []
    if d.kind in ("blade", "tides_redraw"):
        return False
    return d.default


class Seq(list):  # type: ignore[type-arg]
    """Answers to the same kind of question, used in turn."""


def resolve(game: Game, cards: dict[str, str] | None = None, answers: Answers | None = None,
            until: Callable[[Game], bool] | None = None, log: list[tuple[str, str]] | None = None) -> list[Event]:
    """Answer the combat's questions until it ends (or ``until(game)`` holds); returns every event.

    ``answers`` maps ``kind`` or ``(house, kind)`` to an answer (or a ``Seq`` of answers used in turn);
    ``log`` collects (house, kind) of every question answered.
    """
    cards = dict(cards or {})
    answers = {k: Seq(v) if isinstance(v, Seq) else v for k, v in (answers or {}).items()}
    events: list[Event] = []
    for _ in range(200):
        if not in_combat(game) or (until and until(game)):
            return events
        d = game.open_decisions()[0]
        if d.kind == "house_card" and d.player in cards:
            value: Any = cards.pop(d.player)
        elif (d.player, d.kind) in answers or d.kind in answers:
            key = (d.player, d.kind) if (d.player, d.kind) in answers else d.kind
            value = answers[key]
            if isinstance(value, Seq):
                value = value.pop(0)
        else:
            value = _default(game, d)
        if log is not None:
            log.append((d.player, d.kind))
        events += game.submit(d.player, d.id, value)
    raise AssertionError("the combat did not end")


def fight(game: Game, attacker: str, source: str, moves: dict[str, list[str]], token: str = "M0",
          cards: dict[str, str] | None = None, answers: Answers | None = None,
          leave_power_token: bool = False, log: list[tuple[str, str]] | None = None) -> list[Event]:
    """March and resolve the whole combat; returns every event."""
    events = march(game, attacker, source, moves, token, leave_power_token)
    return events + resolve(game, cards, answers, log=log)


def note(game: Game) -> dict[str, Any]:
    combat: dict[str, Any] = game.state.notes.get("combat", {})
    return combat


def hand(game: Game, house: str) -> list[str]:
    return list(game.state.houses[house].hand)


def routed(game: Game, area: str) -> list[bool]:
    return [u.routed for u in game.state.areas[area].units]


def asked(game: Game) -> list[tuple[str, str]]:
    return [(d.player, d.kind) for d in game.open_decisions()]


def kinds_of(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]
