"""The nine wildling cards (checklist Appendix B, D.12; agot-facts section 6), as tasks.

A card's branch becomes a list of tasks run in order by the attack frame: the
highest bidder's reward after a Night's Watch victory; after a wildling victory
the lowest bidder's penalty first, then everyone else's in Iron Throne order (4.9,
A2). A task either finishes on its own (``start`` returns True) or asks its house
one question; an answer may queue follow-up tasks at the front.

Units destroyed by a penalty never leave a Power token behind (4.13); ports whose
land area is lost this way lose their ships (A7).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.agot import world
from engine.agot.mustering import mustering_areas
from engine.agot.tracks import TRACK_NAMES, TRACKS, move_to
from engine.core import Decision, IllegalAnswer

if TYPE_CHECKING:
    from engine.agot.game import Game
    from engine.agot.steps import Frame

Task = dict[str, Any]


def card_name(game: Game, card: str) -> str:
    return str(next(c["name"] for c in game.board.wildling_cards if c["id"] == card))


# --- which tasks each branch queues ----------------------------------------------------------------

HIGHEST: dict[str, Callable[[str], list[Task]]] = {
    "silence-at-the-wall": lambda h: [{"kind": "nothing", "house": h}],
    "preemptive-raid": lambda h: [{"kind": "second_attack", "house": h}],
    "crow-killers": lambda h: [{"kind": "crow_upgrade", "house": h}],
    "rattleshirts-raiders": lambda h: [{"kind": "supply_shift", "house": h, "delta": 1}],
    "massing-on-the-milkwater": lambda h: [{"kind": "retake_all", "house": h}],
    "a-king-beyond-the-wall": lambda h: [{"kind": "top_of_track", "house": h}],
    "mammoth-riders": lambda h: [{"kind": "retake_one", "house": h}],
    "the-horde-descends": lambda h: [{"kind": "horde_muster", "house": h}],
    "skinchanger-scout": lambda h: [{"kind": "refund", "house": h}],
}
LOWEST: dict[str, Callable[[str], list[Task]]] = {
    "silence-at-the-wall": lambda h: [{"kind": "nothing", "house": h}],
    "preemptive-raid": lambda h: [{"kind": "raid_choice", "house": h}],
    "crow-killers": lambda h: [{"kind": "crow_downgrade", "house": h, "count": None}],
    "rattleshirts-raiders": lambda h: [{"kind": "supply_shift", "house": h, "delta": -2}],
    "massing-on-the-milkwater": lambda h: [{"kind": "discard_highest", "house": h}],
    "a-king-beyond-the-wall": lambda h: [{"kind": "bottom_of_all", "house": h}],
    "mammoth-riders": lambda h: [{"kind": "destroy", "house": h, "count": 3}],
    "the-horde-descends": lambda h: [{"kind": "destroy", "house": h, "count": 2, "castle": True}],
    "skinchanger-scout": lambda h: [{"kind": "lose_power", "house": h, "amount": None}],
}
EVERYONE_ELSE: dict[str, Callable[[str], Task] | None] = {
    "silence-at-the-wall": None,
    "preemptive-raid": None,
    "crow-killers": lambda h: {"kind": "crow_downgrade", "house": h, "count": 2},
    "rattleshirts-raiders": lambda h: {"kind": "supply_shift", "house": h, "delta": -1},
    "massing-on-the-milkwater": lambda h: {"kind": "discard_one", "house": h},
    "a-king-beyond-the-wall": lambda h: {"kind": "bottom_of_one", "house": h},
    "mammoth-riders": lambda h: {"kind": "destroy", "house": h, "count": 2},
    "the-horde-descends": lambda h: {"kind": "destroy", "house": h, "count": 1},
    "skinchanger-scout": lambda h: {"kind": "lose_power", "house": h, "amount": 2},
}


def card_tasks(card: str, nights_watch: bool, house: str) -> list[Task]:
    if nights_watch:
        return HIGHEST[card](house)
    tasks = LOWEST[card](house)
    if EVERYONE_ELSE[card] is not None:
        tasks.append({"kind": "everyone_else", "house": house, "card": card})
    return tasks


# --- the task protocol -----------------------------------------------------------------------------


class TaskHandler:
    """``start``: do the task, True when done; False to ask ``task['house']`` (``decision``/``answer``)."""

    kind = ""
    prompt = ""

    def start(self, game: Game, frame: Frame, task: Task) -> bool:
        return True

    def options(self, game: Game, frame: Frame, task: Task) -> list[Any]:
        return []

    def default(self, game: Game, frame: Frame, task: Task, options: list[Any]) -> Any:
        return options[0]

    def info(self, game: Game, frame: Frame, task: Task) -> dict[str, Any]:
        return {}

    def decision(self, game: Game, frame: Frame, task: Task, did: str) -> Decision:
        options = self.options(game, frame, task)
        return Decision(id=did, player=task["house"], kind=self.kind, prompt=self.prompt, options=options,
                        default=self.default(game, frame, task, options),
                        info={"card": frame["card"], **self.info(game, frame, task)})

    def answer(self, game: Game, frame: Frame, task: Task, decision: Decision, answer: Any) -> None:
        if answer not in (decision.options or []):
            raise IllegalAnswer("That is not one of the choices: " + ", ".join(map(str, decision.options or [])))
        self.apply(game, frame, task, answer)

    def apply(self, game: Game, frame: Frame, task: Task, answer: Any) -> None:
        raise NotImplementedError


TASKS: dict[str, TaskHandler] = {}


def task(kind: str) -> Callable[[type[TaskHandler]], type[TaskHandler]]:
    def register(cls: type[TaskHandler]) -> type[TaskHandler]:
        handler = cls()
        handler.kind = kind
        TASKS[kind] = handler
        return cls

    return register


def name(game: Game, house: str) -> str:
    return game.house_name(house)


@task("nothing")
class Nothing(TaskHandler):
    def start(self, game: Game, frame: Frame, task: Task) -> bool:
        game.emit("wildling_effect", "Nothing happens.", house=task["house"], effect="nothing")
        return True


@task("everyone_else")
class EveryoneElse(TaskHandler):
    """Queue the lesser penalty for every other taking part house, in Iron Throne order now (A2)."""

    def start(self, game: Game, frame: Frame, task: Task) -> bool:
        make = EVERYONE_ELSE[task["card"]]
        assert make is not None
        others = [h for h in game.turn_order() if h in frame["houses"] and h != task["house"]]
        frame["tasks"][:0] = [make(h) for h in others]
        return True


# --- Preemptive Raid -------------------------------------------------------------------------------


@task("second_attack")
class SecondAttack(TaskHandler):
    """Reward: the wildlings attack again at strength 6 without the highest bidder."""

    def start(self, game: Game, frame: Frame, task: Task) -> bool:
        from engine.agot.wildlings import start_attack

        others = [h for h in frame["houses"] if h != task["house"]]
        game.emit("wildling_effect", f"Preemptive Raid: the wildlings attack again with strength 6, without "
                  f"{name(game, task['house'])}.", house=task["house"], effect="second_attack")
        start_attack(game, 6, others, source="preemptive-raid", adjust_track=False)
        return True


def best_tracks(game: Game, house: str) -> list[str]:
    """The Influence track(s) where the house stands highest."""
    best = min(getattr(game.state, t).index(house) for t in TRACKS)
    return [t for t in TRACKS if getattr(game.state, t).index(house) == best]


def drop_two(game: Game, house: str, track: str) -> None:
    position = getattr(game.state, track).index(house)
    move_to(game, track, house, position + 2)


@task("raid_choice")
class RaidChoice(TaskHandler):
    prompt = "Preemptive Raid: destroy 2 of your units, or fall 2 places on your best Influence track?"

    def options(self, game: Game, frame: Frame, task: Task) -> list[Any]:
        return ["destroy", "track"]

    def apply(self, game: Game, frame: Frame, task: Task, answer: Any) -> None:
        house = task["house"]
        game.emit("wildling_effect", f"{name(game, house)} chooses to "
                  f"{'destroy 2 units' if answer == 'destroy' else 'fall 2 places on an Influence track'}.",
                  house=house, effect="raid_choice", choice=answer)
        if answer == "destroy":
            frame["tasks"].insert(0, {"kind": "destroy", "house": house, "count": 2})
            return
        tracks = best_tracks(game, house)
        if len(tracks) == 1:
            drop_two(game, house, tracks[0])
        else:  # 6.3: the Iron Throne holder settles the tie between tracks
            frame["tasks"].insert(0, {"kind": "raid_track", "house": game.state.iron_throne[0], "target": house,
                                      "tracks": tracks})


@task("raid_track")
class RaidTrack(TaskHandler):
    prompt = "Preemptive Raid: the lowest bidder stands equally high on several tracks; which one does it fall on?"

    def options(self, game: Game, frame: Frame, task: Task) -> list[Any]:
        return list(task["tracks"])

    def info(self, game: Game, frame: Frame, task: Task) -> dict[str, Any]:
        return {"target": task["target"]}

    def apply(self, game: Game, frame: Frame, task: Task, answer: Any) -> None:
        game.emit("tie_broken", f"{name(game, task['house'])} picks the {TRACK_NAMES[answer]} track.",
                  house=task["house"], chosen=answer)
        drop_two(game, task["target"], answer)


# --- destroying units (Preemptive Raid, Mammoth Riders, The Horde Descends) -------------------------


def units_by_area(s: Any, house: str, areas: list[str] | None = None) -> dict[str, list[str]]:
    return {a: sorted(u.kind for u in st.units) for a, st in sorted(world.units_of(s, house))
            if areas is None or a in areas}


def castle_areas_with(game: Game, house: str, count: int) -> list[str]:
    """Castle/stronghold areas the house controls holding at least ``count`` of its units."""
    b, s = game.board, game.state
    return sorted(a for a, st in world.units_of(s, house)
                  if b.areas[a].castle and b.is_land(a) and len(st.units) >= count)


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
    from engine.agot.action import settle_ports

    for area, kind in picks:
        world.remove_units(game.state, area, [kind])
    listing = ", ".join(f"{k.replace('_', ' ')} in {game.area_name(a)}" for a, k in picks) or "nothing"
    game.emit("wildling_losses", f"{name(game, house)} loses {listing}.", house=house, removed=picks)
    settle_ports(game)


def default_picks(units: dict[str, list[str]], count: int, one_area: bool) -> list[list[str]]:
    rank = {"footman": 0, "ship": 1, "siege_engine": 2, "knight": 3}
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
        if not isinstance(answer, list) or not all(isinstance(p, (list, tuple)) and len(p) == 2 for p in answer):
            raise IllegalAnswer("List the units to destroy as [area, unit] pairs.")
        if len(answer) != count:
            raise IllegalAnswer(f"Destroy exactly {count} unit(s).")
        for (area, kind), n in Counter((a, k) for a, k in answer).items():
            if units.get(area, []).count(kind) < n:
                raise IllegalAnswer(f"You do not have {n} {kind} in {area} to destroy.")
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
        if isinstance(answer, dict):
            answer = {k: sorted(v) if isinstance(v, list) else v for k, v in answer.items()}
        super().answer(game, frame, task, decision, answer)

    def apply(self, game: Game, frame: Frame, task: Task, answer: Any) -> None:
        from engine.agot.action import settle_ports

        s, house = game.state, task["house"]
        for area in answer["downgrade"]:
            next(u for u in s.areas[area].units if u.kind == "knight").kind = "footman"
        for area in answer["destroy"]:
            world.remove_units(s, area, ["knight"])
        parts = [f"a Knight becomes a Footman in {game.area_name(a)}" for a in answer["downgrade"]]
        parts += [f"a Knight is destroyed in {game.area_name(a)}" for a in answer["destroy"]]
        game.emit("wildling_losses", f"{name(game, house)}: " + ("; ".join(parts) or "no Knights") + ".",
                  house=house, downgrade=answer["downgrade"], removed=[[a, "knight"] for a in answer["destroy"]])
        settle_ports(game)


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


# --- Rattleshirt's Raiders, Skinchanger Scout ------------------------------------------------------


@task("supply_shift")
class SupplyShift(TaskHandler):
    """Move on the Supply track (0-6); a house moving down reconciles its armies at once (C7)."""

    def start(self, game: Game, frame: Frame, task: Task) -> bool:
        hs = game.state.houses[task["house"]]
        before = hs.supply
        hs.supply = max(0, min(6, before + task["delta"]))
        game.emit("supply", f"{name(game, task['house'])} supply: {before} -> {hs.supply}.", house=task["house"],
                  before=before, after=hs.supply)
        if hs.supply < before:
            game.push({"step": "reconcile", "houses": [task["house"]]})
        return True


@task("refund")
class Refund(TaskHandler):
    def start(self, game: Game, frame: Frame, task: Task) -> bool:
        gained = world.gain_power(game.board, game.state, task["house"], frame["bids"][task["house"]])
        game.emit("wildling_effect", f"{name(game, task['house'])} takes back the {gained} Power it bid.",
                  house=task["house"], effect="refund", gained=gained)
        return True


@task("lose_power")
class LosePower(TaskHandler):
    def start(self, game: Game, frame: Frame, task: Task) -> bool:
        hs = game.state.houses[task["house"]]
        lost = hs.power if task["amount"] is None else min(task["amount"], hs.power)
        hs.power -= lost
        game.emit("wildling_effect", f"{name(game, task['house'])} discards {lost} available Power.",
                  house=task["house"], effect="lose_power", lost=lost)
        return True


# --- Massing on the Milkwater, Mammoth Riders (house cards) -----------------------------------------


def strength(game: Game, card: str) -> int:
    return int(game.board.card_by_id[card]["strength"])


def discard_cards(game: Game, house: str, cards: list[str]) -> None:
    """Discard from hand; an emptied hand takes back the rest of the discard pile at once (A9)."""
    hs = game.state.houses[house]
    for card in cards:
        hs.hand.remove(card)
        hs.discard.append(card)
    if not hs.hand:
        hs.hand = [c for c in hs.discard if c not in cards]
        hs.discard = [c for c in hs.discard if c in cards]
    names = ", ".join(game.board.card_by_id[c]["name"] for c in cards)
    game.emit("house_cards_discarded", f"{name(game, house)} discards {names}.", house=house, cards=list(cards))


@task("retake_all")
class RetakeAll(TaskHandler):
    def start(self, game: Game, frame: Frame, task: Task) -> bool:
        hs = game.state.houses[task["house"]]
        back, hs.hand, hs.discard = list(hs.discard), hs.hand + hs.discard, []
        game.emit("wildling_effect", f"{name(game, task['house'])} takes {len(back)} card(s) back from its "
                  "discard pile.", house=task["house"], effect="retake", cards=back)
        return True


@task("discard_highest")
class DiscardHighest(TaskHandler):
    """With 2+ cards in hand, every card of the highest printed strength is discarded."""

    def start(self, game: Game, frame: Frame, task: Task) -> bool:
        hand = game.state.houses[task["house"]].hand
        if len(hand) > 1:
            top = max(strength(game, c) for c in hand)
            discard_cards(game, task["house"], [c for c in hand if strength(game, c) == top])
        else:
            game.emit("wildling_effect", f"{name(game, task['house'])} holds a single card and keeps it.",
                      house=task["house"], effect="nothing")
        return True


@task("discard_one")
class DiscardOne(TaskHandler):
    prompt = "Massing on the Milkwater: discard one House card of your choice."

    def start(self, game: Game, frame: Frame, task: Task) -> bool:
        if len(game.state.houses[task["house"]].hand) > 1:
            return False
        game.emit("wildling_effect", f"{name(game, task['house'])} holds a single card and keeps it.",
                  house=task["house"], effect="nothing")
        return True

    def options(self, game: Game, frame: Frame, task: Task) -> list[Any]:
        return sorted(game.state.houses[task["house"]].hand)

    def default(self, game: Game, frame: Frame, task: Task, options: list[Any]) -> Any:
        return min(options, key=lambda c: (strength(game, c), c))

    def apply(self, game: Game, frame: Frame, task: Task, answer: Any) -> None:
        discard_cards(game, task["house"], [answer])


@task("retake_one")
class RetakeOne(TaskHandler):
    prompt = "Mammoth Riders: take one card of your discard pile back into your hand (or none)."

    def start(self, game: Game, frame: Frame, task: Task) -> bool:
        return not game.state.houses[task["house"]].discard

    def options(self, game: Game, frame: Frame, task: Task) -> list[Any]:
        return sorted(game.state.houses[task["house"]].discard) + [None]

    def default(self, game: Game, frame: Frame, task: Task, options: list[Any]) -> Any:
        return max(options[:-1], key=lambda c: (strength(game, c), c))

    def apply(self, game: Game, frame: Frame, task: Task, answer: Any) -> None:
        hs = game.state.houses[task["house"]]
        if answer is not None:
            hs.discard.remove(answer)
            hs.hand.append(answer)
        card = game.board.card_by_id[answer]["name"] if answer else "no card"
        game.emit("wildling_effect", f"{name(game, task['house'])} takes back {card}.", house=task["house"],
                  effect="retake", cards=[answer] if answer else [])


# --- A King Beyond the Wall ------------------------------------------------------------------------


@task("top_of_track")
class TopOfTrack(TaskHandler):
    prompt = "A King Beyond the Wall: move to the top of which Influence track?"

    def options(self, game: Game, frame: Frame, task: Task) -> list[Any]:
        return list(TRACKS)

    def apply(self, game: Game, frame: Frame, task: Task, answer: Any) -> None:
        move_to(game, answer, task["house"], 0)  # 6.13: the Dominance token follows at once


@task("bottom_of_all")
class BottomOfAll(TaskHandler):
    def start(self, game: Game, frame: Frame, task: Task) -> bool:
        for track in TRACKS:
            move_to(game, track, task["house"], -1)
        return True


@task("bottom_of_one")
class BottomOfOne(TaskHandler):
    prompt = "A King Beyond the Wall: move to the bottom of the Fiefdoms or the King's Court track?"

    def options(self, game: Game, frame: Frame, task: Task) -> list[Any]:
        return ["fiefdoms", "kings_court"]

    def apply(self, game: Game, frame: Frame, task: Task, answer: Any) -> None:
        move_to(game, answer, task["house"], -1)


# --- The Horde Descends ----------------------------------------------------------------------------


@task("horde_muster")
class HordeMuster(TaskHandler):
    prompt = "The Horde Descends: muster in which of your castle or stronghold areas?"

    def start(self, game: Game, frame: Frame, task: Task) -> bool:
        if self.options(game, frame, task):
            return False
        game.emit("wildling_effect", f"{name(game, task['house'])} controls no castle or stronghold to muster in.",
                  house=task["house"], effect="nothing")
        return True

    def options(self, game: Game, frame: Frame, task: Task) -> list[Any]:
        return sorted(mustering_areas(game, task["house"]))

    def apply(self, game: Game, frame: Frame, task: Task, answer: Any) -> None:
        game.emit("wildling_effect", f"{name(game, task['house'])} musters in {game.area_name(answer)}.",
                  house=task["house"], effect="muster", area=answer)
        game.push({"step": "mustering", "houses": [task["house"]], "areas": [answer],
                   "source": "the-horde-descends"})
