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


# --- the other games: bot.games.demo_game, their autopilots and fronts ----------------------------------------

GAME_LINE = re.compile(r"^game over: (.+); (\d+) answers, (\d+) posts, (\d+) boards, (\d+) messages$")


def played(out: Path, game: str, seed: int, players: int, capsys: pytest.CaptureFixture[str],
           settings: str = "") -> re.Match[str]:
    argv = ["--game", game, "--seed", str(seed), "--players", str(players), "--out", str(out), "--settings", settings]
    assert demo(argv) == 0
    said = capsys.readouterr().out.strip().splitlines()
    line = GAME_LINE.match(said[0]) if len(said) == 1 else None
    assert line, said
    images = sorted((out / "boards").iterdir())
    assert len(images) == int(line.group(4)) >= 2
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in images)
    feed = (out / "feed.md").read_text()
    assert feed.count("](boards/") == len(images) and "players\n\n- Player 1: " in feed
    assert f"🏆 **Game #1 is over: {line.group(1)}" in feed  # the line's outcome is the standings' headline
    assert feed.count("\n1. ") == 1 and "🔐 The game's secret was" in feed
    return line


@pytest.mark.timeout(120)
def test_whitechapel_plays_a_whole_game_through_the_shared_demo(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    line = played(tmp_path, "whitechapel", 4, 3, capsys)
    assert re.fullmatch(r"(Jack the Ripper escaped every night|The detectives caught Jack on night [1-4]): .+",
                        line.group(1)), line.group(1)
    feed = (tmp_path / "feed.md").read_text()
    assert feed.startswith("# Demo game of Letters from Whitechapel: seed 4, 3 players\n")
    assert "\n## Night 1 begins." in feed and "The Head placed seven patrol tokens" in feed  # a night's heading
    assert played(tmp_path, "whitechapel", 4, 3, capsys).groups() == line.groups()  # afresh: the same game


@pytest.mark.timeout(120)
@pytest.mark.parametrize("players", [2, 8])
def test_monopoly_plays_a_short_game_to_a_winner_as_make_demo_does(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                   players: int) -> None:
    out = tmp_path / "demo"
    line = played(out, "monopoly", 3, players, capsys, "rounds 50")  # the Makefile's SETTINGS for GAME=monopoly
    tokens = "Car|Dog|Top Hat|Battleship|Boot|Iron|Thimble|Wheelbarrow"
    won = re.fullmatch(rf"(({tokens}) won|({tokens})( and ({tokens}))+ shared the win) in round (\d+): (the last "
                       r"player standing|round 50 was the last; the richest player wins)", line.group(1))
    assert won and int(won.group(6)) <= 50, line.group(1)
    feed = (out / "feed.md").read_text()
    assert feed.startswith(f"# Demo game of Monopoly: seed 3, {players} players\n")
    assert len(re.findall(rf"^- Player \d: ({tokens})$", feed, re.M)) == players
    assert re.search(r"^- .+ threw \d\+\d", feed, re.M) and "bought" in feed  # the room's feed wording
    assert admin(["verify", str(out / "demo.sqlite3")]) == 0


def test_make_demo_plays_monopoly_as_a_short_game_unless_told_otherwise() -> None:
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text()
    assert "SETTINGS ?= $(if $(filter monopoly,$(GAME)),rounds 50,)" in makefile
    assert "--settings '$(SETTINGS)'" in makefile


@pytest.mark.parametrize("argv, said", [
    (["--game", "monopoly", "--players", "9"], "--players must be 2 to 8 for Monopoly, not 9"),
    (["--game", "whitechapel", "--players", "7"], "--players must be 2 to 6 for Letters from Whitechapel, not 7"),
    (["--players", "2"], "--players must be 3 to 6 for A Game of Thrones: The Board Game, not 2"),
    (["--game", "chess"], "invalid choice: 'chess'"),
    (["--game", "monopoly", "--settings", "rounds 5"], "rounds"),
    (["--settings", "rounds 50"], "--settings is for the other games"),
])
def test_a_games_own_player_count_is_checked_in_one_line(argv: list[str], said: str, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        demo([*argv, "--out", str(tmp_path / "demo")])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and said in err and err.count("\n") == 1, err
    assert not (tmp_path / "demo").exists()  # refused before anything is written
