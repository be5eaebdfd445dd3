"""Jail (M8, S8): the ``jail`` question at the start of a jailed player's turn: throw the white dice for doubles,
pay the $50 fine (before throwing, on the first two turns), or use a Get Out of Jail Free card. Doubles free the
player, who moves by that throw and does not throw again; the third failed throw pays the fine and moves by it.
Paying or using a card frees the player, who then throws as on any turn (with the Speed Die if it is theirs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import Decision
from engine.monopoly import cards, dice, manage
from engine.monopoly.kinds import UNFORCED, Ask, Step, money, option, posed, question, step

if TYPE_CHECKING:
    from engine.monopoly.game import Game

TRIES = 3  # throws for doubles before the fine is due


def options(game: Game, player: str) -> list[str]:
    s = game.state
    found = ["roll"]
    if s.jailed[player] < TRIES - 1:
        found.append("pay")
    if s.jail_cards.get(player):
        found.append("card")
    return found


def pose_jail(game: Game, ask: Ask) -> Decision:
    s, p = game.state, ask["player"]
    fine = game.board.constants["jail_fine"]
    tries = s.jailed[p]
    labels = {"roll": "Throw for doubles", "pay": f"Pay the {money(fine)} fine",
              "card": "Use a Get Out of Jail Free card"}
    last = " (the last: the fine is due if it fails)" if tries == TRIES - 1 else ""
    return posed(ask, f"{game.name_of(p)} is in Jail",
                 f"In Jail: throw for doubles{last}, pay the {money(fine)} fine or use a card.", options(game, p),
                 "roll", labels=labels, info={"cash": s.cash[p], "failed_throws": tries, "fine": fine,
                                              "jail_cards": len(s.jail_cards.get(p, []))})


def answer_jail(game: Game, ask: Ask, value: Any) -> None:
    if manage.in_place(game, ask, value):
        return
    s, p = game.state, ask["player"]
    choice = option(options(game, p), value)
    if choice == "roll":
        game.push({"step": "jail_roll", "player": p})
        return
    release(game, p, "pays the fine" if choice == "pay" else "uses a Get Out of Jail Free card")
    if choice == "card":
        cards.give_back(game, s.jail_cards[p].pop(0))
        game.push({"step": "roll", "player": p})
    else:
        game.push(fine(game, p), {"step": "roll", "player": p})


question("jail", pose_jail, answer_jail)
UNFORCED.add("jail")


def release(game: Game, player: str, how: str) -> None:
    game.state.jailed.pop(player)
    game.say("jail_out", f"{game.name_of(player)} {how} and leaves Jail.", player=player, how=how)


def fine(game: Game, player: str) -> Step:
    return {"step": "pay", "payer": player, "payee": None, "amount": game.board.constants["jail_fine"],
            "why": "the Jail fine"}


@step("jail_roll")
def jail_roll(game: Game, st: Step) -> None:
    """The white dice only (S8): doubles free the player; the third miss pays the fine; either way the token
    moves by the throw (with no throw again)."""
    s, p = game.state, st["player"]
    t = dice.throw(game, speed=False)
    s.dice = {"player": p, **t}
    game.say("roll", f"{game.name_of(p)} throws {dice.shown(t)} in Jail.", player=p, white=t["white"], speed=None,
             purpose="jail")
    walk = {"step": "advance", "player": p, "steps": dice.white(t)}
    if dice.doubles(t):
        release(game, p, "throws doubles")
        game.push(walk)
        return
    s.jailed[p] += 1
    if s.jailed[p] < TRIES:
        game.say("jail_stay", f"{game.name_of(p)} stays in Jail ({s.jailed[p]} of {TRIES} throws).", player=p,
                 failed_throws=s.jailed[p])
        return
    release(game, p, f"misses the third throw, owes the {money(game.board.constants['jail_fine'])} fine")
    game.push(fine(game, p), walk)
