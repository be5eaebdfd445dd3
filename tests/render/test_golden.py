"""Golden images of fixed states, compared with a per-pixel tolerance.

Re-bless after a deliberate change of the look (then look at the new images before committing them)::

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_golden.py

The states are stored views (tests/render/views, see scenarios.py), so engine changes do not move them. The
goldens are lossless WebP (tests/render/golden/*.webp); a failing case writes what it drew to the temp folder.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.render import Highlights, panel_image, render_image
from bot.render.changes import changes_image
from bot.render.combat import combat_image

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
VIEWS = HERE / "views"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
CHANNEL_TOLERANCE = 24  # a pixel differs when one channel moves more than this ...
PIXEL_BUDGET = 0.001  # ... and at most this fraction of the pixels may differ

COMBAT = Highlights(combat="stoney-sept", attacker="lannister", defender="baratheon", combat_source="lannisport",
                    supporters=("blackwater",))
MARCH = Highlights(march_from="kingswood", march_to=("blackwater", "kings-landing"), focus=("the-reach",))

CASES: dict[str, tuple[str, Highlights | None]] = {
    "setup3": ("setup3", None),
    "setup4": ("setup4", None),
    "setup6": ("setup6", None),
    "orders_hidden_public": ("orders_hidden_public", None),
    "orders_hidden_baratheon": ("orders_hidden_baratheon", None),
    "orders_revealed": ("orders_revealed", None),
    "combat_highlight": ("orders_revealed", COMBAT),
    "march_highlight": ("orders_hidden_public", MARCH),
    "setup7": ("setup7", None),
    "setup8": ("setup8", None),
    "mod8_revealed": ("mod8_revealed", None),
    "mod8_combat": ("mod8_revealed", Highlights(combat="pentos", attacker="targaryen", defender="baratheon",
                                                 combat_source="bay-of-pentos", supporters=("myr",))),
}


def load_view(name: str) -> dict[str, Any]:
    view: dict[str, Any] = json.loads((VIEWS / f"{name}.json").read_text(encoding="utf-8"))
    return view


def differing_fraction(a: Image.Image, b: Image.Image) -> float:
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    worst = diff.split()
    mask = ImageChops.lighter(ImageChops.lighter(worst[0], worst[1]), worst[2]).point(
        lambda v: 255 if v > CHANNEL_TOLERANCE else 0)
    return mask.histogram()[255] / (a.width * a.height)


COMBAT_NOTE = {"attacker": "lannister", "defender": "baratheon", "neutral": 0, "area": "stoney-sept",
               "source": "lannisport", "units": ["knight", "footman"],
               "support": {"blackwater": {"house": "baratheon", "side": "defender"}},
               "chosen": ["lannister", "baratheon"],
               "cards": {"lannister": "ser-gregor-clegane", "baratheon": "patchface"},
               "initial": {"lannister": 3, "baratheon": 2}, "final": {"lannister": 6, "baratheon": 2},
               "winner": "lannister"}


def other_image(case: str) -> Image.Image:
    if case == "panel":
        return panel_image(load_view("orders_revealed"))
    if case == "mod8_panel":
        return panel_image(load_view("mod8_revealed"))
    if case == "combat":
        view = load_view("orders_revealed")
        view["notes"] = {"combat": COMBAT_NOTE}
        image = combat_image(view)
        assert image is not None
        return image
    return changes_image(load_view("orders_hidden_public"), load_view("orders_revealed"))


@pytest.mark.parametrize("case", sorted(CASES) + ["panel", "combat", "changes", "mod8_panel"])
def test_golden(case: str) -> None:
    if case in CASES:
        view_name, highlights = CASES[case]
        image = render_image(load_view(view_name), highlights)
    else:
        image = other_image(case)
    path = GOLDEN / f"{case}.webp"  # lossless WebP: a third of the PNG's size in the repository
    if UPDATE or not path.exists():
        GOLDEN.mkdir(exist_ok=True)
        image.save(path, "WEBP", lossless=True, method=6, quality=100)
        if not UPDATE:
            pytest.fail(f"no golden image for {case}: wrote {path}, look at it and commit it")
        return
    golden = Image.open(path)
    assert golden.size == image.size, f"{case}: size {image.size}, golden {golden.size}"
    fraction = differing_fraction(image, golden)
    if fraction > PIXEL_BUDGET:
        out = Path(tempfile.gettempdir()) / f"agot-render-{case}.actual.png"
        image.save(out)
        pytest.fail(f"{case}: {fraction:.3%} of the pixels differ from the golden image (budget {PIXEL_BUDGET:.1%});"
                    f" see {out}. Re-bless with UPDATE_GOLDEN=1 if the change is deliberate.")
