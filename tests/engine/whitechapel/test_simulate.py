"""``python -m engine.simulate --game whitechapel``: random audited games per player count."""

import pytest

from engine.simulate import main


def test_the_simulator_plays_whitechapel_and_reports_each_count(capsys) -> None:
    assert main(["--game", "whitechapel", "--players", "3", "--games", "2", "--seed", "4", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "3 players: 2 games, 0 errors, 0 stalls, 0 leaks" in out and "median game" in out
    assert out.strip().endswith("2 games, 0 failed")


def test_the_simulator_refuses_a_count_whitechapel_does_not_take(capsys) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--game", "whitechapel", "--players", "7"])
    assert exited.value.code == 2
    assert "choose from 2, 3, 4, 5, 6" in capsys.readouterr().err
