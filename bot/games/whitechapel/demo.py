"""A seeded random game of Letters from Whitechapel drawn to a file:
``python -m bot.render --game whitechapel [--seed N] [--night 1-4] [--moves M] [--phase P]
[--player jack|detective_N]
[--players 2-6] [--width W] [--out FILE] [--format png|webp]``.

The engine's random agents answer for every seat (each sees only its own view) until Jack has made ``--moves``
moves on night ``--night`` (or the game ends first); then the public board, or ``--player``'s, is written,
at full size or scaled down to ``--width`` pixels (550: what Discord's inline preview shows).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from PIL import Image

from bot.games.whitechapel import layout as lay
from bot.games.whitechapel.picture import NIGHTS, picture_of
from bot.games.whitechapel.render import encode, render, render_image
from engine.cli import Parser
from engine.whitechapel.agent import RandomAgent
from engine.whitechapel.game import Game
from engine.whitechapel.kinds import PHASES

MAX_ANSWERS = 5000


def play(seed: int, players: int = 4, night: int = 2, moves: int = 4, phase: str | None = None) -> Game:
    """The game once Jack has made ``moves`` moves on night ``night`` (a police round is then open), or once
    that night reaches ``phase`` (its question open); or the game over if it ends first."""
    game = Game.new(players, {}, seed=seed)
    agents = {p: RandomAgent(seed * 31 + i) for i, p in enumerate(game.players())}
    for _ in range(MAX_ANSWERS):
        s = game.state
        if game.over or (s.night == night and (s.phase == phase if phase else s.phase == "police_round"
                                               and len(s.tonight_path()) > moves)):
            break
        decision = game.decision()
        if decision is None:
            break
        view = game.view(decision.player)
        game.submit(decision.player, decision.id, agents[decision.player].answer(view, decision.to_dict()))
    return game


def main(argv: list[str] | None = None, prog: str = "python -m bot.render --game whitechapel") -> int:
    parser = Parser(prog=prog, description="Draw a seeded random Letters from Whitechapel board.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 7), metavar="2..6")
    parser.add_argument("--night", type=int, default=2, choices=range(1, NIGHTS + 1), metavar="1..4")
    parser.add_argument("--moves", type=int, default=4, help="Jack's moves made that night (default 4)")
    parser.add_argument("--phase", default=None, choices=sorted(PHASES),
                        help="stop when the night reaches this phase instead (women, patrols, kill ...)")
    parser.add_argument("--player", default=None, help="jack or detective_N: that seat's private board")
    parser.add_argument("--width", type=int, default=None, help="scale the image down to this width (LANCZOS)")
    parser.add_argument("--format", default=None, choices=("png", "webp"), help="default: from --out's suffix")
    parser.add_argument("--out", type=Path, default=Path("whitechapel.png"))
    args = parser.parse_args(argv)
    check(parser, args)
    game = play(args.seed, args.players, args.night, args.moves, args.phase)
    picture = picture_of(game.view(args.player))
    fmt = args.format or args.out.suffix.lower().lstrip(".")
    t0 = time.perf_counter()
    data = render(picture, fmt=fmt)
    elapsed = time.perf_counter() - t0
    if args.width:
        data = encode(scaled(render_image(picture), args.width), fmt)
    args.out.write_bytes(data)
    s = game.state
    where = f"over, {s.winner} won" if game.over else f"night {s.night}, {s.phase}"
    print(f"{args.out}: {len(data) / 1024:.0f} KiB, {where}, rendered in {elapsed * 1000:.0f} ms "
          "(the first render includes drawing the empty board)")
    return 0


def scaled(img: Image.Image, width: int) -> Image.Image:
    return img.resize((width, round(img.height * width / img.width)), Image.Resampling.LANCZOS)


def check(parser: Parser, args: argparse.Namespace) -> None:
    """Refuse bad arguments before any work, in one line."""
    if args.width is not None and not 100 <= args.width <= lay.size()[0]:
        parser.error(f"--width must be 100 to {lay.size()[0]} (the full width), not {args.width}")
    if not 0 <= args.moves <= 14:
        parser.error(f"--moves must be 0 to 14, not {args.moves}")
    if args.player is not None:
        args.player = args.player.lower()
        seats = ["jack"] + [f"detective_{i}" for i in range(1, args.players)]
        if args.player not in seats:
            parser.error(f"unknown seat {args.player!r} with {args.players} players: choose from {', '.join(seats)}")
    if not args.out.parent.is_dir():
        parser.error(f"the output folder {str(args.out.parent)!r} does not exist")
    if args.format is None and args.out.suffix.lower() not in (".png", ".webp"):
        parser.error(f"unknown output suffix {args.out.suffix or '(none)'!r}: use .png or .webp, or --format")


if __name__ == "__main__":
    sys.exit(main(prog="python -m bot.games.whitechapel.demo"))
