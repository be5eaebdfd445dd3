"""A random legal agent that sees only ``view(player)`` and its own decision (the playouts and the simulator).

It picks listed options at random (buying more often than not), bids a random part of what it could raise, and
now and then tries a manage action on one of its own deeds (build, mortgage, lift and, with ``wide``, sell a
building or offer the deed to another player for some cash) in place of a turn, jail or buy answer: an action
the rules refuse is simply refused and the caller asks again.
"""

from __future__ import annotations

from typing import Any

from engine.core import Rng

MANAGED = ("turn", "jail", "buy")
ACTIONS = ("build", "build", "mortgage", "lift")
WIDE = ("sell_building", "offer")


class RandomAgent:
    def __init__(self, seed: int, manage_percent: int = 10, wide: bool = False) -> None:
        self.rng = Rng(seed)
        self.manage_percent = manage_percent
        self.actions = ACTIONS + (WIDE if wide else ())

    def answer(self, view: dict[str, Any], decision: dict[str, Any]) -> Any:
        kind, options = decision["kind"], decision["options"]
        if kind in MANAGED and self.rng.below(100) < self.manage_percent:
            action = self.manage(view, decision["player"])
            if action is not None:
                return action
        if kind == "buy" and "buy" in options and self.rng.below(100) < 70:
            return "buy"
        if options:
            return self.rng.choice(options)
        if kind in ("bid", "open_bid"):
            return self.bid(view, decision)
        return decision["default"]

    def manage(self, view: dict[str, Any], player: str) -> dict[str, Any] | None:
        mine = [s["space"] for s in view["public"]["spaces"] if s["owner"] == player]
        others = [p["player"] for p in view["public"]["players"] if p["player"] != player and not p["bankrupt"]]
        if not mine:
            return None
        action, space = self.rng.choice(self.actions), self.rng.choice(mine)
        if action != "offer":
            return {action: space}
        return {"offer": {"to": self.rng.choice(others), "give": {"spaces": [space]},
                          "take": {"cash": 10 * (1 + self.rng.below(30))}}}

    def bid(self, view: dict[str, Any], decision: dict[str, Any]) -> Any:
        """Nothing a third of the time, else up to half of what the bidder could raise (above an open high bid:
        refused when out of reach, then the default)."""
        info = decision["info"]
        most = min(info["most"], info["cash"])
        if self.rng.below(3) == 0 or most <= 0:
            return 0
        high = (info.get("high") or {}).get("amount", 0)
        return high + 1 + self.rng.below(max(1, most // 2))
