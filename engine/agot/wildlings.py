"""Wildling attacks (RB2 pp.22-23; checklist section 4; rulings A1, A2, A22, C2).

1. The strength is the threat on the track (or 6 for Preemptive Raid's second attack).
2-3. Every taking part house bids secretly; the bids are revealed together and
   their total is the Night's Watch's strength (see ``engine.agot.bidding``).
4. The Night's Watch wins at equal or more (C2; at strength 0 it always wins, A22).
   Before the wildling card is drawn, the Iron Throne holder settles a tie for the
   house that matters: the highest bidder after a win, the lowest after a defeat (A2).
   The top card of the wildling deck is drawn and resolved: the highest bidder's
   reward, or the lowest bidder's penalty and then everyone else's, in Iron Throne
   order (4.7, 4.9). The card then goes to the bottom of the deck (4.10).
5. The track goes back to 0 after a win, down 4 (not below 0) after a defeat (A1).
6. The bid Power went to the pool when the bids were revealed (4.12).

The card effects are small *tasks* run one at a time from the attack frame (see
``engine.agot.wildling_cards``); a task that needs a choice asks its house.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.agot import wildling_units  # noqa: F401 - registers the unit tasks
from engine.agot.bidding import start_bidding, start_ranking
from engine.agot.frames import WildlingFrame as Frame
from engine.agot.steps import WaitingStep, step
from engine.agot.wildling_cards import card_tasks
from engine.agot.wildling_tasks import TASKS, card_name, start_attack
from engine.core import Decision

if TYPE_CHECKING:
    from engine.agot.table import Table as Game

__all__ = ["WildlingAttackStep", "start_attack"]


@step("wildling_attack")
class WildlingAttackStep(WaitingStep):
    """Frame: {"strength", "houses", "source", "adjust_track", "stage", "bids", "ranking", "nights_watch",
    "card", "chosen", "tasks", "current"}."""

    def run(self, game: Game, frame: Frame) -> bool:
        if frame.get("asked"):
            return False
        stage = frame["stage"]
        if stage == "bid":
            self._announce(game, frame)
            frame["stage"] = "outcome"
            start_bidding(game, frame["houses"], "wildlings", "the Night's Watch", strength=frame["strength"])
        elif stage == "outcome":
            self._outcome(game, frame)
            frame["stage"] = "draw"
        elif stage == "draw":
            self._draw(game, frame)
            frame["stage"] = "effects"
        elif stage == "effects":
            tasks: list[dict[str, Any]] = frame["tasks"]
            frame["current"] = None
            if not tasks:
                frame["stage"] = "end"
                return True
            task = tasks.pop(0)
            if not TASKS[task["kind"]].start(game, frame, task):
                frame["current"] = task
                game.pose(frame, [task["house"]])
        else:
            self._end(game, frame)
        return True

    def _announce(self, game: Game, frame: Frame) -> None:
        names = ", ".join(game.house_name(h) for h in frame["houses"])
        game.emit("wildling_attack", f"The wildlings attack with strength {frame['strength']}! {names} bid "
                  "Power for the Night's Watch.", strength=frame["strength"], houses=list(frame["houses"]),
                  source=frame["source"])

    def _outcome(self, game: Game, frame: Frame) -> None:
        """Step 4 (4.5, C2, A22); the tie that matters is settled before the card is drawn (A2)."""
        bids: dict[str, int] = frame["bids"]
        total = sum(bids.values())
        won = total >= frame["strength"]
        frame["nights_watch"] = won
        verdict = "The Night's Watch holds" if won else "The wildlings break through"
        game.emit("wildling_outcome", f"{verdict}: {total} against {frame['strength']}.", total=total,
                  strength=frame["strength"], nights_watch=won)
        start_ranking(game, bids, "this wildling attack", highest_first=won, places=1)

    def _draw(self, game: Game, frame: Frame) -> None:
        """Consequences 1-2 (4.6, 4.7): the top card is revealed, the tasks of its branch are queued."""
        s = game.state
        chosen = frame.pop("ranking")[0]
        frame["chosen"] = chosen
        role = "highest" if frame["nights_watch"] else "lowest"
        game.emit("wildling_bidder", f"{game.house_name(chosen)} is the {role} bidder.", house=chosen, role=role)
        card = s.wildling_deck.pop(0)
        s.raven_peek = None  # the top of the deck has changed
        frame["card"] = card
        branch = "Night's Watch victory" if frame["nights_watch"] else "wildling victory"
        game.emit("wildling_card", f"The wildling card is {card_name(game, card)} ({branch}).", card=card,
                  nights_watch=frame["nights_watch"], house=chosen)
        frame["tasks"] = card_tasks(card, frame["nights_watch"], chosen)

    def _end(self, game: Game, frame: Frame) -> None:
        """Bury the card (4.10) and move the threat (4.11, A1)."""
        s = game.state
        s.wildling_deck.append(frame["card"])
        if frame["adjust_track"]:
            before = s.wildling_threat
            s.wildling_threat = 0 if frame["nights_watch"] else max(0, before - 4)
            game.emit("wildling_threat", f"The wildling threat goes from {before} to {s.wildling_threat}.",
                      before=before, after=s.wildling_threat)
        game.pop(frame)

    def decision(self, game: Game, frame: Frame, player: str, did: str) -> Decision:
        task = frame["current"]
        return TASKS[task["kind"]].decision(game, frame, task, did)

    def answer(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None:
        task = frame["current"]
        TASKS[task["kind"]].answer(game, frame, task, decision, answer)
        frame["current"] = None
