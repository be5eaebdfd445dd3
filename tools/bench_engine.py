"""Benchmark the engine's own costs: ``submit``, ``view`` against ``to_dict``, a whole random game.

    .venv/bin/python tools/bench_engine.py [--players 6] [--games 10] [--seed 1]

Prints the median time of one ``Game.submit`` over every answer of ``--games`` random games; on the
mid-game state of each game (the start of round 5) the median time of ``view(house)`` for every house, of
``view(None)``, of ``to_dict()`` and of ``Game.copy()`` where it exists, and the ratio view / to_dict; and
the median time of a whole random game (agents included). The per-call figures are CPU time of this process
(``time.process_time``), so other work on a busy machine does not count.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.simulate import play  # noqa: E402

REPEAT = 40


def timed(fn: Callable[[], Any], repeat: int = REPEAT) -> float:
    """The median CPU seconds of one call."""
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return statistics.median(times)


def bench(players: int, games: int, seed: int) -> dict[str, float]:
    submits: list[float] = []
    whole: list[float] = []
    views: list[float] = []
    public: list[float] = []
    dicts: list[float] = []
    copies: list[float] = []
    for i in range(games):
        result = play(players, seed + i)
        if result.error:
            raise SystemExit(f"game seed {seed + i} failed: {result.error.splitlines()[0]}")
        submits += result.submit_seconds
        whole.append(result.seconds)
        mid = play(players, seed + i, until_round=5).game
        assert mid is not None
        for house in mid.state.houses:
            views.append(timed(partial(mid.view, house)))
        public.append(timed(partial(mid.view, None)))
        dicts.append(timed(mid.to_dict))
        if hasattr(mid, "copy"):
            copies.append(timed(mid.copy))
    out = {"submit_us": statistics.median(submits) * 1e6, "view_us": statistics.median(views) * 1e6,
           "public_view_us": statistics.median(public) * 1e6, "to_dict_us": statistics.median(dicts) * 1e6,
           "game_ms": statistics.median(whole) * 1000, "submits": len(submits)}
    out["ratio"] = out["view_us"] / out["to_dict_us"]
    if copies:
        out["copy_us"] = statistics.median(copies) * 1e6
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark the engine: submit, view / to_dict, a whole game.")
    parser.add_argument("--players", type=int, default=6, choices=range(3, 7), metavar="3..6")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    r = bench(args.players, args.games, args.seed)
    print(f"median submit {r['submit_us']:.0f} us over {r['submits']:.0f} submits")
    print(f"mid-game (round 5) median view(house) {r['view_us']:.0f} us, view(None) {r['public_view_us']:.0f} us, "
          f"to_dict {r['to_dict_us']:.0f} us: view / to_dict = {r['ratio']:.2f}x"
          + (f"; copy {r['copy_us']:.0f} us" if "copy_us" in r else ""))
    print(f"median whole random {args.players}-player game {r['game_ms']:.0f} ms (agents included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
