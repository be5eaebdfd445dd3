"""Taxes (M7): Income Tax, $200 or 10% of the player's total worth, chosen before the worth is counted (the
question shows no worth; ruling MN5 rounds the 10% up); Luxury Tax, its flat amount to the bank."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import Decision
from engine.monopoly.kinds import Ask, money, option, posed, question
from engine.monopoly.state import percent

if TYPE_CHECKING:
    from engine.monopoly.game import Game

CHOICES = ["flat", "percent"]


def levy(game: Game, player: str, space: int) -> None:
    """Landed on a tax space: Income Tax asks first; the other tax is due at once."""
    if game.board[space].percent:
        game.ask("income_tax", player, space=space)
    else:
        due(game, player, space, game.board[space].tax)


def due(game: Game, player: str, space: int, amount: int) -> None:
    where = game.board.name(space)
    game.say("tax", f"{game.name_of(player)} pays {money(amount)} {where}.", player=player, space=space,
             amount=amount)
    game.push({"step": "pay", "payer": player, "payee": None, "amount": amount, "why": where})


def pose_income_tax(game: Game, ask: Ask) -> Decision:
    space = game.board[ask["space"]]
    labels = {"flat": f"Pay {money(space.tax)}", "percent": f"Pay {space.percent}% of your total worth"}
    return posed(ask, f"{game.name_of(ask['player'])} pays {space.name}",
                 f"{space.name}: pay {money(space.tax)} or {space.percent}% of your total worth (cash, deeds at "
                 "their printed price, buildings at cost), chosen before it is counted.", list(CHOICES), "flat",
                 labels=labels, info={"flat": space.tax, "percent": space.percent,
                                      "cash": game.state.cash[ask["player"]]})


def answer_income_tax(game: Game, ask: Ask, value: Any) -> None:
    p, space = ask["player"], game.board[ask["space"]]
    if option(CHOICES, value) == "flat":
        amount = space.tax
    else:
        amount = percent(game.state.total_worth(game.board, p), space.percent)
    due(game, p, ask["space"], amount)


question("income_tax", pose_income_tax, answer_income_tax)
