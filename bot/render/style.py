"""Sizes and colours of the board images, in output pixels.

One place to tune the look. The board image is the map alone, drawn for Discord's inline preview (about 550 px
wide): ``SCALE`` times the data's 741x1378 coordinate space under a header strip ``MAP_TOP`` high, so that the
preview shows it at about 0.46x (``WIDTH`` and ``HEIGHT`` are the base map's; the 8-house map, two panels, is
1306x3994, shown at about 0.42x). Unit and order glyphs are sized to stay readable there (about 18 and 23 px).
The side panel (tracks, supply, Power, hands) is a separate, narrower image (``PANEL_W``).
"""

from __future__ import annotations

RGB = tuple[int, int, int]

SCALE = 1.6  # map pixels per data unit
MAP_TOP = 96  # the header strip above the map (round, phase, whose view)
MAP_W = round(741 * SCALE)
MAP_H = round(1378 * SCALE)
WIDTH = MAP_W
HEIGHT = MAP_TOP + MAP_H
PANEL_W = 640  # the panel image's width

# House colours, chosen to differ clearly from each other and from neutral land, also under deuteranopia and
# protanopia (tests/render/test_colours.py: CIEDE2000 over Machado 2009 simulations). They replace the data's
# colours in the images.
HOUSE_COLOURS: dict[str, RGB] = {
    "stark": (214, 214, 250),  # ice white
    "lannister": (156, 10, 20),  # crimson
    "baratheon": (255, 228, 0),  # yellow
    "greyjoy": (34, 30, 60),  # near black
    "tyrell": (40, 120, 100),  # deep green
    "martell": (214, 104, 10),  # orange
    "arryn": (0, 136, 187),  # sky blue (Mother of Dragons)
    "targaryen": (85, 0, 187),  # deep violet (Mother of Dragons)
}

# the map
BACKGROUND: RGB = (40, 44, 52)
LAND: RGB = (200, 190, 160)
SEA: RGB = (120, 163, 196)
PORT: RGB = (166, 196, 214)
BORDER_LAND: RGB = (92, 72, 48)
BORDER_SEA: RGB = (64, 98, 130)
RIVER: RGB = (52, 110, 178)
LAND_TEXT: RGB = (52, 36, 20)
SEA_TEXT: RGB = (22, 52, 88)
HALO: RGB = (246, 238, 214)
TINT_ALPHA = 0.62  # controller colour over a land area
SEA_TINT_ALPHA = 0.14  # ... over a sea held by ships (plus the band)
BAND_WIDTH = 5  # the controller's colour along the inside of the area's outline
BLOCKED_FILL: RGB = (58, 58, 62)
BLOCKED_ALPHA = 0.72

# pieces
INK: RGB = (28, 28, 30)
WHITE: RGB = (255, 255, 255)
ROUTED_FILL: RGB = (150, 150, 150)
NEUTRAL_FILL: RGB = (70, 70, 74)
CASTLE: RGB = (70, 62, 56)
BARREL: RGB = (139, 90, 43)
CROWN: RGB = (212, 160, 23)
ORDER_FACE: RGB = (250, 246, 232)
ORDER_BACK: RGB = (92, 64, 44)  # the back of an order token (face down): the same for every house
STAR: RGB = (200, 140, 0)
LOYALTY: RGB = (240, 206, 96)  # a loyalty token's face
LOAN_FACE: RGB = (236, 240, 246)  # a loan's mark on an area (Mother of Dragons): a light plaque ...
LOAN_RIM: RGB = (52, 62, 84)  # ... with an iron rim
LOAN_UP: RGB = (0, 150, 70)  # a castle raised by a loan
LOAN_DOWN: RGB = (200, 40, 40)  # ... or lowered
SECRET: RGB = (150, 40, 200)  # the ring of the viewer's own hidden orders ("only you see this")

# highlights (they avoid the house colours)
COMBAT: RGB = (226, 16, 166)
MARCH: RGB = (0, 186, 240)
FOCUS: RGB = (138, 64, 255)
SUPPORT: RGB = (40, 110, 255)
CHANGE: RGB = (255, 40, 200)

# the header and the panel
HEADER_TEXT: RGB = (246, 240, 226)
PANEL_BG: RGB = (247, 243, 232)
PANEL_TEXT: RGB = (30, 30, 34)
PANEL_MUTED: RGB = (110, 104, 96)
PANEL_RULE: RGB = (200, 190, 170)
WILDLING: RGB = (60, 110, 170)
WILDLING_HOT: RGB = (190, 40, 40)

# sizes (pixels)
NAME_SIZE = 20
SEA_NAME_SIZE = 18
UNIT_SIZE = 42  # side of a unit glyph
UNIT_GAP = 4
SHIP_WIDTH = 1.25  # a ship glyph is this much wider than tall
ORDER_SIZE = 54  # diameter of an order token
TOKEN_SIZE = 32  # power token, garrison, neutral force
IMPROVE_W = 64  # a loan's mark (castle change, power and supply improvements), TOKEN_SIZE high ...
IMPROVE_MAX_W = 104  # ... wider where it shows two or three things and finds the room
ICON_SIZE = 14  # castle, barrel, crown marks
ARMY_CAPACITY = 4  # glyphs an army block holds (more units are drawn as one glyph per kind with a count)
