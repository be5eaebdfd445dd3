"""Benchmark the board renderer: ``.venv/bin/python tools/bench_render.py [--runs N] [--seed S] [--round R]``.

Plays a seeded random 6-player game to round R, drives it to a board with orders on it (revealed, and the planning
view with hidden orders), then times, per view, over N runs:

- layout: view -> items (pure Python);
- draw: items -> RGB image on the cached base layer;
- render: layout + draw (everything but encoding);
- encode: Pillow's PNG encoder alone on the finished image (the yardstick: render + encode must stay within twice
  this);
- full: ``bot.render.render(view)``, view -> PNG bytes;
and prints medians and maxima, the file size and the ratio full / encode. ``--webp`` adds lossless WebP figures.
The first render (building the static layers) is timed separately. Run it on a quiet machine: the load average is
printed first, and other processes on the two cores inflate every figure.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.render import build_layout, encode, render  # noqa: E402
from bot.render.raster import draw  # noqa: E402


def board_states(seed: int, rnd: int) -> dict[str, dict[str, Any]]:
    """Views of one game: planning with some orders hidden, and the action phase with every order revealed."""
    from engine.agot.agent import RandomAgent
    from engine.simulate import play

    result = play(6, seed, until_round=rnd)
    game = result.game
    assert game is not None, result.error
    agent = RandomAgent(seed)
    views: dict[str, dict[str, Any]] = {}
    for _ in range(2000):  # drive to the planning step
        decisions = game.open_decisions()
        if not decisions or all(d.kind == "orders" for d in decisions):
            break
        d = decisions[0]
        view = game.view(d.player)
        mine = next(x for x in view["private"]["decisions"] if x["id"] == d.id)
        game.submit(d.player, d.id, agent.answer(view, mine))
    decisions = [d for d in game.open_decisions() if d.kind == "orders"]
    for i, d in enumerate(decisions):
        view = game.view(d.player)
        mine = next(x for x in view["private"]["decisions"] if x["id"] == d.id)
        game.submit(d.player, d.id, agent.answer(view, mine))
        if i == len(decisions) // 2:
            views["planning, half the orders hidden (public)"] = game.view(None)
            views[f"planning ({d.player}'s private view)"] = game.view(d.player)
    views["action, orders revealed (public)"] = game.view(None)
    return views


def timed(fn: Callable[[], Any], runs: int) -> tuple[list[float], Any]:
    times, out = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - t0) * 1000)
    return times, out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--round", type=int, default=5)
    parser.add_argument("--webp", action="store_true")
    args = parser.parse_args(argv)

    load = os.getloadavg()[0]
    print(f"load average {load:.1f} on {os.cpu_count()} cores" + ("  (busy machine: figures will be inflated)"
                                                                  if load > 1.5 else ""))
    views = board_states(args.seed, args.round)
    first = next(iter(views.values()))
    t0 = time.perf_counter()
    render(first)
    print(f"first render (builds the static layers): {(time.perf_counter() - t0) * 1000:.0f} ms")
    ok = True
    for name, view in views.items():
        layout_t, items = timed(lambda v=view: build_layout(v), args.runs)
        draw_t, img = timed(lambda i=items: draw(i), args.runs)
        render_t, _ = timed(lambda v=view: draw(build_layout(v)), args.runs)
        encode_t, png = timed(lambda im=img: encode(im, "png"), args.runs)
        full_t, _ = timed(lambda v=view: render(v), args.runs)
        med = statistics.median
        ratio = med(full_t) / med(encode_t)
        print(f"\n{name}: {img.width}x{img.height}, {len(items)} items, PNG {len(png) / 1024:.0f} KiB")
        for label, ts in (("layout", layout_t), ("draw", draw_t), ("render (no encoding)", render_t),
                          ("encode only (PNG)", encode_t), ("full render + PNG", full_t)):
            print(f"  {label:22s} median {med(ts):6.1f} ms   max {max(ts):6.1f} ms")
        print(f"  full / encode-only     {ratio:.2f}x (target <= 2.00), full median target <= 150 ms")
        ok &= ratio <= 2.0 and med(full_t) <= 150 and len(png) < 1 << 20
        if args.webp:
            webp_t, webp = timed(lambda im=img: encode(im, "webp"), max(3, args.runs // 3))
            print(f"  encode only (WebP)     median {med(webp_t):6.1f} ms   max {max(webp_t):6.1f} ms, "
                  f"{len(webp) / 1024:.0f} KiB")
    print("\nall targets met" if ok else "\nSOME TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
