"""A database that cannot be used - written by a newer bot, corrupt, empty, at a path that cannot be written -
is refused by the bot and the admin command line alike with one clear line and exit status 2, and nothing is
written to it. And the migration files must be numbered without a gap."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.storage import LATEST, StorageError
from bot.storage.sqlite import MIGRATIONS, migrations

ROOT = Path(__file__).resolve().parents[2]


def run(args: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("AGOT_DB_PATH", "DISCORD_TOKEN")}
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**environ, **(env or {})})


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def newer(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
        db.execute(f"PRAGMA user_version = {LATEST + 1}")
    db.close()


def corrupt(path: Path) -> None:
    path.write_bytes(b"SQLite format 2\x00" + b"not a database, but long enough to look like one " * 100)


def empty(path: Path) -> None:
    path.write_bytes(b"")


CASES = {"newer": (newer, "newer version of the bot"), "corrupt": (corrupt, "not a database"),
         "empty": (empty, "an empty file")}


@pytest.mark.parametrize("command", ["games", "verify", "compact"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_admin_refuses_an_unusable_database_untouched(tmp_path: Path, command: str, case: str) -> None:
    make, words = CASES[case]
    db = tmp_path / "bad.sqlite3"
    make(db)
    before = files(tmp_path)
    done = run(["-m", "bot.admin", command, str(db)])
    assert done.returncode == 2, done
    assert done.stdout == "" and len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert words in done.stderr and str(db) in done.stderr
    assert files(tmp_path) == before  # not a byte written, no journal left behind


@pytest.mark.parametrize("case", ["newer", "corrupt"])
def test_the_bot_refuses_an_unusable_database_untouched(tmp_path: Path, case: str) -> None:
    make, words = CASES[case]
    db = tmp_path / "bad.sqlite3"
    make(db)
    before = files(tmp_path)
    done = run(["-m", "bot"], {"DISCORD_TOKEN": "not-a-real-token", "AGOT_DB_PATH": f"sqlite:///{db}"})
    assert done.returncode == 2, done
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr, done.stderr
    assert words in done.stderr and done.stderr.startswith("python -m bot: ")
    assert files(tmp_path) == before


@pytest.mark.parametrize("where", ["under a file", "a folder", "/proc"])
def test_the_bot_refuses_a_path_it_cannot_write(tmp_path: Path, where: str) -> None:
    if where == "under a file":
        (tmp_path / "plain.txt").write_text("x")
        path = tmp_path / "plain.txt" / "agot.sqlite3"
    elif where == "a folder":
        path = tmp_path / "folder"
        path.mkdir()
    else:  # not even root may create a file there
        path = Path("/proc/agot.sqlite3")
    before = sorted(p.name for p in tmp_path.rglob("*"))
    done = run(["-m", "bot"], {"DISCORD_TOKEN": "not-a-real-token", "AGOT_DB_PATH": str(path)})
    assert done.returncode == 2, done
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith("python -m bot: ") and str(path) in done.stderr
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_an_unknown_database_address_is_refused(tmp_path: Path) -> None:
    done = run(["-m", "bot.admin", "games", "mysql://localhost/agot"])
    assert done.returncode == 2 and "not a database address" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_migration_numbers_must_run_without_a_gap(tmp_path: Path) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    for name in ("0001_first.sql", "0002_second.sql", "0004_fourth.sql", "notes.txt"):
        (folder / name).write_text("SELECT 1;")
    with pytest.raises(StorageError, match=r"not numbered 1\.\.3 without a gap: \[1, 2, 4\]"):
        migrations(folder)
    (folder / "0003_third.sql").write_text("SELECT 1;")
    assert [n for n, _ in migrations(folder)] == [1, 2, 3, 4]
    (folder / "0003_again.sql").write_text("SELECT 1;")
    with pytest.raises(StorageError, match="without a gap"):  # a number twice is no better
        migrations(folder)
    assert [n for n, _ in migrations(MIGRATIONS)] == list(range(1, LATEST + 1))
