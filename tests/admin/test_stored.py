"""``bot.admin games / verify / export`` on a real database written by the table service."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from pathlib import Path

import pytest

from bot.admin.cli import main
from bot.admin.replay import Replay
from bot.service import TableService
from bot.service.replay import state_hash
from tests.service.kit import CREATOR, play, seated


async def _fill(db: Path) -> dict[str, int]:
    svc = await TableService.open(db)
    try:
        finished, _ = await seated(svc, players=3)
        await play(svc, finished, seed=3)
        running, _ = await seated(svc, players=4)
        await play(svc, running, answers=40, seed=4)
        await svc.rewind(running, CREATOR, 3, reason="a misclick")  # the log keeps them, marked rewound
        await play(svc, running, answers=5, seed=5)
        lobby, _ = await seated(svc, players=5, start=False)
        assert (await svc.game(finished)).status == "finished"
    finally:
        await svc.close()
    return {"finished": finished, "running": running, "lobby": lobby}


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int]]:
    db = tmp_path_factory.mktemp("admin") / "games.sqlite3"
    return db, asyncio.run(_fill(db))


@pytest.fixture
def copy(stored: tuple[Path, dict[str, int]], tmp_path: Path) -> Path:
    target = tmp_path / "copy.sqlite3"
    shutil.copy(stored[0], target)
    return target


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code: int, out: str, err: str) -> bool:
    return code != 0 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_games_lists_id_status_round_players(stored: tuple[Path, dict[str, int]],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    db, ids = stored
    code, out, _ = run(capsys, "games", str(db))
    assert code == 0
    rows = {int(line.split()[0]): line for line in out.splitlines()[1:-1]}
    assert set(rows) == set(ids.values())
    rounds = dict(sqlite3.connect(db).execute("SELECT id, round FROM games WHERE round IS NOT NULL").fetchall())
    assert rows[ids["finished"]].split()[1:3] == ["finished", str(rounds[ids["finished"]])]
    assert rows[ids["running"]].split()[2] == str(rounds[ids["running"]])
    assert rows[ids["running"]].split()[1] == "running" and " 4/4: " in rows[ids["running"]]
    assert rows[ids["lobby"]].split()[1:3] == ["lobby", "-"] and " 5/5: " in rows[ids["lobby"]]
    assert out.splitlines()[-1] == "3 games"


def test_verify_passes_on_a_sound_database(stored: tuple[Path, dict[str, int]],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    db, ids = stored
    code, out, err = run(capsys, "verify", str(db))
    assert code == 0, out + err
    assert f"game {ids['finished']}: ok" in out and f"game {ids['running']}: ok" in out
    assert out.splitlines()[-1] == "2 games verified, 0 diverging"


async def _loaded_hash(db: Path, game_id: int) -> str:
    """The fingerprint of the game as the service loads it (its latest snapshot and the answers after it)."""
    svc = await TableService.open(db)
    try:
        game = (await svc.core.load(game_id)).game
        assert game is not None
        return state_hash(game)
    finally:
        await svc.close()


def test_export_then_replay_reaches_the_stored_state(stored: tuple[Path, dict[str, int]], copy: Path,
                                                    tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, ids = stored
    for name in ("finished", "running"):
        path = tmp_path / f"{name}.json"
        code, out, err = run(capsys, "export", str(db), str(ids[name]), "--out", str(path))
        assert code == 0, err
        stored_hash = sqlite3.connect(db).execute("SELECT state_hash FROM games WHERE id = ?",
                                                  (ids[name],)).fetchone()[0]
        # a finished game's state is fingerprinted; the running one is 45 answers in (not a multiple of 25): its
        # state is not, and the replay must reach the game the service loads
        assert (stored_hash == "") == (name == "running")
        stored_hash = stored_hash or asyncio.run(_loaded_hash(copy, ids[name]))
        assert state_hash(Replay.load(path).play()) == stored_hash
        code, out, err = run(capsys, "replay", str(path))
        assert code == 0 and f"sha256 {stored_hash}" in out
    assert "winner nobody" in out  # the running game has no winner yet
    # the rewound answers are left out of the replay file: 40 + 5 answers given, 3 rewound
    assert len(Replay.load(tmp_path / "running.json").answers) == 42


def test_export_to_standard_output(stored: tuple[Path, dict[str, int]], tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    db, ids = stored
    code, out, err = run(capsys, "export", str(db), str(ids["finished"]), "--out", "-")
    assert code == 0 and not (tmp_path.parent / "-").exists() and not Path("-").exists()
    assert "answers written to standard output" in err  # the note goes to stderr: stdout is the file alone
    piped = tmp_path / "piped.json"
    piped.write_text(out)
    code, said, _ = run(capsys, "export", str(db), str(ids["finished"]), "--out", str(tmp_path / "saved.json"))
    assert code == 0 and out == (tmp_path / "saved.json").read_text()
    assert Replay.load(piped).answers


def _corrupt(db: Path, sql: str) -> None:
    con = sqlite3.connect(db)
    con.executescript("DROP TRIGGER answers_no_update;" + sql)
    con.commit()
    con.close()


@pytest.mark.parametrize("sql, expect", [
    ("UPDATE games SET state_hash = 'x' WHERE status = 'finished';", "current state differs"),
    ("UPDATE answers SET answer = '\"nonsense\"' WHERE seq = 7 AND game_id = (SELECT min(id) FROM games);",
     "answer"),
    ("UPDATE answers SET state_hash = 'x' WHERE seq = 30 AND game_id = (SELECT min(id) FROM games);",
     "answer 30"),
    ("UPDATE snapshots SET state = replace(state, '\"round\":', '\"round\":1') "
     "WHERE game_id = (SELECT min(id) FROM games) AND seq = 25;", "snapshot at answer 25"),
])
def test_verify_reports_divergence_and_exits_non_zero(copy: Path, capsys: pytest.CaptureFixture[str], sql: str,
                                                      expect: str) -> None:
    before = sqlite3.connect(copy).execute("SELECT count(*) FROM snapshots WHERE seq = 25").fetchone()[0]
    assert before >= 1
    _corrupt(copy, sql)
    code, out, err = run(capsys, "verify", str(copy))
    assert code == 1
    bad = [line for line in out.splitlines() if "DIVERGES" in line]
    assert len(bad) == 1 and expect in bad[0], out
    assert out.splitlines()[-1] == "2 games verified, 1 diverging"


@pytest.mark.parametrize("argv, expect", [
    (["games", "{missing}"], "no such database file"),
    (["verify", "{missing}"], "no such database file"),
    (["export", "{missing}", "1", "--out", "{tmp}/x.json"], "no such database file"),
    (["games", "{garbage}"], "not a database"),
    (["verify", "{newer}"], "newer version"),
    (["export", "{db}", "999", "--out", "{tmp}/x.json"], "no game 999"),
    (["export", "{db}", "{lobby}", "--out", "{tmp}/x.json"], "has not started"),
    (["export", "{db}", "{finished}", "--out", "{tmp}/no/such/dir/x.json"], "cannot write"),
    (["export", "{db}", "one", "--out", "{tmp}/x.json"], "invalid int"),
    (["export", "{db}", "1"], "--out"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_arguments_are_one_line_without_traceback(stored: tuple[Path, dict[str, int]], tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str], argv: list[str],
                                                     expect: str) -> None:
    db, ids = stored
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"this is not sqlite" * 100)
    newer = tmp_path / "newer.sqlite3"
    shutil.copy(db, newer)
    con = sqlite3.connect(newer)
    con.execute("PRAGMA user_version = 99")
    con.close()
    names = {"missing": str(tmp_path / "missing.sqlite3"), "garbage": str(garbage), "newer": str(newer),
             "db": str(db), "tmp": str(tmp_path), "lobby": str(ids["lobby"]), "finished": str(ids["finished"])}
    argv = [a.format(**names) for a in argv]
    try:
        code = main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    assert one_line_error(code, out, err), (out, err)
    assert expect in err
    assert not (tmp_path / "x.json").exists()
    assert not (tmp_path / "missing.sqlite3").exists()  # a missing database is not created


def test_the_real_command_line(stored: tuple[Path, dict[str, int]], tmp_path: Path) -> None:
    """``python -m bot.admin`` itself: success on a sound database, one line and status 2 on a missing one."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    ok = subprocess.run([sys.executable, "-m", "bot.admin", "verify", str(stored[0])], cwd=root,
                        capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout.splitlines()[-1] == "2 games verified, 0 diverging"
    bad = subprocess.run([sys.executable, "-m", "bot.admin", "games", str(tmp_path / "nope.sqlite3")], cwd=root,
                         capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.strip().splitlines() == [f"error: {tmp_path / 'nope.sqlite3'}: no such database file"]
