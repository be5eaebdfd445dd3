"""The commands on a database of stored games: ``games``, ``verify``, ``export`` and ``compact``.

They read through the storage repositories (no SQL here) and re-play through the engine alone
(``bot.service.replayfile``): a stored game is its settings, its RNG secret and its live answers (rewound ones left
out); the per-answer state hashes, the snapshots and the game's final hash are what the re-play must reproduce.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.service import replayfile
from bot.service.replayfile import Replay, Verdict, exported, read_stored, verify
from bot.storage import GameRow, Repo, Store, compact, open_store, sqlite_path


class Refusal(Exception):
    """A bad argument or a failed check: printed as one line by the command line."""


@asynccontextmanager
async def opened_store(url: str) -> AsyncIterator[Store]:
    """An existing database (a missing, empty, corrupt or newer one is refused untouched with a StorageError,
    which the command line prints as one line)."""
    store = await open_store(url, create=False)
    try:
        yield store
    finally:
        await store.close()


@asynccontextmanager
async def opened(url: str) -> AsyncIterator[Repo]:
    """A reading repository on an existing database."""
    async with opened_store(url) as store, store.reading() as repo:
        yield repo


async def stored_replay(repo: Repo, row: GameRow) -> Replay:
    """The replay file of a stored game (its final hash is the stored one, still to be checked by a re-play)."""
    return replayfile.stored_replay(await read_stored(repo, row))


async def verify_game(repo: Repo, row: GameRow) -> Verdict:
    """Re-play one stored game from its first answer, checking every recorded hash (not the answers stored
    without one) and every snapshot."""
    return verify(await read_stored(repo, row))


async def cmd_games(args: argparse.Namespace) -> int:
    async with opened(args.db) as repo:
        rows = await repo.games()
        print(f"{'id':>5}  {'status':<10} {'round':>5}  players")
        for row in rows:
            seats = await repo.seats(row.id)
            names = ", ".join(f"{s.name} ({s.house})" if s.house else s.name for s in seats)
            print(f"{row.id:>5}  {row.status:<10} {row.round if row.round is not None else '-':>5}  "
                  f"{len(seats)}/{row.players}: {names}")
        print(f"{len(rows)} games")
    return 0


async def cmd_verify(args: argparse.Namespace) -> int:
    bad = checked = 0
    async with opened(args.db) as repo:
        for row in await repo.games():
            if row.seed is None:
                continue
            verdict = await verify_game(repo, row)
            checked += 1
            bad += verdict.problem is not None
            if verdict.problem or not args.quiet:
                print(verdict.line())
    print(f"{checked} games verified, {bad} diverging")
    return 1 if bad else 0


async def cmd_export(args: argparse.Namespace) -> int:
    async with opened(args.db) as repo:
        row = await repo.game(args.game)
        if row is None:
            raise Refusal(f"no game {args.game} in {args.db}")
        replay = exported(await read_stored(repo, row))
    if args.out == "-":  # the file alone on standard output; the note goes to standard error
        sys.stdout.write(replay.text())
        where, note = "standard output", sys.stderr
    else:
        try:
            replay.save(Path(args.out))
        except OSError as exc:
            raise Refusal(f"cannot write {args.out}: {exc.strerror or exc}") from None
        where, note = args.out, sys.stdout
    print(f"game {args.game}: {len(replay.answers)} answers written to {where} "
          "(it reveals every hidden choice: keep it to the game's managers until the game is over)", file=note)
    return 0


async def cmd_compact(args: argparse.Namespace) -> int:
    path = sqlite_path(args.db)
    size = (lambda: sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))) if path else (lambda: 0)
    before = size()
    async with opened_store(args.db) as store:
        pruned = await compact(store, datetime.now(UTC))
    print(f"{args.db}: {pruned.messages} delivered messages, {pruned.given_up} given-up messages no longer to be said, "
          f"{pruned.timers} finished timers and {pruned.snapshots} snapshots of finished games removed; "
          f"{before / 1024:.0f} KiB -> {size() / 1024:.0f} KiB")
    return 0


def add_commands(sub: Any) -> None:
    p = sub.add_parser("games", help="list the stored games: id, status, round, players")
    p.add_argument("db")
    p.set_defaults(run=lambda a: asyncio.run(cmd_games(a)))
    p = sub.add_parser("verify", help="re-play every stored game from its first answer; non-zero exit on divergence")
    p.add_argument("db")
    p.add_argument("--quiet", action="store_true", help="print only diverging games and the total")
    p.set_defaults(run=lambda a: asyncio.run(cmd_verify(a)))
    p = sub.add_parser("export", help="write a stored game's replay file (it reveals everything)")
    p.add_argument("db")
    p.add_argument("game", type=int)
    p.add_argument("--out", required=True, help="the replay file to write, or - for standard output")
    p.set_defaults(run=lambda a: asyncio.run(cmd_export(a)))
    p = sub.add_parser("compact", help="remove delivered messages past the delivery window, finished timers and "
                                       "old snapshots of finished games; then VACUUM")
    p.add_argument("db")
    p.set_defaults(run=lambda a: asyncio.run(cmd_compact(a)))
