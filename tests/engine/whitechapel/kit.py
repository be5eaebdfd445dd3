"""Helpers for the Whitechapel scenario tests: a new game, answers to the open question, a hunt set up by hand,
and refusals that must leave the state unchanged."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core import EngineError, Event
from engine.core.protocol import Decision
from engine.whitechapel.agent import RandomAgent
from engine.whitechapel.game import Game
from engine.whitechapel.rules import WHITECHAPEL
from engine.whitechapel.state import SPECIALS

FAR = {"blue": "F12", "yellow": "K10", "brown": "K4", "red": "Q10c", "green": "U11b"}  # far from 57 and 73


def new(players: int = 2, seed: int = 1, **settings: bool) -> Game:
    return WHITECHAPEL.new(players, settings, seed)


def decision(game: Game) -> Decision:
    return game.open_decisions()[0]


def answer(game: Game, value: Any, player: str | None = None) -> list[Event]:
    d = decision(game)
    return game.submit(player or d.player, d.id, value)


def until(game: Game, kind: str, events: list[Event] | None = None) -> Decision:
    """Answer every question with its default until one of ``kind`` is open."""
    while decision(game).kind != kind:
        got = answer(game, decision(game).default)
        if events is not None:
            events.extend(got)
    return decision(game)


def refused(game: Game, value: Any, match: str, player: str | None = None) -> str:
    before = json.dumps(game.to_dict())
    with pytest.raises(EngineError, match=match) as caught:
        answer(game, value, player)
    assert json.dumps(game.to_dict()) == before
    message = str(caught.value)
    assert "\n" not in message
    return message


def hunt(at: int = 57, hideout: int = 90, night: int = 1, time: int = 1, players: int = 2,
         policemen: dict[str, str] | None = None, path: list[int] | None = None, **settings: bool) -> Game:
    """A game set by hand at Jack's move of the Hunting: his row so far is ``path`` (default: the crime at
    ``at``), the policemen stand on ``policemen``."""
    game = new(players, **settings)
    s = game.state
    row = path or [at]
    s.hideout, s.night, s.time = hideout, night, time
    s.crimes = [[] for _ in range(night)]
    s.crimes[-1] = [row[0]]
    s.paths = [[] for _ in range(night)]
    s.paths[-1] = list(row)
    s.specials = [[] for _ in range(night)]
    s.specials[-1] = [""] * (len(row) - 1)
    s.coaches, s.alleys = SPECIALS[night]
    s.policemen = dict(policemen or FAR)
    s.phase, s.ask = "jack", None
    game.advance()
    return game


def public_texts(events: list[Event]) -> str:
    return json.dumps([e.to_dict() for e in events if e.audience.kind == "public"])


def playout(players: int, seed: int, settings: dict[str, bool] | None = None,
            max_answers: int = 5_000) -> tuple[Game, list[Event]]:
    """A random game to its end (Jack mostly heads home); every event in order."""
    game = WHITECHAPEL.new(players, settings or {}, seed)
    agents = {p: RandomAgent(seed * 31 + i) for i, p in enumerate(game.players())}
    events: list[Event] = []
    for _ in range(max_answers):
        if game.over:
            return game, events
        d = decision(game)
        view = game.view(d.player)
        mine = view["private"]["decisions"][0]
        events.extend(game.submit(d.player, d.id, agents[d.player].answer(view, mine)))
    raise AssertionError("the game stalled")


def night(number: int, policemen: dict[str, str] | None = None, crimes: list[list[int]] | None = None,
          players: int = 2, **settings: bool) -> Game:
    """A game at the start of night ``number`` (the women's question open), hideout 90, earlier nights' crime
    scenes ``crimes`` and the policemen where the last night left them."""
    game = new(players, **settings)
    answer(game, 90)
    s = game.state
    s.night = number - 1
    s.crimes = [list(c) for c in crimes or [[c] for c in (1, 2, 4)[: number - 1]]]
    s.paths = [list(c) for c in s.crimes]
    s.specials = [[] for _ in s.crimes]
    s.policemen = dict(policemen or (FAR if number > 1 else {}))
    s.phase, s.ask = "night", None
    game.advance()
    return game
