"""``python -m bot.render --seed S --round R --out FILE [--player HOUSE] [--players N] [--setup 7|8]
[--format png|webp]``

Plays a seeded random game (the engine's random agents) until round R starts, then writes the public board, or
HOUSE's private view with ``--player``. 7 and 8 players play the Mother of Dragons set-ups (the 7-house map, or
Westeros with Essos); ``--setup 7|8`` puts 4-6 players on one of them, the other houses being vassals.

``--game whitechapel`` draws a Letters from Whitechapel board instead, ``--game monopoly`` a Monopoly board or a
player's panel (each with its own options: ``--game whitechapel -h``, ``--game monopoly -h``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from bot.render import render
from engine.agot import Game, Settings
from engine.cli import Parser

GAMES = ("agot", "monopoly", "whitechapel")


def main(argv: list[str] | None = None) -> int:
    game_name, argv = which_game(sys.argv[1:] if argv is None else argv)
    if game_name == "whitechapel":
        from bot.games.whitechapel.demo import main as whitechapel

        return whitechapel(argv)
    if game_name == "monopoly":
        from bot.games.monopoly.demo import main as monopoly

        return monopoly(argv)
    parser = Parser(prog="python -m bot.render", description="Render a seeded random game's board.")
    parser.add_argument("--game", default="agot", choices=GAMES, help="the game to draw (default: agot)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--round", type=int, default=1, help="play until this round starts (1 = the set-up)")
    parser.add_argument("--players", type=int, default=6, choices=range(3, 9), metavar="3..8")
    parser.add_argument("--setup", default="", choices=["", "7", "8"],
                        help="a Mother of Dragons set-up for 4-6 players (7 and 8 players use theirs anyway)")
    parser.add_argument("--player", default=None, help="a house (any case): write that house's private view")
    parser.add_argument("--format", default=None, choices=("png", "webp"), help="default: from --out's suffix")
    parser.add_argument("--out", required=True, type=Path)
    args = parser.parse_args(argv)
    check(parser, args)

    from engine.simulate import play

    result = play(args.players, args.seed, Settings(setup=args.setup), until_round=args.round)
    if result.error:
        print(f"the game stopped with an error: {result.error.splitlines()[0]}", file=sys.stderr)
    game = result.game
    if game is None:
        return 1
    try:
        view = game.view(args.player)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    fmt = args.format or args.out.suffix.lower().lstrip(".")
    t0 = time.perf_counter()
    data = render(view, fmt=fmt)
    elapsed = time.perf_counter() - t0
    args.out.write_bytes(data)
    state = f"round {view['round']}, {view['phase']}" + (f", winner {view['winner']}" if view.get("winner") else "")
    print(f"{args.out}: {len(data) / 1024:.0f} KiB, {state}, rendered in {elapsed * 1000:.0f} ms "
          "(first render includes building the static layers)")
    return 1 if result.error else 0


def which_game(argv: list[str]) -> tuple[str, list[str]]:
    """The game ``--game`` names (agot when none) and the other arguments; an unknown game is refused in one line."""
    parser = Parser(prog="python -m bot.render", add_help=False)
    parser.add_argument("--game", default="agot", choices=GAMES)
    known, rest = parser.parse_known_args(argv)
    return known.game, rest


def check(parser: Parser, args: argparse.Namespace) -> None:
    """Refuse bad arguments before any work, in one line."""
    if args.round < 1:
        parser.error(f"--round must be at least 1 (1 is the set-up), not {args.round}")
    try:
        game = Game.new(args.players, 0, Settings(setup=args.setup))
    except ValueError as exc:
        parser.error(str(exc))
    last = game.board.tables["max_rounds"]
    if args.round > last:
        parser.error(f"--round must be at most {last} (the game ends after round {last}), not {args.round}")
    houses = sorted(game.state.houses)
    if args.player is not None:
        args.player = args.player.lower()
        if args.player not in houses:
            parser.error(f"unknown house {args.player!r} in a {args.players}-player game: choose from "
                         + ", ".join(sorted(houses)))
    folder = args.out.parent
    if not folder.is_dir():
        parser.error(f"the output folder {str(folder)!r} does not exist")
    if args.format is None and args.out.suffix.lower() not in (".png", ".webp"):
        parser.error(f"unknown output suffix {args.out.suffix or '(none)'!r}: use .png or .webp, or --format")


if __name__ == "__main__":
    sys.exit(main())
