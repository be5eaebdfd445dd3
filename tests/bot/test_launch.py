"""python -m bot: no token, bad arguments, bad settings, a token Discord refuses and no network answer in words
(one line) with exit status 2; the token never shows in the configuration's text nor in those lines."""

from __future__ import annotations

import http.server
import json
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
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


class Refusing(http.server.BaseHTTPRequestHandler):
    """Discord's answer to a token it does not know: 401 to every request."""

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        body = json.dumps({"message": "401: Unauthorized", "code": 0}).encode()
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def refusing_discord() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Refusing)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/api/v10"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def unreachable_discord() -> str:
    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/api/v10"


@pytest.mark.parametrize("where, said", [
    ("refusing_discord", "python -m bot: Discord refused the token"),
    ("unreachable_discord", "python -m bot: cannot reach Discord (Cannot connect to host 127.0.0.1:"),
])
def test_a_refused_token_or_no_network_ends_in_one_line(where: str, said: str, request: pytest.FixtureRequest,
                                                        tmp_path: Path) -> None:
    """What `make run` shows: discord.py's log lines (INFO and up), then the cause in one line, exit status 2."""
    base = request.getfixturevalue(where)
    launch = ("import sys, discord; from bot.__main__ import main\n"
              f"discord.http.Route.BASE = {base!r}\nsys.exit(main([]))")
    clean = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "LOG_LEVEL", "AGOT_DATABASE_URL")}
    done = subprocess.run([sys.executable, "-c", launch], cwd=tmp_path, capture_output=True, text=True, timeout=60,
                          env={**clean, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "secret-token-value",
                               "AGOT_DATABASE_URL": str(tmp_path / "agot.sqlite3")})
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and lines[-1].startswith(said) and done.stdout == "", done.stderr
    assert all(" INFO " in line for line in lines[:-1])  # no warning (voice is not used), no traceback
    assert "secret-token-value" not in done.stderr
