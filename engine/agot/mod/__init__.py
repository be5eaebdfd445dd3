"""Mother of Dragons: the expansion's boards (7 and 8 houses), vassals, dragons, loyalty and the Iron Bank.

The base game's modules call in here through small hooks only; with the base board (``Board.setup == ""``)
nothing of this package changes a game.
"""
