"""``python -m bot.render --game monopoly``: a seeded random game drawn to a file (the board or a player's
panel), and bad arguments refused in one line with status 2 before any work."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.games.monopoly import layout as lay
from bot.games.monopoly.demo import play
from bot.games.monopoly.panel import WIDTH as PANEL_WIDTH
from bot.games.monopoly.panel import panel_image
from bot.games.monopoly.picture import picture_of
from bot.games.monopoly.render import render
from bot.render.__main__ import main as render_main

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.timeout(120)


def decoded(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def test_play_stops_as_the_round_begins_and_is_the_same_game_for_the_same_seed() -> None:
    game = play(seed=7, players=3, until_round=6)
    assert not game.over and game.state.round == 6
    assert [d.kind for d in game.open_decisions()] in (["turn"], ["jail"])  # the round's first throw is open
    assert game.state.to_dict() == play(seed=7, players=3, until_round=6).state.to_dict()
    assert game.state.to_dict() != play(seed=8, players=3, until_round=6).state.to_dict()


def test_the_command_writes_the_board_of_that_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "board.png"
    assert render_main(["--game", "monopoly", "--seed", "3", "--players", "5", "--round", "12",
                        "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert said.startswith(f"{out}: the board, ") and ", round 12, " in said and said.count("\n") == 1
    assert out.read_bytes() == render(picture_of(play(3, 5, 12).view(None)))  # that game's public board
    assert decoded(out.read_bytes()).size == (lay.SIZE, lay.SIZE)
    assert render_main(["--game", "monopoly", "--seed", "3", "--width", "550", "--out", str(out)]) == 0
    assert decoded(out.read_bytes()).width == 550


def test_the_command_writes_a_players_panel(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "dog.webp"
    assert render_main(["--game", "monopoly", "--seed", "5", "--players", "8", "--round", "20", "--player", "DOG",
                        "--panel", "--out", str(out)]) == 0
    assert "Dog's panel" in capsys.readouterr().out
    img = decoded(out.read_bytes())
    assert img.format == "WEBP" and img.width == PANEL_WIDTH
    game = play(5, 8, 20)
    assert img.convert("RGB").tobytes() == panel_image(picture_of(game.view("dog")), "dog").tobytes()


@pytest.mark.parametrize("argv, said", [
    (["--players", "9"], "--players"),
    (["--players", "1"], "--players"),
    (["--round", "0"], "--round must be 1 to 200"),
    (["--round", "201"], "--round must be 1 to 200"),
    (["--player", "ship", "--players", "3"], "unknown token 'ship' with 3 players: choose from car, dog, hat"),
    (["--panel"], "--panel shows one player's holdings"),
    (["--width", "50"], "--width must be 100 to 1200"),
    (["--player", "car", "--panel", "--width", "700"], "--width must be 100 to 600"),
    (["--out", "/no/such/folder/x.png"], "does not exist"),
    (["--out", "board.gif"], "unknown output suffix '.gif'"),
    (["--out", "board"], "unknown output suffix '(none)'"),
    (["--seed", "x"], "--seed"),
])
def test_bad_arguments_answer_in_one_line(argv: list[str], said: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        render_main(["--game", "monopoly", "--out", str(tmp_path / "x.png"), *argv])  # argv's --out comes last
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert said in err and err.count("\n") == 1 and "Traceback" not in err
    assert not list(tmp_path.iterdir())  # nothing written


def test_the_real_command_line_writes_a_png_and_refuses_in_one_line(tmp_path: Path) -> None:
    out = tmp_path / "m.png"
    done = subprocess.run([sys.executable, "-m", "bot.render", "--game", "monopoly", "--out", str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", done.stderr
    bad = subprocess.run([sys.executable, "-m", "bot.render", "--game", "monopoly", "--players", "9"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "invalid choice: 9" in bad.stderr
