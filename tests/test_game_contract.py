"""Every registered game keeps the contract (engine/core/contract): created from settings, loaded from its own
plain data identically, refusals leave the state unchanged, views never show the RNG's secret (kept as
``rng.secret``, a hex text, in every game's state)."""

import json

import pytest

from engine.core import EngineError
from engine.core.contract import GameRules, GameState
from engine.registry import GAMES, rules


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_new_game_reloads_identically(name: str) -> None:
    game_rules: GameRules = rules(name)
    count = game_rules.min_players
    settings = game_rules.check_settings(game_rules.default_settings(), count)
    game: GameState = game_rules.new(count, settings, seed=5)
    assert len(game.players()) == len(game_rules.roles(count, settings)) == count
    again = game_rules.load(json.loads(json.dumps(game.to_dict(), sort_keys=True)))
    assert json.dumps(again.to_dict()) == json.dumps(game.to_dict())
    assert [d.to_dict() for d in again.open_decisions()] == [d.to_dict() for d in game.open_decisions()]
    assert not game.over and game.standings() == []
    stage = game.stage()
    assert isinstance(stage[0], int) and isinstance(stage[1], str) and stage[1]
    assert all(game.name_of(p) and game.name_of(p) == game_rules.describe(p) for p in game.players())
    secret = game.to_dict()["rng"]["secret"]
    assert isinstance(secret, str) and len(secret) >= 32
    for viewer in [None, *game.players()]:
        assert secret not in json.dumps(game.view(viewer))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_refused_answer_changes_nothing(name: str) -> None:
    game_rules = rules(name)
    count = game_rules.min_players
    game = game_rules.new(count, game_rules.default_settings(), seed=9)
    before = json.dumps(game.to_dict())
    decision = game.open_decisions()[0]
    others = [p for p in game.players() if p != decision.player]
    with pytest.raises(EngineError):
        game.submit(others[0], decision.id, decision.default)
    with pytest.raises(EngineError):
        game.submit(decision.player, "no-such-decision", decision.default)
    assert json.dumps(game.to_dict()) == before


def test_unknown_games_and_settings_are_refused_in_one_line() -> None:
    with pytest.raises(EngineError, match="Unknown game"):
        rules("chess")
    agot = rules("agot")
    with pytest.raises(EngineError, match="Unknown setting"):
        agot.check_settings({"speed_die": True}, 4)
    with pytest.raises(EngineError, match="3 to 6"):
        agot.check_settings({}, 7)
    assert agot.check_settings({"setup": "8"}, 7)["setup"] == "8"


def test_a_vassal_is_no_player() -> None:
    agot = rules("agot")
    settings = agot.check_settings({"setup": "8"}, 5)
    game = agot.new(5, settings, seed=3)
    assert len(game.players()) == 5 == len(agot.roles(5, settings))
    assert set(game.players()) == set(agot.roles(5, settings))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_table_finds_one_decision_and_takes_the_start_events(name: str) -> None:
    game_rules = rules(name)
    game = game_rules.new(game_rules.min_players, game_rules.default_settings(), seed=4)
    assert not game.spoiled
    first = game.open_decisions()[0]
    found = game.open_decision(first.id)
    assert found is not None and found.to_dict() == first.to_dict()
    assert game.open_decision("no-such-decision") is None
    assert all(e.audience.kind in ("public", "player", "sealed") for e in game.events)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_standing_decisions_are_found_by_id_and_never_listed_as_open(name: str) -> None:
    """A question a player may answer without being asked (Monopoly's manage) is found by its id, belongs to its
    player, and is never among the open decisions (no prompt, no deadline); AGoT and Whitechapel have none."""
    game_rules = rules(name)
    game = game_rules.new(game_rules.min_players, game_rules.default_settings(), seed=4)
    opened = {d.id for d in game.open_decisions()}
    standing = {p: game.standing_decisions(p) for p in game.players()}
    assert (name == "monopoly") == any(standing.values())
    for player, decisions in standing.items():
        for d in decisions:
            assert d.player == player and d.id not in opened
            found = game.open_decision(d.id)
            assert found is not None and found.to_dict() == d.to_dict()


def test_a_game_of_thrones_ends_now_ranked_and_whitechapel_refuses() -> None:
    agot = rules("agot").new(3, {}, seed=2)
    agot.events = []
    agot.end_now()
    assert agot.over and [s.place for s in agot.standings()] == [1, 2, 3]
    assert any(e.kind == "game_over" for e in agot.events)
    hunt = rules("whitechapel").new(2, {}, seed=2)
    before = json.dumps(hunt.to_dict())
    with pytest.raises(EngineError, match="cancel the game"):
        hunt.end_now()
    assert json.dumps(hunt.to_dict()) == before and not hunt.over


def test_a_replay_secret_seeds_a_game_of_thrones() -> None:
    secret = bytes(range(32))
    one, two = rules("agot").new(4, {}, seed=secret), rules("agot").new(4, {}, seed=secret)
    assert json.dumps(one.to_dict()) == json.dumps(two.to_dict())
    assert one.to_dict()["rng"]["secret"] == secret.hex()
