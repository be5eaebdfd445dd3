"""``make demo``'s program: a seeded game through the service, the outbox and the renderer, afresh each run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.admin.cli import main as admin
from bot.demo import main as demo

LINE = re.compile(r"^game over: (\w+) won in round (\d+); (\d+) answers, (\d+) messages, (\d+) KiB database$")


def test_demo_plays_a_whole_game_and_starts_afresh(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "demo"
    assert demo(["--seed", "3", "--players", "3", "--out", str(out)]) == 0
    first = capsys.readouterr().out.strip().splitlines()
    assert len(first) == 1 and LINE.match(first[0]), first
    boards = sorted(p.name for p in (out / "boards").iterdir())
    assert boards and all((out / "boards" / b).read_bytes().startswith(b"\x89PNG") for b in boards)
    feed = (out / "feed.md").read_text()
    assert feed.count("](boards/") == sum(b.endswith("-public.png") for b in boards)
    assert "## Round 2 begins." in feed
    # the feed ends as Discord's does: the standings, then the game's secret that checks every shuffle
    commitment = re.search(r"committed now as SHA-256 ([0-9a-f]{64})", feed)
    end = feed.strip().splitlines()
    standings = end.index(next(line for line in end if line.startswith("🏆")))
    assert commitment and [line[:3] for line in end[standings + 1: standings + 4]] == ["1. ", "2. ", "3. "]
    assert end[-1].startswith("🔐 The game's secret was") and commitment.group(1) in end[-1]
    (out / "boards" / "999-stray.png").write_bytes(b"old")

    assert demo(["--seed", "3", "--players", "3", "--out", str(out)]) == 0
    second = capsys.readouterr().out.strip().splitlines()
    same = LINE.match(second[0])
    assert same and same.groups()[:4] == LINE.match(first[0]).groups()[:4]  # type: ignore[union-attr]  # same game
    assert sorted(p.name for p in (out / "boards").iterdir()) == boards
    assert admin(["games", str(out / "demo.sqlite3")]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 games"  # afresh: one game, not two
    assert admin(["verify", str(out / "demo.sqlite3")]) == 0


@pytest.mark.parametrize("argv", [["--players", "7"], ["--seed", "x"], ["--frobnicate"]])
def test_bad_demo_arguments_are_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        demo(argv)
    assert exc.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
