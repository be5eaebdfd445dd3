"""Rendering random games never raises: 24 games of 3 to 6 players, a view at every round start plus views sampled
during each round (public and private views alternate), with the combat highlight taken from the view's notes.

Every view is laid out (the board, the panel, the embed fields, a combat's sides, the changes since the previous
view) and checked for overlaps; every 40th view is also drawn and encoded, and so are a few combat and change
images: layout is where a view is read, drawing only pastes what layout placed. Games the engine itself stops
with an error are still rendered up to that point (engine failures are the simulator's tests' business).
"""

from __future__ import annotations

from typing import Any

from bot.render import Highlights, build_layout, panel_fields, render, render_changes, render_combat, round_changes
from bot.render.combat import combat_note, side_lines
from bot.render.panel import panel_items
from engine.agot import Game, Settings
from engine.simulate import play
from tests.render.overlap import collisions

GAMES = 24  # six of each player count: playing them is most of the test's time
SAMPLES_PER_ROUND = 4
COMBAT_EVENTS = ("combat_strength", "combat_result")  # the notes then name the sides, cards and strengths


def collect(players: int, seed: int, settings: Settings | None = None) -> list[tuple[bool, dict[str, Any]]]:
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
        elif getattr(event, "kind", "") in COMBAT_EVENTS and seen["in_round"] < SAMPLES_PER_ROUND + 2:
            seen["in_round"] += 1
            views.append((False, game.view(player)))
        elif seen["events"] % 7 == 0 and seen["in_round"] < SAMPLES_PER_ROUND:
            seen["in_round"] += 1
            views.append((False, game.view(player)))

    result = play(players, seed, settings, on_event=on_event)
    if result.game is not None:
        views.append((True, result.game.view(None)))  # the end (or where the engine stopped)
    return views


def test_random_games_render() -> None:
    laid_out = drawn = combats = 0
    for i in range(GAMES):
        previous = None
        for _, view in collect(3 + i % 4, 1000 + i):
            layout = build_layout(view, Highlights.from_view(view))
            assert collisions(layout) == [], f"game {i}, round {view['round']}"
            panel_items(view)
            assert panel_fields(view)
            note = combat_note(view)
            if note is not None:
                assert side_lines(view, note, "attacker") and side_lines(view, note, "defender")
                if combats % 10 == 0:
                    assert (render_combat(view) or b"")[:8] == b"\x89PNG\r\n\x1a\n"
                combats += 1
            if previous is not None:
                round_changes(previous, view)
            if laid_out % 40 == 0:
                assert render(view)[:8] == b"\x89PNG\r\n\x1a\n"
                if previous is not None:
                    assert render_changes(previous, view)[:4] == b"\x89PNG"
                drawn += 1
            laid_out += 1
            previous = view
    assert laid_out > GAMES * 20 and drawn >= 10 and combats > GAMES
