"""Wildling card tasks that destroy or change units: Preemptive Raid's and Mammoth Riders' losses,
Crow Killers, The Horde Descends (Appendix B).

Units destroyed by a penalty never leave a Power token behind (4.13); ships in a
port whose land area is lost this way are destroyed (A7).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from engine.agot import world
from engine.agot.battle import UNIT_NAMES
from engine.agot.mustering import can_buy, mustering_areas
from engine.agot.wildling_tasks import Task, TaskHandler, card_name, name, task
from engine.core import Decision, IllegalAnswer, answers

if TYPE_CHECKING:
    from engine.agot.frames import WildlingFrame as Frame
    from engine.agot.table import Table as Game


# --- destroying units (Preemptive Raid, Mammoth Riders, The Horde Descends) -------------------------


def units_by_area(s: Any, house: str, areas: list[str] | None = None) -> dict[str, list[str]]:
    return {a: sorted(u.kind for u in st.units) for a, st in sorted(world.units_of(s, house))
            if areas is None or a in areas}


def castle_areas_with(game: Game, house: str, count: int) -> list[str]:
    """Castle/stronghold areas the house controls holding at least ``count`` of its units."""
    b, s = game.board, game.state
    return sorted(a for a, st in world.units_of(s, house)
                  if world.castle_level(b, s, a) and b.is_land(a) and len(st.units) >= count)


def destroy_scope(game: Game, task: Task) -> tuple[dict[str, list[str]], int, bool]:
    """(units that may be chosen, how many, whether they must all come from one area)."""
    house, count = task["house"], task["count"]
    if task.get("castle"):
        areas = castle_areas_with(game, house, count)
        if areas:
            return units_by_area(game.state, house, areas), count, True
    units = units_by_area(game.state, house)
    return units, min(count, sum(len(k) for k in units.values())), False


def destroy_units(game: Game, house: str, picks: list[list[str]]) -> None:
    for area, kind in picks:
        world.remove_units(game.state, area, [kind])
    listing = ", ".join(f"{UNIT_NAMES[k]} in {game.area_name(a)}" for a, k in picks) or "nothing"
    game.emit("wildling_losses", f"{name(game, house)} loses {listing}.", house=house, removed=picks,
              downgrade=[], reason="wildlings")
    world.settle_ports(game)


def default_picks(units: dict[str, list[str]], count: int, one_area: bool) -> list[list[str]]:
    rank = {"footman": 0, "ship": 1, "siege_engine": 2, "knight": 3, "dragon": 4}
    pool = sorted(((a, k) for a, kinds in units.items() for k in kinds), key=lambda p: (rank[p[1]], p[0]))
    if one_area:
        area = next(a for a, kinds in units.items() if len(kinds) >= count)
        pool = [p for p in pool if p[0] == area]
    return [list(p) for p in pool[:count]]


def forced_picks(units: dict[str, list[str]], count: int, one_area: bool) -> list[list[str]] | None:
    """The units to destroy when every legal choice is the same, else None (no question needed)."""
    if one_area and len(units) > 1:
        return None
    group = [[a, k] for a, kinds in units.items() for k in kinds]
    if len(group) == count or len({(a, k) for a, k in group}) == 1:
        return group[:count]
    return None


@task("destroy")
class Destroy(TaskHandler):
    """Destroy ``count`` units anywhere (or, ``castle``, in one castle area if one holds enough)."""

    def start(self, game: Game, frame: Frame, task: Task) -> bool:
        units, count, one_area = destroy_scope(game, task)
        if count == 0:
            game.emit("wildling_effect", f"{name(game, task['house'])} has no units to lose.", house=task["house"],
                      effect="nothing")
            return True
        picks = forced_picks(units, count, one_area)
        if picks is None:
            return False
        game.announce_forced(task["house"], "wildling_destroy", picks)
        destroy_units(game, task["house"], picks)
        return True

    def decision(self, game: Game, frame: Frame, task: Task, did: str) -> Decision:
        units, count, one_area = destroy_scope(game, task)
        where = "all from one of your castle or stronghold areas" if one_area else "anywhere"
        return Decision(id=did, player=task["house"], kind="wildling_destroy",
                        prompt=f"{card_name(game, frame['card'])}: destroy {count} of your units ({where}).",
                        info={"card": frame["card"], "count": count, "units": units, "one_area": one_area},
                        default=default_picks(units, count, one_area))

    def answer(self, game: Game, frame: Frame, task: Task, decision: Decision, answer: Any) -> None:
        units, count, one_area = destroy_scope(game, task)
        if not isinstance(answer, list) or not all(isinstance(p, (list, tuple)) and len(p) == 2
                                                   and all(isinstance(x, str) for x in p) for p in answer):
            raise IllegalAnswer("List the units to destroy as [area, unit] pairs.")
        if len(answer) != count:
            raise IllegalAnswer(f"Destroy exactly {count} unit(s).")
        for (area, kind), n in Counter((a, k) for a, k in answer).items():
            if units.get(area, []).count(kind) < n:
                raise IllegalAnswer(f"You do not have {n} {answers.unit(kind)} in {game.named_area(area)} to "
                                    "destroy.")
        if one_area and len({a for a, _ in answer}) != 1:
            raise IllegalAnswer("All the units must come from one of your castle or stronghold areas.")
        destroy_units(game, task["house"], [list(p) for p in answer])


# --- Crow Killers ----------------------------------------------------------------------------------


def multisets(counts: dict[str, int], size: int) -> list[list[str]]:
    """Every sorted choice of ``size`` items from areas holding ``counts`` items each."""
    keys = sorted(k for k, n in counts.items() if n > 0)

    def build(i: int, left: int) -> list[list[str]]:
        if left == 0:
            return [[]]
        if i == len(keys):
            return []
        out = []
        for take in range(min(left, counts[keys[i]]), -1, -1):
            out += [[keys[i]] * take + rest for rest in build(i + 1, left - take)]
        return out

    return sorted(build(0, size))


def units_of_kind(game: Game, house: str, kind: str) -> dict[str, int]:
    return {a: n for a, st in world.units_of(game.state, house) if (n := sum(u.kind == kind for u in st.units))}


def crow_plan(game: Game, task: Task) -> tuple[int, int]:
    """(Knights turned into Footmen, Knights destroyed for want of Footmen)."""
    knights = sum(units_of_kind(game, task["house"], "knight").values())
    count = knights if task["count"] is None else min(task["count"], knights)
    turned = min(count, world.pool(game.board, game.state, task["house"], "footman"))
    return turned, count - turned


@task("crow_downgrade")
class CrowDowngrade(TaskHandler):
    """Knights become Footmen from the reserve; those with no Footman left are destroyed."""

    prompt = "Crow Killers: which of your Knights become Footmen (and which are destroyed, if Footmen run out)?"

    def start(self, game: Game, frame: Frame, task: Task) -> bool:
        options = self.options(game, frame, task)
        if len(options) == 1:
            game.announce_forced(task["house"], "crow_downgrade", options[0])
            self.apply(game, frame, task, options[0])
            return True
        return False

    def options(self, game: Game, frame: Frame, task: Task) -> list[Any]:
        knights = units_of_kind(game, task["house"], "knight")
        turned, lost = crow_plan(game, task)
        out = []
        for chosen in multisets(knights, turned + lost):
            for destroyed in multisets(Counter(chosen), lost):
                rest = list((Counter(chosen) - Counter(destroyed)).elements())
                out.append({"downgrade": sorted(rest), "destroy": destroyed})
        return out

    def answer(self, game: Game, frame: Frame, task: Task, decision: Decision, answer: Any) -> None:
        if isinstance(answer, dict):  # the order of the areas in each list does not matter
            answer = {k: sorted(v) if isinstance(v, list) and all(isinstance(x, str) for x in v) else v
                      for k, v in answer.items()}
        super().answer(game, frame, task, decision, answer)

    def apply(self, game: Game, frame: Frame, task: Task, answer: Any) -> None:
        s, house = game.state, task["house"]
        for area in answer["downgrade"]:
            next(u for u in s.areas[area].units if u.kind == "knight").kind = "footman"
        for area in answer["destroy"]:
            world.remove_units(s, area, ["knight"])
        parts = [f"a Knight becomes a Footman in {game.area_name(a)}" for a in answer["downgrade"]]
        parts += [f"a Knight is destroyed in {game.area_name(a)}" for a in answer["destroy"]]
        game.emit("wildling_losses", f"{name(game, house)}: " + ("; ".join(parts) or "no Knights") + ".",
                  house=house, downgrade=answer["downgrade"], removed=[[a, "knight"] for a in answer["destroy"]],
                  reason="wildlings")
        world.settle_ports(game)


@task("crow_upgrade")
class CrowUpgrade(TaskHandler):
    prompt = "Crow Killers: turn up to 2 of your Footmen into Knights from your reserve (pick the areas)."

    def start(self, game: Game, frame: Frame, task: Task) -> bool:
        if len(self.options(game, frame, task)) == 1:
            game.emit("wildling_effect", f"{name(game, task['house'])} has no Footman to upgrade.",
                      house=task["house"], effect="crow_upgrade")
            return True
        return False

    def options(self, game: Game, frame: Frame, task: Task) -> list[Any]:
        footmen = units_of_kind(game, task["house"], "footman")
        most = min(2, world.pool(game.board, game.state, task["house"], "knight"), sum(footmen.values()))
        return [c for n in range(most + 1) for c in multisets(footmen, n)]

    def default(self, game: Game, frame: Frame, task: Task, options: list[Any]) -> Any:
        return options[-1]

    def apply(self, game: Game, frame: Frame, task: Task, answer: Any) -> None:
        s = game.state
        for area in answer:
            next(u for u in s.areas[area].units if u.kind == "footman").kind = "knight"
        listing = ", ".join(game.area_name(a) for a in answer) or "nowhere"
        game.emit("wildling_effect", f"{name(game, task['house'])} upgrades Footmen to Knights in {listing}.",
                  house=task["house"], effect="crow_upgrade", areas=list(answer))

# --- The Horde Descends ----------------------------------------------------------------------------


@task("horde_muster")
class HordeMuster(TaskHandler):
    prompt = "The Horde Descends: muster in which of your castle or stronghold areas?"

    def start(self, game: Game, frame: Frame, task: Task) -> bool:
        if self.options(game, frame, task):
            return False
        house = task["house"]
        if mustering_areas(game, house):
            game.announce_forced(house, "horde_muster", None, why=f"{name(game, house)} can muster nothing in any "
                                 "of its castles and strongholds: The Horde Descends musters nothing.")
            return True
        game.emit("wildling_effect", f"{name(game, house)} controls no castle or stronghold to muster in.",
                  house=house, effect="nothing")
        return True

    def options(self, game: Game, frame: Frame, task: Task) -> list[Any]:
        """The castles and strongholds where something can be mustered (choosing another changes nothing)."""
        house = task["house"]
        return sorted(a for a, points in mustering_areas(game, house).items() if can_buy(game, house, a, points))

    def apply(self, game: Game, frame: Frame, task: Task, answer: Any) -> None:
        game.emit("wildling_effect", f"{name(game, task['house'])} musters in {game.area_name(answer)}.",
                  house=task["house"], effect="muster", area=answer)
        game.push({"step": "mustering", "houses": [task["house"]], "areas": [answer],
                   "source": "the-horde-descends"})
