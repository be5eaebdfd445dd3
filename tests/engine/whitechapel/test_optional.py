"""The optional rules played as settings, all off by default (checklist O1-O3, O5; O4 and O6 are in
test_setup.py)."""

from engine.whitechapel.board import board
from engine.whitechapel.police import actions, adjacent
from engine.whitechapel.rules import WHITECHAPEL
from tests.engine.whitechapel.kit import FAR, answer, decision, hunt, new, refused

WATCHED = {**FAR, "yellow": "U4", "blue": "S5"}


def acting(game):
    while game.state.turn.get("stage") != "act" or decision(game).kind == "false_clue":
        if decision(game).kind == "false_clue":
            return
        answer(game, decision(game).default)


def test_settings_are_all_off_by_default() -> None:
    assert not any(WHITECHAPEL.default_settings().values())


def test_o1_false_clues_are_earned_every_five_clues_and_bar_a_circle() -> None:
    game = hunt(at=57, path=[73, 57], policemen=WATCHED, false_clues=True)
    game.state.clues = [1, 2, 3, 4]
    answer(game, "alley")
    answer(game, 19)
    acting(game)
    answer(game, "yellow")
    answer(game, "clues")
    events = answer(game, 40)  # then 57 by force: the fifth clue
    assert game.state.clues == [1, 2, 3, 4, 57] and game.state.false_clue_stock == 1
    assert any(e.kind == "false_clue_earned" for e in events)
    while decision(game).kind != "jack_move":
        answer(game, decision(game).default)
    answer(game, decision(game).options[0])
    acting(game)
    d = decision(game)
    assert (d.kind, d.player, d.default) == ("false_clue", "jack", "none")
    refused(game, "999", "no circle 999")
    game.state.false_clues = [19]
    refused(game, 19, "already holds a False Clue")
    game.state.false_clues = []
    answer(game, "40")
    assert game.state.false_clues == [40] and game.view(None)["public"]["false_clues"] == [40]
    assert adjacent(game, "yellow") == [57]  # 40 is barred tonight, for clues and arrests alike
    assert "clues" not in actions(game, "yellow")  # 57 already holds a clue


def test_o2_rushing_moves_the_policeman_one_crossing_as_his_action() -> None:
    game = hunt(at=57, rushing=True)
    answer(game, 56)
    acting(game)
    answer(game, "yellow")  # on K10
    d = decision(game)
    assert d.options == ["clues", "arrest", "rush"]
    answer(game, "rush")
    assert decision(game).options == sorted(board().steps("K10"))
    answer(game, "H8")
    assert game.state.policemen["yellow"] == "H8"
    off = hunt(at=57)
    answer(off, 56)
    acting(off)
    answer(off, "yellow")
    assert decision(off).options == ["clues", "arrest"]


def test_o3_area_arrests_name_every_circle_joined_to_the_policeman() -> None:
    game = hunt(at=57, path=[73, 57], policemen={**FAR, "yellow": "U3"}, area_arrests=True)  # U3: 20 and 40
    answer(game, 40)
    acting(game)
    answer(game, "yellow")
    events = answer(game, "arrest")
    assert any(e.kind == "arrest" and e.data["circles"] == [20, 40] for e in events)
    assert game.over and game.state.winner == "detectives"


def test_o5_i_know_your_address_once_a_game_for_the_brown_or_red_head() -> None:
    game = new(i_know_your_address=True)
    game.state.head_tiles = ["brown", "red", "blue", "yellow", "green"]
    answer(game, 90)
    answer(game, {"marked": [3, 21, 27, 65, 84]})
    d = decision(game)
    assert (d.kind, d.player, d.default) == ("address", "detective_1", "none")
    answer(game, 57)
    assert game.state.address_used and not game.over and decision(game).kind == "patrols"
    found = new(i_know_your_address=True)
    found.state.head_tiles = ["red", "brown", "blue", "yellow", "green"]
    answer(found, 90)
    answer(found, {"marked": [3, 21, 27, 65, 84]})
    answer(found, "90")
    assert found.over and found.state.winner == "detectives"
    off = new()
    off.state.head_tiles = ["brown", "red", "blue", "yellow", "green"]
    answer(off, 90)
    answer(off, {"marked": [3, 21, 27, 65, 84]})
    assert decision(off).kind == "patrols"
