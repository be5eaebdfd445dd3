"""The Letters from Whitechapel board image: ``render(picture, fmt="png") -> bytes``.

Draws a ``Picture`` (``picture.picture_of(view)``) over a copy of the empty board (``base``): Jack's paths,
the pieces where ``layout.pieces`` put them, the header and the strip with the move and night tracks. Thread-safe:
the only shared things are the base layer and sprites, built once and then only read, and the fonts, kept per
thread. The palette PNG encoder is the AGoT renderer's (``bot.render.raster.encode``).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.whitechapel import layout as lay
from bot.games.whitechapel.base import (
    CLUE,
    CRIME,
    FALSE_CLUE,
    HIDEOUT,
    INK,
    PAPER,
    PATH,
    POLICE,
    SEARCHED,
    WHITE,
    WOMAN,
    base,
)
from bot.games.whitechapel.picture import LAST_SQUARE, NIGHTS, Picture
from bot.render.fonts import font
from bot.render.raster import encode

SECRET_BAND = (150, 20, 30)
HEADER_BAND = (54, 44, 38)
USED = (214, 200, 170)
SPECIAL = {"coach": ((60, 60, 60), "Coach"), "alley": ((110, 70, 30), "Alley")}


def render(picture: Picture, fmt: str = "png") -> bytes:
    """The board image as PNG (256 colours) or lossless WebP bytes; a bad picture raises ``ValueError``."""
    return encode(render_image(picture), fmt)


def render_image(picture: Picture) -> Image.Image:
    placed = lay.pieces(picture)
    img = base().image.copy()
    d = ImageDraw.Draw(img)
    if picture.paths:
        for path in picture.paths:
            crimes = {c for c, night in picture.crime_scenes if night == path.night}
            for leg in _legs(path.circles, crimes):
                _path(d, [lay.circle_at(c) for c in leg], PATH[path.night])
        img.paste(base().spots, (0, 0), base().spots)  # the circles' numbers stay readable over the paths
    ring = base().sprites["searched"]
    for c in picture.searched:  # rings on the circles themselves, under the pieces
        x, y = lay.circle_at(c)
        img.paste(ring, (round(x - ring.width / 2), round(y - ring.height / 2)), ring)
    for piece in placed:  # leader lines first, so none crosses a piece
        if piece.moved:
            d.line([piece.anchor, (piece.x, piece.y)], fill=INK, width=2)
    for piece in placed:
        _piece(img, d, piece)
    _header(d, picture)
    _strip(d, picture)
    return img


def _legs(circles: tuple[int, ...], crimes: set[int]) -> list[list[int]]:
    """The row cut between two crime scenes of its night: the double event's second victim is not a move."""
    legs = [[circles[0]]] if circles else []
    for a, b in zip(circles, circles[1:]):
        if a in crimes and b in crimes:
            legs.append([])
        legs[-1].append(b)
    return legs


def _path(d: ImageDraw.ImageDraw, points: list[tuple[float, float]], colour: tuple[int, int, int]) -> None:
    if len(points) < 2:
        return
    d.line(points, fill=WHITE, width=9, joint="curve")
    d.line(points, fill=colour, width=5, joint="curve")


def _piece(img: Image.Image, d: ImageDraw.ImageDraw, p: lay.Placed) -> None:
    x0, y0 = round(p.x - p.w / 2), round(p.y - p.h / 2)
    if p.kind == "move":
        night, text = p.look.split(":", 1)
        d.rounded_rectangle((x0, y0, x0 + p.w, y0 + p.h), radius=4, fill=PATH[int(night)], outline=WHITE)
        d.text((p.x, p.y), text, font=font(12, True), fill=WHITE, anchor="mm")
        return
    key = {"policeman": f"pawn-{p.look}", "wretched": "pawn-white", "patrol": f"patrol-{p.look}",
           "woman": f"woman-{p.look}"}.get(p.kind, p.kind)
    sprite = base().sprites[key]
    img.paste(sprite, (x0, y0), sprite)
    ink = {"crime": WHITE, "hideout": WHITE, "clue": INK, "false_clue": WHITE}.get(p.kind)
    if ink is not None:
        dy = 3 if p.kind == "hideout" else 0
        d.text((p.x, p.y + dy), p.look, font=font(12 if len(p.look) < 3 else 10, True), fill=ink, anchor="mm")
    elif p.kind == "woman":
        d.text((p.x, p.y), p.spot, font=font(12 if len(p.spot) < 3 else 10, True), fill=INK, anchor="mm")


def _header(d: ImageDraw.ImageDraw, picture: Picture) -> None:
    width, _ = lay.size()
    band = SECRET_BAND if picture.secret else HEADER_BAND
    d.rectangle((0, 0, width, lay.HEADER), fill=band)
    night = f"Night {picture.night} of {NIGHTS}" if picture.night else "Before the first night"
    d.text((lay.EDGE, 21), f"Letters from Whitechapel  ·  {night}", font=font(28, True), fill=WHITE, anchor="lm")
    d.text((width - lay.EDGE, 21), picture.header, font=font(26, True), fill=WHITE, anchor="rm")
    x: float = lay.EDGE
    if picture.head:
        text = f"Head of the investigation: {picture.head}" + (f" ({picture.head_player})"
                                                               if picture.head_player else "")
        d.ellipse((x, 44, x + 20, 64), fill=POLICE[picture.head], outline=WHITE, width=2)
        d.text((x + 28, 54), text, font=font(19), fill=WHITE, anchor="lm")
        x += 28 + d.textlength(text, font=font(19)) + 30
    if picture.status:
        status = _fit(d, picture.status, 19, width - lay.EDGE - x)
        d.text((x, 54), status, font=font(19), fill=(236, 220, 190), anchor="lm")


def _fit(d: ImageDraw.ImageDraw, text: str, size: int, room: float) -> str:
    """``text``, cut short with an ellipsis when it is wider than ``room`` pixels."""
    if d.textlength(text, font=font(size)) <= room:
        return text
    while text and d.textlength(text + "…", font=font(size)) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def _strip(d: ImageDraw.ImageDraw, picture: Picture) -> None:
    width, height = lay.size()
    top = height - lay.STRIP
    d.rectangle((0, top, width, height), fill=PAPER)
    d.line([(0, top), (width, top)], fill=INK, width=2)
    squares = lay.move_track()
    time, square = picture.time_of_the_crime, picture.square
    title = "Jack's moves" + (f": square {square} of {LAST_SQUARE}" if square else "")
    d.text((squares[0].box[0], top + 15), title, font=font(16, True), fill=INK, anchor="lm")
    for s in squares:
        x0, y0, x1, y1 = s.box
        used = time is not None and square is not None and time <= s.number <= square
        d.rectangle(s.box, fill=USED if used else WHITE, outline=INK, width=2)
        d.text((x0 + 6, y0 + 4), s.label, font=font(14, True), fill=CRIME if s.number <= 5 else INK, anchor="lt")
        special = picture.specials.get(s.number)
        if special:
            fill, text = SPECIAL[special]
            d.rounded_rectangle((x0 + 5, y1 - 24, x1 - 5, y1 - 5), radius=4, fill=fill)
            d.text(((x0 + x1) / 2, y1 - 14), text, font=font(13, True), fill=WHITE, anchor="mm")
        if s.number == time:  # the Time of the Crime marker
            d.rounded_rectangle((x0 + 5, y1 - 24, x1 - 5, y1 - 5), radius=4, fill=CRIME)
            d.text(((x0 + x1) / 2, y1 - 14), "Crime", font=font(13, True), fill=WHITE, anchor="mm")
        if s.number == square:
            cx, cy = x1 - 17, y0 + 17
            d.ellipse((cx - 11, cy - 11, cx + 11, cy + 11), fill=INK)
            d.text((cx, cy), "J", font=font(14, True), fill=WHITE, anchor="mm")
    nights = lay.night_track()
    d.text((nights[0].box[0], top + 15), "Nights", font=font(16, True), fill=INK, anchor="lm")
    crimes: dict[int, list[int]] = {}
    for circle, night in picture.crime_scenes:
        crimes.setdefault(night, []).append(circle)
    for s in nights:
        x0, y0, x1, y1 = s.box
        now = s.number == picture.night
        d.rectangle(s.box, fill=INK if now else WHITE, outline=INK, width=2)
        d.text(((x0 + x1) / 2, y0 + 20), s.label, font=font(22, True), fill=WHITE if now else INK, anchor="mm")
        if s.number in crimes:
            d.text(((x0 + x1) / 2, y1 - 12), " ".join(map(str, crimes[s.number])), font=font(12, True),
                   fill=CRIME if not now else (255, 120, 120), anchor="mm")
    middle = (squares[-1].box[2] + nights[0].box[0]) / 2
    y = squares[0].box[1]
    for i, text in enumerate((f"Coaches left: {picture.coaches_left}", f"Alleys left: {picture.alleys_left}",
                              f"False clues in hand: {picture.false_clues_in_hand}")):
        d.text((middle, y + 10 + i * 21), text, font=font(14), fill=INK, anchor="mm")
    _legend(d, picture, top, squares[0].box[0] + d.textlength(title, font=font(16, True)) + 24)


def _legend(d: ImageDraw.ImageDraw, picture: Picture, top: int, x: float) -> None:
    """A word on the markers shown, from ``x`` right of the move track's title."""
    for colour, words in ((CRIME, "crime scene (night)"), (CLUE, "clue"), (FALSE_CLUE, "false clue"),
                          (WOMAN, "woman"), (INK, "patrol token"), (SEARCHED, "searched, no clue"),
                          (HIDEOUT, "hideout")):
        if (colour == HIDEOUT and picture.hideout is None) or (colour == WOMAN and not picture.women) or \
                (colour == INK and not picture.patrols) or (colour == SEARCHED and not picture.searched):
            continue
        d.rectangle((x, top + 8, x + 14, top + 22), fill=colour, outline=INK)
        d.text((x + 20, top + 15), words, font=font(13), fill=INK, anchor="lm")
        x += 30 + d.textlength(words, font=font(13))
