"""The Hunting part of a night (checklist W3) and Jack's special moves (W4)."""

import json

from engine.whitechapel.board import board
from tests.engine.whitechapel.kit import FAR, answer, decision, hunt, public_texts, refused

# 57's streets all pass U4 or S5; U4 touches 40 and 57, S5 touches 56 and 57
WATCHED = {**FAR, "yellow": "U4", "blue": "S5"}


def test_w3_1_jack_moves_in_secret_never_through_a_policeman() -> None:
    game = hunt(at=57, policemen={**FAR, "brown": "U4"})
    d = decision(game)
    assert (d.kind, d.player, d.secret, d.label) == ("jack_move", "jack", True, "Jack's move")
    assert d.options == [56, "coach", "alley"]
    refused(game, 40, "A policeman stands on the way from 57 to 40")
    refused(game, 100, "100 is not one street away from 57")
    events = answer(game, "56")
    assert game.state.paths[-1] == [57, 56]
    assert "56" not in public_texts(events)
    mine = [e for e in events if e.audience.kind == "player"]
    assert mine[0].audience.who == "jack" and mine[0].data == {"circles": [56], "squares": [2]}
    assert game.view(None)["public"]["track"]["square"] == 2
    assert "paths" not in json.dumps(game.view("detective_1"))


def test_w3_2_jack_with_no_legal_move_loses() -> None:
    game = hunt(at=57, policemen=WATCHED)
    assert decision(game).options == ["coach", "alley"]
    s = game.state
    s.coaches = s.alleys = 0
    s.ask, s.phase = None, "jack"
    game.advance()
    assert game.over and s.winner == "detectives" and "hemmed in" in s.reason


def test_w3_3_filling_square_fifteen_without_escaping_loses() -> None:
    game = hunt(at=57, time=5, path=[57, 56] * 5)
    assert game.state.square() == 14
    assert "coach" not in decision(game).options  # WR4: no room for a Coach's two squares
    answer(game, 57)
    assert game.over and game.state.winner == "detectives" and "square 15" in game.state.reason
    home = hunt(at=57, time=5, path=[57, 56] * 5, hideout=57, night=4)
    answer(home, "escape")
    assert home.state.winner == "jack"


def test_w3_4_a_normal_move_onto_the_hideout_may_declare_the_escape() -> None:
    game = hunt(at=57, hideout=56)
    assert "escape" in decision(game).options
    events = answer(game, "escape")
    assert any(e.kind == "escape" and e.audience.kind == "public" for e in events)
    assert "56" not in public_texts(events)
    assert game.state.night == 2 and decision(game).kind == "women"
    quiet = hunt(at=57, hideout=56)
    answer(quiet, 56)
    assert quiet.state.night == 1 and decision(quiet).kind in ("policeman", "police_move")


def test_w3_5_policemen_move_up_to_two_crossings_head_first_never_ending_on_another() -> None:
    game = hunt(at=57, players=3, policemen={**FAR, "yellow": "U4", "red": "V4"})
    game.state.head_tiles = ["yellow", "blue", "brown", "red", "green"]  # detective_2 leads
    answer(game, 56)
    d = decision(game)
    assert (d.kind, d.player, d.options) == ("policeman", "detective_2", ["yellow", "red"])  # WR6
    answer(game, "red")
    d = decision(game)
    assert d.kind == "police_move" and d.default == "V4" and "U3" in d.options  # passes yellow on U4
    assert set(d.options) == ({"V4"} | set(board().police_moves("V4"))) - {"U4"}
    refused(game, "U4", "Another policeman already stands on U4")
    refused(game, "E1", "more than two crossings")
    answer(game, "U3")
    d = decision(game)
    assert (d.kind, d.player, d.info["at"]) == ("police_move", "detective_2", "U4")
    answer(game, "U4")
    assert decision(game).player == "detective_1"


def acting(game):
    """Every policeman stays; the first question of the actions is open."""
    while game.state.turn.get("stage") != "act":
        answer(game, decision(game).default)


def test_w3_6_a_policeman_looks_for_clues_or_arrests_in_the_circles_joined_to_him() -> None:
    game = hunt(at=57, path=[73, 57], policemen=WATCHED)
    answer(game, "alley")
    answer(game, 19)
    acting(game)
    assert decision(game).kind == "policeman"
    answer(game, "yellow")
    d = decision(game)
    assert d.options == ["clues", "arrest"] and d.info["circles"] == [40, 57] == sorted(board().circles_at("U4"))


def test_w3_7_clues_are_named_one_by_one_until_one_is_on_tonights_row() -> None:
    game = hunt(at=57, path=[73, 57], policemen=WATCHED)
    answer(game, "alley")
    answer(game, 19)
    acting(game)
    answer(game, "yellow")
    answer(game, "clues")
    assert decision(game).options == [40, 57]
    events = answer(game, 40)
    assert any(e.kind == "no_clue" and e.data["circle"] == 40 for e in events)
    assert any(e.kind == "forced_choice" for e in events)  # 57 is the only circle left
    assert game.state.clues == [57]
    answer(game, "blue")
    events = answer(game, "clues")  # WR2: 57 already holds a clue, so 56 is the only circle to name
    assert [e.data.get("circle") for e in events if e.kind in ("clue_found", "no_clue")] == [56]
    assert any(e.kind == "forced_choice" and e.data["choice"] == 56 for e in events)


def test_w3_8_an_arrest_names_one_circle_and_catches_jack_there() -> None:
    game = hunt(at=57, path=[73, 57], policemen=WATCHED)
    answer(game, "alley")
    answer(game, 19)
    acting(game)
    answer(game, "yellow")
    answer(game, "arrest")
    refused(game, 19, "19 is not next to the yellow policeman on U4")
    events = answer(game, 40)
    assert [e.kind for e in events if e.audience.kind == "public"][:2] == ["arrest", "arrest_failed"]
    assert not game.over
    caught = hunt(at=57, path=[73, 57], policemen={**FAR, "yellow": "U3"})  # U3 touches 20 and 40
    answer(caught, 40)
    acting(caught)
    answer(caught, "yellow")
    answer(caught, "arrest")
    refused(caught, 57, "not next to the yellow policeman on U3")
    events = answer(caught, "40")
    assert caught.over and caught.state.winner == "detectives" and "arrested at 40" in caught.state.reason
    assert any(e.kind == "game_over" for e in events)


def test_w3_9_jack_moves_again_once_every_policeman_has_acted() -> None:
    game = hunt(at=57)
    answer(game, 56)
    for _ in range(200):
        if decision(game).kind == "jack_move":
            break
        answer(game, decision(game).default)
    assert decision(game).kind == "jack_move" and game.state.square() == 2


def test_w4_1_a_special_token_replaces_the_move_and_must_be_used() -> None:
    game = hunt(at=57)
    events = answer(game, "coach")
    assert game.state.coaches == 2 and decision(game).kind == "coach_first"
    assert any(e.kind == "coach_taken" and e.audience.kind == "public" for e in events)
    assert "escape" not in decision(game).options and "alley" not in decision(game).options


def test_w4_2_a_coach_makes_two_moves_past_policemen_never_back_to_its_start() -> None:
    game = hunt(at=57, policemen=WATCHED)
    answer(game, "coach")
    assert 40 in decision(game).options
    answer(game, 40)
    refused(game, 57, "never ends where it started")
    answer(game, 20)
    assert game.state.paths[-1] == [57, 40, 20] and game.state.square() == 3
    assert game.view(None)["public"]["track"]["moves_used"] == 2
    assert game.view(None)["public"]["track"]["specials"] == {"2": "coach", "3": "coach"}


def test_w4_3_an_alley_crosses_a_block_even_past_policemen() -> None:
    game = hunt(at=57, policemen=WATCHED)
    answer(game, "alley")
    d = decision(game)
    assert d.options == list(board().alleys(57))
    refused(game, 100, "No block of houses joins 57 to 100")
    answer(game, 19)
    assert game.state.paths[-1] == [57, 19] and game.state.alleys == 1


def test_w4_4_no_escape_after_a_special_move_onto_the_hideout() -> None:
    game = hunt(at=57, hideout=19, night=4)
    answer(game, "alley")
    events = answer(game, 19)
    assert not game.over and not any(e.kind == "escape" for e in events)
    assert decision(game).kind in ("policeman", "police_move")
