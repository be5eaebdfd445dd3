"""Benchmark combat in random playouts: combats per second and the engine time to resolve one combat.

    .venv/bin/python tools/bench_combat.py --players 6 --games 100 --seed 7 [--tides]

A combat's time is the engine time (inside ``Game.submit``) of every answer from the March that starts it
to the answer that ends it, the agents' own time excluded. Marches against neutral forces count apart.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.agot import Game, Settings  # noqa: E402
from engine.agot.agent import RandomAgent  # noqa: E402
from engine.core import IllegalAnswer, Rng  # noqa: E402


def in_combat(game: Game) -> bool:
    return any(f["step"] == "combat" for f in game.state.stack)


def bench(players: int, games: int, seed: int, tides: bool) -> dict[str, float]:
    combat_times: list[float] = []
    neutral_times: list[float] = []
    total = 0.0
    for i in range(games):
        game = Game.new(players, seed + i, Settings(tides_of_battle=tides))
        picker = Rng((seed + i) ^ 0x5EED)
        agents = {h: RandomAgent((seed + i) * 7919 + n) for n, h in enumerate(sorted(game.state.houses))}
        current: float | None = None
        neutral = False
        start = time.perf_counter()
        while not game.over:
            decision = picker.choice(game.open_decisions())
            view = game.view(decision.player)
            mine = next(d for d in view["private"]["decisions"] if d["id"] == decision.id)
            for attempt in range(7):
                answer = agents[decision.player].answer(view, mine) if attempt < 6 else mine["default"]
                t0 = time.perf_counter()
                try:
                    events = game.submit(decision.player, decision.id, answer)
                except IllegalAnswer:
                    continue
                spent = time.perf_counter() - t0
                break
            else:
                raise RuntimeError("no legal answer")
            kinds = [e.kind for e in events]
            if "combat" in kinds:
                current, neutral = 0.0, bool(next(e for e in events if e.kind == "combat").data["neutral"])
            if current is not None:
                current += spent
            if current is not None and ("combat_end" in kinds or not in_combat(game)):
                (neutral_times if neutral else combat_times).append(current)
                current = None
        total += time.perf_counter() - start
    return {"games": games, "seconds": total, "combats": len(combat_times), "neutral": len(neutral_times),
            "combats_per_second": (len(combat_times) + len(neutral_times)) / total,
            "median_combat_ms": statistics.median(combat_times) * 1000 if combat_times else 0.0,
            "mean_combat_ms": statistics.fmean(combat_times) * 1000 if combat_times else 0.0,
            "p95_combat_ms": sorted(combat_times)[int(len(combat_times) * 0.95)] * 1000 if combat_times else 0.0,
            "median_neutral_ms": statistics.median(neutral_times) * 1000 if neutral_times else 0.0}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--tides", action="store_true")
    args = parser.parse_args(argv)
    r = bench(args.players, args.games, args.seed, args.tides)
    print(f"{r['games']} games with {args.players} players in {r['seconds']:.1f} s: {r['combats']} combats and "
          f"{r['neutral']} attacks on neutral forces, {r['combats_per_second']:.0f} combats per second of playout; "
          f"one combat takes {r['median_combat_ms']:.2f} ms median ({r['mean_combat_ms']:.2f} mean, "
          f"{r['p95_combat_ms']:.2f} p95) of engine time; a neutral force {r['median_neutral_ms']:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
