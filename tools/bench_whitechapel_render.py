"""Benchmark the Letters from Whitechapel board image against the AGoT board:
``.venv/bin/python tools/bench_whitechapel_render.py [--runs N] [--seed S]``.

Prints the load average first (other processes on the two cores inflate every figure), then:

- cold start: a new Python process that imports ``bot.games.whitechapel.render`` and renders one picture to PNG
  bytes (imports, drawing the empty board and the sprites), median of 3 processes; the empty board alone;
- per picture of a seeded game (its second night: the public board, Jack's board) and, as the yardstick, the
  AGoT board of a stored view, in ONE interleaved loop so that load changes hit every candidate alike: the full
  render to PNG bytes, median of ``--runs`` (20 by default), and the bytes per image (target <= 1 MiB).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.games.whitechapel import base as wc_base  # noqa: E402
from bot.games.whitechapel.demo import play  # noqa: E402
from bot.games.whitechapel.picture import picture_of  # noqa: E402
from bot.games.whitechapel.render import render  # noqa: E402

COLD = """
import time; t0 = time.perf_counter()
from bot.games.whitechapel.picture import Picture
from bot.games.whitechapel.render import render
data = render(Picture(night=2, header="Public board", policemen={"blue": "F7", "red": "K10"}, clues=(65,)))
print((time.perf_counter() - t0) * 1000, len(data))
"""
AGOT_VIEW = ROOT / "tests" / "render" / "views" / "orders_revealed.json"


def ms(fn: Callable[[], bytes]) -> tuple[float, bytes]:
    t0 = time.perf_counter()
    out = fn()
    return (time.perf_counter() - t0) * 1000, out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args(argv)
    if args.runs < 1:
        print("--runs must be at least 1", file=sys.stderr)
        return 2
    load = os.getloadavg()[0]
    print(f"load average {load:.2f} on {os.cpu_count()} cores" + ("  (busy machine: figures inflated)"
                                                                   if load > 1.0 else ""))
    colds = []
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", COLD], cwd=ROOT, capture_output=True, text=True, check=True)
        colds.append(float(out.stdout.split()[0]))
    print(f"cold start to the first PNG (new process, imports included): median {statistics.median(colds):.0f} ms")
    t0 = time.perf_counter()
    wc_base.base()
    print(f"the empty board and the sprites, drawn once per process: {(time.perf_counter() - t0) * 1000:.0f} ms")

    from bot.render import render as agot_render

    game = play(args.seed, players=4, night=2, moves=6)
    agot_view = json.loads(AGOT_VIEW.read_text(encoding="utf-8"))
    public, jack = picture_of(game.view(None)), picture_of(game.view("jack"))
    candidates: dict[str, Callable[[], bytes]] = {
        "Whitechapel, public board (night 2)": lambda: render(public),
        "Whitechapel, Jack's board (night 2, two rows)": lambda: render(jack),
        "AGoT board (tests/render/views/orders_revealed.json)": lambda: agot_render(agot_view),
    }
    times: dict[str, list[float]] = {k: [] for k in candidates}
    sizes: dict[str, int] = {}
    for fn in candidates.values():  # warm: the static layers of both games
        fn()
    for _ in range(args.runs):  # interleaved
        for label, fn in candidates.items():
            t, data = ms(fn)
            times[label].append(t)
            sizes[label] = len(data)
    ok = True
    for label, ts in times.items():
        print(f"{label:52s} median {statistics.median(ts):6.1f} ms  {sizes[label] / 1024:5.0f} KiB")
        ok &= sizes[label] <= 1 << 20
    print("\nevery image under 1 MiB" if ok else "\nAN IMAGE IS OVER 1 MiB")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
