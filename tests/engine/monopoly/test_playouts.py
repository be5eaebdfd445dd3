"""Random legal games of 2 to 8 players (a 30-round short game): no error, no stall, no leak (the audit, which
also checks that no view shows the decks' order, on the first six games: 2 to 7 players, each setting twice);
a few games to the last bankruptcy."""

from typing import Any

import pytest

from engine.simulate import play_monopoly

GAMES = 200
SETTINGS: list[dict[str, Any]] = [{"rounds": 30}, {"rounds": 30, "auction": "open"}, {"rounds": 30, "speed_die": False}]


def test_two_hundred_random_short_games_end_without_error_or_stall() -> None:
    results = [play_monopoly(2 + i % 7, 500 + i, SETTINGS[i % 3], audit=i < 6) for i in range(GAMES)]
    assert [r.error for r in results if r.error] == []
    assert [r.leaks for r in results if r.leaks] == []
    assert all(r.reason.startswith("round 30 was the last") or r.reason == "the last player standing"
               for r in results)
    assert {r.players for r in results} == set(range(2, 9))
    assert all(r.turns >= 30 * 2 for r in results if r.reason.startswith("round 30"))  # two players left at least


@pytest.mark.parametrize("seed", range(3))
def test_two_player_games_play_to_the_last_bankruptcy(seed: int) -> None:
    result = play_monopoly(2, 40 + seed, {"rounds": 0}, audit=False)
    assert result.error is None and result.reason == "the last player standing" and result.winner


def test_the_simulator_plays_monopoly_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.simulate import main

    assert main(["--game", "monopoly", "--players", "3", "--games", "2", "--rounds", "10", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("3 players: 2 games, 0 errors, 0 stalls, 0 leaks, median 30 turns")
    assert out[-1] == "2 games, 0 failed"
