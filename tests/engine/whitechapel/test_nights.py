"""The Double Event (checklist W5) and the end of a night and of the game (W6)."""

import json

from tests.engine.whitechapel.kit import answer, decision, hunt, night, playout, public_texts, until


def double_event():
    game = night(3)
    until(game, "kill")
    first, second = decision(game).options[:2]
    events = answer(game, first)
    assert decision(game).kind == "second_victim" and first not in decision(game).options
    events += answer(game, second)
    return game, first, second, events


def test_w5_1_two_victims_written_in_an_order_only_jack_knows() -> None:
    game, first, second, events = double_event()
    d = decision(game)
    assert (d.kind, d.secret, d.options) == ("double_order", True, sorted([first, second]))
    events += answer(game, first)  # Jack reached the first victim last
    assert game.state.paths[-1] == [second, first]
    assert sorted(game.view(None)["public"]["crime_scenes"][-1]) == sorted([first, second])
    public = [e for e in events if e.audience.kind == "public"]
    assert [e.kind for e in public].count("murder") == 2
    assert not any(e.kind == "double_order" for e in public)
    assert any(e.kind == "double_order" and e.audience.who == "jack" for e in events)


def test_w5_2_the_second_crime_is_jacks_first_move_so_the_police_act_first() -> None:
    game, first, second, _ = double_event()
    time = game.state.time
    answer(game, second)
    assert decision(game).kind in ("policeman", "police_move")
    assert game.location() == second and game.state.square() == time + 1
    assert game.view(None)["public"]["track"]["square"] == time + 1


def test_w6_1_the_end_of_a_night_clears_the_clues_and_keeps_policemen_and_crimes() -> None:
    game = hunt(at=57, hideout=56)
    game.state.clues = [57]
    policemen = dict(game.state.policemen)
    events = answer(game, "escape")
    s = game.state
    assert s.clues == [] and s.policemen == policemen and s.crimes[0] == [57]
    assert any(e.kind == "night_end" for e in events)
    assert (s.coaches, s.alleys) == (2, 2) and game.view(None)["public"]["track"]["specials"] == {}


def test_w6_2_jack_wins_by_escaping_on_the_fourth_night_detectives_by_an_arrest() -> None:
    game = hunt(at=57, hideout=56, night=4)
    answer(game, "escape")
    assert game.over and game.state.winner == "jack" and "five victims" in game.state.reason
    games = [playout(3, seed)[0] for seed in range(12)]
    assert {g.state.winner for g in games} == {"jack", "detectives"}
    assert any("arrested" in g.state.reason for g in games)


def test_w6_3_standings_place_every_player_by_side() -> None:
    game = hunt(at=57, hideout=56, night=4, players=4)
    assert game.standings() == []
    answer(game, "escape")
    places = {s.player: s.place for s in game.standings()}
    assert places == {"jack": 1, "detective_1": 2, "detective_2": 2, "detective_3": 2}
    lost = hunt(at=57, time=5, path=[57, 56] * 5, players=3)
    answer(lost, 57)
    assert {s.player: s.place for s in lost.standings()} == {"jack": 2, "detective_1": 1, "detective_2": 1}


def test_w6_4_the_end_of_the_game_shows_the_hideout_and_every_row() -> None:
    game = hunt(at=57, hideout=56, night=4, path=[73, 57])
    assert "hideout" not in game.view(None)["public"] and "paths" not in game.view(None)["public"]
    events = answer(game, "escape")
    public = game.view(None)["public"]
    assert public["hideout"] == 56 and public["paths"][-1] == [73, 57, 56]
    assert "56" in public_texts(events)
    assert json.dumps(game.view("detective_1")["public"]) == json.dumps(public)
