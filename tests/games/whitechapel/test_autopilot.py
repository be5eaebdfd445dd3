"""The Whitechapel autopilot: legal in every seat, better than the random agent on both sides, and its choices
in set-up situations (hideout, the way home, the patrols, an arrest)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.whitechapel.autopilot import Autopilot, Hunt, hideout_guess
from bot.games.whitechapel.match import main, play
from bot.games.whitechapel.streets import moves, steps_to_circle
from engine.whitechapel.board import board
from engine.whitechapel.state import FAKES, JACK
from tests.engine.whitechapel.kit import FAR, answer, decision, hunt, new, until

GAMES = 12


def ask(game: Any, player: str | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    d = decision(game)
    view = game.view(player or d.player)
    return view, view["private"]["decisions"][0]


@pytest.mark.parametrize("players", range(2, 7))
def test_the_autopilot_in_every_seat_is_never_refused(players: int) -> None:
    for seed in range(4):
        outcome = play(players, 500 * players + seed, "both",
                       {"false_clues": True, "rushing": True, "i_know_your_address": True} if seed % 2 else {})
        assert outcome.game.over and outcome.refused == 0


def test_the_autopilot_beats_the_random_agent_on_both_sides() -> None:
    random_jack = sum(play(3, 900 + i, "nobody").winner == JACK for i in range(GAMES))
    autopilot_jack = [play(3, 900 + i, "jack") for i in range(GAMES)]
    hunters = [play(3, 900 + i, "detectives") for i in range(GAMES)]
    assert sum(o.refused for o in autopilot_jack + hunters) == 0
    assert sum(o.winner == JACK for o in autopilot_jack) > random_jack
    assert sum(o.winner == "detectives" for o in hunters) > GAMES - random_jack


def test_the_hideout_is_neither_red_nor_next_to_a_yellow_crossing() -> None:
    b = board()
    for seed in range(6):
        game = new(3, seed)
        view, d = ask(game)
        hideout = Autopilot(seed).answer(view, d)
        assert hideout not in b.red and min(steps_to_circle(x, hideout) for x in b.yellow) >= 2


def test_jack_escapes_when_he_can_and_walks_home_away_from_a_policeman() -> None:
    game = hunt(at=57, hideout=74, policemen={**FAR, "blue": "V4"})  # 74 is two moves away: by 58 or by 73
    view, d = ask(game)
    assert {58, 73} <= set(d["options"]) and 58 in board().circles_at("V4") and 73 not in board().circles_at("V4")
    assert Autopilot(1).answer(view, d) == 73
    answer(game, 73)
    until(game, "jack_move")
    view, d = ask(game)
    assert "escape" in d["options"] and Autopilot(1).answer(view, d) == "escape"


def test_jack_takes_a_coach_when_every_street_is_blocked() -> None:
    b = board()
    blockers = sorted({x for near in b.moves(57) for route in b.routes(57, near) for x in route})
    game = hunt(at=57, hideout=90, policemen=dict(zip(FAR, blockers[:5])))
    view, d = ask(game)
    assert set(d["options"]) == {"coach", "alley"}  # the five policemen block every street from 57
    assert Autopilot(1).answer(view, d) in ("coach", "alley")


def test_the_head_puts_the_real_patrols_nearest_the_women() -> None:
    game = new(3, 4)
    until(game, "patrols")
    view, d = ask(game)
    placed = Autopilot(1).answer(view, d)
    women = view["public"]["women"]

    def near(x: str) -> int:
        return min(steps_to_circle(x, w) for w in women)

    reals = [near(x) for t, x in placed.items() if t not in FAKES]
    fakes = [near(x) for t, x in placed.items() if t in FAKES]
    assert max(reals) <= min(fakes)
    answer(game, placed)  # legal


def test_the_detectives_arrest_where_jack_must_be() -> None:
    game = hunt(at=57, hideout=90, policemen={**FAR, "blue": "U4"})  # U4 touches 57, Jack's crime scene
    game.state.phase, game.state.ask = "police", None  # the police round before Jack's first move
    game.advance()
    until(game, "police_action")
    view, d = ask(game)
    assert Hunt(view).chance(57) == 1.0
    assert Autopilot(1).answer(view, d) == "arrest"
    answer(game, "arrest")
    view, d = ask(game)
    assert Autopilot(1).answer(view, d) == 57


def test_the_command_refuses_bad_arguments_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--games", "0"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--games must be at least 1, not 0" in err


def test_the_command_prints_the_three_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "2", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["autopilot Jack vs random detectives",
                                                      "autopilot detectives vs random Jack",
                                                      "autopilot vs autopilot"]
    assert all(line.endswith(", 0 refused") and "/2 (" in line for line in lines)


def test_jack_does_not_walk_back_over_his_row_when_another_way_is_as_short() -> None:
    game = hunt(at=58, path=[58, 57], hideout=74)  # from 57, home is two moves away: by 58 (his row) or by 73
    view, d = ask(game)
    assert {58, 73} <= set(d["options"])
    assert Autopilot(1).answer(view, d) == 73


def test_the_detectives_count_a_circle_searched_empty_out_of_jacks_row() -> None:
    game = hunt(at=57, hideout=90, policemen=FAR)
    answer(game, 73)  # one move: Jack may stand on any circle next to 57
    view, _ = ask(game)
    before = Hunt(view)
    assert before.chance(40) > 0 and before.on_row(40) > 0 and before.chance(57) == 0
    view["public"]["searched"] = [40, 41, 42, 56, 58]  # every other neighbour of 57 was searched without a clue
    after = Hunt(view)
    assert after.on_row(40) == 0 and after.chance(73) > 0.5 > before.chance(73)


def test_the_hideout_guess_follows_every_nights_clue_trail() -> None:
    scenes = [[57], [84]]
    plain = hideout_guess(scenes, [[], []])
    trailed = hideout_guess(scenes, [[73], [89]])  # both rows ran by 90's neighbours
    assert plain is not None and trailed is not None
    assert moves(trailed, 90) <= 2 < moves(plain, 90)


def test_the_command_plays_only_the_sides_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "1", "--seed", "3", "--sides", "detectives"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 and lines[0].startswith("autopilot detectives vs random Jack: detectives win ")
