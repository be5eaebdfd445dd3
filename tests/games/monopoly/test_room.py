"""Monopoly's room: its settings form, the deal of the tokens, the decisions' labels and deadlines, and the
game-over sentence from real games' standings."""

from __future__ import annotations

import pytest

from bot.games.monopoly.autopilot import Autopilot
from bot.games.monopoly.match import play
from bot.games.monopoly.room import ROOM, MonopolyRoom
from bot.games.rooms import room
from bot.service.settings import deadline_seconds, normalize
from engine.core import Decision, IllegalAnswer
from engine.core.contract import Standing
from engine.monopoly.rules import MONOPOLY
from engine.registry import rules

HOUR = 3600.0


def test_the_room_is_found_by_the_game_s_stored_name() -> None:
    found = room("monopoly")
    assert found is ROOM and isinstance(found, MonopolyRoom) and found.rules is rules("monopoly") is MONOPOLY
    assert found.settings_keys == frozenset({"speed_die", "auction", "rounds"})
    assert found.calculator is None
    assert isinstance(found.autopilot(3), Autopilot)


def test_the_settings_form_completes_the_defaults_and_refuses_bad_values_in_one_line() -> None:
    assert ROOM.check_settings({}, 4) == {"speed_die": True, "auction": "sealed", "rounds": 0}
    assert ROOM.check_settings({"auction": "open", "rounds": 30}, None) == {
        "speed_die": True, "auction": "open", "rounds": 30}
    for bad, words in [({"houses": 3}, "Unknown setting for Monopoly: houses"), ({"speed_die": "yes"}, "on or off"),
                       ({"auction": "dutch"}, "sealed .* or open"), ({"rounds": 5}, "10 to 200"),
                       ({"rounds": True}, "10 to 200")]:
        with pytest.raises(IllegalAnswer, match=words) as refused:
            ROOM.check_settings(bad, 3)
        assert "\n" not in str(refused.value)
    with pytest.raises(IllegalAnswer, match="2 to 8 players"):
        ROOM.check_settings({}, 9)
    with pytest.raises(IllegalAnswer, match="whole number, 2 to 8"):
        ROOM.check_settings({}, "4")  # type: ignore[arg-type]


def test_the_tokens_are_dealt_wishes_first_the_rest_at_random_and_the_same_for_the_same_seed() -> None:
    assert ROOM.choosable(3, {}) == ["car", "dog", "hat"]
    with pytest.raises(IllegalAnswer, match="2 to 8 players"):
        ROOM.choosable(1, {})
    members = ["11", "12", "13", "14"]
    dealt = ROOM.deal(members, {"13": "ship"}, 7, {"rounds": 20})
    assert dealt == ROOM.deal(members, {"13": "ship"}, 7, {"rounds": 20})
    assert dealt["roles"]["13"] == "ship" and dealt["settings"] == {"rounds": 20}
    assert sorted(dealt["roles"].values()) == ["car", "dog", "hat", "ship"]
    cars = {next(m for m, r in ROOM.deal(members, {}, seed, {})["roles"].items() if r == "car")
            for seed in range(30)}
    assert cars == set(members)
    with pytest.raises(IllegalAnswer, match="no role 'iron'"):
        ROOM.deal(members, {"11": "iron"}, 7, {})  # a 4-player table plays the first four tokens
    with pytest.raises(IllegalAnswer, match="Dog was asked for twice"):
        ROOM.deal(members, {"11": "dog", "12": "dog"}, 7, {})


def test_deadlines_suit_play_over_days_and_an_open_bid_is_shorter() -> None:
    """The room's defaults reach a new table's settings; a table's own default replaces them all."""
    d = ROOM.deadlines
    assert d["default"] == 12 * HOUR and d["trade_reply"] == 24 * HOUR and d["open_bid"] == 6 * HOUR
    for kind in ("turn", "jail", "buy", "bus", "triples", "income_tax", "raise_funds", "bid"):
        assert d[kind] == 12 * HOUR, kind
    table = normalize({}, 4, "monopoly")
    assert deadline_seconds(table, "open_bid") == 6 * HOUR and deadline_seconds(table, "lift_now") == 12 * HOUR
    assert normalize({"deadlines": {"default": 600}}, 4, "monopoly")["deadlines"] == {"default": 600}


def test_a_decision_is_named_by_its_label() -> None:
    game = MONOPOLY.new(2, {}, 3)
    decision = game.open_decisions()[0]
    assert ROOM.label(decision) == f"{MONOPOLY.describe(decision.player)}'s turn"
    assert ROOM.label(Decision(id="9", player="car", kind="bid", prompt="")) == "bid"


def test_the_outcome_names_the_winner_the_round_and_the_reason() -> None:
    outcome = play(3, 11, [0], rounds=10)
    game = outcome.game
    winner = MONOPOLY.describe(outcome.winners[0])
    assert ROOM.outcome(game) == f"{winner} won in round 10: round 10 was the last; the richest player wins."


class Shared:
    """A finished game whose win is shared (two players level on worth)."""

    def standings(self) -> list[Standing]:
        return [Standing("dog", 1, "the table ended the game; the richest player wins"), Standing("car", 1, ""),
                Standing("hat", 3, "")]

    def stage(self) -> tuple[int, str]:
        return 14, "over"


def test_a_shared_win_names_both() -> None:
    assert ROOM.outcome(Shared()) == (  # type: ignore[arg-type]
        "Dog and Car shared the win in round 14: the table ended the game; the richest player wins.")
