"""Random legal playouts over many seeds: they must never crash, stall or end without a winner."""

import subprocess
import sys

import pytest

from engine.simulate import play


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_finish(players):
    for seed in range(100, 112):
        result = play(players, seed)
        assert result.error is None, result.error
        assert result.winner in {"stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell"}
        assert 1 <= result.rounds <= 10


def test_simulate_cli_summary_line_and_exit_status():
    out = subprocess.run([sys.executable, "-m", "engine.simulate", "--players", "3", "--games", "2", "--seed", "4"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "2 games, 0 errors"
    assert "game 1 seed 4: winner" in out.stdout
