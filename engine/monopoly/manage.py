"""The standing question ``manage`` (build, sell, mortgage, lift, trade offers) and its window.

A player still in may manage whenever the window is open: while the main question is a ``turn`` or ``jail``
(anyone), or while the main question is the player's own ``buy``, ``raise_funds``, bid or ``lift_now``. A manage
answer given in place of such a question (``in_place``) is applied and the question asked again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import Decision, IllegalAnswer, answers
from engine.monopoly import estate
from engine.monopoly.kinds import KINDS, Ask, money, question

if TYPE_CHECKING:
    from engine.monopoly.game import Game

ACTIONS = ("build", "sell_building", "mortgage", "lift", "offer", "withdraw")
OPEN_TO_ALL = ("turn", "jail")
OPEN_TO_OWN = ("buy", "raise_funds", "bid", "open_bid", "lift_now")
LABEL = "build, sell, mortgage, trade"


def is_action(value: Any) -> bool:
    return isinstance(value, dict) and len(value) == 1 and next(iter(value)) in ACTIONS


def closed(game: Game, player: str) -> str | None:
    """Why ``player`` may not manage now (None: the window is open)."""
    if player in game.state.out:
        return "You are out of the game."
    held = game.blocking()
    if not held or any(a["kind"] in OPEN_TO_ALL or (a["player"] == player and a["kind"] in OPEN_TO_OWN)
                       for a in held):
        return None
    label = KINDS[held[0]["kind"]].pose(game, held[0]).label
    return f"Wait: {label} first; building, selling, mortgages and trades open again once that is decided."


def apply(game: Game, player: str, value: Any, owed: int = 0) -> None:
    """One manage action for ``player`` (the window already checked; ``owed``: the debt they are raising)."""
    from engine.monopoly import auction, trade
    if not is_action(value):
        raise IllegalAnswer(f"Manage with one of {', '.join(ACTIONS)}, like {{\"build\": 39}} (not "
                            f"{answers.kind_of(value)}).")
    (key, arg), = value.items()
    if key == "build" and owed:
        raise IllegalAnswer(f"Pay the {money(owed)} you owe before building.")
    if key == "offer":
        trade.offer(game, player, arg)
    elif key == "withdraw":
        trade.withdraw(game, player, arg)
    elif key == "build":
        space = estate.deed(game, arg)
        if not auction.contested(game, player, space):
            estate.build(game, player, space)
    else:
        space = estate.deed(game, arg)
        { "sell_building": estate.sell_building, "mortgage": estate.mortgage,
         "lift": estate.lift}[key](game, player, space)


def in_place(game: Game, ask: Ask, value: Any) -> bool:
    """A manage answer given instead of ``ask`` (the player's own main question): applied, ``ask`` asked again
    under a new id, True; anything else: False (the caller reads its own answer)."""
    if not is_action(value):
        return False
    apply(game, ask["player"], value, ask["amount"] if ask["kind"] == "raise_funds" else 0)
    game.reask(ask)
    return True


def raising_actions(game: Game, player: str) -> list[dict[str, int]]:
    """The sales and mortgages open to ``player`` now, as manage answers."""
    return ([{"sell_building": d} for d in estate.sellable(game, player)]
            + [{"mortgage": d} for d in estate.mortgageable(game, player)])


def action_label(game: Game, value: Any) -> str:
    words = {"pay": "Pay now", "auto": "Raise it for me (mortgages first, then buildings), then pay",
             "bankrupt": "Declare bankruptcy"}
    if isinstance(value, str):
        return words.get(value, value)
    (key, space), = value.items()
    if key == "sell_building":
        return f"Sell a building on {estate.name(game, space)} (+{money(estate.half(game, space))})"
    return f"Mortgage {estate.name(game, space)} (+{money(game.board[space].mortgage)})"


# --- the standing question ---------------------------------------------------------------------------------------

def pose(game: Game, ask: Ask) -> Decision:
    player = ask["player"]
    why = closed(game, player)
    info: dict[str, Any] = {"open": why is None, "closed_because": why or "",
                            "build": estate.buildable(game, player), "sell_building": estate.sellable(game, player),
                            "mortgage": estate.mortgageable(game, player), "lift": estate.liftable(game, player),
                            "offers": [t["id"] for t in game.state.trades if t["from"] == player]}
    return Decision(id=ask["id"], player=player, kind=ask["kind"], label=LABEL, info=info, default=None,
                    prompt="Build ({\"build\": space}), sell a building ({\"sell_building\": space}), mortgage "
                           "({\"mortgage\": space}), lift a mortgage ({\"lift\": space}), offer a trade "
                           "({\"offer\": {\"to\", \"give\", \"take\"}}) or withdraw one ({\"withdraw\": id}).")


def answer(game: Game, ask: Ask, value: Any) -> None:
    if value is None:
        return  # the default: nothing done
    why = closed(game, ask["player"])
    if why:
        raise IllegalAnswer(why)
    owed = [a["amount"] for a in game.blocking() if a["kind"] == "raise_funds" and a["player"] == ask["player"]]
    apply(game, ask["player"], value, sum(owed))


question("manage", pose, answer)
