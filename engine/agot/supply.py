"""Supply (RB2 p.8, checklist section 11; rulings C7, A13, A21).

The Supply track sets how many armies (2+ units in one area) a house may have and
how big. When a house's position changes, a house over its limit destroys units of
its choice, as few as reach compliance (A21), in turn order.

A reconcile answer lists the units to destroy: ``[["winterfell", "footman"], ...]``.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from engine.agot import world
from engine.agot.frames import HouseByHouseFrame as Frame
from engine.agot.steps import HouseByHouseStep, step
from engine.core import Decision, IllegalAnswer, answers

if TYPE_CHECKING:
    from engine.agot.table import Table as Game


def update_supply(game: Game) -> None:
    """The Supply card (3.7): every house moves to its barrel count, then armies are reconciled."""
    s, b = game.state, game.board
    for house in game.turn_order():
        before = s.houses[house].supply
        s.houses[house].supply = world.supply_from_barrels(b, s, house)
        game.emit("supply", f"{game.house_name(house)} supply: {before} -> {s.houses[house].supply}.",
                  house=house, before=before, after=s.houses[house].supply)
    game.push({"step": "reconcile", "houses": game.turn_order()})


def excess(game: Game, house: str) -> int:
    """The fewest units the house must destroy to fit its supply limit."""
    b, s = game.board, game.state
    return world.fewest_removals(b.supply_limits(s.houses[house].supply), world.army_sizes(s, house))


def default_removal(game: Game, house: str) -> list[list[str]]:
    """A minimal legal removal: shrink the largest armies to the largest flags, weakest units first."""
    b, s = game.board, game.state
    armies = sorted(((len(st.units), a) for a, st in world.units_of(s, house) if len(st.units) >= 2), reverse=True)
    caps = sorted(b.supply_limits(s.houses[house].supply), reverse=True)
    strength = {"siege_engine": 0, "footman": 1, "ship": 1, "knight": 2, "dragon": 3}
    out: list[list[str]] = []
    for i, (size, area) in enumerate(armies):
        keep = caps[i] if i < len(caps) else 1
        kinds = sorted((u.kind for u in s.areas[area].units), key=lambda k: strength[k])
        out += [[area, k] for k in kinds[: max(0, size - keep)]]
    return out


def destroy_for_supply(game: Game, house: str, answer: Any) -> list[list[str]]:
    """Check and apply a reconciliation: exactly the fewest units, leaving the house within its limit."""
    s = game.state
    need = excess(game, house)
    if not isinstance(answer, list) or not all(
            isinstance(x, (list, tuple)) and len(x) == 2 and all(isinstance(v, str) for v in x) for x in answer):
        raise IllegalAnswer("List the units to destroy as [area, unit] pairs.")
    if len(answer) != need:
        raise IllegalAnswer(f"You must destroy exactly {need} unit(s): the fewest that bring your armies "
                            "within your supply limit.")
    wanted = Counter((a, k) for a, k in answer)
    for (area, kind), n in wanted.items():
        st = s.areas.get(area)
        if st is None or st.house != house or sum(1 for u in st.units if u.kind == kind) < n:
            raise IllegalAnswer(f"You do not have {n} {answers.unit(kind)} in {game.named_area(area)}.")
    for area, kind in answer:
        world.remove_units(s, area, [kind], prefer_routed=True)
    if not world.within_supply(game.board, s, house):
        raise IllegalAnswer("After those losses your armies would still break your supply limit.")
    return [list(x) for x in answer]


@step("reconcile")
class ReconcileStep(HouseByHouseStep):
    """Frame: {"houses": [...in turn order]} - each house over its limit reduces its armies (11.8)."""

    def has_work(self, game: Game, frame: Frame, house: str) -> bool:
        return excess(game, house) > 0

    def decision(self, game: Game, frame: Frame, player: str, did: str) -> Decision:
        s = game.state
        return Decision(
            id=did, player=player, kind="reconcile", default=default_removal(game, player),
            prompt=f"Your armies exceed your supply limit: destroy {excess(game, player)} unit(s).",
            info={"must_destroy": excess(game, player),
                  "limits": game.board.supply_limits(s.houses[player].supply),
                  "armies": {a: [u.kind for u in st.units] for a, st in world.units_of(s, player)
                             if len(st.units) >= 2}},
        )

    def answer(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None:
        removed = destroy_for_supply(game, decision.player, answer)
        self.done(frame)
        world.settle_ports(game)
        listing = ", ".join(f"{k.replace('_', ' ')} in {game.area_name(a)}" for a, k in removed)
        game.emit("reconcile", f"{game.house_name(decision.player)} destroys {listing} to respect supply.",
                  house=decision.player, removed=removed, reason="supply")
