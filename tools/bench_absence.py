"""Messages per round of a 6-player game through the table service, with and without absent players.

    .venv/bin/python tools/bench_absence.py [--games 3] [--seed 1] [--away 2]

Plays seeded games with random agents for every seat (``bot.demo``); in the second series ``--away`` players
declare a 30-day absence at the start under the table's ``absence: autopilot`` setting, so the autopilot answers
for them. Prints the median public and private outbox messages per round of each series.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.demo import CHANNEL, FIRST_USER, play_to_the_end  # noqa: E402
from bot.service import FakeClock, RecordingTransport, TableService  # noqa: E402


async def one_game(db: Path, seed: int, away: int) -> tuple[float, float]:
    svc = await TableService.open(db, clock=FakeClock(), randbits=random.Random(seed).getrandbits)
    try:
        gid = await svc.create_game(None, CHANNEL, FIRST_USER, 6, {"absence": "autopilot"})
        users = [FIRST_USER + i for i in range(6)]
        for i, user in enumerate(users):
            await svc.join(gid, user, name=f"Player {i + 1}")
        await svc.start(gid, FIRST_USER, manager=True)
        for user in users[:away]:
            await svc.away(gid, user, days=30)
        transport = RecordingTransport()
        await play_to_the_end(svc, gid, users[away:], seed, transport)
        rounds = (await svc.status(gid))["round"]
        public = sum(1 for m in transport.sent if m.audience == "public")
        return public / rounds, (len(transport.sent) - public) / rounds
    finally:
        await svc.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Messages per round with and without absent players (6 players).")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--away", type=int, default=2, choices=range(1, 6), metavar="1..5")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    with tempfile.TemporaryDirectory() as tmp:
        for away in (0, args.away):
            results = [asyncio.run(one_game(Path(tmp) / f"g{away}-{i}.sqlite3", args.seed + i, away))
                       for i in range(args.games)]
            public = statistics.median(r[0] for r in results)
            private = statistics.median(r[1] for r in results)
            print(f"{away} of 6 away (autopilot): {public:.1f} public and {private:.1f} private messages per round "
                  f"(median of {args.games} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
