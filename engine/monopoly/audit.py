"""The leak audit: checks every event and view against the game's secrets (the tests and
``python -m engine.simulate --game monopoly``).

Secrets: the order of both decks (only the card drawn is ever named), the sealed bids of an auction before the
public ``bids`` event, and the RNG. An event reaching the public or another player must name at most one card of
the decks (the Get Out of Jail Free cards players hold are public: a bankruptcy or a trade may name two) and, in a
sealed auction, no bid; a view must not change when the decks are reordered, nor when another
player's sealed bid changes.
"""

from __future__ import annotations

import json
from typing import Any

from engine.core import Event
from engine.monopoly.game import Game


class Auditor:
    """Call ``check`` with the game before its first answer and after each answer, with that answer's events."""

    def check(self, game: Game, events: list[Event]) -> list[str]:
        return [p for e in events for p in event_problems(game, e)] + view_problems(game)


def event_problems(game: Game, event: Event) -> list[str]:
    text = json.dumps(event.to_dict())
    held = {c for cards in game.state.jail_cards.values() for c in cards}
    named = [c for c in game.board.cards if f'"{c}"' in text and c not in held]
    problems = [f"{event.kind} names {len(named)} cards"] if len(named) > 1 else []
    if '"decks"' in text:
        problems.append(f"{event.kind} shows the decks")
    sealed = game.state.settings.get("auction") == "sealed"
    if sealed and event.kind == "bid" and event.audience.kind == "public":
        problems.append("a sealed bid was made public before the reveal")
    return problems


def scrambled(game: Game, bidder: str | None) -> Game:
    """The same game with both decks reversed and ``bidder``'s sealed bid (if any) changed."""
    other = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    s = other.state
    s.decks = {deck: list(reversed(ids)) for deck, ids in s.decks.items()}
    if bidder is not None and s.auction is not None:
        s.auction["bids"][bidder] = s.auction["bids"].get(bidder, 0) + 7
    return other


def view_problems(game: Game) -> list[str]:
    if game.over:
        return []
    viewers: list[str | None] = [None, *game.players()]
    problems = []
    reordered = scrambled(game, None)
    for viewer in viewers:
        if dumped(reordered, viewer) != dumped(game, viewer):
            problems.append(f"the view of {viewer or 'the public'} depends on the decks' order")
    a = game.state.auction
    if a is not None and a["kind"] == "sealed":
        for bidder in a["bids"]:
            changed = scrambled(game, bidder)
            problems += [f"the view of {v or 'the public'} shows {bidder}'s sealed bid" for v in viewers
                         if v != bidder and dumped(changed, v) != dumped(game, v)]
    secret = game.state.rng.secret.hex()
    problems += [f"the view of {v or 'the public'} shows the RNG" for v in viewers if secret in dumped(game, v)]
    return problems


def dumped(game: Game, viewer: str | None) -> str:
    view: dict[str, Any] = game.view(viewer)
    return json.dumps(view, sort_keys=True)
