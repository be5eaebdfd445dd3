"""Rent (M5): what a player landing on another's deed owes its owner.

Streets: the base rent, doubled on an unimproved street of a whole colour group held by one owner (a mortgaged
street of the group does not matter), else by houses or the hotel. Railroads by how many the owner holds.
Utilities: 4 or 10 times the dice (with the Speed Die all three dice, the Bus and Mr. Monopoly counting 0). A
mortgaged deed and one's own deed pay nothing. The Chance cards' special rents: twice a railroad's rent, ten
times a fresh throw of the white dice at a utility (ruling MN10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.monopoly.game import Game


def owed(game: Game, space: int, payer: str, dice_total: int, card: str | None = None) -> int:
    """The rent ``payer`` owes on landing at ``space`` (0: none); ``card`` is "railroad" (double rent) or
    "utility" (``dice_total`` is then the fresh throw, times ten)."""
    s, b = game.state, game.board
    owner = s.owner_of(space)
    if owner is None or owner == payer or space in s.mortgaged:
        return 0
    deed = b[space]
    held = [d for d in b.group_of(space) if s.owner_of(d) == owner]
    if deed.kind == "street":
        built = s.buildings(space)
        if built:
            return deed.rent[built]
        return deed.rent[0] * (2 if len(held) == len(b.group_of(space)) else 1)
    if deed.kind == "railroad":
        return deed.rent[len(held) - 1] * (2 if card == "railroad" else 1)
    times = 10 if card == "utility" else deed.rent[len(held) - 1]
    return times * dice_total
