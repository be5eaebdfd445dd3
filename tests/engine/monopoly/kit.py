"""Scenarios for Monopoly tests: a game at the start of a chosen player's turn, scripted dice (``dice.throw`` is
replaced by a queue: no test hook in the engine), answers by the kind of the open question."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Event
from engine.monopoly import dice
from engine.monopoly.game import Game
from engine.monopoly.rules import MONOPOLY

Throw = tuple[int, int] | tuple[int, int, str]
SEEDED_THROW = dice.throw  # the real dice, for the set-up's throws


class Dice:
    """The throws to come, each (a, b) or (a, b, speed face); a missing or unexpected Speed Die fails the test."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.queue: list[Throw] = []
        monkeypatch.setattr(dice, "throw", self.throw)

    def throw(self, game: Game, speed: bool) -> dict[str, Any]:
        assert self.queue, "no scripted throw left"
        a, b, *face = self.queue.pop(0)
        assert bool(face) == speed, f"the Speed Die is {'' if speed else 'not '}thrown here"
        return {"white": [a, b], "speed": face[0] if face else None}


def new(monkeypatch: pytest.MonkeyPatch, players: int = 2, turn: str = "car", seed: int = 3,
        **settings: Any) -> tuple[Game, Dice]:
    """A game whose turn order is the seat order, at the start of ``turn``'s turn (round 1), and its dice."""
    monkeypatch.setattr(dice, "throw", SEEDED_THROW)
    game = MONOPOLY.new(players, MONOPOLY.check_settings(settings, players), seed)
    s = game.state
    s.asks = {}
    s.order = list(s.players)
    s.turn, s.round = turn, 1
    game.ask("jail" if turn in s.jailed else "turn", turn)
    game.events = []
    return game, Dice(monkeypatch)


def reask(game: Game) -> None:
    """After changing the state by hand: the turn question posed again for the player whose turn it is."""
    s = game.state
    s.asks = {}
    assert s.turn is not None
    game.ask("jail" if s.turn in s.jailed else "turn", s.turn)


def decision(game: Game, kind: str, player: str | None = None) -> Any:
    found = [d for d in game.open_decisions() if d.kind == kind and player in (None, d.player)]
    assert found, f"no open {kind} question: {[(d.kind, d.player) for d in game.open_decisions()]}"
    return found[0]


def answer(game: Game, kind: str, value: Any, player: str | None = None) -> list[Event]:
    d = decision(game, kind, player)
    return game.submit(d.player, d.id, value)


def roll(game: Game, script: Dice, *throws: Throw) -> list[Event]:
    """The player whose turn it is throws these dice (the first; the rest wait for later throws)."""
    script.queue.extend(throws)
    assert game.state.turn is not None
    return answer(game, "turn", "roll", game.state.turn)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def of(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == kind]


def waiting(game: Game) -> list[tuple[str, str]]:
    return [(d.kind, d.player) for d in game.open_decisions()]
