"""The Makefile's first minutes, with fake Pythons on PATH (no network, the real .venv untouched): a Python older
than 3.11 is refused in one line before any venv is made, and a venv left by an older Python is made again."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# A stand-in for a Python interpreter: its version, the Makefile's version check (-c: exit 0 only if new enough),
# ``-m venv DIR`` (a venv holding a copy of itself) and any other call, logged to calls.log in the working folder.
FAKE = """#!/bin/sh
case "$1" in
  --version) echo "Python {version}"; exit 0 ;;
  -c) exit {status} ;;
esac
if [ "$1 $2" = "-m venv" ]; then mkdir -p "$3/bin"; cp "$0" "$3/bin/python"; exit 0; fi
echo "$0 $*" >> calls.log
"""


def fake_python(path: Path, version: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(FAKE.format(version=version, status=0 if version >= "3.11" else 1))
    path.chmod(0o755)
    return path


def make(folder: Path, python3: Path, *goals: str) -> subprocess.CompletedProcess[str]:
    for name in ("Makefile", "requirements.txt", "requirements-dev.txt"):
        if not (folder / name).exists():
            shutil.copy(ROOT / name, folder / name)
    env = {**os.environ, "PATH": f"{python3.parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("VENV", None)
    env.pop("PYTHON", None)
    return subprocess.run(["make", "--no-print-directory", *goals], cwd=folder, env=env, capture_output=True,
                          text=True, timeout=60)


@pytest.fixture(autouse=True)
def needs_make() -> None:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")


@pytest.mark.parametrize("goal", ["run", "test", "demo"])
def test_python_older_than_3_11_is_refused_in_one_line_before_any_venv(tmp_path: Path, goal: str) -> None:
    python3 = fake_python(tmp_path / "bin" / "python3", "3.10.12")
    done = make(tmp_path, python3, goal)
    assert done.returncode == 2, done.stdout + done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and done.stdout == ""
    assert "Python 3.11 or newer is needed, but python3 is Python 3.10.12" in done.stderr
    assert not (tmp_path / ".venv").exists() and not (tmp_path / "calls.log").exists()


def test_a_venv_left_by_an_older_python_is_made_again(tmp_path: Path) -> None:
    old = fake_python(tmp_path / ".venv" / "bin" / "python", "3.10.12")
    (tmp_path / ".venv" / ".installed").touch()
    (tmp_path / ".venv" / "lib" / "python3.10").mkdir(parents=True)  # what the old Python installed
    python3 = fake_python(tmp_path / "bin" / "python3", "3.12.1")
    done = make(tmp_path, python3, "run")
    assert done.returncode == 0, done.stderr
    assert ".venv was made by an older or missing Python: making it again with python3" in done.stdout
    assert "Python 3.12.1" in old.read_text() and not (tmp_path / ".venv" / "lib").exists()
    calls = (tmp_path / "calls.log").read_text().splitlines()
    assert [c.split(" ", 1)[1] for c in calls] == [
        "-m pip install --quiet --disable-pip-version-check -r requirements-dev.txt", "-m bot"]
    assert (tmp_path / ".venv" / ".installed").exists()
    again = make(tmp_path, python3, "run")  # made once: the next run starts the bot at once
    assert again.returncode == 0 and again.stdout == ".venv/bin/python -m bot\n", again.stdout


def test_a_venv_whose_python_is_gone_is_made_again(tmp_path: Path) -> None:
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    (tmp_path / ".venv" / "bin" / "python").symlink_to(tmp_path / "uninstalled" / "python3.11")
    (tmp_path / ".venv" / ".installed").touch()
    python3 = fake_python(tmp_path / "bin" / "python3", "3.11.7")
    done = make(tmp_path, python3, "run")
    assert done.returncode == 0 and "making it again" in done.stdout, done.stderr
    assert "Python 3.11.7" in (tmp_path / ".venv" / "bin" / "python").read_text()
