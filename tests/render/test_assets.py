"""The stored static layers match the data, the style and the builder (else: tools/build_render_assets.py)."""

from __future__ import annotations

import json

from bot.render.assets import ASSET_DIR, fingerprint


def test_stored_layers_are_up_to_date() -> None:
    doc = json.loads((ASSET_DIR / "layout.json").read_text(encoding="utf-8"))
    assert doc["fingerprint"] == fingerprint(), "stale assets: run .venv/bin/python tools/build_render_assets.py"
    for name in ("map.png", "names.png", "areas.png"):
        assert (ASSET_DIR / name).is_file()
