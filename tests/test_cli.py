"""Command lines a newcomer cannot crash: a bad argument gets one clear line and a non-zero exit."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from bot.render.__main__ import main as render_main
from engine.simulate import main as simulate_main

ROOT = Path(__file__).resolve().parent.parent


def _convert_facts():
    spec = importlib.util.spec_from_file_location("convert_facts", ROOT / "tools" / "convert_facts.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _refused(main, argv, capsys) -> str:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_simulate_refuses_bad_counts(capsys):
    assert "choose from 3, 4, 5, 6" in _refused(simulate_main, ["--players", "2"], capsys)
    assert "--games must be at least 1" in _refused(simulate_main, ["--games", "0"], capsys)
    assert "invalid int value" in _refused(simulate_main, ["--seed", "x"], capsys)


def test_simulate_narrate_prints_the_story_without_the_statistics(capsys):
    assert simulate_main(["--players", "3", "--games", "1", "--seed", "2", "--narrate"]) == 0
    out = capsys.readouterr().out
    assert "[round 1]" in out and out.rstrip().endswith("1 games, 0 errors")
    assert "decisions:" not in out and "house cards:" not in out and "median game" not in out


def test_render_refuses_bad_arguments_before_any_work(capsys, tmp_path):
    png = str(tmp_path / "board.png")
    assert "--round must be at least 1" in _refused(render_main, ["--round", "0", "--out", png], capsys)
    err = _refused(render_main, ["--player", "kingswood", "--players", "3", "--out", png], capsys)
    assert "'kingswood'" in err and "choose from baratheon, lannister, stark" in err
    err = _refused(render_main, ["--out", str(tmp_path / "missing" / "board.png")], capsys)
    assert "output folder" in err and "does not exist" in err
    assert "unknown output suffix '.jpg'" in _refused(render_main, ["--out", str(tmp_path / "b.jpg")], capsys)
    assert "choose from 3, 4, 5, 6, 7, 8" in _refused(render_main, ["--players", "2", "--out", png], capsys)
    assert "--round must be at most 10" in _refused(render_main, ["--round", "11", "--out", png], capsys)
    assert not list(tmp_path.iterdir())


def test_convert_facts_says_where_the_facts_live(capsys, tmp_path):
    module = _convert_facts()
    err = _refused(module.main, [str(tmp_path / "agot-facts.json")], capsys)
    assert "shared reference folder" in err and "agot-facts.json" in err
    (tmp_path / "bad.json").write_text("{}", encoding="utf-8")
    assert "not a readable agot-facts.json" in _refused(module.main, [str(tmp_path / "bad.json")], capsys)


def test_a_bad_argument_never_shows_a_traceback_from_the_shell():
    run = subprocess.run([sys.executable, "-m", "engine.simulate", "--players", "2"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stdout == "" and run.stderr.count("\n") == 1


def test_the_makefile_declares_only_targets_that_exist():
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    phony = next(line for line in text.splitlines() if line.startswith(".PHONY:")).split()[1:]
    assert all(f"\n{target}:" in text for target in phony), phony


def test_simulate_plays_both_targaryen_decks_by_default(capsys):
    assert simulate_main(["--players", "8", "--games", "2", "--seed", "3", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "Targaryen House card decks (games): a 1, b 1" in out and out[-2:] == ["stalls 0", "2 games, 0 errors"]
    assert simulate_main(["--players", "8", "--games", "1", "--targaryen-deck", "b", "--quiet"]) == 0
    assert "Targaryen House card decks (games): b 1" in capsys.readouterr().out.splitlines()
    assert simulate_main(["--players", "7", "--games", "1", "--quiet"]) == 0
    assert not [line for line in capsys.readouterr().out.splitlines() if line.startswith("Targaryen")]


def test_render_reads_the_house_in_any_case(capsys, tmp_path):
    boards = []
    for name in ("stark", "Stark", "STARK"):
        png = tmp_path / f"{name}.png"
        assert render_main(["--players", "3", "--player", name, "--out", str(png)]) == 0
        boards.append(png.read_bytes())
    assert boards[0].startswith(b"\x89PNG") and boards[0] == boards[1] == boards[2]  # Stark's private view
