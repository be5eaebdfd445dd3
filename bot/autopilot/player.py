"""The autopilot's choices, one method per decision kind (see docs/decisions.md)."""

from __future__ import annotations

from typing import Any

from engine.agot.board import board
from engine.agot.mod.orders import SEA_ONLY
from engine.agot.planning import allowed_tokens
from engine.core import Rng

STRENGTH = {"footman": 1, "knight": 2, "siege_engine": 0, "ship": 1}  # a dragon's: the view's ``mod`` part
CLASH_SHARE = {"iron_throne": 3, "fiefdoms": 4, "kings_court": 4}  # bid at most power // share on each track


class Autopilot:
    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)
        self.board = board()

    def answer(self, view: dict[str, Any], decision: dict[str, Any]) -> Any:
        """The answer to ``decision`` from ``view``: on the game's own board (a Mother of Dragons set-up's when
        the view has one); a vassal's decision is played as the vassal's own (the commander's view shows its
        units); the decision kinds without a method here get their documented default."""
        self.board = board(view.get("mod", {}).get("setup", ""))
        vassal = decision.get("info", {}).get("vassal")
        if vassal:
            view = {**view, "viewer": vassal}
        handler = getattr(self, "_" + decision["kind"], None)
        return handler(view, decision) if handler else decision["default"]

    # --- reading the view -------------------------------------------------------------------
    @staticmethod
    def strength(view: dict[str, Any], kind: str) -> int:
        """A unit's combat strength (Mother of Dragons: a dragon's this round, from the view's ``mod`` part)."""
        return STRENGTH[kind] if kind in STRENGTH else int(view.get("mod", {}).get("dragon_strength", 0))

    def force(self, view: dict[str, Any], area: str, house: str | None = None, attacking: bool = False) -> int:
        """Combat strength of the units in ``area`` (of ``house`` if given), garrison and neutral force included."""
        spot = view["areas"].get(area, {})
        if house is not None and spot.get("house") != house:
            return 0
        castle = self.board.areas[area].castle > 0
        total = 0
        for unit in spot.get("units", []):
            if unit.get("routed"):
                continue
            kind = unit["kind"]
            total += 4 if kind == "siege_engine" and attacking and castle else self.strength(view, kind)
        return total

    def defence(self, view: dict[str, Any], area: str) -> int:
        spot = view["areas"].get(area, {})
        return self.force(view, area) + spot.get("garrison", 0) + spot.get("neutral", 0)

    def threat(self, view: dict[str, Any], area: str) -> int:
        """The strongest enemy land army next to ``area``."""
        me = view["viewer"]
        worst = 0
        for other in self.board.adjacent[area]:
            spot = view["areas"].get(other, {})
            if spot.get("house") not in (None, me) and self.board.areas[other].kind == self.board.areas[area].kind:
                worst = max(worst, self.force(view, other))
        return worst

    def value(self, area: str) -> int:
        info = self.board.areas[area]
        return 4 * info.castle + 2 * info.supply + info.power + (3 if info.home else 0)

    def target(self, view: dict[str, Any], source: str, strength: int) -> tuple[str | None, int]:
        """The best area next to ``source`` worth marching to with ``strength`` (attack only when stronger)."""
        me = view["viewer"]
        best, score = None, 0
        for area in sorted(self.board.adjacent[source]):
            if self.board.areas[area].kind != self.board.areas[source].kind:
                continue
            spot = view["areas"].get(area, {})
            if spot.get("house") == me:
                continue
            if spot.get("house") is not None or spot.get("neutral"):
                if strength <= self.defence(view, area) + 1:
                    continue
            elif spot.get("controller") == me:
                continue
            gain = self.value(area)
            if gain > score:
                best, score = area, gain
        return best, score

    # --- planning ----------------------------------------------------------------------------
    def _orders(self, view: dict[str, Any], decision: dict[str, Any]) -> dict[str, str]:
        info = decision["info"]
        allowed = allowed_tokens(self.board, tuple(info["restrictions"]))
        tokens = [t for t in info["tokens"] if t in allowed]
        specials = info["special_limit"]
        tokens_by_type: dict[str, list[str]] = {}
        for t in sorted(tokens, key=lambda t: -self.board.order_tokens[t].modifier):
            tokens_by_type.setdefault(self.board.order_tokens[t].type, []).append(t)
        me = view["viewer"]
        wishes: list[tuple[int, str, list[str]]] = []  # (priority, area, preferred types)
        for area in info["areas"]:
            land = self.board.areas[area].kind == "land"
            mine = self.force(view, area, me, attacking=True)
            danger = self.threat(view, area)
            goal, gain = self.target(view, area, mine)
            if land and self.board.areas[area].castle and danger >= self.defence(view, area) - 1 and danger:
                wishes.append((0, area, ["defense", "support", "consolidate_power"]))
            elif goal is not None and mine > 0:
                wishes.append((1, area, ["march", "support", "consolidate_power"]))
            elif not land:
                wishes.append((2, area, ["support", "raid", "defense", "consolidate_power"]))
            elif danger:
                wishes.append((2, area, ["defense", "consolidate_power", "support"]))
            else:
                wishes.append((3, area, ["consolidate_power", "support", "defense"]))
        orders: dict[str, str] = {}
        for _, area, types in sorted(wishes):
            if len(orders) == info["must_place"]:
                break
            for kind in types + ["march", "raid", "defense", "support", "consolidate_power", *tokens_by_type]:
                pick = next((t for t in tokens_by_type.get(kind, [])
                             if (not self.board.order_tokens[t].special or specials > 0)
                             and (t not in SEA_ONLY or self.board.is_sea(area))), None)
                if pick is not None:
                    tokens_by_type[kind].remove(pick)
                    specials -= self.board.order_tokens[pick].special
                    orders[area] = pick
                    break
        return self.fill_up(orders, info, [t for ts in tokens_by_type.values() for t in ts])

    def fill_up(self, orders: dict[str, str], info: dict[str, Any], unused: list[str]) -> dict[str, str]:
        """Give an order to each area still without one while fewer than ``must_place`` are placed: an unused
        sea order (Mother of Dragons) takes the place of an ordinary token in a sea area, and that token goes to
        the area in need (the engine counts sea orders as placeable as far as there are seas to hold them)."""
        sea_tokens = sorted(t for t in unused if t in SEA_ONLY)
        for area in info["areas"]:
            if len(orders) >= info["must_place"] or area in orders or not sea_tokens:
                continue
            sea = next((a for a in sorted(orders) if self.board.is_sea(a) and orders[a] not in SEA_ONLY), None)
            if sea is not None:
                orders[area], orders[sea] = orders[sea], sea_tokens.pop(0)
        return orders

    def _march(self, view: dict[str, Any], decision: dict[str, Any]) -> dict[str, Any]:
        orders = decision["info"]["orders"]
        best: tuple[int, str, str | None] = (-1, sorted(orders)[0], None)
        for source in sorted(orders):
            spec = orders[source]
            land = [u for u in spec["units"] if u != "ship"]
            ships = [u for u in spec["units"] if u == "ship"]
            strength = sum(self.strength(view, u) for u in (land or ships)) + (4 * land.count("siege_engine"))
            goal, gain = self.target(view, source, strength)
            options = spec["land_destinations"] if land else spec["ship_destinations"]
            if goal is not None and goal in options and gain > best[0]:
                best = (gain, source, goal)
        _, source, goal = best
        if goal is None:
            return {"from": source, "moves": {}, "leave_power_token": False}
        spec = orders[source]
        units = [u for u in spec["units"] if (u == "ship") == (self.board.areas[goal].kind != "land")]
        castle = self.board.areas[source].castle
        if castle and self.threat(view, source) and len(units) > 1:
            units = units[1:]  # keep one unit home when the castle is threatened
        staying = len(view["areas"][source].get("units", [])) - len(units)  # routed units cannot march
        leave = spec["can_leave_power_token"] and staying == 0
        return {"from": source, "moves": {goal: units}, "leave_power_token": leave}

    def _consolidate(self, view: dict[str, Any], decision: dict[str, Any]) -> Any:
        return decision["default"]

    def _raid(self, view: dict[str, Any], decision: dict[str, Any]) -> Any:
        hits = [o for o in decision["options"] if o.get("target")]
        return hits[0] if hits else decision["default"]

    # --- mustering and bids --------------------------------------------------------------------
    def _muster(self, view: dict[str, Any], decision: dict[str, Any]) -> list[dict[str, Any]]:
        info = decision["info"]
        costs, pool = info["costs"], dict(info["pool"])
        actions: list[dict[str, Any]] = []
        me = view["viewer"]
        sizes = {a: len(spot.get("units", [])) for a, spot in view["areas"].items() if spot.get("house") == me}
        limits = sorted(view["houses"][me].get("army_limits", []), reverse=True)

        def fits(area: str) -> bool:
            grown = dict(sizes)
            grown[area] = grown.get(area, 0) + 1
            armies = sorted((n for n in grown.values() if n >= 2), reverse=True)
            return len(armies) <= len(limits) and all(n <= cap for n, cap in zip(armies, limits))

        def add(area: str) -> None:
            sizes[area] = sizes.get(area, 0) + 1

        ranked = sorted(info["areas"].items(), key=lambda kv: -self.threat(view, kv[0]))
        for area, spec in ranked:
            points, footmen = spec["points"], spec["footmen"]
            while points > 0:
                if points >= costs["knight"] and pool["knight"] > 0 and fits(area):
                    add(area)
                    actions.append({"area": area, "unit": "knight"})
                    pool["knight"] -= 1
                    points -= costs["knight"]
                elif footmen and pool["knight"] > 0 and points >= costs["upgrade_knight"]:
                    actions.append({"area": area, "upgrade": "knight"})
                    pool["knight"] -= 1
                    footmen -= 1
                    points -= costs["upgrade_knight"]
                elif pool["footman"] > 0 and points >= costs["footman"] and fits(area):
                    add(area)
                    actions.append({"area": area, "unit": "footman"})
                    pool["footman"] -= 1
                    points -= costs["footman"]
                else:
                    break
        return actions

    def _bid(self, view: dict[str, Any], decision: dict[str, Any]) -> int:
        info = decision["info"]
        power = info.get("power", max(decision["options"]))
        if info["purpose"] == "wildlings":
            threat = view.get("wildling_threat", 0)
            share = power // 2 if threat >= 8 else power // 4 if threat >= 6 else 0
        else:
            share = power // CLASH_SHARE.get(info.get("track", ""), 4)
        legal = [o for o in decision["options"] if o <= share]
        return max(legal) if legal else decision["default"]

    # --- combat ----------------------------------------------------------------------------------
    def card_strength(self, card: str) -> int:
        return int(self.board.card_by_id[card]["strength"])

    def _house_card(self, view: dict[str, Any], decision: dict[str, Any]) -> str:
        info = decision["info"]
        me = view["viewer"]
        enemy = info["defender"] if info["attacker"] == me else info["attacker"]
        initial = info.get("initial", {})
        mine, theirs = initial.get(me, 0), initial.get(enemy, 0)
        hand = sorted(decision["options"], key=self.card_strength)
        their_hand = view["houses"].get(enemy, {}).get("hand") or []
        their_best = max((self.card_strength(c) for c in their_hand), default=0)
        sure = [c for c in hand if mine + self.card_strength(c) > theirs + their_best]
        if sure:
            return sure[0]
        if mine + self.card_strength(hand[-1]) >= theirs + 1 and self.board.areas[info["area"]].castle:
            return hand[-1]
        return hand[0]

    def _support(self, view: dict[str, Any], decision: dict[str, Any]) -> Any:
        info = decision["info"]
        me = view["viewer"]
        for side in ("attacker", "defender"):
            if info.get(side) == me and side in decision["options"]:
                return side
        return decision["default"]

    def _blade(self, view: dict[str, Any], decision: dict[str, Any]) -> bool:
        strength = decision["info"].get("strength", {})
        me = view["viewer"]
        mine = strength.get(me, 0)
        theirs = max((v for h, v in strength.items() if h != me), default=0)
        return bool(mine <= theirs < mine + 1 + 1) and True in decision["options"]
