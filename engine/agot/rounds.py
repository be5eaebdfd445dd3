"""The round structure (RB2 p.7): Westeros (not in round 1), Planning, Action; ten rounds at most."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.agot import victory
from engine.agot.frames import RoundFrame as Frame
from engine.agot.mod import bank
from engine.agot.steps import STEPS, WaitingStep, step

if TYPE_CHECKING:
    from engine.agot.table import Table as Game
    from engine.core import Decision


@step("round")
class RoundStep(WaitingStep):
    """The outermost frame: starts each phase in turn (2.1-2.7)."""

    def run(self, game: Game, frame: Frame) -> bool:
        s = game.state
        stage = frame["next"]
        if stage == "westeros":
            frame["next"] = "planning"
            s.round += 1
            s.phase = "westeros"
            game.emit("round", f"Round {s.round} begins.", round=s.round)
            if "westeros" in STEPS:
                game.push({"step": "westeros"})
            if bank.in_play(game):  # Mother of Dragons: a new loan, then interest, before the Westeros phase
                bank.new_round(game)
        elif stage == "planning":
            frame["next"] = "action"
            s.phase = "planning"
            if s.round == 1:  # later rounds begin with the Westeros phase
                game.emit("round", "Round 1 begins.", round=1)
            game.push({"step": "planning"})
            if game.vassals():  # M14: the vassals are claimed first
                game.push({"step": "claim_vassals"})
            if s.round == 1 and bank.in_play(game):  # M11: the first loan enters in round 1 too
                bank.new_round(game)
        elif stage == "action":
            frame["next"] = "end"
            s.phase = "action"
            game.push({"step": "action", "next": "raids"})
        else:
            if s.round >= game.board.tables["max_rounds"]:
                victory.finish(game)
            else:
                frame["next"] = "westeros"
        return True


@step("action")
class ActionStep(WaitingStep):
    """Action phase (2.5): raids, marches, consolidate power, then clean up."""

    def run(self, game: Game, frame: Frame) -> bool:
        stage = frame["next"]
        order = ["raids", "marches", "consolidate", "cleanup"]
        if stage == "cleanup":
            clean_up(game)
            game.pop(frame)
            return True
        frame["next"] = order[order.index(stage) + 1]
        game.push({"step": stage, "turn": 0})
        return True

    def answer(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None:
        raise RuntimeError("the action frame asks nothing")


def clean_up(game: Game) -> None:
    """Clean Up (8.29): remove every order, rally routed units, refresh the Blade and the Raven."""
    s = game.state
    for st in s.areas.values():
        st.order = None
        for unit in st.units:
            unit.routed = False
    s.blade_used = False
    s.raven_used = False
    s.restrictions = []
    game.emit("clean_up", f"Round {s.round} ends: orders are removed, routed units stand up.")
