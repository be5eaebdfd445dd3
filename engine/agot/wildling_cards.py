"""The nine wildling cards (checklist Appendix B, D.12; agot-facts section 6), as tasks.

A card's branch becomes a list of tasks (``engine.agot.wildling_tasks``) run in
order by the attack frame: the highest bidder's reward after a Night's Watch
victory; after a wildling victory the lowest bidder's penalty first, then everyone
else's in Iron Throne order (4.9, A2). The tasks that destroy or change units live
in ``engine.agot.wildling_units``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.agot import world
from engine.agot.house_cards import sort_cards
from engine.agot.tracks import TRACK_NAMES, TRACKS, move_to
from engine.agot.wildling_tasks import Task, TaskHandler, name, start_attack, task

if TYPE_CHECKING:
    from engine.agot.frames import WildlingFrame as Frame
    from engine.agot.table import Table as Game


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
            holder = game.holder(game.state.iron_throne)
            frame["tasks"].insert(0, {"kind": "raid_track", "house": holder, "target": house, "tracks": tracks})


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
    hs.discard = sort_cards(game.board, house, hs.discard + cards)
    if not hs.hand:
        hs.hand = [c for c in hs.discard if c not in cards]
        hs.discard = [c for c in hs.discard if c in cards]
        game.emit("hand_refreshed", f"{name(game, house)} takes back {len(hs.hand)} House card(s) from the "
                  "discard pile.", house=house, hand=list(hs.hand))
    names = ", ".join(game.board.card_by_id[c]["name"] for c in cards)
    game.emit("house_cards_discarded", f"{name(game, house)} discards {names}.", house=house, cards=list(cards))


@task("retake_all")
class RetakeAll(TaskHandler):
    def start(self, game: Game, frame: Frame, task: Task) -> bool:
        hs = game.state.houses[task["house"]]
        back = list(hs.discard)
        hs.hand, hs.discard = sort_cards(game.board, task["house"], hs.hand + back), []
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
            hs.hand = sort_cards(game.board, task["house"], hs.hand + [answer])
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
