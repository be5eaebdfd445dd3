"""Setting up a Mother of Dragons game (M1, M8, M10): which set-up, which houses are vassals, the tracks, Power,
vassal supply, loyalty tokens. ``Game.new`` calls these; for the base game they change nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.agot.board import Board, board
from engine.agot.mod import bank, westeros_iv

if TYPE_CHECKING:
    from engine.agot.table import Table

MOD_SETUPS = ("7", "8")  # the Mother of Dragons set-ups, by their number of houses
TARGARYEN = "targaryen"


def houses_for(player_count: int, setup: str = "") -> list[str]:
    """The houses of the set-up a game of ``player_count`` players uses (refused when that count cannot)."""
    key = setup or str(player_count)
    b = board(setup if setup else ("" if player_count <= 6 else str(player_count)))
    if key not in b.setups:
        raise ValueError("A Game of Thrones takes 3 to 6 players (4 to 8 with Mother of Dragons)")
    houses = list(b.setups[key]["houses"])
    if setup and not 4 <= player_count <= len(houses):
        raise ValueError(f"The {setup}-house set-up takes 4 to {len(houses)} players")
    return houses


def resolve(setup: str, vassals: Sequence[str], player_count: int) -> tuple[str, tuple[str, ...]]:
    """The set-up and the vassals made explicit: 7 or 8 players play the set-up of their count; fewer players
    than houses leave vassals (by default the last houses of the set-up's list)."""
    setup = setup or (str(player_count) if player_count in (7, 8) else "")
    if not setup:
        return setup, tuple(vassals)
    houses = houses_for(player_count, setup)
    vassals = tuple(vassals) or tuple(houses[player_count:])
    if len(set(vassals)) != len(vassals) or not set(vassals) <= set(houses):
        raise ValueError(f"vassals must be different houses of the {setup}-house set-up")
    if len(vassals) != len(houses) - player_count:
        raise ValueError(f"{player_count} players on the {setup}-house set-up leave {len(houses) - player_count} "
                         "vassals")
    return setup, tuple(h for h in houses if h in vassals)


def track(order: Sequence[str], vassals: Sequence[str]) -> list[str]:
    """An Influence track at set-up (M8): when a vassal stands in its top three, every vassal and Targaryen move
    to the bottom, keeping their order."""
    if not any(h in vassals for h in order[:3]):
        return list(order)
    moved = [h for h in order if h in vassals or h == TARGARYEN]
    return [h for h in order if h not in moved] + moved


def starting_power(b: Board, house: str, vassals: Sequence[str], seven: bool = False) -> int:
    """M1: 5 Power, Targaryen 7 (a vassal has none, M8); with the setting ``seven_power`` and the Iron Bank
    (8 houses) every player 7; the base game's table otherwise."""
    power: Any = b.tables["starting_power"]
    if isinstance(power, dict):
        if house in vassals:
            return 0
        return 7 if seven and b.setup == "8" else int(power[house])
    return int(power)


def place(table: Table) -> None:
    """What the set-up adds after the units: the vassals' supply of 4, the loyalty tokens, the expansion's
    state (``state.mod``)."""
    b, s = table.board, table.state
    if not b.setup:
        return
    setup = b.setups[b.setup]
    vassals = list(s.settings.get("vassals", []))
    for house in vassals:
        s.houses[house].supply = setup["vassal_supply"]
    s.mod = {"commanders": {}, "loyalty": dict(setup["loyalty_tokens"]), "loyalty_gained": 0, "dragon_box": 0,
             "dragon_track": list(setup.get("dragon_strength_rounds", []))}
    if TARGARYEN in s.houses and TARGARYEN not in vassals and s.settings.get("targaryen_deck") == "b":
        s.houses[TARGARYEN].hand = [c["id"] for c in b.house_cards["targaryen_b"]]
    if vassals:  # M8: the vassals share one House card deck
        deck = [c["id"] for c in b.house_cards["vassal"]]
        s.mod["vassal_cards"] = {"hand": deck, "discard": []}
        for house in vassals:
            s.houses[house].hand = list(deck)
    if TARGARYEN not in s.houses:
        del s.mod["loyalty"], s.mod["loyalty_gained"], s.mod["dragon_box"], s.mod["dragon_track"]
    westeros_iv.deal(table)
    bank.deal(table)
