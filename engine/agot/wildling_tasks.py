"""The task protocol of wildling card effects (see ``engine.agot.wildling_cards``).

A card's branch is a list of tasks run in order by the attack frame. A task either
finishes on its own (``start`` returns True) or asks its house one question
(``decision``, then ``answer``); an answer may queue follow-up tasks at the front
of ``frame["tasks"]`` or push frames (reconciliation, mustering, a second attack).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.core import Decision, IllegalAnswer, answers

if TYPE_CHECKING:
    from engine.agot.frames import WildlingFrame as Frame
    from engine.agot.table import Table as Game

Task = dict[str, Any]


def start_attack(game: Game, strength: int, houses: list[str], source: str, adjust_track: bool = True) -> None:
    """Push a wildling attack of ``strength`` against ``houses`` (3.4, 3.10, 4.1); ``engine.agot.wildlings``
    runs it."""
    game.push({"step": "wildling_attack", "strength": strength, "houses": list(houses), "source": source,
               "adjust_track": adjust_track, "stage": "bid", "tasks": []})


class TaskHandler:
    """``start``: do the task, True when done; False to ask ``task['house']`` (``decision``/``answer``)."""

    kind = ""
    prompt = ""

    def start(self, game: Game, frame: Frame, task: Task) -> bool:
        return False

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
            raise IllegalAnswer("That is not one of the choices: " + answers.choices(decision.options) + ".")
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


def card_name(game: Game, card: str) -> str:
    return str(next(c["name"] for c in game.board.wildling_cards if c["id"] == card))


def name(game: Game, house: str) -> str:
    return game.house_name(house)
