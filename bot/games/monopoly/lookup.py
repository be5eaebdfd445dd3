"""Monopoly's look-ups (``/monopoly deed``): a deed's price, rents, mortgage and house cost from the board, and
who holds it now (its buildings, its mortgage) from a public view. Pure words (no discord import)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.monopoly.answers import space_named
from bot.games.monopoly.words import who
from engine.monopoly.board import board
from engine.monopoly.kinds import money
from engine.monopoly.state import percent

HOUSES = ("1 house", "2 houses", "3 houses", "4 houses", "a hotel")


def rents(space: int) -> str:
    s, b = board()[space], board()
    if s.kind == "street":
        group = len(b.groups[s.group or ""])
        base = f"{money(s.rent[0])} ({money(2 * s.rent[0])} with all {group} of the group, unbuilt)"
        built = " · ".join(f"{n} {money(r)}" for n, r in zip(HOUSES, s.rent[1:]))
        return f"Rent: {base} · {built}"
    if s.kind == "railroad":
        return "Rent by the railroads the owner holds: " + " · ".join(
            f"{n} {money(r)}" for n, r in enumerate(s.rent, start=1))
    return (f"Rent: {s.rent[0]} times the dice with one utility, {s.rent[1]} times with both (with the Speed Die: "
            "all three dice, the Bus and Mr. Monopoly counting 0)")


def holder(space: int, view: Mapping[str, Any] | None) -> str:
    """Who holds the deed now, with its buildings or mortgage; "" without a game."""
    if view is None:
        return ""
    found = next((d for d in view["public"].get("spaces") or [] if d.get("space") == space), None)
    if found is None or not found.get("owner"):
        return "\nNow: the bank's (for sale)."
    marks = ["mortgaged"] if found.get("mortgaged") else []
    if found.get("hotel"):
        marks.append("a hotel")
    elif found.get("houses"):
        marks.append(f"{found['houses']} house{'s' if found['houses'] > 1 else ''}")
    return f"\nNow: {who(found['owner'])}'s" + (f" ({', '.join(marks)})" if marks else "") + "."


def deed_text(words: str, view: Mapping[str, Any] | None = None) -> str:
    """A deed's card in words, and its holder in ``view``'s game."""
    space = space_named(words, deeds_only=True)
    s = board()[space]
    kind = f"{s.group.replace('_', ' ')} street" if s.group else s.kind
    rate = board().constants["mortgage_interest_percent"]
    lift = s.mortgage + percent(s.mortgage, rate)
    lines = [f"**{s.name}** ({kind}, space {space}) · price {money(s.price)} · mortgage {money(s.mortgage)} "
             f"(lifted for {money(lift)})" + (f" · {money(s.house_cost)} a house or hotel" if s.house_cost else ""),
             rents(space)]
    return "\n".join(lines) + holder(space, view)


def own_deeds(view: Mapping[str, Any], player: str, action: str) -> list[int]:
    """The deeds of ``player`` an action may fit, from a public view: ``build`` the streets of groups held whole,
    ``sell_building`` those with buildings, ``mortgage`` those not mortgaged, ``lift`` the mortgaged ones."""
    spaces = {d["space"]: d for d in view["public"].get("spaces") or []}
    mine = [i for i, d in spaces.items() if d.get("owner") == player]
    if action == "build":
        groups = board().groups.values()
        return [i for i in mine if any(i in g and all(spaces.get(x, {}).get("owner") == player for x in g)
                                       for g in groups) and not spaces[i].get("hotel")]
    if action == "sell_building":
        return [i for i in mine if spaces[i].get("houses") or spaces[i].get("hotel")]
    if action == "mortgage":
        return [i for i in mine if not spaces[i].get("mortgaged")]
    if action == "lift":
        return [i for i in mine if spaces[i].get("mortgaged")]
    raise ValueError(f"no such action {action!r}")
