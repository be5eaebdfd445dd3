"""Animated replays drawn: a reel (``bot/service/animate.py``: the views of a round step by step) as an animated
GIF or PNG of the game's own boards (its front's ``board``), each frame captioned with its stage and step and
the public lines that led to it.

Discord animates a GIF in the chat but not an animated PNG (APNG: a still there, by Discord's choice), which
other viewers play. Frames are scaled to fit ``BOX`` (Discord shows images 550 px wide; the caption, drawn in
proportion to the width, stays readable there) and a step whose board looks the same as the one before joins it.
The file must fit the upload limit: above it, fewer colours, then a smaller picture, then every other step are
tried in turn, and ``notes`` say what was given up. Pure CPU: the service runs ``draw`` in a worker thread.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from PIL import Image, ImageChops, ImageDraw
from PIL.PngImagePlugin import Blend, Disposal

from bot.games.front import Front
from bot.render.fonts import Font, font
from bot.service.animate import Reel, Step
from bot.service.models import ServiceError

BOX = (1100, 1600)  # the largest frame's board, px (a tall AGoT board: 825 x 1600)
MIN_WIDTH = 400
LIMIT = 8 * 1024 * 1024  # Discord's upload limit without boosts
MAX_FRAMES = 60
STEP_MS = 1500
END_MS = 3500  # the first and the last frame stay longer
COLOURS = (256, 64)
BAND = 0.1  # the caption band's height (three lines), as a share of the frame's width
T = TypeVar("T")


class TooLarge(ServiceError, ValueError):
    """No animation of the reel fits the limit: said to the asker in one line."""
INK, PAPER, DIM = (250, 246, 235), (33, 37, 43), (200, 196, 186)


@dataclass(frozen=True)
class Animation:
    """The file (``ext``: "gif" or "png") of a reel of ``round`` (None: the whole game; ``so_far``: a round under
    way), its frames out of the reel's steps, and what was given up to fit."""

    data: bytes
    ext: str
    round: int | None
    so_far: bool
    frames: int
    steps: int
    size: tuple[int, int]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Frame:
    board: Image.Image  # RGB, scaled to fit BOX
    step: Step
    number: int  # among the reel's steps, from 1


def draw(front: Front, reel: Reel, ext: str = "gif", limit: int = LIMIT, title: str = "") -> Animation:
    """The reel as an animation under ``limit`` bytes (``ext``: "gif" or "png"); of a reel of more than
    ``MAX_FRAMES`` steps (a whole long game), that many spread over it are drawn."""
    numbered = thinned(list(enumerate(reel.steps, start=1)), MAX_FRAMES)
    frames = boards(front, numbered)
    notes = [f"{len(frames)} of {len(reel.steps)} steps shown"] if len(numbered) < len(reel.steps) else []
    width, colours = frames[0].board.width, COLOURS[0]
    while True:
        pictures = [captioned(front, reel, f, width, len(reel.steps), title) for f in frames]
        data = encode(pictures, ext, colours)
        if len(data) <= limit:
            return Animation(data, ext, reel.round, reel.so_far, len(frames), len(reel.steps), pictures[0].size,
                             tuple(notes))
        if colours != COLOURS[-1]:
            colours = COLOURS[-1]
            notes.append(f"{colours} colours")
        elif width > MIN_WIDTH:
            width = max(MIN_WIDTH, width * 3 // 4)
            notes = [n for n in notes if not n.endswith("px wide")] + [f"{width} px wide"]
        elif len(frames) > 2:
            frames = thinned(frames, (len(frames) + 1) // 2)
            notes = [n for n in notes if not n.endswith("steps shown")] + \
                [f"{len(frames)} of {len(reel.steps)} steps shown"]
        else:
            raise TooLarge("This animation's frames do not fit in Discord's upload limit, even two of them: ask "
                           "for a single round.")


def boards(front: Front, steps: Sequence[tuple[int, Step]]) -> list[Frame]:
    """Each step's board (with its number in the reel) scaled to fit ``BOX``; a step whose board looks like the one
    before joins it (its lines added)."""
    out: list[Frame] = []
    for number, step in steps:
        with Image.open(io.BytesIO(front.board(step.view, step.highlights).png)) as raw:
            board = scaled(raw.convert("RGB"), min(BOX[0], raw.width * BOX[1] // raw.height))
        if out and board.tobytes() == out[-1].board.tobytes():
            last = out[-1]
            out[-1] = replace(last, step=replace(last.step, lines=last.step.lines + step.lines))
            continue
        out.append(Frame(board, step, number))
    return out


def scaled(image: Image.Image, width: int) -> Image.Image:
    if image.width <= width:
        return image
    return image.resize((width, round(image.height * width / image.width)), Image.Resampling.BILINEAR)


def thinned(frames: Sequence[T], count: int) -> list[T]:
    """``count`` of ``frames`` spread evenly over them, the first and the last kept."""
    if count >= len(frames):
        return list(frames)
    last = len(frames) - 1
    return [frames[round(i * last / (count - 1))] for i in range(count)]


def captioned(front: Front, reel: Reel, frame: Frame, width: int, steps: int, title: str) -> Image.Image:
    """The board at ``width`` under a band that says the game, the stage and the step, and the step's lines."""
    board = scaled(frame.board, width)
    band = max(36, round(width * BAND))
    out = Image.new("RGB", (board.width, board.height + band), PAPER)
    out.paste(board, (0, band))
    pen = ImageDraw.Draw(out)
    big, small = font(max(12, band * 3 // 10), bold=True), font(max(10, band // 4))
    step = frame.step
    seen = f" · as {front.seat_name(reel.seat)} saw it" if reel.seat else ""
    head = f"{title + ' · ' if title else ''}{front.stage} {step.round} · {step.phase} · step {frame.number}/{steps}"
    pen.text((8, band * 0.2), fitted(pen, head + seen, big, width - 16)[0], font=big, fill=INK, anchor="lm")
    said = " · ".join(line.replace("**", "") for line in step.lines) or ("the start" if frame.number == 1 else "")
    first, rest = fitted(pen, said, small, width - 16, wrap=True)
    pen.text((8, band * 0.52), first, font=small, fill=DIM, anchor="lm")
    pen.text((8, band * 0.8), fitted(pen, rest, small, width - 16)[0], font=small, fill=DIM, anchor="lm")
    return out


def fitted(pen: ImageDraw.ImageDraw, words: str, face: Font, width: int, wrap: bool = False) -> tuple[str, str]:
    """As many of ``words`` as fit ``width`` pixels, and the rest: cut at a space (``wrap``), else with an
    ellipsis (the rest dropped)."""
    if pen.textlength(words, font=face) <= width:
        return words, ""
    cut = len(words)
    while cut and pen.textlength(words[:cut] + ("" if wrap else "…"), font=face) > width:
        cut -= 1
    if wrap:
        space = words.rfind(" ", 0, cut + 1)
        cut = space if space > 0 else cut
        return words[:cut], words[cut:].lstrip()
    return words[:cut].rstrip() + "…", ""


def encode(pictures: Sequence[Image.Image], ext: str, colours: int) -> bytes:
    """The frames (``paletted``) as an animated GIF or PNG where each frame after the first leaves the pixels it
    does not change transparent over the frame before (a few KiB for a board where a few areas changed); the first
    and last frames last longer."""
    full = paletted(pictures, colours)
    clear = colours - 1
    frames = [full[0]] + [changes(before, after, clear) for before, after in zip(full, full[1:])]
    durations = [STEP_MS] * len(frames)
    durations[0] = durations[-1] = END_MS
    out = io.BytesIO()
    if ext == "gif":
        frames[0].save(out, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                       optimize=False, disposal=1, transparency=clear)
    else:
        frames[0].save(out, "PNG", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                       disposal=Disposal.OP_NONE, blend=Blend.OP_OVER, transparency=clear)
    return out.getvalue()


def paletted(pictures: Sequence[Image.Image], colours: int) -> list[Image.Image]:
    """The pictures in one palette of ``colours`` taken from the first and the last (its last colour left free for
    transparency)."""
    first, last = pictures[0], pictures[-1]
    sample = Image.new("RGB", (first.width, first.height + last.height))
    sample.paste(first, (0, 0))
    sample.paste(last, (0, first.height))
    palette = sample.quantize(colours - 1, method=Image.Quantize.MEDIANCUT)
    entries = (palette.getpalette() or [])[: 3 * (colours - 1)]
    palette.putpalette(entries + [0] * (3 * colours - len(entries)))  # every index up to the free one exists
    return [p.quantize(palette=palette, dither=Image.Dither.NONE) for p in pictures]


def changes(before: Image.Image, after: Image.Image, clear: int) -> Image.Image:
    """``after`` with the pixels that are the same in ``before`` set to the transparent index ``clear`` (both in
    one palette)."""
    def indices(image: Image.Image) -> Image.Image:
        return Image.frombytes("L", image.size, image.tobytes())

    same = ImageChops.difference(indices(before), indices(after)).point(lambda v: 255 if v == 0 else 0)
    out = after.copy()
    out.paste(clear, mask=same)
    return out
