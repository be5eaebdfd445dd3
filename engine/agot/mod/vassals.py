"""Vassals (M8, M14; checklist 21-23): claiming them each Planning phase and their shared House card deck.

A vassal is a house of the set-up that no player holds. Its decisions are posed to the vassal itself and
answered by its commander (``Table.answerer``; ``Game`` shows them to the commander and ``Table.emit`` sends the
vassal's private events to the commander).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.agot.frames import CyclingFrame as Frame
from engine.agot.steps import WaitingStep, step
from engine.core import Decision, IllegalAnswer

if TYPE_CHECKING:
    from engine.agot.table import Table as Game

PASS = "pass"


def players(game: Game) -> list[str]:
    """The houses held by players, in Iron Throne order."""
    vassals = game.vassals()
    return [h for h in game.state.iron_throne if h not in vassals]


def unclaimed(game: Game) -> list[str]:
    commanders = game.state.mod.get("commanders", {})
    return [h for h in game.state.iron_throne if h in game.vassals() and h not in commanders]


@step("claim_vassals")
class ClaimVassalsStep(WaitingStep):
    """M14: in Iron Throne order each player claims one unclaimed vassal or passes; the last player in that
    order takes every vassal still unclaimed."""

    def run(self, game: Game, frame: Frame) -> bool:
        if frame.get("asked"):
            return False
        s = game.state
        commanders: dict[str, str] = s.mod.setdefault("commanders", {})
        if "turn" not in frame:
            frame["turn"] = 0
            commanders.clear()
        order = players(game)
        left = unclaimed(game)
        if left and frame["turn"] < len(order) - 1:
            game.pose(frame, [order[frame["turn"]]])
            return False
        if left:
            last = order[-1]
            for vassal in left:
                commanders[vassal] = last
            game.emit("vassal_claimed", f"{game.house_name(last)} commands "
                      f"{', '.join(game.house_name(v) for v in left)} this round (the last to claim).",
                      house=last, vassals=left)
        game.pop(frame)
        return True

    def decision(self, game: Game, frame: Frame, player: str, did: str) -> Decision:
        options: list[Any] = [*unclaimed(game), PASS]
        return Decision(id=did, player=player, kind="claim_vassal", options=options, default=PASS,
                        prompt="Claim a vassal to command this round, or pass.")

    def answer(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None:
        if answer not in (decision.options or []):
            raise IllegalAnswer("Claim one of the unclaimed vassals (" + ", ".join(
                game.house_name(v) for v in unclaimed(game)) + ") or pass.")
        frame["turn"] += 1
        if answer == PASS:
            game.emit("vassal_claimed", f"{game.house_name(decision.player)} claims no vassal.",
                      house=decision.player, vassals=[])
            return
        game.state.mod["commanders"][answer] = decision.player
        game.emit("vassal_claimed", f"{game.house_name(decision.player)} commands {game.house_name(answer)} "
                  "this round.", house=decision.player, vassals=[answer])


def sync_vassal_cards(game: Game) -> None:
    """The vassals share one House card deck (M8): whatever one vassal played, took back or discarded shows in
    every vassal's hand and discard pile (``state.mod["vassal_cards"]``)."""
    s = game.state
    shared = s.mod.get("vassal_cards")
    if not shared:
        return
    for key in ("hand", "discard"):
        before = set(shared[key])
        gone: set[str] = set()
        came: set[str] = set()
        for vassal in game.vassals():
            mine = set(getattr(s.houses[vassal], key))
            gone |= before - mine
            came |= mine - before
        if gone or came:
            order = [c["id"] for c in game.board.house_cards["vassal"]]
            shared[key] = [c for c in order if (c in before and c not in gone) or c in came]
    for vassal in game.vassals():
        house = s.houses[vassal]
        if house.hand != shared["hand"] or house.discard != shared["discard"]:
            house.hand, house.discard = list(shared["hand"]), list(shared["discard"])


# --- presentation (engine.agot.present) ----------------------------------------------------------------


def claim_label(game: Game) -> tuple[str, str]:
    return "claim a vassal", "vassals"


def claim_choice(game: Game, value: Any) -> tuple[str, str]:
    if value == PASS:
        return "Pass", "Claim no vassal; the last player takes every vassal left."
    return game.house_name(value), f"Command {game.house_name(value)} this round: its orders, combats and cards."
