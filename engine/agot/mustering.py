"""Mustering (RB2 p.9, checklist section 12; ships 12.6, ports 14.2).

Each controlled castle gives 1 point and each stronghold 2, spent only there:
Footman 1, Knight 2, Siege Engine 2, Ship 1, upgrading a Footman to a Knight or
Siege Engine 1. Units come from the house's pool, never break the supply limit;
ships go to the area's port (at most 3 ships) or an adjacent sea without enemy
ships. One decision per house covers all its mustering areas; houses muster one
after another in turn order.

An answer is a list of actions, applied in order::

    [{"area": "winterfell", "unit": "footman"},
     {"area": "winterfell", "unit": "ship", "to": "port-of-winterfell"},
     {"area": "lannisport", "upgrade": "knight"}]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.agot import world
from engine.agot.frames import HouseByHouseFrame as Frame
from engine.agot.state import Unit
from engine.agot.steps import HouseByHouseStep, step
from engine.core import Decision, IllegalAnswer, answers

if TYPE_CHECKING:
    from engine.agot.table import Table as Game

UPGRADES = ("knight", "siege_engine")


def mustering_areas(game: Game, house: str, only: list[str] | None = None) -> dict[str, int]:
    """Controlled castle/stronghold areas and their points (12.2)."""
    b, s = game.board, game.state
    out = {}
    for area, info in b.areas.items():
        level = world.castle_level(b, s, area)
        if level and info.kind == "land" and world.controller(b, s, area) == house:
            if only is None or area in only:
                out[area] = level
    return out


def ship_destinations(game: Game, house: str, area: str) -> list[str]:
    """Where ships mustered in ``area`` may go (12.6, 14.3): its port, adjacent seas free of enemy ships."""
    b, s = game.board, game.state
    out = []
    port = b.areas[area].port
    if port and not s.areas[port].blocked:
        out.append(port)
    out += [n for n in b.adjacent[area] if b.is_sea(n) and not world.enemy_ships_in(s, n, house)]
    return sorted(out)


def can_buy(game: Game, house: str, area: str, points: int) -> bool:
    """Whether anything at all can be mustered in ``area`` (a unit or an upgrade within points, pool, supply,
    and room for a ship)."""
    b, s = game.board, game.state
    costs = b.tables["mustering_costs"]
    st = s.areas[area]
    footman_here = st.house == house and any(u.kind == "footman" for u in st.units)
    for kind in UPGRADES:
        if footman_here and costs["upgrade_" + kind] <= points and world.pool(b, s, house, kind) > 0:
            return True
    for kind in b.tables["unit_limits"]:
        if kind not in costs or costs[kind] > points or world.pool(b, s, house, kind) < 1:  # M7: no Dragon
            continue
        places = ship_destinations(game, house, area) if kind == "ship" else [area]
        for dest in places:
            if b.is_port(dest) and len(s.areas[dest].units) >= b.tables["port_capacity"]:
                continue
            if world.within_supply(b, s, house, {dest: 1}):
                return True
    return False


def apply_mustering(game: Game, house: str, actions: Any,
                    areas: dict[str, int]) -> tuple[list[str], list[dict[str, str]]]:
    """Apply a house's mustering actions (state is restored by the caller on IllegalAnswer); returns what was done
    in words and the actions as the engine's own values (never the client's extra keys)."""
    b, s = game.board, game.state
    if not isinstance(actions, list):
        raise IllegalAnswer("Mustering is a list of actions (unit or upgrade per area).")
    points = dict(areas)
    costs = b.tables["mustering_costs"]
    port_cap = b.tables["port_capacity"]
    done: list[str] = []
    normal: list[dict[str, str]] = []
    for action in actions:
        if not isinstance(action, dict) or not isinstance(action.get("area"), str):
            raise IllegalAnswer("Each action needs an 'area': one of your mustering castles or strongholds.")
        answers.keys(action, ("area", "upgrade") if "upgrade" in action else ("area", "unit"),
                      () if "upgrade" in action else ("to",), "A mustering action")
        if action["area"] not in points:
            where = b.areas[action["area"]].name if action["area"] in b.areas else f"'{action['area']}'"
            raise IllegalAnswer(f"{where} is not one of the castles or strongholds where you muster now: "
                                + ", ".join(b.areas[a].name for a in points) + ".")
        area = action["area"]
        name = b.areas[area].name
        if "upgrade" in action:
            kind = action["upgrade"]
            if kind not in UPGRADES:
                raise IllegalAnswer("A Footman can only be upgraded to a Knight or a Siege Engine.")
            cost = costs["upgrade_" + kind]
            if not any(u.kind == "footman" for u in s.areas[area].units if s.areas[area].house == house):
                raise IllegalAnswer(f"There is no Footman of yours in {name} to upgrade.")
            if world.pool(b, s, house, kind) < 1:
                raise IllegalAnswer(f"You have no {kind.replace('_', ' ')} left in your reserve.")
            if points[area] < cost:
                raise IllegalAnswer(f"{name} has only {points[area]} mustering point(s) left.")
            unit = next(u for u in s.areas[area].units if u.kind == "footman")
            unit.kind = kind
            points[area] -= cost
            done.append(f"upgrades a Footman to a {kind.replace('_', ' ').title()} in {name}")
            normal.append({"area": area, "upgrade": kind})
            continue
        kind = action.get("unit")
        if kind == "dragon" and kind in b.tables["unit_limits"]:
            raise IllegalAnswer("Dragons cannot be mustered.")  # M7
        if not isinstance(kind, str) or kind not in costs or kind.startswith("upgrade"):
            raise IllegalAnswer("The unit must be footman, knight, siege_engine or ship.")
        cost = costs[kind]
        if points[area] < cost:
            raise IllegalAnswer(f"{name} has only {points[area]} mustering point(s) left; a {kind} costs {cost}.")
        if world.pool(b, s, house, kind) < 1:
            raise IllegalAnswer(f"You have no {kind.replace('_', ' ')} left in your reserve.")
        dest = area
        if kind != "ship" and action.get("to") not in (None, area):  # 12.7
            raise IllegalAnswer(f"A {kind.replace('_', ' ')} is mustered in {name} itself, never in a port "
                                "or a sea area.")
        if kind == "ship":
            allowed = ship_destinations(game, house, area)
            dest = action.get("to") or (allowed[0] if allowed else "")
            if dest not in allowed:
                raise IllegalAnswer(f"A ship mustered in {name} must go to its port or an adjacent sea "
                                    "without enemy ships.")
            if b.is_port(dest) and len(s.areas[dest].units) >= port_cap:
                raise IllegalAnswer(f"{b.areas[dest].name} already holds {port_cap} ships.")
        if not world.within_supply(b, s, house, {dest: 1}):
            raise IllegalAnswer(f"A new unit in {b.areas[dest].name} would break your supply limit.")
        world.add_units(s, dest, house, [Unit(kind)])
        points[area] -= cost
        where = f" in {b.areas[dest].name}" if dest == area else f" from {name} into {b.areas[dest].name}"
        done.append(f"musters a {kind.replace('_', ' ').title()}{where}")
        normal.append({"area": area, "unit": kind, "to": dest} if kind == "ship" else {"area": area, "unit": kind})
    return done, normal


@step("mustering")
class MusteringStep(HouseByHouseStep):
    """Frame: {"houses": [...in turn order], "areas": None or [area], "source": str}."""

    def has_work(self, game: Game, frame: Frame, house: str) -> bool:
        areas = mustering_areas(game, house, frame.get("areas"))
        if areas and not any(can_buy(game, house, a, p) for a, p in areas.items()):
            game.emit("muster", f"{game.house_name(house)} has nothing it can muster.", house=house, actions=[],
                      forced=True)
            return False
        return bool(areas)

    def decision(self, game: Game, frame: Frame, player: str, did: str) -> Decision:
        areas = mustering_areas(game, player, frame.get("areas"))
        b, s = game.board, game.state
        info = {
            "areas": {a: {"points": p, "ship_destinations": ship_destinations(game, player, a),
                          "footmen": sum(1 for u in s.areas[a].units if u.kind == "footman")}
                      for a, p in areas.items()},
            "pool": world.reserve(b, s, player),
            "costs": b.tables["mustering_costs"],
        }
        return Decision(id=did, player=player, kind="muster", info=info, default=[],
                        prompt="Muster in your castles and strongholds (or muster nothing).")

    def answer(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None:
        house = decision.player
        done, actions = apply_mustering(game, house, answer, mustering_areas(game, house, frame.get("areas")))
        self.done(frame)
        text = "; ".join(done) if done else "musters nothing"
        game.emit("muster", f"{game.house_name(house)} {text}.", house=house, actions=actions)
