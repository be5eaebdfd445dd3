"""python -m bot: no token, bad arguments and bad settings answer in words with exit status 2; the token never
shows in the configuration's text."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, load_config

ROOT = Path(__file__).resolve().parents[2]


def run(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DEV_GUILD_ID", "LOG_LEVEL")}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, env={**clean, "PYTHONPATH": str(ROOT), **env},
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("args, env, said", [
    ([], {}, "no DISCORD_TOKEN set"),
    (["frob"], {}, "invalid choice"),
    ([], {"DEV_GUILD_ID": "abc"}, "DEV_GUILD_ID must be a server id"),
    (["sync", "--guild", "x"], {}, "invalid int value"),
])
def test_bad_starts_say_why_in_words(tmp_path: Path, args: list[str], env: dict[str, str], said: str) -> None:
    done = run(args, env, tmp_path)  # tmp_path: no .env there
    assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr


def test_the_token_never_shows_in_the_configuration() -> None:
    config = load_config({"DISCORD_TOKEN": "secret-token-value", "OWNER_IDS": "1, 2"})
    assert config.token == "secret-token-value" and config.owner_ids == {1, 2}
    assert "secret-token-value" not in repr(config) and "secret-token-value" not in str(config)
    with pytest.raises(ConfigError):
        load_config({"OWNER_IDS": "me"})
