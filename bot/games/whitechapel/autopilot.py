"""The Whitechapel autopilot: one answer for one decision, from that player's view only (both sides).

Jack hides far from the yellow crossings on a circle the red circles can reach, marks women close enough to
home and far from the police (the women he leaves unmarked lie far from his targets, to draw the patrols away),
kills where no patrol can act next round (waits otherwise while time allows), and heads home by the cheapest
way: each circle a policeman could search or arrest in next round costs extra, and a Coach or an Alley is taken
when it beats every regular move by more than the token is worth (always when the streets are blocked or the
squares would run out). The Head puts his real patrols nearest the women and the wretched next to them; the
detectives work out where Jack may be from the crime scene, the clues (the one farthest from the scene is taken
as the newest) and the moves used, walk toward it and toward his likely hideout (the circle nearest all the crime
scenes, from the second night on), search where his row most likely ran and arrest when one circle next to
them holds enough of the chances.

``python -m bot.games.whitechapel.autopilot --games N --seed S`` prints the win rates (``match``).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

from bot.games.whitechapel import streets
from bot.games.whitechapel.streets import FAR, home_costs, moves, steps_to_circle, watch
from engine.core import Rng
from engine.whitechapel.board import board
from engine.whitechapel.state import COLOURS, FAKES, LAST_SQUARE

WATCHED = 3.0  # the price of a circle per policeman who can act there next round
NEXT_TO = 4.0  # more when a policeman stands next to it already
TOKEN = {"coach": 2.0, "alley": 1.5}  # what spending a token is worth in moves
LATE = 100.0  # per square beyond the last one
BACK = 2.0  # per circle of tonight's row walked again (it wastes a square, and a clue there tells more)
ARREST_AT = 0.3  # the share of the chances one circle needs for an arrest
GUARD = 1.0  # the pull of the crossings near the likely hideout (from the second night's crime on)


class Autopilot:
    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)
        self.board = board()

    def answer(self, view: dict[str, Any], decision: dict[str, Any]) -> Any:
        """The answer to ``decision`` (a dict, ``Decision.to_dict()``) from the player's ``view``."""
        handler = getattr(self, "_" + decision["kind"], None)
        return handler(view, decision) if handler else decision["default"]

    # --- Jack: set-up and the Hell part -------------------------------------------------------
    def _hideout(self, view: dict[str, Any], decision: dict[str, Any]) -> int:
        """At random among the circles at least three police steps from every yellow crossing and at most six
        moves on average from the red circles (or the nearest to that)."""
        b = self.board

        def score(c: int) -> float:
            near_yellow = min(steps_to_circle(x, c) for x in b.yellow)
            to_red = sum(moves(r, c) for r in b.red) / len(b.red)
            return -2.0 * min(near_yellow, 3) + 1.5 * max(0.0, to_red - 6)

        scores = {c: score(c) for c in decision["info"]["circles"]}
        best = min(scores.values())
        return int(self.rng.choice(sorted(c for c, v in scores.items() if v <= best + 0.5)))

    def _women(self, view: dict[str, Any], decision: dict[str, Any]) -> dict[str, list[int]]:
        info, home = decision["info"], view["private"]["hideout"]
        police = threats(view)

        def score(r: int) -> float:
            d = moves(r, home)
            danger = min((steps_to_circle(x, r) for x in police), default=FAR)
            return 2.0 * max(0, d - 7) + max(0, 3 - d) + 3.0 * max(0, 3 - danger) + self.rng.below(100) / 50

        free: list[int] = info["free"]
        scores = {r: score(r) for r in free}
        marked = sorted(free, key=lambda r: (scores[r], r))[: info["marked"]]
        others = sorted((r for r in free if r not in marked),
                        key=lambda r: (-min(moves(r, m) for m in marked), r))
        return {"women": sorted(marked + others[: info["women"] - len(marked)]), "marked": sorted(marked)}

    def _kill(self, view: dict[str, Any], decision: dict[str, Any]) -> Any:
        time = view["public"]["track"]["time_of_the_crime"]
        victims = [o for o in decision["options"] if o != "wait"]
        route = Route(view, patrols(view))
        best = min(victims, key=lambda w: (route.kill_score(w, time), w))
        spare = LAST_SQUARE - time - moves(best, route.home)
        if "wait" in decision["options"] and (route.watched.get(best, 0) or spare < 1):
            later = [w for w in victims if LAST_SQUARE - time - 1 - moves(w, route.home) >= 1]
            if later:
                return "wait"
        return best

    def _second_victim(self, view: dict[str, Any], decision: dict[str, Any]) -> int:
        time = view["public"]["track"]["time_of_the_crime"]
        route = Route(view, patrols(view))
        return int(min(decision["options"], key=lambda w: (route.kill_score(w, time), w)))

    def _double_order(self, view: dict[str, Any], decision: dict[str, Any]) -> int:
        route = Route(view, patrols(view))
        return int(min(decision["options"], key=lambda c: (route.left(c), c)))

    def _reveal_patrol(self, view: dict[str, Any], decision: dict[str, Any]) -> str:
        time = view["public"]["track"]["time_of_the_crime"]
        route = Route(view, patrols(view))
        wretched = view["public"]["wretched"]
        target = min(wretched, key=lambda w: (route.kill_score(w, time), w)) if wretched else None
        if target is None:
            return str(decision["options"][0])
        return str(min(decision["options"], key=lambda x: (steps_to_circle(x, target), x)))

    # --- Jack: the Hunting --------------------------------------------------------------------
    def _jack_move(self, view: dict[str, Any], decision: dict[str, Any]) -> Any:
        options = decision["options"]
        if "escape" in options:
            return "escape"
        plans = Route(view, police(view)).plans(view, tokens=[o for o in options if o in TOKEN])
        best = min(plans, key=lambda p: (p.total, p.kind, p.circles))
        return best.kind if best.kind in TOKEN else best.circles[0]

    def _coach_first(self, view: dict[str, Any], decision: dict[str, Any]) -> int:
        plans = [p for p in Route(view, police(view)).plans(view, tokens=["coach"]) if p.kind == "coach"]
        usable = [p for p in plans if p.circles[0] in decision["options"]]
        return min(usable, key=lambda p: (p.total, p.circles)).circles[0] if usable else decision["default"]

    def _coach_second(self, view: dict[str, Any], decision: dict[str, Any]) -> int:
        route = Route(view, police(view))
        return int(min(decision["options"], key=lambda c: (route.landing(c), c)))

    def _alley_to(self, view: dict[str, Any], decision: dict[str, Any]) -> int:
        route = Route(view, police(view))
        return int(min(decision["options"], key=lambda c: (route.landing(c), c)))

    def _false_clue(self, view: dict[str, Any], decision: dict[str, Any]) -> Any:
        """On his own circle when a policeman stands next to it, else on the most watched circle of his row."""
        row = view["private"]["paths"][-1]
        taken = set(view["public"]["false_clues"])
        near = {c for x in police(view) for c in self.board.circles_at(x)}
        if row[-1] in near and row[-1] not in taken:
            return row[-1]
        seen = watch(police(view))
        exposed = [c for c in row if seen.get(c) and c not in taken and c not in view["public"]["clues"]]
        return max(exposed, key=lambda c: (seen[c], c)) if exposed else "none"

    # --- the Head of the Investigation -----------------------------------------------------------
    def _patrols(self, view: dict[str, Any], decision: dict[str, Any]) -> dict[str, str]:
        info, women = decision["info"], view["public"]["women"]

        def closeness(x: str) -> tuple[int, str]:
            return min((steps_to_circle(x, w) for w in women), default=FAR), x

        extra = sorted(info["yellow"], key=closeness)[: len(info["tokens"]) - len(info["must"])]
        places = sorted(info["must"] + extra, key=closeness)
        reals = [t for t in info["tokens"] if t not in FAKES]
        fakes = [t for t in info["tokens"] if t in FAKES]
        return dict(zip(reals + fakes, places))

    def _wretched(self, view: dict[str, Any], decision: dict[str, Any]) -> int:
        mine = view["private"].get("patrols", {})
        reals = [x for x, token in mine.items() if token not in FAKES] or list(mine)
        return int(min(decision["options"],
                       key=lambda c: (min((steps_to_circle(x, c) for x in reals), default=FAR), c)))

    def _address(self, view: dict[str, Any], decision: dict[str, Any]) -> Any:
        scenes = view["public"]["crime_scenes"]
        guess = hideout_guess(scenes)
        return guess if guess is not None and sum(1 for night in scenes if night) >= 2 else "none"

    # --- the detectives ------------------------------------------------------------------------
    def _policeman(self, view: dict[str, Any], decision: dict[str, Any]) -> str:
        hunt = Hunt(view)
        where = view["public"]["policemen"]
        return str(max(decision["options"], key=lambda c: (hunt.best_gain(where[c], c), c)))

    def _police_move(self, view: dict[str, Any], decision: dict[str, Any]) -> str:
        hunt = Hunt(view)
        colour = next(w for w in decision["label"].split() if w in COLOURS)  # "The blue policeman's move"
        return str(max(decision["options"], key=lambda x: (hunt.gain(x, colour), x)))

    def _rush(self, view: dict[str, Any], decision: dict[str, Any]) -> str:
        return self._police_move(view, decision)

    def _police_action(self, view: dict[str, Any], decision: dict[str, Any]) -> str:
        hunt = Hunt(view)
        circles = decision["info"]["circles"]
        options = decision["options"]
        if "arrest" in options and max((hunt.chance(c) for c in circles), default=0.0) >= ARREST_AT:
            return "arrest"
        searchable = [c for c in circles if hunt.searchable(c)]
        if "clues" in options and any(hunt.on_row(c) > 0 for c in searchable):
            return "clues"
        if "arrest" in options and any(hunt.chance(c) > 0 for c in circles):
            return "arrest"
        return "clues" if "clues" in options else str(options[0])

    def _search(self, view: dict[str, Any], decision: dict[str, Any]) -> int:
        hunt = Hunt(view)
        return int(max(decision["options"], key=lambda c: (hunt.on_row(c), -c)))

    def _arrest(self, view: dict[str, Any], decision: dict[str, Any]) -> int:
        hunt = Hunt(view)
        return int(max(decision["options"], key=lambda c: (hunt.chance(c), hunt.on_row(c), -c)))


# --- reading the view ----------------------------------------------------------------------------

def police(view: dict[str, Any]) -> list[str]:
    return sorted(view["public"]["policemen"].values())


def patrols(view: dict[str, Any]) -> list[str]:
    return sorted(p["crossing"] for p in view["public"]["patrols"])


def threats(view: dict[str, Any]) -> list[str]:
    """Where the patrols will stand tonight: the yellow crossings and where the policemen ended last night."""
    return sorted(set(board().yellow) | set(police(view)))


def hideout_guess(scenes: list[list[int]]) -> int | None:
    """The circle (not red) nearest all the crime scenes so far, or None before any."""
    every = [c for night in scenes for c in night]
    if not every:
        return None
    b = board()
    return min((c for c in b.circles if c not in b.red), key=lambda c: (sum(moves(s, c) for s in every), c))


@dataclass(frozen=True)
class Plan:
    kind: str  # "move", "coach" or "alley"
    circles: tuple[int, ...]
    total: float


class Route:
    """Jack's way home with the policemen (or patrols) where they stand."""

    def __init__(self, view: dict[str, Any], crossings: list[str]) -> None:
        self.home: int = view["private"]["hideout"]
        paths = view["private"]["paths"]
        self.row = set(paths[-1]) if paths else set()
        self.watched = watch(crossings)
        self.next_to = {c for x in crossings for c in board().circles_at(x)}
        self.costs = home_costs(self.home, crossings, self.price)

    def price(self, c: int) -> float:
        return WATCHED * self.watched.get(c, 0) + (NEXT_TO if c in self.next_to else 0.0)

    def left(self, c: int) -> float:
        """The cost from ``c`` home (unreachable with these police: far, by the plain distance)."""
        return self.costs.get(c, 50.0 + moves(c, self.home))

    def landing(self, c: int) -> float:
        back = BACK if c in self.row else 0.0
        return self.price(c) + self.left(c) + back + (FAR if c == self.home else 0.0)  # only an escape ends it

    def kill_score(self, victim: int, time: int) -> float:
        late = max(0, time + moves(victim, self.home) - LAST_SQUARE)
        return self.left(victim) + 2.0 * self.price(victim) + LATE * late

    def plans(self, view: dict[str, Any], tokens: list[str]) -> list[Plan]:
        """Every move open to Jack with its cost: the move itself, what is left to walk, a late arrival."""
        b = board()
        at = view["private"]["paths"][-1][-1]
        square = view["public"]["track"]["square"]
        found = [Plan("move", (c,), 1.0 + self.landing(c)) for c in b.free_moves(at, police(view))]
        if "coach" in tokens:
            found += [Plan("coach", (f, s), 2.0 + 0.5 * self.price(f) + self.landing(s) + TOKEN["coach"])
                      for f, s in b.coach_moves(at)]
        if "alley" in tokens:
            found += [Plan("alley", (c,), 1.0 + self.landing(c) + TOKEN["alley"]) for c in b.alleys(at)]
        return [Plan(p.kind, p.circles, p.total + LATE * max(
            0, square + len(p.circles) + moves(p.circles[-1], self.home) - LAST_SQUARE)) for p in found]


class Hunt:
    """What the detectives can tell of Jack tonight from the public view: where he may stand now (``chance``)
    and which circles his row may have passed (``on_row``)."""

    def __init__(self, view: dict[str, Any]) -> None:
        public = view["public"]
        self.public = public
        scenes = public["crime_scenes"][-1] if public["crime_scenes"] else []
        self.start = {c: 0 for c in scenes}
        track = public["track"]
        self.used: int = track["moves_used"] or 0
        slack = 3 * sum(1 for kind in track["specials"].values() if kind == "alley")
        self.clues = list(public["clues"])
        self.home = hideout_guess(public["crime_scenes"]) if sum(1 for n in public["crime_scenes"] if n) > 1 \
            else None
        self.from_start = streets.spread(scenes, board().moves) if scenes else {}
        self.newest = max(self.clues, key=lambda q: (self.from_start.get(q, 0), -q)) if self.clues else None
        newest_at = self.from_start.get(self.newest, 0) if self.newest is not None else 0
        weights: dict[int, float] = {}
        for c, d in self.from_start.items():
            if d > self.used + slack:
                continue
            if self.newest is not None and moves(self.newest, c) > max(0, self.used - newest_at) + slack:
                continue
            w = 1.0 / (1.0 + 0.5 * max(0, self.used - d))
            if self.home is not None:
                w /= 1.0 + 0.3 * moves(c, self.home)
            weights[c] = w
        total = sum(weights.values()) or 1.0
        self.where = {c: w / total for c, w in weights.items()}
        self.police = public["policemen"]

    def chance(self, c: int) -> float:
        return self.where.get(c, 0.0)

    def searchable(self, c: int) -> bool:
        return c not in self.clues and c not in self.start

    def on_row(self, c: int) -> float:
        """How likely Jack's row tonight passed ``c`` (0 for a circle whose answer is known)."""
        d = self.from_start.get(c, FAR)
        if not self.searchable(c) or d > self.used + 1:
            return 0.0
        score = 1.0 + 3.0 * self.chance(c)
        if self.newest is not None:
            score /= 1.0 + 0.5 * moves(self.newest, c)
        if self.home is not None:
            score /= 1.0 + 0.2 * moves(c, self.home)
        return score

    def gain(self, crossing: str, colour: str) -> float:
        """What a policeman of ``colour`` on ``crossing`` could do next: arrest and search chances not already
        next to another policeman, and a pull toward where Jack may be."""
        b = board()
        covered = {c for other, x in self.police.items() if other != colour for c in b.circles_at(x)}
        near = [c for c in b.circles_at(crossing) if c not in covered]
        value = sum(self.chance(c) + 0.3 * self.on_row(c) for c in near)
        likely = sorted(self.where, key=lambda c: (-self.where[c], c))[:5] or list(self.start)
        pull = min((steps_to_circle(crossing, c) for c in likely), default=0)
        guard = GUARD / (1 + steps_to_circle(crossing, self.home)) if self.home is not None else 0.0
        return value - 0.05 * pull + guard

    def best_gain(self, crossing: str, colour: str) -> float:
        places = (crossing, *board().police_moves(crossing))
        return max(self.gain(x, colour) for x in places)


def main(argv: list[str] | None = None) -> int:
    from bot.games.whitechapel.match import main as figures

    return figures(argv)


if __name__ == "__main__":
    sys.exit(main())
