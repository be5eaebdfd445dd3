"""``python -m bot.health``: the Docker HEALTHCHECK (no Discord import, no database access).

The running bot touches the file named by ``AGOT_HEARTBEAT`` every 30 s while it is connected to Discord and its
database answers (``AgotBot._heartbeat``). Healthy (exit 0) while that file is younger than ``MAX_AGE`` seconds;
unhealthy (exit 1, one line saying why) when it is missing or stale: the bot is down, disconnected or stuck.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

MAX_AGE = 150.0  # five beats


def check(path: Path | None, now: float | None = None) -> str | None:
    """None when healthy, else why not."""
    if path is None:
        return "AGOT_HEARTBEAT is not set"
    try:
        age = (time.time() if now is None else now) - path.stat().st_mtime
    except OSError:
        return f"no heartbeat at {path} yet"
    return None if age <= MAX_AGE else f"the last heartbeat is {age:.0f} s old"


def main() -> int:
    raw = os.environ.get("AGOT_HEARTBEAT", "").strip()
    problem = check(Path(raw) if raw else None)
    if problem:
        print(f"unhealthy: {problem}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
