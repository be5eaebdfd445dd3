"""Benchmark the board renderer: ``.venv/bin/python tools/bench_render.py [--runs N] [--seed S] [--round R]
[--players 3..8]`` (7 and 8 players: the Mother of Dragons boards).

Prints the load average first (other processes on the two cores inflate every figure), then:

- cold start: a new Python process that imports ``bot.render`` and renders one stored view to PNG bytes
  (imports, loading the static layers, first sprites), median of 3 processes;
- per view of a seeded game (6 players by default: planning with hidden orders, a private view, the action
  phase), in ONE interleaved loop so that load changes hit every candidate alike: the full render to bytes
  (``bot.render.render``) and the yardstick, a plain default ``Image.save(buf, "PNG")`` of the same pixels; then
  the encoders compared on the same image (palette PNG at zlib levels 1/3/6, RGB PNG level 1, lossless WebP);
- medians, the ratio full / yardstick (target <= 0.8) and bytes per image (target <= 1 MiB).
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from bot.render import render, render_image  # noqa: E402

COLD = """
import time; t0 = time.perf_counter()
import json
from bot.render import render
view = json.load(open("tests/render/views/%s.json"))
data = render(view)
print((time.perf_counter() - t0) * 1000, len(data))
"""


def board_states(seed: int, rnd: int, players: int) -> dict[str, dict[str, Any]]:
    """Views of one game: planning with some orders hidden, a private view, and every order revealed."""
    from tests.render.scenarios import at_planning, submit_orders

    game, agent = at_planning(players, seed, rnd)
    houses = sorted(game.state.houses)
    submit_orders(game, agent, houses[:3])
    views = {"planning, hidden orders (public)": game.view(None), f"planning ({houses[0]}, private)":
             game.view(houses[0])}
    submit_orders(game, agent, houses[3:])
    views["orders revealed (public)"] = game.view(None)
    return views


def png_default(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()


def encoders() -> dict[str, Callable[[Image.Image], bytes]]:
    def palette(level: int) -> Callable[[Image.Image], bytes]:
        def run(img: Image.Image) -> bytes:
            buf = io.BytesIO()
            img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
                buf, "PNG", compress_level=level)
            return buf.getvalue()
        return run

    def rgb1(img: Image.Image) -> bytes:
        buf = io.BytesIO()
        img.save(buf, "PNG", compress_level=1)
        return buf.getvalue()

    def webp(img: Image.Image) -> bytes:
        buf = io.BytesIO()
        img.save(buf, "WEBP", lossless=True, method=0, quality=0)
        return buf.getvalue()

    return {"palette PNG zlib 1": palette(1), "palette PNG zlib 3 (used)": palette(3),
            "palette PNG zlib 6": palette(6), "RGB PNG zlib 1": rgb1, "lossless WebP method 0": webp,
            "default PNG (yardstick)": png_default}


def ms(fn: Callable[[], Any]) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = fn()
    return (time.perf_counter() - t0) * 1000, out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--round", type=int, default=5)
    parser.add_argument("--players", type=int, default=6, choices=range(3, 9))
    args = parser.parse_args(argv)
    if args.runs < 1:
        print("--runs must be at least 1", file=sys.stderr)
        return 2
    load = os.getloadavg()[0]
    print(f"load average {load:.2f} on {os.cpu_count()} cores" + ("  (busy machine: figures inflated)"
                                                                   if load > 1.0 else ""))
    colds = []
    for _ in range(3):
        stored = {7: "setup7", 8: "mod8_revealed"}.get(args.players, "orders_revealed")
        out = subprocess.run([sys.executable, "-c", COLD % stored], cwd=ROOT, capture_output=True, text=True,
                             check=True)
        colds.append(float(out.stdout.split()[0]))
    print(f"cold start to the first PNG (new process, imports included): median {statistics.median(colds):.0f} ms "
          f"(target <= 1500)")
    med = statistics.median
    ok = med(colds) <= 1500
    for name, view in board_states(args.seed, args.round, args.players).items():
        img = render_image(view)
        full, bare = [], []
        for _ in range(args.runs):  # interleaved
            t, data = ms(lambda v=view: render(v))
            full.append(t)
            t, _ = ms(lambda im=img: png_default(im))
            bare.append(t)
        ratio = med(full) / med(bare)
        print(f"\n{name}: {img.width}x{img.height}, {len(data) / 1024:.0f} KiB")
        print(f"  full render to PNG bytes   median {med(full):6.1f} ms")
        print(f"  default PNG of same pixels median {med(bare):6.1f} ms")
        print(f"  ratio full / default       {ratio:.2f}x (target <= 0.80)")
        ok &= ratio <= 0.8 and len(data) <= 1 << 20
        times: dict[str, list[float]] = {k: [] for k in encoders()}
        sizes: dict[str, int] = {}
        for _ in range(max(3, args.runs // 3)):
            for label, enc in encoders().items():
                t, out = ms(lambda e=enc, im=img: e(im))
                times[label].append(t)
                sizes[label] = len(out)
        for label, ts in times.items():
            print(f"  encoder {label:28s} median {med(ts):6.1f} ms  {sizes[label] / 1024:5.0f} KiB")
    print("\nall targets met" if ok else "\nSOME TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
