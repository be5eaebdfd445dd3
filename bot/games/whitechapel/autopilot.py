"""The Whitechapel autopilot: one answer for one decision, from that player's view only (both sides).

Jack hides far from the yellow crossings on a circle the red circles can reach, marks women close enough to
home and far from the police (the women he leaves unmarked lie far from his targets, to draw the patrols away),
kills where no patrol can act next round (waits otherwise while time allows), and heads home by the cheapest
way: each circle a policeman could search or arrest in next round costs extra, and a Coach or an Alley is taken
when it beats every regular move by more than the token is worth (always when the streets are blocked or the
squares would run out). The Head puts his real patrols nearest the women and the wretched next to them; the
detectives weigh the likely hideouts from every night's crime scenes and clue trails, work out where Jack may be
from the crime scene, the clues (the newest: the farthest along the row, the later found of equals), the circles
searched without a clue (off his row) and the moves used, favouring the ways home; they walk toward him, onto the
crossings of his likely next step home and toward the likely hideout, search where his row most likely ran and
arrest when one circle next to them holds enough of the chances.

``python -m bot.games.whitechapel.autopilot --games N --seed S [--players P] [--sides ...]`` prints the win
rates (``match``).
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from functools import cache
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
GUARD = 1.0  # the pull of the crossings near the likely hideout
BLOCK = 1.0  # the worth of barring Jack's likely next step home
NEAR_HOME = 6  # a crime scene farther than this from a circle speaks against it as the hideout (per move)
HOMES = 6  # how many likely hideouts Jack's ways home are reckoned toward
PASSED = 2.0  # a circle holding a clue is seldom the hideout
DETOUR = 1.0  # a clue off the shortest way from its scene to a circle speaks against it (per move)


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
        guess = hideout_guess(scenes, view["public"].get("clue_trails") or [])
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
    """What the detectives can tell of Jack tonight from the public view: where his hideout may be (``homes``),
    where he may stand now (``chance``), which circles his row may have passed (``on_row``) and which crossings
    stand on his likely ways home (``block``).

    His row tonight runs from the crime scene through every clue; it seldom passed a circle searched without a
    clue (so distances avoid them), and the clue farthest along the row (the later found of equals) is the newest.
    """

    def __init__(self, view: dict[str, Any]) -> None:
        public = view["public"]
        b = board()
        scenes = public["crime_scenes"][-1] if public["crime_scenes"] else []
        self.start = set(scenes)
        track = public["track"]
        self.used: int = track["moves_used"] or 0
        self.left = LAST_SQUARE - (track["square"] or track["time_of_the_crime"] or 0)
        slack = 3 * sum(1 for kind in track["specials"].values() if kind == "alley")
        self.reach = self.used + slack
        self.clues = list(public["clues"])
        self.searched = set(public.get("searched", ()))
        self.police = public["policemen"]
        trails = public.get("clue_trails") or []
        found = trails[-1] if trails else []
        self.homes = hideout_odds(tuple(map(tuple, public["crime_scenes"])), tuple(map(tuple, trails)))
        self.likely_homes = top(self.homes, HOMES)
        self.from_start = self.spread(scenes) if scenes else {}
        order = {c: i for i, c in enumerate(found)}
        self.newest = max(self.clues, key=lambda q: (self.from_start.get(q, FAR), order.get(q, -1), -q)) \
            if self.clues else None
        self.from_newest = self.spread([self.newest]) if self.newest is not None else {}
        self.where = self.positions()
        self.row = self.row_odds()
        self.block = self.blocks(b)

    def spread(self, starts: list[int]) -> dict[int, int]:
        """Moves from ``starts`` avoiding the circles searched without a clue (plain moves plus one beyond)."""
        b = board()
        open_ = streets.spread(starts, lambda c: [n for n in b.moves(c) if n not in self.searched])
        plain = streets.spread(starts, b.moves)
        return {c: open_.get(c, d + 1) for c, d in plain.items()}

    def positions(self) -> dict[int, float]:
        """Where Jack may stand now: within reach of the scene through every clue, ahead of the newest one,
        along his likely ways home."""
        weights: dict[int, float] = {}
        since = max(0, self.reach - self.from_start.get(self.newest, 0)) if self.newest is not None else 0
        for c, d in self.from_start.items():
            if d > self.reach or (self.newest is not None and self.from_newest.get(c, FAR) > since):
                continue
            if d == 0 and self.used == 1:  # one move never ends where it began
                continue
            if any(self.from_start.get(q, FAR) + moves(q, c) > self.reach + 1 for q in self.clues):
                continue
            w = 1.0 / (1.0 + 0.5 * max(0, self.used - d))
            if c in self.searched:
                w *= 0.3
            if self.likely_homes:
                w *= sum(p * homeward(self.start, c, h, self.left) for h, p in self.likely_homes.items())
            weights[c] = w
        total = sum(weights.values())
        if not total:  # nothing fits (a Coach or an Alley went farther than counted): anywhere in reach
            weights = {c: 1.0 for c, d in self.from_start.items() if d <= self.reach}
            total = sum(weights.values()) or 1.0
        return {c: w / total for c, w in weights.items()}

    def row_odds(self) -> dict[int, float]:
        """How likely tonight's row passed each circle whose answer is not known: between the scene and where
        Jack may stand now."""
        likely = sorted(self.where, key=lambda c: (-self.where[c], c))[:12]
        odds: dict[int, float] = {}
        for c, d in self.from_start.items():
            if not self.searchable(c) or d > self.reach:
                continue
            odds[c] = sum(self.where[p] / (1.0 + max(0, d + moves(c, p) - self.used)) for p in likely)
        return odds

    def blocks(self, b: Any) -> dict[str, float]:
        """For each crossing, the odds that Jack's next step home passes it (a policeman there bars it)."""
        block: dict[str, float] = {}
        for p, chance in self.where.items():
            if chance < 0.02:
                continue
            for h in self.likely_homes:
                ahead = [n for n in b.moves(p) if moves(n, h) < moves(p, h)]
                for n in ahead:
                    for x in {x for route in b.routes(p, n) for x in route}:
                        block[x] = block.get(x, 0.0) + chance * self.likely_homes[h] / len(ahead)
        return block

    def chance(self, c: int) -> float:
        return self.where.get(c, 0.0)

    def searchable(self, c: int) -> bool:
        return c not in self.clues and c not in self.start and c not in self.searched

    def on_row(self, c: int) -> float:
        """How likely Jack's row tonight passed ``c`` (0 for a circle whose answer is known)."""
        return self.row.get(c, 0.0)

    def gain(self, crossing: str, colour: str) -> float:
        """What a policeman of ``colour`` on ``crossing`` could do next: arrest and search chances not already
        next to another policeman, the ways home he bars, and a pull toward where Jack may be."""
        b = board()
        covered = {c for other, x in self.police.items() if other != colour for c in b.circles_at(x)}
        near = [c for c in b.circles_at(crossing) if c not in covered]
        value = sum(self.chance(c) + 0.3 * self.on_row(c) for c in near)
        likely = sorted(self.where, key=lambda c: (-self.where[c], c))[:5] or sorted(self.start)
        pull = min((steps_to_circle(crossing, c) for c in likely), default=0)
        home = max(self.homes, key=lambda h: (self.homes[h], -h)) if self.homes else None
        guard = GUARD / (1 + steps_to_circle(crossing, home)) if home is not None else 0.0
        return value + BLOCK * self.block.get(crossing, 0.0) - 0.05 * pull + guard

    def best_gain(self, crossing: str, colour: str) -> float:
        places = (crossing, *board().police_moves(crossing))
        return max(self.gain(x, colour) for x in places)


def homeward(start: set[int], c: int, home: int, left: int) -> float:
    """How well Jack standing on ``c`` fits a row from the scene toward ``home`` (0 when he cannot reach it)."""
    to_home = moves(c, home)
    if to_home > left + 1:
        return 0.0
    detour = min((moves(s, c) + to_home - moves(s, home) for s in start), default=0)
    return 1.0 / (1.0 + 0.5 * detour)


def top(odds: dict[int, float], count: int) -> dict[int, float]:
    """The ``count`` likeliest entries, their odds summing to one again."""
    best = sorted(odds, key=lambda k: (-odds[k], k))[:count]
    total = sum(odds[k] for k in best) or 1.0
    return {k: odds[k] / total for k in best}


@cache
def hideout_odds(scenes: tuple[tuple[int, ...], ...], trails: tuple[tuple[int, ...], ...]) -> dict[int, float]:
    """The likely hideouts (not red) from every night's crime scenes and clues: each row ran from its scene
    toward home, so a clue off the way from a scene to a circle speaks against it. Empty before any crime."""
    every = [c for night in scenes for c in night]
    if not every:
        return {}
    b = board()
    scores: dict[int, float] = {}
    for h in (c for c in b.circles if c not in b.red):
        score: float = sum(max(0, min(moves(s, h) for s in night) - NEAR_HOME) for night in scenes if night)
        for night, found in zip(scenes, trails):
            score += DETOUR * sum(min(moves(s, c) + moves(c, h) - moves(s, h) for s in night) for c in found
                                  if night)
            score += PASSED * (h in found)  # Jack walked on past it: had it been home, he would have stopped
        scores[h] = score
    best = min(scores.values())
    odds = {h: math.exp(best - v) for h, v in scores.items() if v <= best + 4}
    total = sum(odds.values())
    return {h: w / total for h, w in odds.items()}


def hideout_guess(scenes: list[list[int]], trails: list[list[int]]) -> int | None:
    """The likeliest hideout, or None before any crime."""
    odds = hideout_odds(tuple(map(tuple, scenes)), tuple(map(tuple, trails)))
    return max(odds, key=lambda h: (odds[h], -h)) if odds else None


def main(argv: list[str] | None = None) -> int:
    from bot.games.whitechapel.match import main as figures

    return figures(argv)


if __name__ == "__main__":
    sys.exit(main())
