"""Casualty choices, retreats and routing, port capture (RB2 pp.20-21, 25; checklist 9F, 9G, 14.7; A6, A7, A15).

A losing attacker goes back to the area it marched from if that is still legal, else its units are destroyed
(A26). A losing
defender retreats all its units to one area (A6): adjacent, or reached by a chain of its own ships; holding
no enemy units and no enemy Power token (an enemy home area counts as one); never the area the attacker
marched from; never a neutral force or a blocked area; land units to land, ships to seas or to an adjacent
port their house owns that stays at 3 ships or fewer. An area that breaks supply is legal only when every
area does; then the fewest units needed are destroyed first (A21). No legal area: all retreating units are
destroyed. Routed units and Siege Engines that must retreat are destroyed (9.40, 9.41); the others are
routed once they arrive.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import TYPE_CHECKING

from engine.agot import world
from engine.agot.state import Unit

if TYPE_CHECKING:
    from engine.agot.battle import Combat


def unit_choices(kinds: list[str], n: int) -> list[list[str]]:
    """Every distinct set of ``n`` units among ``kinds`` (as sorted kind lists): the casualty options."""
    n = max(0, min(n, len(kinds)))
    return [list(t) for t in sorted({tuple(p) for p in combinations(sorted(kinds), n)})]


def weakest_first(options: list[list[str]]) -> list[str]:
    """The default casualty choice: lose the least combat strength (Footmen before Knights)."""
    weight = {"siege_engine": 0, "footman": 1, "ship": 1, "knight": 2, "dragon": 3}
    return min(options, key=lambda o: (sum(weight[k] for k in o), o))


def doomed_units(c: Combat, house: str) -> list[tuple[str, bool]]:
    """Units that cannot retreat: routed units and Siege Engines (9.40, 9.41, A15)."""
    return [(k, r) for k, r in c.army(house) if r or k == "siege_engine"]


def candidate_areas(c: Combat, house: str) -> list[str]:
    b, s = c.b, c.s
    if b.is_land(c.area):
        reachable = world.land_destinations(b, s, house, c.area)
    else:
        reachable = {n for n in b.adjacent[c.area] if b.is_sea(n) or (b.is_port(n) and
                                                                         world.controller(b, s, n) == house)}
    out = []
    for area in sorted(reachable):
        st = s.areas[area]
        if area == c.source or st.blocked or st.neutral:
            continue
        if world.controller(b, s, area) not in (house, None):
            continue
        out.append(area)
    return out


def retreat_options(c: Combat, house: str) -> dict[str, int]:
    """Legal retreat areas for the loser's units, each with the units supply forces it to destroy first."""
    b, s = c.b, c.s
    count = len(c.army(house))
    cap = b.tables["port_capacity"]
    leaving = {c.area: -count}
    strict = world.within_supply(b, s, house, leaving)  # else the house is over supply anyway: ignore it
    costs: dict[str, int] = {}
    for area in candidate_areas(c, house):
        for lost in range(count):
            arriving = count - lost
            if b.is_port(area) and len(s.areas[area].units) + arriving > cap:
                break
            if not strict or world.within_supply(b, s, house, {**leaving, area: arriving}):
                costs[area] = lost
                break
    if any(lost == 0 for lost in costs.values()):
        return {a: n for a, n in costs.items() if n == 0}
    return costs


def fewest(options: dict[str, int]) -> list[str]:
    least = min(options.values())
    return sorted(a for a, n in options.items() if n == least)


def move_retreat(c: Combat, house: str, dest: str) -> list[str]:
    """Move every fighting unit of ``house`` to ``dest`` and rout them (9.40)."""
    st = c.s.areas[c.area]
    kinds = [u.kind for u in st.units]
    st.units, st.house = [], None
    world.add_units(c.s, dest, house, [Unit(k, routed=True) for k in kinds])
    return kinds


def can_return(c: Combat) -> bool:
    """Whether the attacking units may go back to the area they marched from (A26): it holds no enemy units and
    no enemy Power token, and is no enemy home area (A6)."""
    return world.controller(c.b, c.s, c.source) in (c.attacker, None)


def stay_cost(c: Combat) -> int:
    """Attacking units that must be destroyed to be back in the area they marched from within supply (A6).

    The March was checked as if they left; when they come back or stay (a lost combat, a neutral force that
    holds, Arianne Martell), the other units the March moved may leave too little room for them.
    """
    b, s = c.b, c.s
    count = len(c.kinds)
    away = count if c.defender else 0  # in a combat they stand in the embattled area (A26)

    def fits(lost: int) -> bool:
        return world.within_supply(b, s, c.attacker, {c.area: -away, c.source: away - lost})

    if not count or fits(0):
        return 0
    if not fits(count):
        return 0  # over its limit anyway: these units are not the cause
    return next(n for n in range(1, count + 1) if fits(n))


def capture_options(c: Combat) -> list[int]:
    """How many enemy ships in the conquered area's port the attacker may replace with his own (14.7, A7)."""
    b, s = c.b, c.s
    port = b.areas[c.area].port
    if not port or world.controller(b, s, c.area) != c.attacker:
        return []
    st = s.areas[port]
    if not st.units or st.house == c.attacker:
        return []
    limit = min(len(st.units), world.pool(b, s, c.attacker, "ship"))
    return [n for n in range(limit + 1) if n == 0 or world.within_supply(b, s, c.attacker, {port: n})]


def capture_port(c: Combat, replaced: int) -> tuple[str, int]:
    """Replace ``replaced`` enemy ships in the port with the attacker's; the others are destroyed."""
    port = c.b.areas[c.area].port or ""
    st = c.s.areas[port]
    lost = Counter(u.kind for u in st.units)
    owner = st.house or ""
    st.units, st.house, st.order = [], None, None
    world.add_units(c.s, port, c.attacker, [Unit("ship") for _ in range(replaced)])
    return owner, sum(lost.values())
