"""The Monopoly board image: ``render(picture, fmt="png") -> bytes``.

Draws a ``Picture`` (``picture.picture_of(view)``) over a copy of the empty board (``base``): each owned deed's
outer band in its owner's colour and letter, houses and hotels on the colour bars, mortgaged deeds hatched with
an "M", the tokens on their spaces (bankrupt players are gone), and in the centre the round, whose turn, the last
roll, the Bank's buildings and a table of the players. Thread-safe: the base board and token sprites are made
once and then only read; fonts are kept per thread. Encoding is the shared palette PNG (``bot.render.raster``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from PIL import Image, ImageDraw

from bot.games.monopoly import layout as lay
from bot.games.monopoly.base import INK, RGB, SOFT, TITLE, WHITE, band_text, base, board_data, fitted
from bot.games.monopoly.picture import Dice, Picture
from bot.render.fonts import font
from bot.render.raster import encode

# The tokens: Okabe-Ito's eight colours, told apart with colour blindness too, and a letter each.
TOKEN_LOOK: Mapping[str, tuple[RGB, str]] = MappingProxyType({
    "car": ((213, 94, 0), "C"), "dog": ((0, 114, 178), "D"), "hat": ((0, 0, 0), "H"),
    "ship": ((86, 180, 233), "S"), "boot": ((230, 159, 0), "B"), "iron": ((0, 158, 115), "I"),
    "thimble": ((204, 121, 167), "T"), "wheelbarrow": ((240, 228, 66), "W")})
TOKEN_NAMES: Mapping[str, str] = MappingProxyType({
    "car": "Car", "dog": "Dog", "hat": "Top Hat", "ship": "Battleship", "boot": "Boot", "iron": "Iron",
    "thimble": "Thimble", "wheelbarrow": "Wheelbarrow"})
HOUSE: RGB = (20, 140, 50)
HOTEL: RGB = (214, 28, 28)
MORTGAGED: RGB = (80, 80, 86)  # the "M" badge
HATCH = (120, 120, 126, 150)
TURN_ROW: RGB = (255, 244, 190)
GONE: RGB = (150, 150, 150)  # a bankrupt player's row
SPEED: RGB = (30, 70, 160)  # the Speed Die (blue in this edition)
SUPERSAMPLE = 4


def render(picture: Picture, fmt: str = "png") -> bytes:
    """The board image as a 256-colour PNG (or lossless WebP) bytes."""
    return encode(render_image(picture), fmt)


def render_image(picture: Picture) -> Image.Image:
    img = base().copy()
    d = ImageDraw.Draw(img)
    for deed in picture.deeds:
        if deed.mortgaged:
            hatch(img, lay.space_box(deed.space))
        _owner_band(img, d, deed.space, deed.owner)
        if deed.mortgaged:
            badge(d, lay.middle(lay.bar(deed.space)), "M", MORTGAGED)
        elif deed.hotel:
            d.rectangle(lay.hotel_box(deed.space), fill=HOTEL, outline=WHITE, width=2)
            d.rectangle(_grow(lay.hotel_box(deed.space), 1), outline=INK, width=1)
        for box in lay.house_boxes(deed.space, 0 if deed.hotel else deed.houses):
            d.rectangle(box, fill=HOUSE, outline=WHITE, width=2)
            d.rectangle(_grow(box, 1), outline=INK, width=1)
    if picture.auction_space is not None:
        d.rectangle(_grow(lay.space_box(picture.auction_space), -2), outline=TITLE, width=5)
    for (space, jailed), tokens in _standing(picture).items():
        for (x, y, size), token in zip(lay.token_slots(lay.token_zone(space, jailed), len(tokens)), tokens):
            token_at(img, token, x, y, size)
    _centre(img, d, picture)
    return img


def token_at(img: Image.Image, token: str, x: float, y: float, size: float) -> None:
    sprite = _token_sprite(token, round(size))
    img.paste(sprite, (round(x - sprite.width / 2), round(y - sprite.height / 2)), sprite)


def ink_on(colour: RGB) -> RGB:
    """Black or white, whichever reads better on ``colour``."""
    r, g, b = colour
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else WHITE


def _standing(picture: Picture) -> dict[tuple[int, bool], list[str]]:
    """The tokens still in the game by (space, in the Jail cell), in seat order."""
    out: dict[tuple[int, bool], list[str]] = {}
    for p in picture.players:
        if not p.bankrupt:
            out.setdefault((p.position, p.in_jail and p.position == lay.JAIL), []).append(p.token)
    return out


@lru_cache(maxsize=64)
def _token_sprite(token: str, size: int) -> Image.Image:
    colour, letter = TOKEN_LOOK[token]
    big = size * SUPERSAMPLE
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse((0, 0, big - 1, big - 1), fill=WHITE)
    d.ellipse((SUPERSAMPLE * 2, SUPERSAMPLE * 2, big - 1 - SUPERSAMPLE * 2, big - 1 - SUPERSAMPLE * 2), fill=INK)
    k = SUPERSAMPLE * 4
    d.ellipse((k, k, big - 1 - k, big - 1 - k), fill=colour)
    d.text((big / 2, big / 2 + SUPERSAMPLE), letter, font=font(round(big * 0.55), True), fill=ink_on(colour),
           anchor="mm")
    return img.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=8)
def _hatch_tile(w: int, h: int) -> Image.Image:
    tile = Image.new("RGBA", (w, h), (255, 255, 255, 110))
    d = ImageDraw.Draw(tile)
    for k in range(-h, w, 12):
        d.line([(k, h), (k + h, 0)], fill=HATCH, width=3)
    return tile


def hatch(img: Image.Image, box: lay.Box) -> None:
    x0, y0, x1, y1 = (round(v) for v in box)
    tile = _hatch_tile(x1 - x0, y1 - y0)
    img.paste(tile, (x0, y0), tile)


def _owner_band(img: Image.Image, d: ImageDraw.ImageDraw, space: int, owner: str) -> None:
    colour, letter = TOKEN_LOOK[owner]
    d.rectangle(lay.band(space), fill=colour, outline=INK, width=2)
    band_text(img, d, space, letter, ink_on(colour), bold=True)


def badge(d: ImageDraw.ImageDraw, at: tuple[float, float], text: str, fill: RGB) -> None:
    x, y = at
    d.ellipse((x - 14, y - 14, x + 14, y + 14), fill=fill, outline=WHITE, width=2)
    d.text((x, y + 1), text, font=font(18, True), fill=WHITE, anchor="mm")


def _grow(box: lay.Box, by: float) -> lay.Box:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


# --- the centre ------------------------------------------------------------------------------------------

def _centre(img: Image.Image, d: ImageDraw.ImageDraw, picture: Picture) -> None:
    x0, y0, x1, y1 = lay.centre_box()
    cx = (x0 + x1) / 2
    names = {p.token: p.name for p in picture.players}
    line = f"Round {picture.round}"
    if picture.turn:
        line += f"  ·  {cut(d, names[picture.turn], 30, x1 - x0 - 360, True)} to play"
    d.text((cx, y0 + 132), line, font=font(30, True), fill=INK, anchor="mm")
    _roll(img, d, picture.dice, names, y0 + 200)
    _bank(d, picture, y0 + 268)
    _table(img, d, picture, y0 + 312)
    for k, line in enumerate(reversed([line for line in (picture.auction, picture.status) if line])):
        d.text((cx, y1 - 62 - 34 * k), cut(d, line, 24, x1 - x0 - 60, True), font=font(24, True), fill=TITLE,
               anchor="mm")
    _legend(d, y1 - 24)


def _roll(img: Image.Image, d: ImageDraw.ImageDraw, dice: Dice | None, names: Mapping[str, str], y: float) -> None:
    x0, _, x1, _ = lay.centre_box()
    left = x0 + 60
    if dice is None:
        d.text((left, y), "No roll yet", font=font(26), fill=SOFT, anchor="lm")
        return
    label = f"{names.get(dice.player, dice.player)} rolled"
    face = fitted(d, label, 330, 26, 16, False)
    d.text((left, y), label, font=face, fill=INK, anchor="lm")
    x = left + 350
    for value in dice.white:
        _die(d, (x, y - 32, x + 64, y + 32), str(value))
        x += 80
    if dice.speed is not None:
        _die(d, (x, y - 32, x + 64, y + 32), dice.speed, SPEED, WHITE)
        x += 80
    numbers = [*dice.white, *([int(dice.speed)] if dice.speed and dice.speed.isdigit() else [])]
    d.text((x + 4, y), f"= {sum(numbers)}", font=font(28, True), fill=INK, anchor="lm")


PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
        4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
        6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}


def _die(d: ImageDraw.ImageDraw, box: lay.Box, face: str, fill: RGB = WHITE, ink: RGB = INK) -> None:
    """A die showing ``face``: pips for a number, else the face's word (the Speed Die's Bus and Mr. Monopoly)."""
    d.rounded_rectangle(box, radius=10, fill=fill, outline=INK, width=3)
    cx, cy = lay.middle(box)
    if not face.isdigit():
        text = "BUS" if face == "bus" else "Mr.M"
        d.text((cx, cy), text, font=fitted(d, text, 56, 22, 12), fill=ink, anchor="mm")
        return
    for px, py in PIPS[int(face)]:
        x, y = cx + px * 17, cy + py * 17
        d.ellipse((x - 6, y - 6, x + 6, y + 6), fill=ink)


def _bank(d: ImageDraw.ImageDraw, picture: Picture, y: float) -> None:
    x0, _, _, _ = lay.centre_box()
    x = x0 + 60
    d.text((x, y), "Bank:", font=font(26, True), fill=INK, anchor="lm")
    x += 90
    d.rectangle((x, y - 11, x + 22, y + 11), fill=HOUSE, outline=INK, width=2)
    d.text((x + 32, y), f"{picture.bank_houses} houses", font=font(26), fill=INK, anchor="lm")
    x += 220
    d.rectangle((x, y - 11, x + 40, y + 11), fill=HOTEL, outline=INK, width=2)
    d.text((x + 50, y), f"{picture.bank_hotels} hotels", font=font(26), fill=INK, anchor="lm")


COLUMNS = (60, 92, 470, 496, 680)  # token, name, cash (right edge), where, note: offsets from the centre's left


def _table(img: Image.Image, d: ImageDraw.ImageDraw, picture: Picture, top: float) -> None:
    x0, _, x1, _ = lay.centre_box()
    token_x, name_x, cash_x, where_x, note_x = (x0 + c for c in COLUMNS)
    head = font(20, True)
    for x, text, anchor in ((name_x, "Player", "lm"), (cash_x, "Cash", "rm"), (where_x, "On", "lm")):
        d.text((x, top), text, font=head, fill=SOFT, anchor=anchor)
    d.line([(x0 + 36, top + 16), (x1 - 36, top + 16)], fill=SOFT, width=2)
    spaces = board_data().spaces
    row = 46
    for i, p in enumerate(picture.players):
        y = top + 16 + row * (i + 0.5) + 2
        if p.token == picture.turn:
            d.rectangle((x0 + 36, y - row / 2 + 2, x1 - 36, y + row / 2 - 2), fill=TURN_ROW)
        ink = GONE if p.bankrupt else INK
        token_at(img, p.token, token_x, y, 38)
        name = cut(d, p.name, 26, cash_x - name_x - 112, True)
        d.text((name_x, y), name, font=font(26, True), fill=ink, anchor="lm")
        d.text((cash_x, y), f"${p.cash:,}", font=font(26), fill=ink, anchor="rm")
        where = "Jail" if p.in_jail else "Visiting jail" if p.position == lay.JAIL else spaces[p.position].label
        d.text((where_x, y), cut(d, where, 24, note_x - where_x - 10), font=font(24), fill=ink, anchor="lm")
        note = "bankrupt" if p.bankrupt else "in jail" if p.in_jail else ""
        if note:
            d.text((note_x, y), note, font=font(22, True), fill=TITLE if p.in_jail else GONE, anchor="lm")
        if p.bankrupt:
            d.line([(name_x, y), (note_x - 10, y)], fill=GONE, width=2)


def cut(d: ImageDraw.ImageDraw, text: str, size: int, room: float, bold: bool = False) -> str:
    """``text``, cut short with an ellipsis when wider than ``room``."""
    face = font(size, bold)
    if d.textlength(text, font=face) <= room:
        return text
    while text and d.textlength(text + "…", font=face) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def _legend(d: ImageDraw.ImageDraw, y: float) -> None:
    x0, _, x1, _ = lay.centre_box()
    x = x0 + 40
    small = font(18)
    d.rectangle((x, y - 8, x + 16, y + 8), fill=HOUSE, outline=INK)
    x += 24
    d.text((x, y), "house", font=small, fill=SOFT, anchor="lm")
    x += 74
    d.rectangle((x, y - 8, x + 30, y + 8), fill=HOTEL, outline=INK)
    x += 38
    d.text((x, y), "hotel", font=small, fill=SOFT, anchor="lm")
    x += 66
    badge(d, (x + 12, y), "M", MORTGAGED)
    x += 32
    d.text((x, y), "mortgaged", font=small, fill=SOFT, anchor="lm")
    x += 110
    d.text((x, y), "outer band: the owner's colour and letter", font=small, fill=SOFT, anchor="lm")
