"""The project's rulings for Letters from Whitechapel (docs/rulings.md, WR1-WR15), one test each."""

import pytest

from engine.core import EngineError
from engine.whitechapel.board import board
from engine.whitechapel.rules import WHITECHAPEL
from engine.whitechapel.state import controllers
from tests.engine.whitechapel.kit import FAR, answer, decision, hunt, new, night, refused, until

WATCHED = {**FAR, "yellow": "U4", "blue": "S5"}  # U4 touches 40 and 57, S5 touches 56 and 57


def moves_left(time: int) -> int:
    """Jack's moves after a crime at ``time`` until the track runs out (the police never act)."""
    game = hunt(at=57, time=time)
    s = game.state
    count = 0
    while not game.over:
        answer(game, 56 if game.location() == 57 else 57)
        count += 1
        s.phase, s.ask, s.turn = "jack", None, {}
        game.advance()
    return count


def test_wr1_a_crime_at_time_t_leaves_fifteen_minus_t_moves() -> None:
    assert [moves_left(t) for t in range(1, 6)] == [14, 13, 12, 11, 10]


def test_wr2_a_circle_named_this_round_is_not_named_again_and_naming_goes_on() -> None:
    game = hunt(at=90, policemen=WATCHED)
    answer(game, decision(game).options[0])
    while game.state.turn.get("stage") != "act":
        answer(game, decision(game).default)
    answer(game, "yellow")
    answer(game, "clues")
    events = answer(game, 40)  # no clue: naming goes on, and 57 is the only circle left
    assert [e.data["circle"] for e in events if e.kind == "no_clue"] == [40, 57]
    answer(game, "blue")
    answer(game, "clues")  # 57 was named: 56 is the only circle, named at once
    assert game.state.turn["named"] == [40, 57, 56]


def test_wr3_a_crime_scene_bars_a_wretched_only_as_a_destination() -> None:
    game = night(1)
    answer(game, {"marked": [3, 21, 27, 65, 84]})
    answer(game, decision(game).default)
    s = game.state
    s.patrols, s.wretched, s.crimes[-1] = {"F12": "blue"}, [57], [58]
    s.phase, s.ask = "suspense", None
    game.advance()
    assert decision(game).options == [c for c in board().moves(57) if c != 58]


def test_wr4_a_coach_needs_two_squares_and_filling_fifteen_with_it_loses() -> None:
    game = hunt(at=57, time=5, path=[57, 56, 57, 56, 57, 56, 57, 56, 57])  # square 13
    assert "coach" in decision(game).options
    answer(game, "coach")
    answer(game, 56)
    answer(game, 55 if 55 in decision(game).options else decision(game).options[0])
    assert game.over and game.state.winner == "detectives" and game.state.square() == 15
    late = hunt(at=57, time=5, path=[57, 56] * 5)  # square 14
    assert "coach" not in decision(late).options


def test_wr5_the_policemen_are_dealt_round_robin_by_seat() -> None:
    assert controllers(4) == {"blue": "detective_1", "yellow": "detective_2", "brown": "detective_3",
                              "red": "detective_1", "green": "detective_2"}
    assert controllers(5) == {"blue": "detective_1", "yellow": "detective_2", "brown": "detective_3",
                              "red": "detective_4", "green": "detective_1"}


def test_wr6_a_detective_with_one_policeman_left_is_not_asked_which() -> None:
    game = hunt(at=57, players=6)
    game.state.head_tiles = ["red", "blue", "yellow", "brown", "green"]
    answer(game, 56)
    order = []
    while game.state.turn.get("stage") == "move":
        d = decision(game)
        assert d.kind == "police_move"
        order.append(d.player)
        answer(game, d.default)
    assert order == ["detective_4", "detective_5", "detective_1", "detective_2", "detective_3"]


def test_wr7_an_alley_is_never_stopped_by_policemen() -> None:
    game = hunt(at=57, policemen=WATCHED)
    assert decision(game).options == ["coach", "alley"]
    answer(game, "alley")
    assert decision(game).options == list(board().alleys(57))


def test_wr8_the_wretched_move_lowest_circle_first() -> None:
    game = night(1)
    answer(game, {"marked": [3, 21, 27, 65, 84]})
    answer(game, decision(game).default)
    answer(game, "wait")
    circles = []
    while decision(game).kind == "wretched":
        circles.append(int(decision(game).label.split()[-1]))
        answer(game, decision(game).default)
    assert circles == sorted(circles) and circles[0] == 3


def test_wr9_escape_and_a_plain_move_home_answer_the_same_secret_question() -> None:
    game = hunt(at=57, hideout=56)
    d = decision(game)
    assert d.label == "Jack's move" and {56, "escape"} <= set(d.options)
    assert {"value": "escape", "label": "Escape home to 56", "description": ""} in (d.choices or [])
    assert game.view(None)["public"]["waiting"] == [{"player": "jack", "kind": "jack_move", "label": "Jack's move"}]
    answer(game, 56)
    assert game.state.night == 1 and not game.over


def test_wr10_a_cornered_jack_with_a_usable_alley_goes_on() -> None:
    game = hunt(at=57, policemen=WATCHED)
    game.state.coaches = 0
    game.state.ask, game.state.phase = None, "jack"
    game.advance()
    assert not game.over and decision(game).options == ["alley"]


def test_wr16_a_secret_question_with_one_answer_is_still_asked() -> None:
    game = hunt(at=57, policemen={**FAR, "yellow": "U4"})
    game.state.coaches = game.state.alleys = 0
    game.state.ask, game.state.phase = None, "jack"
    events = game.advance() or game.events
    d = decision(game)
    assert (d.kind, d.options, d.default, d.secret) == ("jack_move", [56], 56, True)
    assert not any(e.kind == "forced_choice" for e in events)
    answer(game, 56)
    while game.state.turn.get("stage") != "act":
        answer(game, decision(game).default)
    answer(game, "yellow")
    answer(game, "clues")
    events = answer(game, 40)  # public: the last circle left is named at once
    assert any(e.kind == "forced_choice" and e.audience.kind == "public" and e.data["choice"] == 57
               for e in events)


def test_wr11_policemen_leave_the_board_while_the_patrols_stand_for_them() -> None:
    game = night(2)
    answer(game, {"women": [3, 21, 27, 65, 84, 147, 149], "marked": [3, 21, 27, 65]})
    assert game.view(None)["public"]["policemen"] == FAR
    answer(game, decision(game).default)
    assert game.view(None)["public"]["policemen"] == {}
    until(game, "kill")
    answer(game, 3)
    assert game.view(None)["public"]["policemen"] != {}


def test_wr12_at_most_three_false_clues_and_unused_ones_are_lost() -> None:
    game = hunt(at=57, hideout=56, false_clues=True)
    s = game.state
    s.false_clues, s.false_clue_stock, s.clues = [1, 2], 1, list(range(100, 114))
    from engine.whitechapel.police import earn_false_clue
    s.clues.append(114)
    earn_false_clue(game)
    assert s.false_clue_stock == 1  # three markers already out
    answer(game, "escape")
    assert (s.false_clue_stock, s.false_clues) == (0, [])


def test_wr13_rushing_never_ends_on_another_policeman() -> None:
    game = hunt(at=57, rushing=True, policemen={**FAR, "red": "V4", "yellow": "U4"})
    answer(game, 56)
    while game.state.turn.get("stage") != "act":
        answer(game, decision(game).default)
    answer(game, "red")
    answer(game, "rush")
    assert "U4" not in decision(game).options
    refused(game, "U4", "not a choice")


def test_wr14_declining_the_address_keeps_it_for_a_later_night() -> None:
    game = new(i_know_your_address=True)
    game.state.head_tiles = ["brown", "red", "blue", "yellow", "green"]
    answer(game, 90)
    answer(game, {"marked": [3, 21, 27, 65, 84]})
    answer(game, "none")
    assert not game.state.address_used and decision(game).kind == "patrols"


def test_wr15_the_letters_are_refused() -> None:
    with pytest.raises(EngineError, match="Letters"):
        WHITECHAPEL.new(3, {"letters": True}, 1)
