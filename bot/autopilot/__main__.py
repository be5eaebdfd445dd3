"""``python -m bot.autopilot --players P --games G --seed S``: the autopilot's win rates.

Plays G games against random agents and G games against seats that always play the deadline
defaults (game i uses seed S + i and seats the autopilot in the i-th house held by a player, in turn; ``--setup
7|8``: a Mother of Dragons set-up for fewer players, with vassals), and ends
with one line: ``autopilot: <x>% wins vs random, <y>% vs defaults over <n> games (fair share <f>%)``
where n is G (games per opponent kind).
"""

from __future__ import annotations

import sys

from bot.autopilot.match import play
from engine.cli import Parser


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m bot.autopilot", description="Measure the autopilot against random agents "
                    "and against deadline defaults.")
    parser.add_argument("--players", type=int, default=4, choices=range(3, 9),
                        metavar="3..8")  # 7 and 8: the Mother of Dragons set-up of their count
    parser.add_argument("--setup", default="", choices=["", "7", "8"],
                        help="a Mother of Dragons set-up for 4-6 players (the houses nobody holds are vassals, "
                             "played by their commanders' agents)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quiet", action="store_true", help="only the final line")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    from engine.agot import Game, Settings

    try:
        sample = Game.new(args.players, args.seed, Settings(setup=args.setup))
    except ValueError as exc:
        parser.error(str(exc))
    houses = sorted(h for h in sample.state.houses if h not in sample.vassals())
    rates = {}
    for opponents in ("random", "default"):
        wins = refused = 0
        for i in range(args.games):
            seat = houses[i % len(houses)]
            outcome = play(args.players, args.seed + i, seat, opponents, args.setup)
            wins += outcome.winner == seat
            refused += outcome.refused
            if not args.quiet:
                print(f"vs {opponents} game {i + 1} seed {args.seed + i}: autopilot {seat}, winner "
                      f"{outcome.winner} in round {outcome.game.state.round}, {outcome.decisions} decisions, "
                      f"{outcome.refused} refused")
        rates[opponents] = 100.0 * wins / args.games
        if not args.quiet:
            print(f"vs {opponents}: {wins}/{args.games} wins, {refused} autopilot answers refused")
    fair = 100.0 / args.players
    print(f"autopilot: {rates['random']:.1f}% wins vs random, {rates['default']:.1f}% vs defaults over "
          f"{args.games} games (fair share {fair:.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
