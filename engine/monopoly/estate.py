"""The estate: houses and hotels (M9) and mortgages (M10), checked and applied for one player.

Each ``check_*`` returns why an action is refused now (one line) or None; each action raises ``IllegalAnswer``
with that reason, else changes the state and says a public event. Buildings are a count per street (1-4 houses,
5 a hotel); the bank's stock is what the streets do not hold (``State.bank_houses/bank_hotels``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import IllegalAnswer, answers
from engine.monopoly.kinds import money
from engine.monopoly.state import HOTEL, NAMES, percent

if TYPE_CHECKING:
    from engine.monopoly.game import Game

FOUR = 4  # houses on a street before its hotel


def deed(game: Game, value: object) -> int:
    """A deed named by its space number (or its digits) or its name in any case: refused with the reason if it
    is no deed."""
    if isinstance(value, str):
        text = value.strip()
        named = [s.index for s in game.board.spaces if s.deed and s.name.lower() == text.lower()]
        value = int(text) if text.isdigit() else named[0] if named else value
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAnswer(f"A deed is named by its space number or its name, like 39 or Boardwalk (not "
                            f"{answers.quote(value) if isinstance(value, str) else answers.kind_of(value)}).")
    if not 0 <= value < len(game.board.spaces) or not game.board[value].deed:
        raise IllegalAnswer(f"Space {value} is no deed (streets, railroads and utilities are).")
    return value


def name(game: Game, space: int) -> str:
    return game.board.name(space)


def group_built(game: Game, space: int) -> bool:
    """Whether any street of this deed's group has a building."""
    return any(game.state.buildings(s) for s in game.board.group_of(space))


def interest(game: Game, space: int) -> int:
    return percent(game.board[space].mortgage, game.board.constants["mortgage_interest_percent"])


def lift_cost(game: Game, space: int) -> int:
    return game.board[space].mortgage + interest(game, space)


def half(game: Game, space: int) -> int:
    """What one building of this street sells back for."""
    return game.board[space].house_cost // 2


# --- building (M9) --------------------------------------------------------------------------------------------

def check_build(game: Game, player: str, space: int, price: int | None = None) -> str | None:
    """Why ``player`` may not build on ``space`` now (``price``: an auction's, instead of the house cost)."""
    s, b = game.state, game.board
    if b[space].kind != "street":
        return f"{name(game, space)} is no street: houses go on streets only."
    if s.owner_of(space) != player:
        return f"{name(game, space)} is not yours."
    group = b.group_of(space)
    if any(s.owner_of(g) != player for g in group):
        return f"Houses need the whole colour group: you do not own all of {names(game, group)}."
    if any(g in s.mortgaged for g in group):
        return "Lift every mortgage of the group before building (M10.4)."
    count = s.buildings(space)
    if count == HOTEL:
        return f"{name(game, space)} already has its hotel."
    if count > min(s.buildings(g) for g in group):
        return f"Build evenly: every street of the group needs {count} before {name(game, space)} gets one more."
    if count == FOUR and s.bank_hotels(b) < 1:
        return "The bank has no hotel left: wait until one comes back."
    if count < FOUR and s.bank_houses(b) < 1:
        return "The bank has no house left: wait until one comes back."
    cost = b[space].house_cost if price is None else price
    if s.cash[player] < cost:
        return f"A building on {name(game, space)} costs {money(cost)}; you have {money(s.cash[player])}."
    return None


def build(game: Game, player: str, space: int, price: int | None = None) -> None:
    """One house, or the hotel on a street with four (its houses back to the bank); ``price`` an auction's."""
    refuse(check_build(game, player, space, price))
    s = game.state
    cost = game.board[space].house_cost if price is None else price
    s.cash[player] -= cost
    s.houses[str(space)] = s.buildings(space) + 1
    what = "a hotel" if s.buildings(space) == HOTEL else f"house {s.buildings(space)}"
    game.say("build", f"{describe(player)} builds {what} on {name(game, space)} for {money(cost)}.",
             player=player, space=space, buildings=s.buildings(space), amount=cost)


def check_sell(game: Game, player: str, space: int) -> str | None:
    s = game.state
    if s.owner_of(space) != player:
        return f"{name(game, space)} is not yours."
    count = s.buildings(space)
    if not count:
        return f"{name(game, space)} has no building to sell."
    if count < max(s.buildings(g) for g in game.board.group_of(space)):
        return "Sell evenly: first sell from the streets of the group that have more buildings."
    return None


def hotel_breaks(game: Game) -> bool:
    """A hotel sold back steps down to four houses only while the bank has four houses to give (ruling MN19);
    otherwise the hotel and its four houses' worth are sold at once."""
    return game.state.bank_houses(game.board) >= FOUR


def sell_building(game: Game, player: str, space: int) -> None:
    """Sell one house back at half its cost; a hotel as one step (to four houses) or whole (MN19)."""
    refuse(check_sell(game, player, space))
    s = game.state
    count = s.buildings(space)
    sold = HOTEL if count == HOTEL and not hotel_breaks(game) else 1
    s.houses[str(space)] = count - sold
    gain = sold * half(game, space)
    s.cash[player] += gain
    what = "the hotel" if count == HOTEL else "a house"
    game.say("sell_building", f"{describe(player)} sells {what} on {name(game, space)} for {money(gain)} "
             f"({s.buildings(space)} left there).", player=player, space=space, buildings=s.buildings(space),
             amount=gain)


# --- mortgages (M10) ------------------------------------------------------------------------------------------

def check_mortgage(game: Game, player: str, space: int) -> str | None:
    s = game.state
    if s.owner_of(space) != player:
        return f"{name(game, space)} is not yours."
    if space in s.mortgaged:
        return f"{name(game, space)} is already mortgaged."
    if group_built(game, space):
        return f"Sell every building of {name(game, space)}'s group before mortgaging it (M10.1)."
    return None


def mortgage(game: Game, player: str, space: int) -> None:
    refuse(check_mortgage(game, player, space))
    s = game.state
    value = game.board[space].mortgage
    s.mortgaged.append(space)
    s.mortgaged.sort()
    s.cash[player] += value
    game.say("mortgage", f"{describe(player)} mortgages {name(game, space)} for {money(value)}.",
             player=player, space=space, amount=value)


def check_lift(game: Game, player: str, space: int, cost: int | None = None) -> str | None:
    s = game.state
    if s.owner_of(space) != player:
        return f"{name(game, space)} is not yours."
    if space not in s.mortgaged:
        return f"{name(game, space)} is not mortgaged."
    cost = lift_cost(game, space) if cost is None else cost
    if s.cash[player] < cost:
        return f"Lifting the mortgage of {name(game, space)} costs {money(cost)}; you have " \
               f"{money(s.cash[player])}."
    return None


def lift(game: Game, player: str, space: int, cost: int | None = None) -> None:
    """Lift a mortgage: its value and 10% (``cost``: the mortgage alone right after a change of hands, M10.3)."""
    cost = lift_cost(game, space) if cost is None else cost
    refuse(check_lift(game, player, space, cost))
    s = game.state
    s.mortgaged.remove(space)
    s.cash[player] -= cost
    game.say("lift", f"{describe(player)} lifts the mortgage of {name(game, space)} for {money(cost)}.",
             player=player, space=space, amount=cost)


# --- reading ---------------------------------------------------------------------------------------------------

def sellable(game: Game, player: str) -> list[int]:
    return [d for d in game.state.deeds_of(player) if check_sell(game, player, d) is None]


def mortgageable(game: Game, player: str) -> list[int]:
    return [d for d in game.state.deeds_of(player) if check_mortgage(game, player, d) is None]


def buildable(game: Game, player: str, hotel: bool | None = None) -> list[int]:
    """The streets ``player`` may build on now (``hotel``: only where the next building is a hotel, or a
    house)."""
    return [d for d in game.state.deeds_of(player) if check_build(game, player, d) is None
            and hotel in (None, game.state.buildings(d) == FOUR)]


def liftable(game: Game, player: str) -> list[int]:
    return [d for d in game.state.deeds_of(player) if check_lift(game, player, d) is None]


def names(game: Game, spaces: tuple[int, ...] | list[int]) -> str:
    return ", ".join(name(game, s) for s in spaces)


def refuse(reason: str | None) -> None:
    if reason:
        raise IllegalAnswer(reason)


def describe(player: str) -> str:
    return NAMES.get(player, player)
