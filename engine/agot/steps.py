"""The step protocol: how each part of the game advances and asks its questions.

The game state keeps a stack of *frames* (plain JSON dicts, innermost last). Each
frame names a step; the step's handler, registered here by name, knows how to:

* ``run(game, frame) -> bool``: do the automatic work. Return ``True`` after any
  progress (the loop calls again), ``False`` once the frame waits for answers it
  has posed with ``game.pose``.
* ``decision(game, frame, player, id)``: the decision of one question posed
  (``frame["asked"]`` maps each asked player to its decision id).
* ``answer(game, frame, decision, answer)``: check and apply one answer. It may
  raise ``IllegalAnswer`` at any point: the game then restores the state it had.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from engine.agot.frames import HouseByHouseFrame
from engine.agot.table import Frame
from engine.agot.table import Table as Game  # the services a step uses (the game, seen from its steps)

if TYPE_CHECKING:
    from engine.core import Decision

__all__ = ["STEPS", "Frame", "HouseByHouseStep", "Step", "WaitingStep", "step"]


class Step(Protocol):
    def run(self, game: Game, frame: Frame) -> bool: ...

    def decision(self, game: Game, frame: Frame, player: str, did: str) -> Decision: ...

    def answer(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None: ...


STEPS: dict[str, Step] = {}


def step(name: str) -> Callable[[type], type]:
    """Class decorator registering a step handler under its frame name."""

    def register(cls: type) -> type:
        STEPS[name] = cls()
        return cls

    return register


class WaitingStep:
    """Base for steps whose questions are one per player, posed in ``frame['asked']``."""

    def decision(self, game: Game, frame: Frame, player: str, did: str) -> Decision:
        raise NotImplementedError

    def run(self, game: Game, frame: Frame) -> bool:
        raise NotImplementedError

    def answer(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None:
        raise NotImplementedError


class HouseByHouseStep(WaitingStep):
    """Houses act one after another (``frame["houses"]``, in turn order); those with nothing to do are skipped.

    ``answer`` implementations call ``done(frame)`` once the current house has acted.
    """

    def has_work(self, game: Game, frame: HouseByHouseFrame, house: str) -> bool:
        raise NotImplementedError

    def run(self, game: Game, frame: HouseByHouseFrame) -> bool:
        if frame.get("asked"):
            return False
        while frame["houses"]:
            if self.has_work(game, frame, frame["houses"][0]):
                game.pose(frame, frame["houses"][:1])
                return False
            self.done(frame)
        game.pop(frame)
        return True

    @staticmethod
    def done(frame: HouseByHouseFrame) -> None:
        frame["houses"].pop(0)
