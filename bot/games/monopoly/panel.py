"""One player's panel: ``panel(view, player) -> bytes`` (PNG).

What the player holds, from the public view: cash, worth, Get Out of Jail Free cards, in jail or not, and the
deeds by colour group (then railroads, utilities), each with its houses, hotel or mortgage. A family's deeds the
player lacks are shown faded with their owner's letter, so a near-complete group is plain to see.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.games.monopoly import layout as lay
from bot.games.monopoly.base import (
    GROUP_NAMES,
    GROUPS,
    INK,
    PAPER,
    RGB,
    SOFT,
    TABLE,
    TITLE,
    WHITE,
    board_data,
    fitted,
)
from bot.games.monopoly.picture import Deed, Picture, picture_of
from bot.games.monopoly.render import (
    HOTEL,
    HOUSE,
    MORTGAGED,
    TOKEN_LOOK,
    TOKEN_NAMES,
    badge,
    cut,
    hatch,
    ink_on,
    token_at,
)
from bot.render.fonts import font
from bot.render.raster import encode

WIDTH = 600
HEAD = 72
FACTS = 84
ROW = 92
CARD_W, CARD_H, CARD_GAP = 104, 78, 8
LABEL_W = 140
FAMILY_INK: Mapping[str, RGB] = {"railroad": INK, "utility": (140, 140, 150)}
FADED: RGB = (228, 228, 224)


def panel(view: Mapping[str, Any], player: str, names: Mapping[str, str] | None = None) -> bytes:
    """The panel of ``player`` (a token id) as PNG bytes; ``ValueError`` for a bad view or an unknown player.
    ``names`` as for ``picture_of``."""
    return encode(panel_image(picture_of(view, names), player))


def panel_image(picture: Picture, token: str) -> Image.Image:
    me = picture.player(token)
    data = board_data()
    deeds = {d.space: d for d in picture.deeds}
    families = [f for f in sorted(data.families, key=lambda f: f not in GROUPS)  # colours first, as on the board
                if any(deeds.get(i, _NOBODY).owner == token for i in data.family(f))]
    height = HEAD + FACTS + max(1, len(families)) * ROW + 16
    img = Image.new("RGB", (WIDTH, height), TABLE)
    d = ImageDraw.Draw(img)
    colour, _ = TOKEN_LOOK[token]
    d.rectangle((0, 0, WIDTH, HEAD), fill=colour)
    token_at(img, token, 40, HEAD / 2, 50)
    title = me.name if me.name == TOKEN_NAMES[token] else f"{me.name} ({TOKEN_NAMES[token]})"
    d.text((76, HEAD / 2), cut(d, title, 30, WIDTH - 230, True), font=font(30, True), fill=ink_on(colour),
           anchor="lm")
    state = "BANKRUPT" if me.bankrupt else "IN JAIL" if me.in_jail else ""
    if state:
        d.rounded_rectangle((WIDTH - 150, 18, WIDTH - 14, HEAD - 18), radius=8, fill=TITLE, outline=WHITE, width=2)
        d.text((WIDTH - 82, HEAD / 2), state, font=font(20, True), fill=WHITE, anchor="mm")
    worth = "?" if me.worth is None else f"${me.worth:,}"
    where = "In the Jail cell" if me.in_jail else "Just visiting the Jail" if me.position == lay.JAIL else (
        f"On {data.spaces[me.position].label}")
    facts = ((f"Cash ${me.cash:,}", f"Worth {worth}", f"Jail cards {me.jail_cards}"), (where,))
    for row, texts in enumerate(facts):
        for col, text in enumerate(texts):
            d.text((20 + col * 196, HEAD + 24 + row * 36), text, font=font(24, col == 0 and row == 0), fill=INK,
                   anchor="lm")
    top = HEAD + FACTS
    if not families:
        d.text((20, top + ROW / 2 - 8), "No deeds yet.", font=font(24), fill=SOFT, anchor="lm")
    for k, family in enumerate(families):
        _family(img, d, family, top + k * ROW, token, deeds)
    return img


_NOBODY = Deed(-1, "")


def _family(img: Image.Image, d: ImageDraw.ImageDraw, family: str, y: float, token: str,
            deeds: Mapping[int, Deed]) -> None:
    data = board_data()
    members = data.family(family)
    fill = GROUPS.get(family) or FAMILY_INK.get(family, SOFT)
    d.rectangle((12, y + 6, 24, y + 6 + CARD_H), fill=fill, outline=INK)
    name = GROUP_NAMES.get(family, family)
    d.text((32, y + 6 + CARD_H / 2 - 12), name, font=fitted(d, name, LABEL_W - 40, 20, 14), fill=INK, anchor="lm")
    if all(deeds.get(i, _NOBODY).owner == token for i in members):
        d.text((32, y + 6 + CARD_H / 2 + 14), "whole set", font=font(18), fill=TITLE, anchor="lm")
    for n, space in enumerate(members):
        x = LABEL_W + n * (CARD_W + CARD_GAP)
        _card(img, d, (x, y + 6, x + CARD_W, y + 6 + CARD_H), space, deeds.get(space), token, fill)


def _card(img: Image.Image, d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], space: int,
          deed: Deed | None, token: str, colour: RGB) -> None:
    x0, y0, x1, y1 = box
    mine = deed is not None and deed.owner == token
    d.rectangle(box, fill=PAPER if mine else FADED, outline=INK if mine else SOFT, width=2)
    d.rectangle((x0, y0, x1, y0 + 14), fill=colour if mine else SOFT, outline=INK if mine else SOFT, width=2)
    name = board_data().spaces[space].short
    d.multiline_text(((x0 + x1) / 2, y0 + 17), name, font=fitted(d, name, CARD_W - 8, 16, 11), spacing=1,
                     fill=INK if mine else SOFT, anchor="ma", align="center")
    bottom = y1 - 14
    if deed is None:
        d.text(((x0 + x1) / 2, bottom), "unowned", font=font(15), fill=SOFT, anchor="mm")
    elif not mine:
        token_at(img, deed.owner, (x0 + x1) / 2, bottom, 24)
    elif deed.mortgaged:
        hatch(img, box)
        badge(d, ((x0 + x1) / 2, bottom), "M", MORTGAGED)
    elif deed.hotel:
        d.rectangle(((x0 + x1) / 2 - 20, bottom - 8, (x0 + x1) / 2 + 20, bottom + 8), fill=HOTEL, outline=INK)
    else:
        for h in range(deed.houses):
            hx = x0 + 12 + h * 22
            d.rectangle((hx, bottom - 8, hx + 16, bottom + 8), fill=HOUSE, outline=INK)
