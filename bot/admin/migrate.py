"""``python -m bot.admin migrate --from sqlite:///var/agot.sqlite3 --to postgresql://...``: move a deployment's
games to PostgreSQL (stop the bot first; start it on the new address after). The copy is one transaction: it
lands whole or not at all, and a target that already holds games is refused untouched."""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from bot.storage.pg_copy import copy_sqlite_to_postgres
from bot.storage.stores import redacted


async def cmd_migrate(args: argparse.Namespace) -> int:
    copied = await copy_sqlite_to_postgres(args.source, args.target)
    rows = ", ".join(f"{table} {n}" for table, n in copied.items() if n)
    print(f"copied {copied['games']} games from {redacted(args.source)} to {redacted(args.target)}: {rows}")
    print(f"next: python -m bot.admin verify '{redacted(args.target)}', then start the bot with "
          "AGOT_DB_PATH set to the new address")
    return 0


def add_command(sub: Any) -> None:
    p = sub.add_parser("migrate", help="copy every game and message from a SQLite database into an empty "
                                       "PostgreSQL one")
    p.add_argument("--from", dest="source", required=True, metavar="URL", help="sqlite:///PATH (or a path)")
    p.add_argument("--to", dest="target", required=True, metavar="URL", help="postgresql://user:pass@host/db")
    p.set_defaults(run=lambda a: asyncio.run(cmd_migrate(a)))
