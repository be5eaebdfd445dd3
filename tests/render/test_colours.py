"""Every house stands out: house colours, neutral land and the washes of land by a controller differ clearly, for
normal vision and simulated deuteranopia and protanopia (Machado 2009), by CIEDE2000."""

from __future__ import annotations

import itertools

import pytest

from bot.render import style
from bot.render.sprites import mix
from tests.render.colour_math import DEUTERANOPIA, PROTANOPIA, ciede2000, simulate

VISION = {"normal": None, "deuteranopia": DEUTERANOPIA, "protanopia": PROTANOPIA}
MIN_PURE = 18.0  # between house colours and neutral land
MIN_WASH = 12.0  # between controlled land areas and neutral land (the wash at TINT_ALPHA)


def nearest_pair(colours: dict[str, tuple[float, float, float]]) -> tuple[float, str, str]:
    return min((ciede2000(colours[a], colours[b]), a, b) for a, b in itertools.combinations(colours, 2))


@pytest.mark.parametrize("vision", sorted(VISION))
def test_house_colours_and_land_differ(vision: str) -> None:
    matrix = VISION[vision]

    def seen(c: tuple[int, int, int]) -> tuple[float, float, float]:
        return (float(c[0]), float(c[1]), float(c[2])) if matrix is None else simulate(c, matrix)

    pure = {h: seen(c) for h, c in style.HOUSE_COLOURS.items()} | {"land": seen(style.LAND)}
    washed = {h: seen(mix(style.LAND, c, style.TINT_ALPHA)) for h, c in style.HOUSE_COLOURS.items()}
    washed["land"] = seen(style.LAND)
    d, a, b = nearest_pair(pure)
    assert d >= MIN_PURE, f"{vision}: {a} and {b} are only {d:.1f} apart"
    d, a, b = nearest_pair(washed)
    assert d >= MIN_WASH, f"{vision}: washed {a} and {b} are only {d:.1f} apart"


def test_the_old_colours_fail_the_same_check() -> None:
    """The check can fail: the previous Stark colour was nearly neutral land."""
    assert ciede2000((235, 226, 204), (226, 211, 172)) < MIN_PURE
    assert ciede2000((0, 0, 0), (255, 255, 255)) == pytest.approx(100.0, abs=0.01)
