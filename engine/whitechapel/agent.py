"""A random legal agent that sees only ``view(player)`` and its own decision.

It picks among listed options at random and builds the placements (hideout, women, patrols) from the
decision's ``info``; the optional one-shot choices (a False Clue, I Know Your Address) are declined half the
time. Jack mostly heads home (``homing``): the shortest way to his hideout by regular moves, an escape when he can.
"""

from __future__ import annotations

from typing import Any

from engine.core import Rng
from engine.whitechapel.board import board


class RandomAgent:
    def __init__(self, seed: int, homing: float = 0.8) -> None:
        self.rng = Rng(seed)
        self.homing = homing
        self._distances: dict[int, dict[int, int]] = {}

    def answer(self, view: dict[str, Any], decision: dict[str, Any]) -> Any:
        options = decision["options"]
        if options is not None:
            hideout = view.get("private", {}).get("hideout")
            if decision["kind"] == "jack_move" and hideout and self.rng.below(100) < self.homing * 100:
                return "escape" if "escape" in options else self._nearest(options, hideout)
            return self.rng.choice(options)
        handler = getattr(self, "_" + decision["kind"], None)
        return handler(view, decision["info"]) if handler else decision["default"]

    def _nearest(self, options: list[Any], hideout: int) -> Any:
        """The circle option closest to the hideout (any option when none is a circle)."""
        if hideout not in self._distances:
            self._distances[hideout] = distances(hideout)
        circles = [o for o in options if isinstance(o, int)]
        if not circles:
            return self.rng.choice(options)
        return min(circles, key=lambda c: (self._distances[hideout].get(c, 999), c))

    def _sample(self, items: list[Any], count: int) -> list[Any]:
        pool = list(items)
        self.rng.shuffle(pool)
        return pool[:count]

    def _hideout(self, view: dict[str, Any], info: dict[str, Any]) -> int:
        return int(self.rng.choice(info["circles"]))

    def _women(self, view: dict[str, Any], info: dict[str, Any]) -> dict[str, list[int]]:
        women = self._sample(info["free"], info["women"])
        return {"women": women, "marked": self._sample(women, info["marked"])}

    def _patrols(self, view: dict[str, Any], info: dict[str, Any]) -> dict[str, str]:
        places = info["must"] + self._sample(info["yellow"], len(info["tokens"]) - len(info["must"]))
        return dict(zip(info["tokens"], self._sample(places, len(places))))

    def _address(self, view: dict[str, Any], info: dict[str, Any]) -> Any:
        return self.rng.below(195) + 1 if self.rng.below(2) else "none"

    def _false_clue(self, view: dict[str, Any], info: dict[str, Any]) -> Any:
        return self.rng.below(195) + 1 if self.rng.below(2) else "none"


def distances(home: int) -> dict[int, int]:
    """Regular moves from every circle to ``home`` (police ignored)."""
    b = board()
    found = {home: 0}
    frontier = [home]
    while frontier:
        nxt = []
        for c in frontier:
            for n in b.moves(c):
                if n not in found:
                    found[n] = found[c] + 1
                    nxt.append(n)
        frontier = nxt
    return found
