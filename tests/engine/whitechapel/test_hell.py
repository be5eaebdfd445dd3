"""The Hell part of a night: phases 1-9 (checklist W2)."""

import json

from engine.whitechapel.board import board
from engine.whitechapel.state import TOKENS
from tests.engine.whitechapel.kit import FAR, answer, decision, new, night, public_texts, refused, until

YELLOW = ["F12", "K10", "K4", "P5b", "Q10c", "U11b", "U4"]
RED = [3, 21, 27, 65, 84, 147, 149, 158]


def at_patrols(players: int = 2, marked: list[int] | None = None):
    game = new(players)
    answer(game, 90)
    answer(game, {"marked": marked or [3, 21, 27, 65, 84]})
    return game


def patrols(places: list[str]) -> dict[str, str]:
    return dict(zip(TOKENS, places))


def test_w2_1_special_tokens_per_night() -> None:
    for number, tokens in ((1, (3, 2)), (2, (2, 2)), (3, (2, 1)), (4, (1, 1))):
        game = night(number)
        assert (game.state.coaches, game.state.alleys) == tokens
        track = game.view(None)["public"]["track"]
        assert (track["coaches_left"], track["alleys_left"]) == tokens


def test_w2_2_women_go_face_down_on_red_circles_marked_in_secret() -> None:
    game = new()
    answer(game, 90)
    d = decision(game)
    assert (d.kind, d.player, d.secret, d.info["women"], d.info["marked"]) == ("women", "jack", True, 8, 5)
    refused(game, {"marked": [3, 21, 27, 65]}, "exactly 5")
    refused(game, {"women": [1, 3, 21, 27, 65, 84, 147, 149], "marked": [3, 21, 27, 65, 84]}, "1 is not red")
    refused(game, {"marked": [3, 21, 27, 65, 84], "colour": "red"}, "unknown key")
    events = answer(game, {"marked": ["158", 149, 147, 84, 65]})
    assert game.state.women == RED and game.state.marked == [65, 84, 147, 149, 158]
    assert "marked" not in public_texts(events) and "marked" not in json.dumps(game.view("detective_1"))
    assert game.view(None)["public"]["women"] == RED
    assert game.view("jack")["private"]["marked"] == [65, 84, 147, 149, 158]
    later = night(4)
    d = decision(later)
    assert (d.info["women"], d.info["marked"]) == (4, 1)
    refused(later, {"marked": [3]}, "Name the 4 red circles")
    answer(later, {"women": [3, 21, 27, 65], "marked": [21]})
    assert later.state.women == [3, 21, 27, 65]


def test_w2_3_no_woman_on_a_crime_scene_from_the_second_night() -> None:
    game = night(2, crimes=[[21]])
    assert 21 not in decision(game).info["free"] and len(decision(game).info["free"]) == 7
    refused(game, {"women": [3, 21, 27, 65, 84, 147, 149], "marked": [3, 27, 65, 84]}, "crime scene")
    answer(game, {"marked": [3, 27, 65, 84]})
    assert 21 not in game.state.women


def test_w2_4_the_turned_tile_names_the_head_of_the_investigation() -> None:
    game = new(3)
    answer(game, 90)
    events = answer(game, {"marked": [3, 21, 27, 65, 84]})
    colour = game.state.head_tiles[0]
    head = next(e for e in events if e.kind == "head_revealed")
    assert head.data == {"colour": colour, "player": game.state.controllers[colour]}
    assert decision(game).player == game.state.controllers[colour] == game.view(None)["public"]["head"]["player"]
    assert game.view(None)["public"]["tiles_turned"] == [colour]


def test_w2_5_first_night_patrols_go_face_down_on_the_seven_yellow_crossings() -> None:
    game = at_patrols(3)
    d = decision(game)
    head = d.player
    assert (d.kind, d.secret, d.info["must"]) == ("patrols", True, YELLOW)
    refused(game, patrols(["F12", "K10", "K4", "P5b", "Q10c", "U11b", "E1"]), "not a place for a patrol")
    refused(game, patrols(["F12", "K10", "K4", "P5b", "Q10c", "U11b", "F12"]), "its own crossing")
    refused(game, patrols(["F12", "K10", "K4", "P5b", "Q10c", "U11b", "U44"]), "did you mean")
    events = answer(game, patrols(["u4", "K10", "K4", "P5b", "Q10c", "U11b", "F12"]))
    assert game.state.patrols["U4"] == "blue" and game.state.patrols["F12"] == "fake_2"
    assert [p["token"] for p in game.view(None)["public"]["patrols"]] == [None] * 7
    assert game.view(head)["private"]["patrols"]["U4"] == "blue"
    other = next(p for p in game.players() if p not in (head, "jack"))
    assert "patrols" not in game.view(other)["private"] and "patrols" not in game.view("jack")["private"]
    assert "blue" not in public_texts(events) and "fake" not in public_texts(events)


def test_w2_6_later_patrols_go_where_the_policemen_stood_and_on_two_free_yellow_crossings() -> None:
    stood = {"blue": "E1", "yellow": "G1", "brown": "U4", "red": "J1", "green": "M1"}
    game = night(2, policemen=stood)
    answer(game, {"women": [3, 21, 27, 65, 84, 147, 149], "marked": [3, 21, 27, 65]})
    d = decision(game)
    assert d.info["must"] == sorted(stood.values())
    assert d.info["yellow"] == [y for y in YELLOW if y != "U4"]
    refused(game, patrols(["E1", "G1", "U4", "J1", "F12", "K10", "K4"]), "must go on M1")
    refused(game, patrols(["E1", "G1", "U4", "J1", "M1", "K10", "H1"]), "not a place")
    answer(game, patrols(["K4", "G1", "U4", "J1", "M1", "K10", "E1"]))
    assert game.state.patrols["E1"] == "fake_2" and game.state.policemen == {}


def test_w2_7_the_women_are_turned_up_and_the_marked_become_wretched() -> None:
    game = at_patrols(marked=[3, 21, 27, 65, 84])
    events = answer(game, patrols(YELLOW))
    shown = next(e for e in events if e.kind == "women_revealed")
    assert shown.audience.kind == "public" and shown.data["wretched"] == [3, 21, 27, 65, 84]
    assert shown.data["unmarked"] == [147, 149, 158] and shown.data["time"] == 1
    assert game.state.wretched == [3, 21, 27, 65, 84] and game.state.women == [] and game.state.time == 1


def test_w2_8_jack_kills_or_waits_and_must_kill_at_five() -> None:
    game = at_patrols()
    answer(game, patrols(YELLOW))
    d = decision(game)
    assert d.kind == "kill" and d.options == [3, 21, 27, 65, 84, "wait"]
    game.state.time = 5
    assert decision(game).options == [3, 21, 27, 65, 84]
    refused(game, "wait", "must kill")
    events = answer(game, "27")
    assert game.state.crimes[-1] == [27] and 27 not in game.state.wretched
    assert any(e.kind == "murder" and e.data == {"circle": 27, "time": 5} for e in events)


def test_w2_9_after_a_wait_the_time_advances_and_the_head_moves_every_wretched() -> None:
    game = at_patrols(3)
    answer(game, patrols(YELLOW))
    events = answer(game, "wait")
    assert game.state.time == 2 and any(e.kind == "time_advances" and e.data["time"] == 2 for e in events)
    before = list(game.state.wretched)
    while decision(game).kind == "wretched":
        d = decision(game)
        assert d.player == game.state.head()
        answer(game, d.options[0])
    assert game.state.wretched != before and len(game.state.wretched) == len(before)
    assert decision(game).kind == "reveal_patrol"


def test_w2_10_a_wretched_never_ends_beside_or_crosses_a_patrol_nor_on_a_crime_scene() -> None:
    b = board()
    game = at_patrols()
    answer(game, patrols(YELLOW))
    s = game.state
    s.patrols = {"S5": "blue"}
    s.crimes[-1] = [58]
    s.wretched = [57, 73]
    s.phase, s.ask, s.time = "suspense", None, 1
    game.advance()
    d = decision(game)
    assert d.label == "The wretched at 57"
    # 56 is beside the patrol on S5 (and across it), 58 holds a crime scene, 73 holds a wretched
    expected = [c for c in b.moves(57) if c not in (56, 58, 73)]
    assert d.options == expected == [40, 41, 42]
    refused(game, 56, "never next to or across a patrol")
    s.patrols = {"U4": "blue", "S5": "yellow"}
    s.ask = None
    s.turn = {"wretched": [57]}
    s.phase = "wretched"
    game.advance()
    assert decision(game).kind == "reveal_patrol"
    assert s.wretched == [57, 73]
    assert any(e.kind == "wretched_stays" and e.data == {"circle": 57} for e in game.events)


def test_w2_11_jack_reveals_one_patrol_per_wait_fakes_leave() -> None:
    game = at_patrols()
    answer(game, patrols(YELLOW))  # fakes on U11b and U4
    answer(game, "wait")
    until(game, "reveal_patrol")
    events = answer(game, "U4")
    assert "U4" not in game.state.patrols and any(e.data.get("token") == "fake" for e in events)
    assert decision(game).kind == "kill"
    answer(game, "wait")
    until(game, "reveal_patrol")
    answer(game, "F12")
    assert game.view(None)["public"]["patrols"][0] == {"crossing": "F12", "token": "blue"}
    assert game.state.revealed == ["F12"]


def test_w2_12_the_crime_is_written_in_the_square_of_the_time() -> None:
    game = at_patrols()
    answer(game, patrols(YELLOW))
    answer(game, "wait")
    until(game, "kill")
    answer(game, "wait")
    until(game, "kill")
    assert game.state.time == 3
    victim = decision(game).options[0]
    events = answer(game, victim)
    assert game.view("jack")["private"]["paths"] == [[victim]]
    assert game.view(None)["public"]["track"]["square"] == 3
    assert any(e.kind == "jack_pawn" and e.data == {"square": 3} for e in events)


def test_w2_13_alarm_whistles_turn_every_patrol_into_its_policeman() -> None:
    game = at_patrols()
    answer(game, patrols(YELLOW))
    events = answer(game, 3)
    alarm = next(e for e in events if e.kind == "alarm_whistles")
    assert alarm.audience.kind == "public"
    assert game.state.policemen == dict(zip(TOKENS[:5], YELLOW[:5]))
    assert game.state.patrols == {} and game.state.wretched == []
    assert game.view(None)["public"]["policemen"] == dict(zip(TOKENS[:5], YELLOW[:5]))
    assert FAR  # the hunt helper's policemen stand apart from these
