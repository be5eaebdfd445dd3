"""The stored static layers of every map match the data, the style and the builder (else:
tools/build_render_assets.py)."""

from __future__ import annotations

import json

import pytest

from bot.render.assets import asset_dir, fingerprint
from bot.render.static import MAPS


@pytest.mark.parametrize("map_id", sorted(MAPS))
def test_stored_layers_are_up_to_date(map_id: str) -> None:
    folder = asset_dir(map_id)
    doc = json.loads((folder / "layout.json").read_text(encoding="utf-8"))
    assert doc["fingerprint"] == fingerprint(map_id), "stale assets: run .venv/bin/python tools/build_render_assets.py"
    for name in ("map.png", "names.png", "areas.png"):
        assert (folder / name).is_file()
