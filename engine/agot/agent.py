"""A random legal agent that sees only ``view(player)``.

It drives fuzzing, benchmarks and the offline demo, and can stand in for an
absent player. It picks among listed options at random and builds structured
answers (orders, marches, mustering) from the decision's ``info``; when the
engine refuses an answer the caller retries, and finally uses the decision's
always-legal ``default``.
"""

from __future__ import annotations

from typing import Any

from engine.core import Rng


class RandomAgent:
    def __init__(self, seed: int, attack_chance: float = 0.5) -> None:
        self.rng = Rng(seed)
        self.attack_chance = attack_chance

    def chance(self, p: float) -> bool:
        return self.rng.below(1000) < p * 1000

    def answer(self, view: dict[str, Any], decision: dict[str, Any]) -> Any:
        if decision["options"] is not None:
            return self.rng.choice(decision["options"])
        handler = getattr(self, "_" + decision["kind"], None)
        return handler(view, decision) if handler else decision["default"]

    def _orders(self, view: dict[str, Any], decision: dict[str, Any]) -> dict[str, str]:
        info = decision["info"]
        tokens = list(info["tokens"])
        self.rng.shuffle(tokens)
        chosen: list[str] = []
        specials = 0
        for token in tokens:
            if len(chosen) == info["must_place"]:
                break
            if token.endswith("*"):
                if specials >= info["special_limit"]:
                    continue
                specials += 1
            chosen.append(token)
        areas = list(info["areas"])
        self.rng.shuffle(areas)
        return dict(zip(areas, chosen))

    def _march(self, view: dict[str, Any], decision: dict[str, Any]) -> dict[str, Any]:
        orders = decision["info"]["orders"]
        source = self.rng.choice(sorted(orders))
        info = orders[source]
        attack: str | None = None
        if info["hostile"] and self.chance(self.attack_chance):
            attack = self.rng.choice(info["hostile"])
        moves: dict[str, list[str]] = {}
        for kind in info["units"]:
            options = info["ship_destinations"] if kind == "ship" else info["land_destinations"]
            if kind == "dragon":  # Mother of Dragons: a Dragon may fly where no other unit goes
                options = info.get("flight_destinations", options)
            peaceful = [a for a in options if a not in info["hostile"]]
            if attack is not None and attack in options and self.chance(0.7):
                dest = attack
            elif peaceful and self.chance(0.5):
                dest = self.rng.choice(peaceful)
            else:
                continue
            moves.setdefault(dest, []).append(kind)
        leave = bool(moves) and info["can_leave_power_token"] and self.chance(0.5)
        return {"from": source, "moves": moves, "leave_power_token": leave}

    def _muster(self, view: dict[str, Any], decision: dict[str, Any]) -> list[dict[str, Any]]:
        info = decision["info"]
        costs = info["costs"]
        pool = dict(info["pool"])
        actions: list[dict[str, Any]] = []
        for area, spec in sorted(info["areas"].items()):
            points = spec["points"]
            footmen = spec["footmen"]
            for _ in range(4):
                choices = [k for k in ("footman", "knight", "siege_engine") if costs[k] <= points and pool[k] > 0]
                if spec["ship_destinations"] and pool["ship"] > 0 and points >= costs["ship"]:
                    choices.append("ship")
                if footmen and points >= 1 and pool["knight"] > 0:
                    choices.append("upgrade")
                if not choices or not self.chance(0.7):
                    break
                kind = self.rng.choice(choices)
                if kind == "upgrade":
                    actions.append({"area": area, "upgrade": "knight"})
                    footmen -= 1
                    pool["knight"] -= 1
                    points -= costs["upgrade_knight"]
                    continue
                action: dict[str, Any] = {"area": area, "unit": kind}
                if kind == "ship":
                    action["to"] = self.rng.choice(spec["ship_destinations"])
                actions.append(action)
                pool[kind] -= 1
                points -= costs[kind]
                footmen += kind == "footman"
        return actions

    def _wildling_destroy(self, view: dict[str, Any], decision: dict[str, Any]) -> list[list[str]]:
        """Units lost to a wildling card: a random legal pick (one area only when the card says so)."""
        info = decision["info"]
        units: dict[str, list[str]] = info["units"]
        if info["one_area"]:
            areas = sorted(a for a, kinds in units.items() if len(kinds) >= info["count"])
            area = self.rng.choice(areas)
            units = {area: units[area]}
        pool = [[a, k] for a, kinds in sorted(units.items()) for k in kinds]
        self.rng.shuffle(pool)
        return pool[: info["count"]]
