"""Sizes and colours of the board image, in output pixels.

One place to tune the look: the map is drawn at ``SCALE`` times the data's 741x1378 coordinate space and the
side panel sits to its right.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

SCALE = 1.6  # map pixels per data unit
MAP_W = round(741 * SCALE)
MAP_H = round(1378 * SCALE)
PANEL_X = MAP_W + 12  # left edge of the side panel
PANEL_W = 620
WIDTH = PANEL_X + PANEL_W + 12
HEIGHT = MAP_H
LEGEND_TOP = HEIGHT - 196  # the key at the bottom of the panel (covered when the panel runs long)

# the map
BACKGROUND: RGB = (40, 44, 52)
LAND: RGB = (226, 211, 172)
SEA: RGB = (120, 163, 196)
PORT: RGB = (166, 196, 214)
BORDER_LAND: RGB = (92, 72, 48)
BORDER_SEA: RGB = (64, 98, 130)
RIVER: RGB = (52, 110, 178)
LAND_TEXT: RGB = (52, 36, 20)
SEA_TEXT: RGB = (22, 52, 88)
HALO: RGB = (246, 238, 214)
TINT_ALPHA = 0.42  # controller colour over a land area
BAND_WIDTH = 4  # the controller's colour along the inside of the area's outline
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
STAR: RGB = (200, 140, 0)

# highlights
# highlight colours avoid the house colours (yellow, red, white, orange, grey, green)
COMBAT: RGB = (226, 16, 166)
MARCH: RGB = (0, 186, 240)
FOCUS: RGB = (138, 64, 255)
SUPPORT: RGB = (40, 110, 255)

# the panel
PANEL_BG: RGB = (247, 243, 232)
PANEL_TEXT: RGB = (30, 30, 34)
PANEL_MUTED: RGB = (110, 104, 96)
PANEL_RULE: RGB = (200, 190, 170)
WILDLING: RGB = (60, 110, 170)
WILDLING_HOT: RGB = (190, 40, 40)

# font sizes (pixels)
NAME_SIZE = 19
SEA_NAME_SIZE = 18
UNIT_SIZE = 34  # side of a unit glyph
ORDER_SIZE = 50  # diameter of an order token
TOKEN_SIZE = 28  # power token, garrison, neutral force
ICON_SIZE = 14  # castle, barrel, crown marks
