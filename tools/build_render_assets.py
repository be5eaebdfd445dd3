"""Build the renderer's static layers of every map into ``assets/render`` (the base map) and ``assets/render/7``,
``assets/render/8`` (Mother of Dragons), after a change of data/, the style or the builder:

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

from bot.render.assets import asset_dir, write  # noqa: E402
from bot.render.static import MAPS, static, use_map  # noqa: E402


def main() -> int:
    for map_id in MAPS:
        t0 = time.perf_counter()
        with use_map(map_id):
            write(static())
        folder = asset_dir(map_id)
        sizes = ", ".join(f"{p.name} {p.stat().st_size // 1024} KiB" for p in sorted(folder.iterdir()) if p.is_file())
        print(f"wrote {folder} in {time.perf_counter() - t0:.1f} s: {sizes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
