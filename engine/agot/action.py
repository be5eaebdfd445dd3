"""Action phase orders: raids (8A), marches (8B) and consolidate power (8C).

Each step cycles through the Iron Throne order, one order per house per turn,
until no order of its type is left. The turn is an index on the Iron Throne track,
so a track change during the phase continues from the current position (A19).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import comb
from typing import TYPE_CHECKING, Any

from engine.agot import world
from engine.agot.battle import UNIT_NAMES
from engine.agot.board import Board, OrderToken
from engine.agot.combat import start_combat
from engine.agot.frames import CyclingFrame as Frame
from engine.agot.mod import bank, dragons
from engine.agot.mustering import can_buy
from engine.agot.orders import acts_as, describe
from engine.agot.state import GameState
from engine.agot.steps import WaitingStep, step
from engine.core import Decision, IllegalAnswer, answers

if TYPE_CHECKING:
    from engine.agot.table import Table as Game

RAIDABLE = ("raid", "support", "consolidate_power", "iron_bank")  # M11: an Iron Bank order too, no pillage


def order_areas(game: Game, house: str, order_type: str, kept: Sequence[str] = ()) -> list[str]:
    """The house's areas with an order usable as ``order_type`` (a vassal's Defense/Muster musters in a castle
    area, M8), except those ``kept`` for their other use this step."""
    b = game.board
    return sorted(a for a, st in game.state.areas.items()
                  if st.order and st.order.house == house and a not in kept
                  and usable(b, game.state, b.order_tokens[st.order.token], a, order_type))


def usable(b: Board, s: GameState, token: OrderToken, area: str, order_type: str) -> bool:
    if order_type == "consolidate_power" and token.type == "defense_muster":
        return bool(world.castle_level(b, s, area)) and b.is_land(area)
    if order_type == "consolidate_power" and token.type == "iron_bank":
        return True  # M5: Iron Bank orders resolve in the Consolidate Power step
    return acts_as(token, order_type)


class CyclingStep(WaitingStep):
    """One order of ``order_type`` per house in turn order, round and round (8.1, 8.11, 8.24)."""

    order_type = ""

    def run(self, game: Game, frame: Frame) -> bool:
        if frame.get("asked"):
            return False
        order = game.turn_order()
        for i in range(len(order)):
            idx = (frame["turn"] + i) % len(order)
            if order_areas(game, order[idx], self.order_type, frame.get("kept", [])):
                frame["turn"] = idx
                game.pose(frame, [order[idx]])
                return False
        game.pop(frame)
        return True

    def next_turn(self, game: Game, frame: Frame) -> None:
        frame["turn"] = (frame["turn"] + 1) % len(game.turn_order())


# --- raids -----------------------------------------------------------------------------------------


def raid_targets(game: Game, area: str) -> list[str]:
    """Areas a Raid order in ``area`` can hit, with an enemy order it may remove (8.2-8.7)."""
    b, s = game.board, game.state
    order = s.areas[area].order
    assert order is not None
    token = b.order_tokens[order.token]
    allowed = RAIDABLE + (("defense",) if token.special else ())  # a vassal's two-use orders: either use
    kind = b.kind(area)
    if kind == "port":
        candidates = [b.areas[area].port_sea]
    elif kind == "land":
        candidates = [n for n in b.adjacent[area] if b.is_land(n)]
    else:
        candidates = list(b.adjacent[area])
    out = []
    for target in candidates:
        st = s.areas[target]  # type: ignore[index]
        if st.order and st.order.house != order.house and \
                any(acts_as(b.order_tokens[st.order.token], t) for t in allowed):
            out.append(target)
    return sorted(out)  # type: ignore[arg-type]


def keep_as_support(game: Game, frame: Frame, area: str, why: str | None = None) -> None:
    """M8, MP5: a vassal's Raid/Support that does not raid stays on the board as a Support order (``kept``); with
    ``why`` it was never a choice (said once, as forced)."""
    house = game.state.areas[area].order.house  # type: ignore[union-attr]
    frame.setdefault("kept", []).append(area)
    data: dict[str, Any] = {"house": house, "area": area, "target": None, "kept": True}
    if why:
        text = f"{game.house_name(house)}'s Raid/Support in {game.area_name(area)} {why}: it stays as a Support order."
        data["forced"] = True
    else:
        text = f"{game.house_name(house)} keeps its Raid/Support in {game.area_name(area)} as a Support order."
    game.emit("raid", text, **data)


def keep_idle_raid_supports(game: Game, frame: Frame) -> None:
    """A Raid/Support with nothing worth raiding stays a Support order without a question (no target appears
    during the Raid step), said once, in turn order."""
    b, s = game.board, game.state
    for house in game.turn_order():
        for area in order_areas(game, house, "raid", frame.get("kept", [])):
            if b.order_tokens[s.areas[area].order.token].type != "raid_support":  # type: ignore[union-attr]
                continue
            targets = raid_targets(game, area)
            if not targets:
                keep_as_support(game, frame, area, "has no target")
            elif all(_plain_support(game, t) for t in targets) and not _marches_on_board(game):
                keep_as_support(game, frame, area, "could only raid Support orders, which change nothing with no "
                                                   "March order on the board")


@step("raids")
class RaidStep(CyclingStep):
    order_type = "raid"

    def run(self, game: Game, frame: Frame) -> bool:
        if not frame.get("asked"):
            keep_idle_raid_supports(game, frame)
        return super().run(game, frame)

    def decision(self, game: Game, frame: Frame, player: str, did: str) -> Decision:
        options: list[dict[str, Any]] = []
        for area in order_areas(game, player, "raid", frame.get("kept", [])):
            options += [{"area": area, "target": t} for t in raid_targets(game, area)]
            options.append({"area": area, "target": None})
        info: dict[str, Any] = {}
        targets = [o["target"] for o in options if o["target"] is not None]
        if targets and all(_plain_support(game, t) for t in targets) and not _marches_on_board(game):
            options = [o for o in options if o["target"] is None][:1]  # a Support order serves no March: no use
            info["skipped"] = (f"{game.house_name(player)}'s Raid in {game.area_name(options[0]['area'])} is "
                               "removed without effect: its only targets are Support orders, which change nothing "
                               "with no March order on the board.")
        if all(o["target"] is None for o in options):
            options = options[:1]  # no target anywhere (and none can appear): nothing to ask
        return Decision(id=did, player=player, kind="raid", options=options, default=options[-1], info=info,
                        prompt="Resolve one of your Raid orders: choose its target, or no effect.")

    def answer(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None:
        if answer not in (decision.options or []):
            raise IllegalAnswer("That raid is not legal: pick one of your Raid orders and an adjacent enemy "
                                "Support, Raid or Consolidate Power order (special Raid: also Defense).")
        s, b = game.state, game.board
        area, target = answer["area"], answer["target"]
        house = decision.player
        self.next_turn(game, frame)
        if target is None and b.order_tokens[s.areas[area].order.token].type == "raid_support":  # type: ignore[union-attr]
            keep_as_support(game, frame, area)
            return
        s.areas[area].order = None
        if target is None:
            game.emit("raid", f"{game.house_name(house)} removes its Raid in {game.area_name(area)} without effect.",
                      house=house, area=area, target=None)
        else:
            victim_order = s.areas[target].order
            assert victim_order is not None
            victim = victim_order.house
            removed = b.order_tokens[victim_order.token]
            s.areas[target].order = None
            text = (f"{game.house_name(house)} raids from {game.area_name(area)}: "
                    f"{game.house_name(victim)}'s {describe(removed)} in {game.area_name(target)} is removed.")
            if removed.type == "consolidate_power":  # pillage (8.9)
                gained = world.gain_power(b, s, house, 1)
                lost = 1 if s.houses[victim].power > 0 else 0
                s.houses[victim].power -= lost
                text += f" Pillage: {game.house_name(house)} gains {gained}, {game.house_name(victim)} loses {lost}."
            game.emit("raid", text, house=house, area=area, target=target, removed=victim_order.token)


def _marches_on_board(game: Game) -> bool:
    b = game.board
    return any(st.order and acts_as(b.order_tokens[st.order.token], "march") for st in game.state.areas.values())


def _plain_support(game: Game, area: str) -> bool:
    """Whether the order in ``area`` is a Support order and nothing else (not a vassal's Raid/Support)."""
    order = game.state.areas[area].order
    return order is not None and game.board.order_tokens[order.token].type == "support"


# --- marches ---------------------------------------------------------------------------------------


def march_info(game: Game, house: str, area: str) -> dict[str, Any]:
    """What a March order in ``area`` can do: units free to move and where each kind may go."""
    b, s = game.board, game.state
    units = [u.kind for u in s.areas[area].units if not u.routed]
    land = sorted(world.land_destinations(b, s, house, area)) if b.is_land(area) else []
    ships = sorted(world.ship_destinations(b, s, house, area)) if not b.is_land(area) else []
    flight = dragons.flight_destinations(b, s, area) if "dragon" in units else []
    hostile = sorted(a for a in {*land, *ships, *flight} if world.is_hostile(b, s, a, house))
    info = {"units": units, "land_destinations": land, "ship_destinations": ships, "hostile": hostile,
            "can_leave_power_token": _may_leave_token(game, house, area)}
    if flight:
        info["flight_destinations"] = flight  # M7: where Dragons alone may fly
    return info


def march_refusal(game: Game, house: str, kind: str, source: str, dest: str) -> str:
    """Why a unit of ``kind`` may not march from ``source`` to ``dest`` (8.12, 8.13, 13.1, 14.5, 10.6)."""
    b, s = game.board, game.state
    adjacent = dest in b.adjacent[source]
    if dest == source:
        return "it is already there"
    if not world.can_enter(b, s, dest):
        return "that area is out of play in this game"
    if kind == "ship":
        if b.is_land(dest):
            return "ships never enter land areas"
        if not adjacent:
            return "not adjacent"
        return "an enemy port (ships enter only ports of castles you control)"
    if not b.is_land(dest):
        return "land units never enter seas or ports"
    if not b.is_land(source):
        return "units in a sea or a port cannot march onto land"
    return "not adjacent, and no chain of your ships links the two"


def movable(info: dict[str, Any]) -> bool:
    """Whether any unit of a March order (``march_info``) can go anywhere."""
    kinds = info["units"]
    return any(info["ship_destinations"] if k == "ship" else info["land_destinations"] for k in kinds)


SPREADS_LIMIT = 2000  # ways to spread a March's units worth trying before simply asking


def supply_blocks_every_move(game: Game, house: str, area: str, info: dict[str, Any]) -> bool:
    """Whether the units of the March order in ``area`` (``march_info``) could move but every move would break
    the supply limit (8.19). A unit moving where the house has no unit never makes an army larger, so that needs
    every destination to hold the house's units already; then every way to spread the units is tried."""
    s = game.state
    kinds = info["units"]
    dests = info["ship_destinations"] if kinds and kinds[0] == "ship" else info["land_destinations"]
    if not kinds or not dests or any(not (s.areas[d].units and s.areas[d].house == house) for d in dests):
        return False
    if comb(len(kinds) + len(dests), len(dests)) > SPREADS_LIMIT:
        return False
    for spread in _spreads(len(kinds), len(dests)):
        if sum(spread) and supply_allows(game, house, {area: -sum(spread)} | dict(zip(dests, spread))):
            return False
    return True


def _spreads(units: int, places: int) -> Iterator[tuple[int, ...]]:
    """Every way to send at most ``units`` units to ``places`` places (how many go to each)."""
    if places == 0:
        yield ()
        return
    for here in range(units + 1):
        for rest in _spreads(units - here, places - 1):
            yield (here, *rest)


def _may_leave_token(game: Game, house: str, area: str) -> bool:
    s, b = game.state, game.board
    return (b.is_land(area) and s.areas[area].power_token is None and s.houses[house].power > 0
            and b.areas[area].home != house)


@step("marches")
class MarchStep(CyclingStep):
    order_type = "march"

    def decision(self, game: Game, frame: Frame, player: str, did: str) -> Decision:
        areas = order_areas(game, player, "march")
        info = {a: march_info(game, player, a) for a in areas}
        default = {"from": areas[0], "moves": {}, "leave_power_token": False}
        held = [a for a, i in info.items() if movable(i) and supply_blocks_every_move(game, player, a, i)]
        # no unit can go anywhere, or none without breaking the supply limit: only "no move" is left to ask
        stuck = all(not movable(i) or a in held for a, i in info.items())
        extra = {}
        if stuck and areas[0] in held:
            extra["skipped"] = (f"{game.house_name(player)}'s March in {game.area_name(areas[0])} cannot move any "
                                "unit without breaking its supply limit: it is removed.")
        return Decision(
            id=did, player=player, kind="march",
            prompt="Resolve one of your March orders: move any of its units (at most one attack).",
            info={"orders": info, **extra}, default=default, options=[default] if stuck else None,
        )

    def answer(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None:
        resolve_march(game, decision.player, answer)
        self.next_turn(game, frame)


def parse_moves(game: Game, house: str, answer: Any) -> tuple[str, dict[str, list[str]], bool]:
    if not isinstance(answer, dict) or "from" not in answer:
        raise IllegalAnswer("A march needs 'from' (the area of the March order) and 'moves'.")
    answers.keys(answer, ("from",), ("moves", "leave_power_token"), "A march")
    source = answers.text(answer["from"], "'from'")
    st = game.state.areas.get(source)
    if st is None or not st.order or st.order.house != house or \
            game.board.order_tokens[st.order.token].type != "march":
        raise IllegalAnswer("There is no March order of yours in that area.")
    moves = answer.get("moves") or {}
    if isinstance(moves, list):
        pairs = [answers.listing(m, "Each move") for m in moves]
        if any(len(p) != 2 or not isinstance(p[0], str) for p in pairs):
            raise IllegalAnswer("Each move is [destination, [units]].")
        moves = dict(pairs)
    if not isinstance(moves, dict):
        raise IllegalAnswer("'moves' must map destination areas to lists of units.")
    checked: dict[str, list[str]] = {}
    for dest, kinds in moves.items():
        units = [answers.text(k, "A unit") for k in answers.listing(kinds, "The units of a move")]
        if units:
            checked[answers.text(dest, "A destination")] = checked.get(dest, []) + units
    # in destination order, not the answer's key order: the same march reads and resolves the same however sent
    return source, dict(sorted(checked.items())), answers.flag(answer.get("leave_power_token", False),
                                                               "'leave_power_token'")


def resolve_march(game: Game, house: str, answer: Any) -> None:
    """Resolve one March order (8.11-8.23): validate everything, move, then hand any attack to combat."""
    b, s = game.board, game.state
    source, moves, leave_token = parse_moves(game, house, answer)
    info = march_info(game, house, source)
    free = list(info["units"])
    attack: str | None = None
    for dest, kinds in moves.items():
        if dest not in b.areas:
            raise IllegalAnswer(f"{answers.quote(dest)} is not an area of the board.")
        if "dragon" in kinds and set(kinds) != {"dragon"} and dest in info.get("flight_destinations", ()) \
                and dest not in info["land_destinations"]:  # M12: a flight with another unit is refused clearly
            raise IllegalAnswer(f"Only Dragons moving without other units fly: a march from "
                                f"{b.areas[source].name} with a {next(k for k in kinds if k != 'dragon')} cannot "
                                f"reach {b.areas[dest].name}.")
        for kind in kinds:
            if kind not in b.tables["unit_limits"]:
                raise IllegalAnswer(f"{answers.quote(kind)} is not a unit: footman, knight, siege_engine or ship.")
            if kind not in free:
                raise IllegalAnswer(f"There is no movable {kind.replace('_', ' ')} left in {b.areas[source].name} "
                                    "(routed units cannot march).")
            free.remove(kind)
            legal = info["ship_destinations"] if kind == "ship" else info["land_destinations"]
            if set(kinds) == {"dragon"}:  # M7, M12: Dragons moving alone fly to any land area
                legal = info.get("flight_destinations", legal)
            if dest not in legal:
                raise IllegalAnswer(f"A {kind.replace('_', ' ')} cannot march from {b.areas[source].name} "
                                    f"to {b.areas[dest].name}: {march_refusal(game, house, kind, source, dest)}.")
        if b.is_port(dest) and len(s.areas[dest].units) + len(kinds) > b.tables["port_capacity"]:  # 14.2
            raise IllegalAnswer(f"{b.areas[dest].name} can never hold more than {b.tables['port_capacity']} ships.")
        if dest in info["hostile"]:
            if attack is not None:
                raise IllegalAnswer("A March order may start only one combat (8.14).")
            attack = dest
    changes: dict[str, int] = {source: -sum(len(k) for k in moves.values())}
    for dest, kinds in moves.items():
        changes[dest] = changes.get(dest, 0) + len(kinds)
    if not supply_allows(game, house, changes):
        sizes = ", ".join(map(str, world.army_sizes(s, house, changes)))
        limits = ", ".join(map(str, b.supply_limits(s.houses[house].supply)))
        raise IllegalAnswer(f"That march would put you over your supply limit: armies of {sizes} where your "
                            f"supply allows {limits}.")
    leaving_all = moves and not free and len(s.areas[source].units) == sum(len(k) for k in moves.values())
    if leave_token:
        if not leaving_all:
            raise IllegalAnswer("A Power token can only be left in an area all your units leave.")
        if not info["can_leave_power_token"]:
            raise IllegalAnswer("You cannot leave a Power token there (not a land area, already holds one, "
                                "your own home area, or you have no Power available).")
    order = s.areas[source].order
    assert order is not None
    token = order.token
    # Non-combat moves first (8.15), then the attackers leave (A26), then the area left behind, then the attack.
    for dest, kinds in moves.items():
        if dest != attack:
            world.move_units(game, house, source, dest, kinds)
    neutral = attack is not None and is_neutral_attack(game, house, attack)
    if attack is not None and not neutral:
        world.lift_attackers(game, house, source, attack, moves[attack])
    if leave_token and not neutral:  # against a neutral force only once it falls (A24)
        world.place_power_token(game, house, source)
    moved = "; ".join(f"{', '.join(UNIT_NAMES[u] for u in k)} to {game.area_name(d)}"
                      for d, k in moves.items()) or "no units"
    game.emit("march", f"{game.house_name(house)} marches from {game.area_name(source)} "
              f"({describe(b.order_tokens[token])}): {moved}.", house=house, area=source,
              moves={d: list(k) for d, k in moves.items()}, attack=attack)
    if attack is None:
        s.areas[source].order = None
        world.settle_ports(game)
        return
    world.settle_ports(game)
    start_combat(game, house, source, attack, moves[attack], token, leave_token=leave_token and neutral)


def is_neutral_attack(game: Game, house: str, area: str) -> bool:
    st = game.state.areas[area]
    return bool(st.neutral) and not (st.units and st.house != house)


def supply_allows(game: Game, house: str, changes: dict[str, int]) -> bool:
    """No march may break the supply limit (8.19, C7). A house already over it (only possible between a loss and
    its reconciliation) may still make any march that does not add to the excess."""
    b, s = game.board, game.state
    if world.within_supply(b, s, house, changes):
        return True
    limits = b.supply_limits(s.houses[house].supply)
    before = world.fewest_removals(limits, world.army_sizes(s, house))
    return before > 0 and world.fewest_removals(limits, world.army_sizes(s, house, changes)) <= before


# --- consolidate power -----------------------------------------------------------------------------


def consolidate_yield(game: Game, house: str, area: str) -> int:
    """Power from a Consolidate Power order (8.25, 8.26)."""
    b, s = game.board, game.state
    info = b.areas[area]
    if info.kind == "land":
        return 1 + info.power + bank.improvement(s, "power", area)
    if info.kind == "port":
        return 0 if world.enemy_ships_in(s, info.port_sea, house) else 1  # type: ignore[arg-type]
    return 0


@step("consolidate")
class ConsolidateStep(CyclingStep):
    order_type = "consolidate_power"

    def decision(self, game: Game, frame: Frame, player: str, did: str) -> Decision:
        b, s = game.board, game.state
        options: list[dict[str, Any]] = []
        idle: list[str] = []  # castles of orders that may muster, where nothing can be mustered
        for area in order_areas(game, player, "consolidate_power", frame.get("kept", [])):
            token = b.order_tokens[s.areas[area].order.token]  # type: ignore[union-attr]
            if token.type == "iron_bank":
                options += bank.buy_options(game, player, area)
                continue
            options.append({"area": area, "muster": False})
            level = world.castle_level(b, s, area)
            if (token.special or token.type == "defense_muster") and level and b.is_land(area):
                if can_buy(game, player, area, level):
                    options.append({"area": area, "muster": True})
                else:
                    idle.append(area)  # mustering nothing would only lose the order's other use
        info: dict[str, Any] = {}
        if not any(o.get("muster") or o.get("loan") is not None for o in options):
            options = options[:1]  # the order of plain collections changes nothing: no question to ask
            if idle:
                info["skipped"] = (f"Nothing can be mustered in {', '.join(map(game.area_name, idle))}: "
                                   f"{game.house_name(player)}'s order in {game.area_name(options[0]['area'])} is "
                                   "resolved without mustering.")
        return Decision(id=did, player=player, kind="consolidate", options=options, default=options[0], info=info,
                        prompt="Resolve one of your Consolidate Power orders (a special one in a castle "
                               "may muster instead).")

    def answer(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None:
        if answer not in (decision.options or []):
            if isinstance(answer, dict) and "loan" in answer and any(
                    o["area"] == answer.get("area") and "loan" in o for o in decision.options or []):
                raise IllegalAnswer(bank.loan_refusal(game, decision.player, answer["loan"]))  # M5: say why
            raise IllegalAnswer("Pick one of your Consolidate Power orders.")
        s, b = game.state, game.board
        house, area = decision.player, answer["area"]
        self.next_turn(game, frame)
        if "loan" in answer:  # M5: an Iron Bank order
            s.areas[area].order = None
            if answer["loan"] is None:
                game.emit("consolidate", f"{game.house_name(house)} takes no loan ({game.area_name(area)}).",
                          house=house, area=area, gained=0)
            else:
                bank.buy(game, house, answer["loan"])
            return
        if not answer["muster"] and b.order_tokens[s.areas[area].order.token].type == "defense_muster":  # type: ignore[union-attr]
            frame.setdefault("kept", []).append(area)  # M8: a vassal's Defense/Muster that does not muster defends
            game.emit("consolidate", f"{game.house_name(house)} keeps its Defense/Muster in {game.area_name(area)} "
                      "as a Defense order.", house=house, area=area, muster=False, gained=0)
            return
        s.areas[area].order = None
        if answer["muster"]:
            game.emit("consolidate", f"{game.house_name(house)} musters in {game.area_name(area)} "
                      "(special Consolidate Power).", house=house, area=area, muster=True)
            game.push({"step": "mustering", "houses": [house], "areas": [area], "source": "consolidate"})
            return
        gained = world.gain_power(b, s, house, consolidate_yield(game, house, area))
        game.emit("consolidate", f"{game.house_name(house)} consolidates power in {game.area_name(area)}: "
                  f"+{gained} Power.", house=house, area=area, gained=gained)
