"""Helpers for Westeros-phase, bidding and wildling scenarios (on top of ``tests.engine.scenario``).

    game = scenario(players=6)
    events = westeros(game, "supply", "clash-of-kings", "wildlings-attack", wildlings=["crow-killers"])
    events += bid(game, stark=3, lannister=1)      # every other open bid is 0

Decks are set by putting the named cards on top of the real decks, so the game
still holds exactly its 30 Westeros and 9 wildling cards.
"""

from __future__ import annotations

from typing import Any

from engine.agot import Game
from engine.agot.position import Position
from engine.agot.westeros import WINTER
from engine.core import Event, Rng


def set_decks(game: Game, cards: tuple[str | None, str | None, str | None] = (None, None, None),
              wildlings: list[str] | None = None) -> None:
    Position(game).westeros(top=cards).wildlings(top=wildlings or [])


def westeros(game: Game, first: str | None = None, second: str | None = None, third: str | None = None,
             wildlings: list[str] | None = None, threat: int | None = None, round_: int = 2) -> list[Event]:
    """Start the Westeros phase of round ``round_`` with the named cards on top of decks I, II and III."""
    pos = Position(game).westeros(top=(first, second, third)).wildlings(threat, top=wildlings or []).round(round_)
    return pos.start("westeros")


def in_westeros(game: Game) -> bool:
    return any(f["step"] == "westeros" for f in game.state.stack)


def open_kinds(game: Game) -> list[tuple[str, str]]:
    return [(d.player, d.kind) for d in game.open_decisions()]


def bid(game: Game, **amounts: int) -> list[Event]:
    """Answer every open bid: the named houses bid the given amounts, every other house 0."""
    events: list[Event] = []
    bids = [d for d in game.open_decisions() if d.kind == "bid"]
    assert bids, f"no open bid; open: {open_kinds(game)}"
    for d in bids:
        events += game.submit(d.player, d.id, amounts.get(d.player, 0))
    return events


def settle_ties(game: Game) -> list[Event]:
    """Answer every open tie-break with its default."""
    events: list[Event] = []
    while any(d.kind == "break_tie" for d in game.open_decisions()):
        d = next(d for d in game.open_decisions() if d.kind == "break_tie")
        events += game.submit(d.player, d.id, d.default)
    return events


def answer_all(game: Game, kind: str, value: Any = None) -> list[Event]:
    """Answer every open decision of ``kind`` with ``value`` (or its default)."""
    events: list[Event] = []
    for d in [d for d in game.open_decisions() if d.kind == kind]:
        events += game.submit(d.player, d.id, d.default if value is None else value)
    return events


def finish_phase(game: Game) -> list[Event]:
    """Answer every open Westeros-phase question with its default until Planning starts."""
    events: list[Event] = []
    while in_westeros(game):
        d = game.open_decisions()[0]
        events += game.submit(d.player, d.id, d.default)
    return events


def public(events: list[Event], kind: str | None = None) -> list[Event]:
    return [e for e in events if e.audience.kind == "public" and (kind is None or e.kind == kind)]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def rng_putting_winter_on_top(deck: list[str], times: int) -> Rng:
    """An RNG state under which a deck with Winter Is Coming on top reshuffles it back on top ``times``
    times in a row, then reveals another card (the engine's draw, replayed)."""
    assert deck[0] == WINTER
    for seed in range(1, 500_000):
        rng = Rng(seed)
        cards = deck[1:] + [WINTER]
        for _ in range(times):
            rng.shuffle(cards)
            if cards[0] != WINTER:
                break
            cards = cards[1:] + [WINTER]
        else:
            rng.shuffle(cards)
            if cards[0] != WINTER:
                return Rng(seed)
    raise AssertionError("no such seed")


def drive(game: Game, until: Any, limit: int = 2000) -> list[Event]:
    """Answer every open question with its default until ``until(game)`` is true."""
    events: list[Event] = []
    for _ in range(limit):
        if until(game):
            return events
        d = game.open_decisions()[0]
        events += game.submit(d.player, d.id, d.default)
    raise AssertionError("the condition never came true")


def planning_open(game: Game) -> bool:
    return any(d.kind == "orders" for d in game.open_decisions())


def wildling_attack(game: Game, strength: int, cards: list[str] | None = None,
                    houses: list[str] | None = None) -> list[Event]:
    """Start a wildling attack on its own (as a Wildlings Attack card would), Planning follows it."""
    from engine.agot.wildlings import start_attack

    pos = Position(game).wildlings(top=cards or [])
    return pos.run_effect(lambda g: start_attack(g, strength, houses or g.turn_order(), source="card"),
                          after="planning", phase="westeros")


def in_attack(game: Game) -> bool:
    return any(f["step"] == "wildling_attack" for f in game.state.stack)
