"""Posts per round of a game's public feed, by destination, and private messages (DMs) per round.

    .venv/bin/python tools/bench_feed.py [--games 3] [--seed 1] [--players 6] [--deliver-every 1]

Plays seeded games with random agents for every seat (``bot.demo``) and counts what the outbox delivers
(``bot.demo.FeedCount``): new public posts per destination (the game's channel, or the channel or thread a row
names), the status message's edits apart (edited in place, not posted), and the DMs. A message counts in the round
the game was in when the answer that caused it came; the start and the standings are counted apart. Prints the
median over the games of the posts per round, the worst round of all, the status message's edits and the DMs per
round (median, and the worst round). ``--deliver-every N`` delivers the outbox after every N answers instead of
each one: a dispatcher catching up (the status message is then edited once per catch-up).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.demo import counted_game  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Public posts and DMs per round of a game's feed.")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=6, choices=range(3, 7), metavar="3..6")
    parser.add_argument("--deliver-every", type=int, default=1, metavar="N")
    args = parser.parse_args(argv)
    if args.games < 1 or args.deliver_every < 1:
        parser.error("--games and --deliver-every must be at least 1")
    per_round: dict[str, list[float]] = {}
    worst: dict[str, int] = {}
    apart: dict[str, int] = {}
    edits: list[float] = []
    dms: list[float] = []
    worst_edits = worst_dms = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.games):
            count, rounds = asyncio.run(counted_game(Path(tmp) / f"g{i}.sqlite3", args.seed + i, args.players,
                                                     args.deliver_every))
            for where in sorted({w for _, w in count.posts}):
                by_round = count.per_round(where, rounds)
                per_round.setdefault(where, []).append(sum(by_round) / rounds)
                worst[where] = max(worst.get(where, 0), *by_round)
                apart[where] = apart.get(where, 0) + count.posts[(0, where)] + count.posts[(-1, where)]
            played = range(1, rounds + 1)
            edits.append(sum(count.edits[r] for r in played) / rounds)
            dms.append(sum(count.dms[r] for r in played) / rounds)
            worst_edits = max(worst_edits, *(count.edits[r] for r in played))
            worst_dms = max(worst_dms, *(count.dms[r] for r in played))
    for where, values in per_round.items():
        print(f"public posts per round in {where}: {statistics.median(values):.1f} (worst round {worst[where]}; "
              f"{apart[where] / args.games:.1f} more at the start and the end)")
    print(f"status message edits per round: {statistics.median(edits):.1f} (worst round {worst_edits})")
    print(f"DMs per round: {statistics.median(dms):.1f} (worst round {worst_dms}; median of {args.games} games of "
          f"{args.players} players, delivered after every {args.deliver_every} answers)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
