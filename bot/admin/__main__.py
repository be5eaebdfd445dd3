"""``python -m bot.admin``: list, verify and export stored games; re-play a replay file.

    python -m bot.admin replay FILE            # re-play through the engine alone: final SHA-256 and winner
    python -m bot.admin games DB               # id, status, round, players of every stored game
    python -m bot.admin verify DB              # re-play every stored game from its first answer
    python -m bot.admin export DB GAME --out FILE
    python -m bot.admin compact DB             # drop what delivered games no longer need, then VACUUM

DB is a file path or a database address (``sqlite:///PATH``). Every failure is one line on stderr and a
non-zero exit status, never a traceback: 2 for a database that cannot be used (missing, empty, corrupt, written
by a newer bot, not writable; it is left untouched), 1 for a failed check or a bad request.
"""

from __future__ import annotations

import sys

from bot.admin.cli import main

if __name__ == "__main__":
    sys.exit(main())
