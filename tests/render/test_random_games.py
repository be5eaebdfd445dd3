"""Rendering random games never raises: 50 games of 3 to 6 players, a view at every round start plus views sampled
during each round (public and private views alternate), with the combat highlight taken from the view's notes.

Every view is laid out; the round starts and the final board are also drawn, and every 20th of those encoded,
which keeps the test near 30 s on two cores (drawing is the slow part, and layout is where a view is read). Games the
engine itself stops with an error are still rendered up to that point (engine failures are the simulator's tests'
business).
"""

from __future__ import annotations

from typing import Any

from bot.render import Highlights, build_layout, encode
from bot.render.raster import draw
from engine.agot import Game
from engine.simulate import play

GAMES = 50
SAMPLES_PER_ROUND = 2


def collect(players: int, seed: int) -> list[tuple[bool, dict[str, Any]]]:
    """(drawn?, view) pairs: round starts and the end are drawn, the samples in between laid out only."""
    views: list[tuple[bool, dict[str, Any]]] = []
    seen: dict[str, Any] = {"round": 0, "events": 0, "in_round": 0}
    houses: list[str] = []

    def on_event(game: Game, event: Any) -> None:
        if not houses:
            houses.extend(sorted(game.state.houses))
        seen["events"] += 1
        player = None if len(views) % 2 == 0 else houses[len(views) % len(houses)]
        if game.state.round != seen["round"]:
            seen["round"] = game.state.round
            seen["in_round"] = 0
            views.append((True, game.view(player)))
        elif seen["events"] % 7 == 0 and seen["in_round"] < SAMPLES_PER_ROUND:
            seen["in_round"] += 1
            views.append((False, game.view(player)))

    result = play(players, seed, on_event=on_event)
    if result.game is not None:
        views.append((True, result.game.view(None)))  # the end (or where the engine stopped)
    return views


def test_fifty_random_games_render() -> None:
    laid_out = drawn = 0
    for i in range(GAMES):
        for drawn_too, view in collect(3 + i % 4, 1000 + i):
            layout = build_layout(view, Highlights.from_view(view))
            laid_out += 1
            if drawn_too:
                image = draw(layout)
                if drawn % 20 == 0:
                    assert encode(image)[:8] == b"\x89PNG\r\n\x1a\n"
                drawn += 1
    assert drawn >= GAMES * 5 and laid_out > drawn
