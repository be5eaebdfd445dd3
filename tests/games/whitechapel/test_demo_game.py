"""The Whitechapel demo: one whole offline game through the table service with the autopilot in every seat,
its public feed written to feed.md and every public board to a PNG file."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from bot.games.whitechapel.demo_game import main, run_demo


def test_one_whole_game_through_the_service_writes_the_feed_and_the_boards(tmp_path: Path) -> None:
    result = asyncio.run(run_demo(tmp_path, seed=2, players=3))
    assert result.winner in ("Jack the Ripper", "the detectives") and 1 <= result.night <= 4
    feed = (tmp_path / "feed.md").read_text()
    assert "## Night 1 begins." in feed and "The Head placed seven patrol tokens" in feed
    assert "Policemen: " in feed and re.search(r"The \w+ policeman searches: ", feed)
    images = sorted((tmp_path / "boards").glob("*.png"))
    assert len(images) == result.boards >= 4
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in images)
    assert feed.count("](boards/") == result.boards
    if result.winner == "Jack the Ripper":  # the end of the game shows the hideout and every night's row
        assert "Jack's hideout was" in feed and len(re.findall(r"^- Night \d: \d+", feed, re.M)) == 4
    again = asyncio.run(run_demo(tmp_path, seed=2, players=3))  # a run starts afresh: the same game again
    assert again == result and (tmp_path / "feed.md").read_text() == feed


def test_the_command_refuses_a_bad_player_count_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--players", "9"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--players" in err


def test_make_demo_s_program_plays_whitechapel_with_game_whitechapel(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from bot.demo import main as demo

    assert demo(["--game", "whitechapel", "--seed", "4", "--players", "3", "--out", str(tmp_path)]) == 0
    line = capsys.readouterr().out.strip()
    assert re.fullmatch(r"game over: (Jack the Ripper|the detectives) won on night [1-4]; \d+ answers, \d+ posts, "
                        r"\d+ boards, \d+ messages", line), line
    assert "## Night 1 begins." in (tmp_path / "feed.md").read_text()
