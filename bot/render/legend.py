"""The key at the bottom of the panel image: every piece and mark, in a neutral grey (built once per map, cached)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.render import style
from bot.render.fonts import font
from bot.render.sprites import (
    garrison_sprite,
    improvement_sprite,
    loyalty_sprite,
    mix,
    order_sprite,
    power_token_sprite,
    unit_sprite,
)
from bot.render.static import static

GREY: style.RGB = (196, 196, 196)
ROW = 44


def legend() -> Image.Image:
    grey = GREY
    entries: list[tuple[Image.Image, str]] = [
        (unit_sprite("footman", grey, False), "Footman"), (unit_sprite("knight", grey, False), "Knight"),
        (unit_sprite("siege_engine", grey, False), "Siege engine"), (unit_sprite("ship", grey, False), "Ship"),
        (unit_sprite("footman", grey, True), "Routed"),
        (order_sprite(grey, None, False, False, 40), "Order, face down"),
        (order_sprite(grey, "M+1", True, False, 40), "Special order"),
        (order_sprite(grey, "D+1", False, True, 40), "Only you see it"),
        (power_token_sprite(grey), "Power token"), (garrison_sprite(grey, "2"), "Garrison"),
        (garrison_sprite(style.NEUTRAL_FILL, "5"), "Neutral force"),
    ]
    if static().loyalty:  # the 8-house map: Targaryen's Dragons and loyalty tokens
        entries += [(unit_sprite("dragon", grey, False), "Dragon"), (loyalty_sprite(2), "Loyalty tokens")]
    plain = len(entries)
    if static().bank:  # ... and what loans changed on the board (wide marks, from their column's edge)
        entries += [(improvement_sprite(1, 0, 0, 48, 24), "Loan: castle +1"),
                    (improvement_sprite(-1, 0, 0, 48, 24), "Loan: castle −1"),
                    (improvement_sprite(0, 1, 0, 48, 24), "Loan: +Power"),
                    (improvement_sprite(0, 0, 1, 48, 24), "Loan: +supply")]
    cols = 3
    rows = (len(entries) + 1 + cols - 1) // cols
    img = Image.new("RGB", (style.PANEL_W, 56 + rows * ROW), style.PANEL_BG)
    d = ImageDraw.Draw(img)
    x0, x1 = 16, style.PANEL_W - 16
    d.line([(x0, 4), (x1, 4)], fill=style.PANEL_RULE, width=1)
    d.text((x0, 12), "Key", font=font(22, True), fill=style.PANEL_TEXT)
    col_w = (x1 - x0) / cols
    f = font(18)
    for i, (sprite, text) in enumerate(entries):
        half = 24 if i < plain else sprite.width / 2 + 2
        cx, cy = x0 + (i % cols) * col_w + half, 62 + (i // cols) * ROW
        img.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)
        d.text((cx + (30 if i < plain else sprite.width / 2 + 6), cy), text, font=f, fill=style.PANEL_TEXT,
               anchor="lm")
    i = len(entries)
    cx, cy = x0 + (i % cols) * col_w + 24, 62 + (i // cols) * ROW
    d.rectangle((cx - 16, cy - 13, cx + 16, cy + 13), fill=style.BLOCKED_FILL, outline=style.INK)
    d.line([(cx - 16, cy + 13), (cx + 10, cy - 13)], fill=mix(style.BLOCKED_FILL, style.WHITE, 0.16), width=3)
    d.text((cx + 30, cy), "Blocked", font=f, fill=style.PANEL_TEXT, anchor="lm")
    return img
