"""A seeded random game of Monopoly drawn to a file: ``python -m bot.render --game monopoly [--seed N]
[--round R] [--players 2-8] [--player TOKEN] [--panel] [--width W] [--out FILE]``.

The engine's random agents (``engine/monopoly/agent.py``) answer for every player, each from its own view,
until round ``--round`` begins (or the game ends first); then the public board is written, or with ``--panel``
the panel of ``--player`` (a token: car, dog, hat ...), at full size or scaled down to ``--width`` pixels (550:
what Discord's inline preview shows). The suffix of ``--out`` picks the format: .png or .webp.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from PIL import Image

from bot.games.monopoly import layout as lay
from bot.games.monopoly.panel import WIDTH as PANEL_WIDTH
from bot.games.monopoly.panel import panel_image
from bot.games.monopoly.picture import picture_of
from bot.games.monopoly.render import render_image
from bot.render.raster import encode
from engine.cli import Parser
from engine.core import EngineError
from engine.monopoly.agent import RandomAgent
from engine.monopoly.game import Game, describe
from engine.monopoly.rules import MONOPOLY, ROUNDS
from engine.monopoly.state import TOKENS

MAX_ANSWERS = 100_000
FORMATS = (".png", ".webp")


def play(seed: int, players: int = 4, until_round: int = 5) -> Game:
    """The game as round ``until_round`` begins (its first question open), or over if it ends first. A refused
    answer is given again as the decision's default."""
    game = MONOPOLY.new(players, {}, seed)
    agents = {p: RandomAgent(seed * 31 + i) for i, p in enumerate(game.players())}
    for _ in range(MAX_ANSWERS):
        decisions = game.open_decisions()
        if game.over or game.state.round >= until_round or not decisions:
            break
        decision = decisions[0]
        agent = agents[decision.player]
        try:
            game.submit(decision.player, decision.id, agent.answer(game.view(decision.player), decision.to_dict()))
        except EngineError:
            game.submit(decision.player, decision.id, decision.default)
    return game


def main(argv: list[str] | None = None, prog: str = "python -m bot.render --game monopoly") -> int:
    parser = Parser(prog=prog, description="Draw a seeded random Monopoly board, or one player's panel.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 9), metavar="2..8")
    parser.add_argument("--round", type=int, default=5, help=f"play until this round begins (1 to {ROUNDS[1]})")
    parser.add_argument("--player", default=None, help="a token (car, dog, hat ...): the player --panel shows")
    parser.add_argument("--panel", action="store_true", help="write --player's panel instead of the board")
    parser.add_argument("--width", type=int, default=None, help="scale the image down to this width (LANCZOS)")
    parser.add_argument("--out", type=Path, default=Path("monopoly.png"))
    args = parser.parse_args(argv)
    check(parser, args)
    game = play(args.seed, args.players, args.round)
    picture = picture_of(game.view(args.player))
    t0 = time.perf_counter()
    img = panel_image(picture, args.player) if args.panel else render_image(picture)
    if args.width:
        img = img.resize((args.width, round(img.height * args.width / img.width)), Image.Resampling.LANCZOS)
    data = encode(img, args.out.suffix.lower().lstrip("."))
    elapsed = time.perf_counter() - t0
    args.out.write_bytes(data)
    s = game.state
    where = f"over, {describe(s.winner) if s.winner else 'a shared win'}" if game.over else \
        f"round {s.round}, {describe(s.turn) if s.turn else 'nobody'} to play"
    what = f"{describe(args.player)}'s panel" if args.panel else "the board"
    first = "" if args.panel else " (the first drawing includes the empty board)"
    print(f"{args.out}: {what}, {len(data) / 1024:.0f} KiB, {where}, drawn in {elapsed * 1000:.0f} ms{first}")
    return 0


def check(parser: Parser, args: argparse.Namespace) -> None:
    """Refuse bad arguments before any work, in one line."""
    if not 1 <= args.round <= ROUNDS[1]:
        parser.error(f"--round must be 1 to {ROUNDS[1]}, not {args.round}")
    if args.player is not None:
        args.player = args.player.lower()
        tokens = TOKENS[:args.players]
        if args.player not in tokens:
            parser.error(f"unknown token {args.player!r} with {args.players} players: choose from {', '.join(tokens)}")
    if args.panel and args.player is None:
        parser.error("--panel shows one player's holdings: name the player with --player (car, dog ...)")
    widest = PANEL_WIDTH if args.panel else lay.SIZE
    if args.width is not None and not 100 <= args.width <= widest:
        parser.error(f"--width must be 100 to {widest} (the full width), not {args.width}")
    if not args.out.parent.is_dir():
        parser.error(f"the output folder {str(args.out.parent)!r} does not exist")
    if args.out.suffix.lower() not in FORMATS:
        parser.error(f"unknown output suffix {args.out.suffix or '(none)'!r}: use .png or .webp")


if __name__ == "__main__":
    sys.exit(main(prog="python -m bot.games.monopoly.demo"))
