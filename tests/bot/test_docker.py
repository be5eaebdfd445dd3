"""The Docker image's contract, checked without Docker: what the build never copies, the clean-exit signal, the
code read-only to the runtime user, and the HEALTHCHECK's heartbeat written by the running bot."""

from __future__ import annotations

import fnmatch
import os
import time
from pathlib import Path

import pytest
import simcord

from bot.config import Config, load_config
from bot.frontend.client import AgotBot
from bot.health import check
from bot.service import TableService

ROOT = Path(__file__).resolve().parents[2]


def test_the_build_context_leaves_out_secrets_state_and_caches() -> None:
    ignored = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()
               if line.strip() and not line.startswith("#")]
    for path in (".env", ".venv", ".git", "var/", "out/", "agot.sqlite3", "bot/__pycache__", ".mypy_cache",
                 ".pytest_cache", ".ruff_cache"):
        assert any(fnmatch.fnmatch(path.rstrip("/"), pattern.rstrip("/").removeprefix("**/")) or
                   fnmatch.fnmatch(path.split("/")[-1], pattern.rstrip("/").removeprefix("**/"))
                   for pattern in ignored if not pattern.startswith("!")), path
    assert "!.env.example" in ignored


def test_the_image_stops_cleanly_is_checked_and_runs_read_only_code() -> None:
    lines = [line.strip() for line in (ROOT / "Dockerfile").read_text().splitlines()]
    assert "STOPSIGNAL SIGINT" in lines  # python -m bot exits cleanly on KeyboardInterrupt (status 0)
    assert any(line.startswith("HEALTHCHECK") and "bot.health" in line for line in lines)
    copies = [line for line in lines if line.startswith("COPY")]
    assert copies and all("--chown" not in line for line in copies)  # the code stays root's
    assert any("a-w" in line for line in lines if line.startswith("RUN"))
    assert lines.index("USER agot") > max(lines.index(c) for c in copies)
    assert not any("fonts-" in line for line in lines)  # the DejaVu faces are bundled in assets/fonts
    assert (ROOT / "assets" / "fonts" / "DejaVuSans.ttf").is_file()


def test_the_healthcheck_reads_the_heartbeats_age(tmp_path: Path) -> None:
    beat = tmp_path / "beat"
    assert check(None) and "no heartbeat" in (check(beat) or "")
    beat.touch()
    assert check(beat) is None
    old = time.time() - 600
    os.utime(beat, (old, old))
    assert "s old" in (check(beat) or "")
    assert load_config({"AGOT_HEARTBEAT": str(beat)}).heartbeat == beat


@pytest.mark.asyncio
async def test_the_running_bot_touches_its_heartbeat(tmp_path: Path) -> None:
    beat = tmp_path / "beat"
    service = await TableService.open(tmp_path / "agot.sqlite3", clock=AgotBot.clock)
    env = simcord.Env(AgotBot(service, Config(heartbeat=beat)))
    await env.start()
    try:
        await env.advance_time(31)
        assert beat.is_file() and check(beat) is None
    finally:
        await env.shutdown()
        await service.close()
