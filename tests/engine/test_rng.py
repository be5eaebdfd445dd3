"""The random generator: deterministic from a seed or a saved state, unpredictable without a seed."""

import json

import pytest

from engine.agot import Game
from engine.agot.game import assign_houses
from engine.agot.state import SCHEMA_VERSION
from engine.core import Rng
from tests.engine.drive import drive


def test_same_seed_same_sequence_and_a_saved_generator_continues_it():
    a, b = Rng(7), Rng(7)
    assert [a.next64() for _ in range(50)] == [b.next64() for _ in range(50)]
    saved = Rng.from_dict(json.loads(json.dumps(a.to_dict())))
    assert [saved.below(1000) for _ in range(20)] == [a.below(1000) for _ in range(20)]
    assert [Rng(8).next64() for _ in range(3)] != [Rng(7).next64() for _ in range(3)]


def test_the_state_is_a_256_bit_secret_and_a_counter():
    rng = Rng(1)
    rng.shuffle(list(range(10)))
    raw = rng.to_dict()
    assert set(raw) == {"secret", "counter"} and len(bytes.fromhex(raw["secret"])) == 32 and raw["counter"] >= 9
    with pytest.raises(ValueError):
        Rng(b"short")


def test_a_seeded_game_is_identical_across_runs():
    a = drive(Game.new(6, seed=11), seed=4, decisions=300)
    b = drive(Game.new(6, seed=11), seed=4, decisions=300)
    assert json.dumps(a.to_dict(), sort_keys=True) == json.dumps(b.to_dict(), sort_keys=True)
    assert a.to_dict()["rng"] == b.to_dict()["rng"] and a.to_dict()["schema"] == SCHEMA_VERSION == 2


def test_a_game_without_a_seed_gets_a_fresh_secret():
    a, b = Game.new(4), Game.new(4)
    secrets = {g.to_dict()["rng"]["secret"] for g in (a, b, Game.new(4, seed=1))}
    assert len(secrets) == 3
    assert a.state.wildling_deck != b.state.wildling_deck or a.state.westeros_decks != b.state.westeros_decks
    for viewer in (None, *a.state.houses):
        assert a.to_dict()["rng"]["secret"] not in json.dumps(a.view(viewer))
    assert sorted(assign_houses(["p1", "p2", "p3"]).values()) == ["baratheon", "lannister", "stark"]


def test_a_schema_1_state_with_an_integer_rng_still_loads_and_plays_on():
    raw = drive(Game.new(4, seed=3), seed=1, decisions=40).to_dict()
    raw["schema"], raw["rng"] = 1, 123456789
    game = Game.from_dict(raw)
    assert game.to_dict()["schema"] == SCHEMA_VERSION and game.state.rng.to_dict() == Rng(123456789).to_dict()
    drive(game, seed=1, decisions=200)
    assert game.state.round > raw["round"] or game.over
