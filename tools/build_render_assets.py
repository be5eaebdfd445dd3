"""Build the renderer's static layers into ``assets/render`` (run after a change of data/, the style or the builder):

    .venv/bin/python tools/build_render_assets.py

Writes the bare map, the names layer, the atlas of area masks and bands, and ``layout.json`` (every area's name
block and piece slots, and a fingerprint of the sources: ``bot.render`` rebuilds in memory, with a warning, when
it does not match).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.render.assets import ASSET_DIR, write  # noqa: E402
from bot.render.static import static  # noqa: E402


def main() -> int:
    t0 = time.perf_counter()
    write(static())
    sizes = ", ".join(f"{p.name} {p.stat().st_size // 1024} KiB" for p in sorted(ASSET_DIR.iterdir()))
    print(f"wrote {ASSET_DIR} in {time.perf_counter() - t0:.1f} s: {sizes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
