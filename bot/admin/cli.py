"""The command line of ``python -m bot.admin``: argument parsing and one-line errors."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from bot.admin import migrate, stored
from bot.admin.replay import Replay, ReplayError, state_hash
from bot.admin.stored import Refusal
from bot.storage import StorageError


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line (no usage block), exit status 2."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message} (see --help)", file=sys.stderr)
        sys.exit(2)


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        replay = Replay.load(Path(args.file))
        if args.commitment is not None and replay.commitment() != args.commitment.strip().lower():
            raise ReplayError("the file's secret and salt do not match that commitment: this is not the game "
                              "that was announced")
        game = replay.play()
    except ReplayError as exc:
        raise Refusal(str(exc)) from None
    first = [s.player for s in game.standings() if s.place == 1]
    winner = " and ".join(first) or "nobody (the game is not over)"
    print(f"{len(replay.answers)} answers re-played; round {game.stage()[0]}; winner {winner}")
    print(f"sha256 {state_hash(game)}")
    if args.commitment is not None:
        print(f"commitment {args.commitment.strip().lower()} matches the file's secret and salt")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="python -m bot.admin", description="Administer stored games of the table service.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    p = sub.add_parser("replay", help="re-play a replay file through the engine alone")
    p.add_argument("file")
    p.add_argument("--commitment", help="the SHA-256 posted when the game started: check the file's secret")
    p.set_defaults(run=cmd_replay)
    stored.add_commands(sub)
    migrate.add_command(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except (Refusal, ReplayError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except StorageError as exc:  # the database cannot be used: nothing was written to it
        print(f"error: {exc}", file=sys.stderr)
        return 2
