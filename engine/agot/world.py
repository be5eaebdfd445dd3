"""Questions about the board in a given state: control, armies, supply, movement, victory.

Pure functions of (board, state); the only mutations here are the small
primitives every phase shares (destroying units, the consequences of a change
of control), each of which keeps the derived facts (ports, victory) right.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine.agot.board import Board
from engine.agot.state import AreaState, GameState, Unit

if TYPE_CHECKING:
    from engine.agot.table import Table as Game


def controller(b: Board, s: GameState, area: str) -> str | None:
    """Who controls an area (rule 15): units, else a Power token, else the printed home shield.

    A port follows its land area; a sea area belongs to whoever has ships in it.
    """
    info = b.areas[area]
    st = s.areas[area]
    if info.kind == "port":
        return controller(b, s, info.port_land)  # type: ignore[arg-type]
    if st.units:
        return st.house
    if info.kind == "sea":
        return None
    if st.power_token:
        return st.power_token
    if info.home and info.home in s.houses:
        return info.home
    return None


def units_of(s: GameState, house: str) -> Iterable[tuple[str, AreaState]]:
    for area, st in s.areas.items():
        if st.units and st.house == house:
            yield area, st


def attacking_of(s: GameState, house: str) -> Iterable[tuple[str, list[Unit]]]:
    """The house's units attacking an area during a combat (A26: out of the area they marched from)."""
    for area, st in s.areas.items():
        if st.attacker == house:
            yield area, st.attacking


def unit_counts(s: GameState, house: str) -> Counter[str]:
    """How many units of each kind the house has on the board (attacking units included)."""
    counts: Counter[str] = Counter()
    for st in s.areas.values():
        if st.units and st.house == house:
            for u in st.units:
                counts[u.kind] += 1
        if st.attacker == house:
            for u in st.attacking:
                counts[u.kind] += 1
    return counts


def pool(b: Board, s: GameState, house: str, kind: str) -> int:
    """Units of a kind still in the house's reserve (rule 18.1)."""
    return b.unit_limit(house, kind) - unit_counts(s, house)[kind]


def reserve(b: Board, s: GameState, house: str) -> dict[str, int]:
    """``pool`` of every unit kind, counted once."""
    counts = unit_counts(s, house)
    return {kind: n - counts[kind] for kind, n in b.tables["unit_limits"].items()}


def power_on_board(s: GameState, house: str) -> int:
    return sum(1 for st in s.areas.values() if st.power_token == house)


def gain_power(b: Board, s: GameState, house: str, amount: int) -> int:
    """Give Power from the pool, never beyond the 20-token limit (18.3). Returns what was gained."""
    if house in (s.settings.get("vassals") or ()):
        return 0  # M8: a vassal holds no Power
    room = b.tables["power_token_limit"] - s.houses[house].power - power_on_board(s, house)
    gained = max(0, min(amount, room))
    s.houses[house].power += gained
    return gained


def enemy_ships_in(s: GameState, sea: str, house: str) -> bool:
    st = s.areas[sea]
    return bool(st.units) and st.house != house


def army_sizes(s: GameState, house: str, changes: dict[str, int] | None = None) -> list[int]:
    """Sizes of the house's armies (2+ units in one area), with optional per-area size changes."""
    sizes: dict[str, int] = {a: len(st.units) for a, st in units_of(s, house)}
    for area, units in attacking_of(s, house):
        sizes[area] = sizes.get(area, 0) + len(units)
    for area, delta in (changes or {}).items():
        sizes[area] = sizes.get(area, 0) + delta
    return sorted((n for n in sizes.values() if n >= 2), reverse=True)


def fits_supply(limits: list[int], sizes: list[int]) -> bool:
    """Armies sorted largest first must fit the flags sorted largest first (rule 11.2)."""
    if len(sizes) > len(limits):
        return False
    return all(n <= cap for n, cap in zip(sorted(sizes, reverse=True), sorted(limits, reverse=True)))


def within_supply(b: Board, s: GameState, house: str, changes: dict[str, int] | None = None) -> bool:
    return fits_supply(b.supply_limits(s.houses[house].supply), army_sizes(s, house, changes))


def fewest_removals(limits: list[int], sizes: list[int]) -> int:
    """The fewest units to destroy so the armies fit (A21): largest armies keep the largest flags."""
    sizes = sorted(sizes, reverse=True)
    caps = sorted(limits, reverse=True)
    total = 0
    for i, n in enumerate(sizes):
        cap = caps[i] if i < len(caps) else 1
        total += max(0, n - cap)
    return total


def supply_from_barrels(b: Board, s: GameState, house: str) -> int:
    """Barrels in the land areas the house controls, capped at 6 (A13)."""
    total = sum(info.supply for a, info in b.areas.items() if info.kind == "land" and controller(b, s, a) == house)
    if s.mod:  # Mother of Dragons: supply improvements of the Iron Bank's loans (engine.agot.mod.bank)
        supply = s.mod.get("bank", {}).get("improvements", {}).get("supply", {})
        total += sum(n for a, n in supply.items() if controller(b, s, a) == house)
    return min(6, total)


def castle_changes(s: GameState) -> dict[str, int] | None:
    """Castle levels changed by Mother of Dragons' loans ({area: +1 or -1...}), or None (never in the base game)."""
    changes: dict[str, int] | None = s.mod.get("bank", {}).get("castles") if s.mod else None
    return changes or None


def castle_level(b: Board, s: GameState, area: str) -> int:
    """0 none, 1 castle, 2 stronghold: the printed level, changed by loans (MP9)."""
    level = b.areas[area].castle
    changes = castle_changes(s)
    return max(0, min(2, level + changes.get(area, 0))) if changes else level


def victory_points(b: Board, s: GameState, house: str) -> int:
    """Areas with a castle or stronghold the house controls (C4)."""
    if castle_changes(s):
        return sum(1 for a in b.castle_areas if castle_level(b, s, a) and controller(b, s, a) == house)
    return sum(1 for a in b.castle_areas if controller(b, s, a) == house)


def castle_holders(b: Board, s: GameState) -> tuple[str | None, ...]:
    """Who controls each castle or stronghold area (``b.castle_areas`` order): all victory depends on."""
    if castle_changes(s):
        return tuple(controller(b, s, a) if castle_level(b, s, a) else None for a in b.castle_areas)
    # ``controller`` for a land area, inlined: checked after every step, it is the engine's hottest loop
    areas, houses = s.areas, s.houses
    return tuple(st.house if st.units else st.power_token or (home if home in houses else None)
                 for a, home in b.castle_homes for st in (areas[a],))


def strongholds(b: Board, s: GameState, house: str) -> int:
    return sum(1 for a in b.areas if castle_level(b, s, a) == 2 and controller(b, s, a) == house)


def land_areas(b: Board, s: GameState, house: str) -> int:
    return sum(1 for a, info in b.areas.items() if info.kind == "land" and controller(b, s, a) == house)


def can_enter(b: Board, s: GameState, area: str) -> bool:
    """Blocked ("~") areas can never be entered (10.6)."""
    return not s.areas[area].blocked


def transport_seas(b: Board, s: GameState, house: str, start: str) -> set[str]:
    """Sea areas chained from a land area through seas that hold the house's ships (13.1, A10)."""
    seen: set[str] = set()
    frontier = [n for n in b.adjacent[start] if b.is_sea(n) and _own_ships(s, n, house)]
    while frontier:
        sea = frontier.pop()
        if sea in seen:
            continue
        seen.add(sea)
        frontier.extend(n for n in b.adjacent[sea] if b.is_sea(n) and n not in seen and _own_ships(s, n, house))
    return seen


def _own_ships(s: GameState, sea: str, house: str) -> bool:
    st = s.areas[sea]
    return bool(st.units) and st.house == house


def land_destinations(b: Board, s: GameState, house: str, start: str) -> set[str]:
    """Land areas a land unit may reach from ``start``: adjacent, or through own ships."""
    out = {n for n in b.adjacent[start] if b.is_land(n)}
    for sea in transport_seas(b, s, house, start):
        out.update(n for n in b.adjacent[sea] if b.is_land(n))
    out.discard(start)
    return {a for a in out if can_enter(b, s, a)}


def ship_destinations(b: Board, s: GameState, house: str, start: str) -> set[str]:
    """Where a ship may move: an adjacent sea, or an adjacent port its house owns (8.13, 14.5)."""
    out: set[str] = set()
    for n in b.adjacent[start]:
        if b.is_sea(n):
            out.add(n)
        elif b.is_port(n) and controller(b, s, n) == house and not s.areas[n].blocked:
            out.add(n)
    return out


def is_hostile(b: Board, s: GameState, area: str, house: str) -> bool:
    """Entering this area is an attack: enemy units, an enemy garrison, or a neutral force (8.14)."""
    st = s.areas[area]
    if st.units and st.house != house:
        return True
    if st.neutral:
        return True
    return bool(st.garrison) and controller(b, s, area) not in (house, None)


# --- mutations -------------------------------------------------------------------------------


def remove_units(s: GameState, area: str, kinds: Iterable[str], prefer_routed: bool = False) -> list[Unit]:
    """Take units of the given kinds out of an area (destroyed or moving); returns them."""
    st = s.areas[area]
    taken: list[Unit] = []
    for kind in kinds:
        candidates = [u for u in st.units if u.kind == kind]
        if not candidates:
            raise ValueError(f"no {kind} in {area}")
        candidates.sort(key=lambda u: u.routed != prefer_routed)
        unit = candidates[0]
        st.units.remove(unit)
        taken.append(unit)
    if not st.units:
        st.house = None
        st.order = None
    return taken


def add_units(s: GameState, area: str, house: str, units: Iterable[Unit]) -> None:
    st = s.areas[area]
    units = list(units)
    if not units:
        return
    if st.units and st.house != house:
        raise ValueError(f"{area} already holds {st.house} units")
    st.house = house
    st.units.extend(units)


def move_units(game: Game, house: str, source: str, dest: str, kinds: list[str]) -> None:
    """Move units between areas that holds no enemy units; entering an enemy Power token's area removes it."""
    s = game.state
    units = remove_units(s, source, kinds)
    token = s.areas[dest].power_token
    if token and token != house:
        s.areas[dest].power_token = None
        game.emit("power_token_removed", f"{game.house_name(house)} takes {game.area_name(dest)}: "
                  f"{game.house_name(token)}'s Power token returns to the pool.", house=token, area=dest)
    add_units(s, dest, house, [Unit(u.kind, u.routed) for u in units])


def place_power_token(game: Game, house: str, area: str) -> None:
    """A house leaves a Power token in an area all its units left (8.18)."""
    game.state.areas[area].power_token = house
    game.state.houses[house].power -= 1
    game.emit("power_token", f"{game.house_name(house)} leaves a Power token in {game.area_name(area)}.",
              house=house, area=area)


def lift_attackers(game: Game, house: str, source: str, area: str, kinds: list[str]) -> None:
    """The attacking units leave the area they marched from and stand in the embattled area (A26)."""
    s = game.state
    units = remove_units(s, source, kinds)
    st = s.areas[area]
    st.attacker = house
    st.attacking = [Unit(u.kind, u.routed) for u in units]


def land_attackers(s: GameState, area: str, dest: str, routed: bool = False) -> list[str]:
    """The attacking units in ``area`` go to ``dest`` (the embattled area itself when they win); their kinds."""
    st = s.areas[area]
    house, units = st.attacker or "", st.attacking
    st.attacker, st.attacking = None, []
    add_units(s, dest, house, [Unit(u.kind, routed) for u in units])
    return [u.kind for u in units]


def settle_ports(game: Game) -> None:
    """Ships in a port whose owner no longer controls its land area are destroyed (A7)."""
    b, s = game.board, game.state
    for area, info in b.areas.items():
        st = s.areas[area]
        if info.kind == "port" and st.units and controller(b, s, area) != st.house:
            lost, owner, land = len(st.units), st.house or "", info.port_land or ""
            st.units, st.house, st.order = [], None, None
            game.emit("port_lost", f"{game.house_name(owner)} no longer controls {game.area_name(land)}: "
                      f"its {lost} ship(s) in {info.name} are destroyed.", house=owner, area=area, land=land,
                      ships=lost, reason="port")
