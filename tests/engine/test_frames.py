"""Every key a step writes in its frame is declared in its shape (engine.agot.frames), so mypy checks them all."""

from typing import get_type_hints

from engine.agot import frames
from engine.agot.phases import STEPS
from engine.simulate import play


def test_every_step_has_a_shape():
    assert set(frames.SHAPES) == set(STEPS)


def test_the_frames_of_random_games_use_only_declared_keys():
    seen: dict[str, set[str]] = {}

    def look(game, event):
        for frame in game.state.stack:
            seen.setdefault(frame["step"], set()).update(frame)

    for seed in range(1, 9):
        assert play(6 - seed % 4, seed, on_event=look).error is None
    assert {"combat", "planning", "marches", "bid", "wildling_attack", "westeros"} <= set(seen)
    for step, keys in seen.items():
        declared = set(get_type_hints(frames.SHAPES[step]))
        assert keys <= declared, (step, keys - declared)
