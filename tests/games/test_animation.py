"""Animated replays drawn (bot/games/animation.py) from a made-up reel with a small stand-in front: every frame of
the file decodes to its board under its caption (unchanged pixels are left transparent over the frame before);
a step whose board looks the same joins the one before; the file keeps under the upload limit, saying what it gave
up; the boards come from the reel's views only."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.games.animation import COLOURS, MAX_FRAMES, Animation, boards, captioned, draw, paletted
from bot.games.front import BoardImage
from bot.service.animate import Reel, Step

pytestmark = pytest.mark.timeout(60)


class Squares:
    """A front whose board is a square at the view's ``x``; ``noise`` fills a quarter of it with random pixels."""

    stage = "round"

    def __init__(self, noise: bool = False) -> None:
        self.noise = noise
        self.views: list[dict[str, Any]] = []

    def board(self, view: dict[str, Any], highlights: dict[str, Any] | None = None) -> BoardImage:
        self.views.append(view)
        image = Image.new("RGB", (480, 320), (230, 220, 200))
        if self.noise:
            rng = random.Random(view["x"])
            image.paste(Image.frombytes("RGB", (240, 160), rng.randbytes(240 * 160 * 3)), (0, 0))
        ImageDraw.Draw(image).rectangle((view["x"], 100, view["x"] + 40, 140), fill=(160, 30, 30))
        out = io.BytesIO()
        image.save(out, "PNG")
        return BoardImage(out.getvalue(), "a board")

    def seat_name(self, seat: str | None) -> str:
        return str(seat).title()


def reel(xs: list[int], seat: str | None = None) -> Reel:
    steps = tuple(Step(1, "play", {"x": x}, (f"moved to {x}",)) for x in xs)
    return Reel(7, "squares", 1, seat, steps, "f" * 64, False)


def decoded(movie: Animation) -> list[Image.Image]:
    out = []
    with Image.open(io.BytesIO(movie.data)) as image:
        assert getattr(image, "is_animated", False)
        for i in range(image.n_frames):
            image.seek(i)
            out.append(image.convert("RGB"))
    return out


@pytest.mark.parametrize("ext", ["gif", "png"])
def test_every_frame_decodes_to_its_board_under_its_caption(ext: str) -> None:
    front = Squares()
    shown = reel([20, 80, 80, 200, 300], seat="jack")
    movie = draw(front, shown, ext=ext, title="Game #7")  # type: ignore[arg-type]
    assert movie.ext == ext and (movie.frames, movie.steps, movie.notes) == (4, 5, ())
    frames = boards(front, list(enumerate(shown.steps, start=1)))  # type: ignore[arg-type]
    assert [f.number for f in frames] == [1, 2, 4, 5]
    assert frames[1].step.lines == ("moved to 80", "moved to 80")  # the step that changed nothing joined
    pictures = [captioned(front, shown, f, 480, 5, "Game #7") for f in frames]  # type: ignore[arg-type]
    for got, want, picture in zip(decoded(movie), paletted(pictures, COLOURS[0]), pictures, strict=True):
        assert ImageChops.difference(got, want.convert("RGB")).getbbox() is None  # every pixel as encoded
        assert max(hi for _, hi in ImageChops.difference(got, picture).getextrema()) <= 16  # the palette's rounding
    assert {v["x"] for v in front.views} == {20, 80, 200, 300}  # only the reel's views were drawn


def test_the_file_fits_the_limit_and_says_what_it_gave_up() -> None:
    front = Squares(noise=True)
    shown = reel(list(range(10, 400, 60)))
    whole = draw(front, shown, ext="gif")  # type: ignore[arg-type]
    limit = len(whole.data) // 3
    fitted = draw(front, shown, ext="gif", limit=limit)  # type: ignore[arg-type]
    assert len(fitted.data) <= limit < len(whole.data) and fitted.notes
    assert len(decoded(fitted)) == fitted.frames >= 2
    with pytest.raises(ValueError, match="do not fit"):
        draw(front, shown, ext="gif", limit=1000)  # type: ignore[arg-type]


def test_a_long_reel_draws_only_the_frames_it_shows() -> None:
    front = Squares()
    shown = reel(list(range(0, 390, 3)))  # 130 steps: a whole long game
    movie = draw(front, shown)  # type: ignore[arg-type]
    assert (movie.frames, movie.steps) == (MAX_FRAMES, 130) and movie.notes == (f"{MAX_FRAMES} of 130 steps shown",)
    assert len(front.views) == MAX_FRAMES and front.views[0]["x"] == 0 and front.views[-1]["x"] == 387
