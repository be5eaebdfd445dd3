"""The bundled DejaVu fonts (assets/fonts), with Pillow's own scalable font as the fallback.

FreeType faces are not safe to share between threads, so each thread keeps its own small cache of loaded sizes.
"""

from __future__ import annotations

import threading
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

_local = threading.local()


def font(size: int, bold: bool = False) -> Font:
    """The DejaVu face at ``size`` pixels, or Pillow's default font when the file is missing."""
    cache: dict[tuple[int, bool], Font] | None = getattr(_local, "fonts", None)
    if cache is None:
        cache = _local.fonts = {}
    key = (size, bold)
    found = cache.get(key)
    if found is None:
        found = cache[key] = _load(size, bold)
    return found


def _load(size: int, bold: bool) -> Font:
    path = BOLD if bold else REGULAR
    try:
        return ImageFont.truetype(str(path), size)
    except OSError:
        return ImageFont.load_default(size)


def have_bundled_fonts() -> bool:
    return REGULAR.is_file() and BOLD.is_file()
