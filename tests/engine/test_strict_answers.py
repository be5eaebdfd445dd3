"""An answer is one of the options as the protocol states them (issue 26, item 5): ``1.0`` or ``True`` is not the
option ``1``, ``0`` is not ``false``; a mapping answer is refused for its keys before anything in it is judged."""

from __future__ import annotations

from typing import Any

import pytest

from engine.agot import Game, Settings
from engine.core import Decision, IllegalAnswer
from tests.engine.drive import step


def _twins(value: Any) -> list[Any]:
    """Values equal to ``value`` by Python's loose rules but of another kind: each int as a float (and ``-0.0``
    for 0), each bool as an int; one place changed at a time, inside lists and mappings too."""
    if isinstance(value, bool):
        return [int(value)]
    if isinstance(value, int):
        return [float(value), True if value == 1 else -0.0] if value in (0, 1) else [float(value)]
    if isinstance(value, list):
        return [value[:i] + [t] + value[i + 1:] for i, v in enumerate(value) for t in _twins(v)]
    if isinstance(value, dict):
        return [{**value, k: t} for k, v in value.items() for t in _twins(v)]
    return []


def _refused_unchanged(game: Game, d: Decision, answer: Any) -> str:
    before = game.to_dict()
    with pytest.raises(IllegalAnswer) as refusal:
        game.submit(game.answerer(d.player), d.id, answer)
    assert game.to_dict() == before
    return str(refusal.value)


def test_every_option_kind_refuses_the_float_and_bool_twins_of_its_options():
    """Random games of the base game and both Mother of Dragons set-ups: at every open question with options,
    each loose twin of an option (``1.0``, ``-0.0``, ``True`` for an int; ``0``/``1`` for a bool) is refused
    with the choices named, and the state stays the same."""
    tried: dict[str, int] = {}
    games = [(Game.new(6, seed=5), 5), (Game.new(4, seed=6), 6), (Game.new(8, seed=4), 4),
             (Game.new(7, seed=7, settings=Settings(setup="7")), 7), (Game.new(5, seed=12007,
                                                                             settings=Settings(setup="8")), 12007)]
    for game, seed in games:
        for _ in range(400):
            if game.over:
                break
            for d in game.open_decisions():
                if tried.get(d.kind, 0) >= 6 or d.options is None:
                    continue
                for twin in [t for o in d.options for t in _twins(o)][:4]:
                    if any(type(o) is type(twin) and o == twin for o in d.options):
                        continue  # the twin is itself an option
                    assert "exactly as listed" in _refused_unchanged(game, d, twin)
                    tried[d.kind] = tried.get(d.kind, 0) + 1
            step(game, seed)
    for kind in ("bid", "blade", "iv_veto", "spymaster", "port_capture", "tyrion"):
        assert tried.get(kind), (kind, sorted(tried))


def _spymaster() -> tuple[Game, Decision]:
    game = Game.new(8, 4)
    while True:
        found = [d for d in game.open_decisions() if d.kind == "spymaster" and "deck" not in d.info]
        if found:
            return game, found[0]
        step(game, 4)


@pytest.mark.parametrize("twin", [1.0, 2.0, 0.0, -0.0, True, False])
def test_the_spymasters_deck_is_refused_as_a_decimal_or_true_false(twin):
    game, d = _spymaster()
    assert d.options == [0, 1, 2]
    assert "exactly as listed: 0; 1; 2" in _refused_unchanged(game, d, twin)
    game.submit(game.answerer(d.player), d.id, 1)  # the whole number is taken
    assert next(x for x in game.open_decisions() if x.kind == "spymaster").info["deck"] == 1


def _iron_bank() -> tuple[Game, Decision]:
    """Game.new(8, 1): Stark resolves its Iron Bank order (Consolidate Power) with a loan it can afford."""
    game = Game.new(8, 1)
    for _ in range(2000):
        found = [d for d in game.open_decisions()
                 if d.kind == "consolidate" and any(o.get("loan") is not None for o in d.options or [])]
        if found:
            return game, found[0]
        step(game, 1)
    raise AssertionError("no Iron Bank question")


def test_an_iron_bank_answer_with_an_unknown_key_is_refused_for_that_key():
    game, d = _iron_bank()
    loan = next(o for o in d.options if o.get("loan") is not None)
    message = _refused_unchanged(game, d, {**loan, "muster": False})
    assert message.startswith("This answer has the keys ") and message.endswith(", not area + loan + muster."), message
    assert "area + loan" in message
    assert "afford" not in message
    assert "Unknown key \"x\"" in _refused_unchanged(game, d, {**loan, "x": 1})
    assert _refused_unchanged(game, d, {"area": loan["area"]}).endswith(", not area.")  # the loan left out
    events = game.submit(game.answerer(d.player), d.id, loan)  # the same loan, as listed, is bought
    assert [e.data["house"] for e in events if e.kind == "loan_taken"] == [d.player]


def test_a_march_with_an_unknown_key_is_refused_for_that_key_first():
    from tests.engine.scenario import clear, put, refused, scenario, start

    g = scenario(6)
    clear(g)
    put(g, "winterfell", "stark", "footman", order="M0")
    start(g, "marches")
    before = g.to_dict()
    # the move itself is also wrong (no such area): the key is named first
    message = refused(g, "stark", {"from": "winterfell", "moves": {"nowhere": ["footman"]}, "leave_token": True})
    assert message == ("A march: unknown key \"leave_token\" (it has 'from', optional 'moves', optional "
                       "'leave_power_token')."), message
    assert g.to_dict() == before
