"""The registries of a game of Monopoly: its questions (``KINDS``: how each is posed and answered) and its
automatic steps (``STEPS``: the agenda's work), and the reading of answers shared by the modules.

An *ask* is the stored form of an open question: ``{"id", "kind", "player", "blocking", ...context}``. A
blocking ask holds the agenda until it is answered; a side ask (a trade reply) does not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.core import Decision, IllegalAnswer, answers
from engine.core.questions import Ask, Kind, posed  # noqa: F401 - the modules take them from here

if TYPE_CHECKING:
    from engine.monopoly.game import Game

Step = dict[str, Any]


KINDS: dict[str, Kind[Game]] = {}
STEPS: dict[str, Callable[[Game, Step], None]] = {}
UNFORCED: set[str] = set()  # kinds never answered for the player even with one option (a manage answer fits)


def question(name: str, pose: Callable[[Game, Ask], Decision], answer: Callable[[Game, Ask, Any], None]) -> None:
    KINDS[name] = Kind(pose, answer)


def step(name: str) -> Callable[[Callable[[Game, Step], None]], Callable[[Game, Step], None]]:
    def register(run: Callable[[Game, Step], None]) -> Callable[[Game, Step], None]:
        STEPS[name] = run
        return run
    return register


def option(options: list[Any], value: Any) -> Any:
    """The listed option ``value`` names: an option as listed, or its text in any case ("Roll" for "roll")."""
    if isinstance(value, str) and not any(isinstance(o, int) and not isinstance(o, bool) for o in options):
        value = value.strip().lower()
    elif isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value.strip())
    value = answers.listed(options, value)
    for o in options:
        if answers.same(o, value):
            return o
    raise IllegalAnswer(f"{answers.quote(value)} is not a choice here (choose from {answers.choices(options)}).")


def dollars(value: Any, what: str = "An amount") -> int:
    """A whole number of dollars, 0 or more: 120, "120" or "$120"."""
    if isinstance(value, str):
        text = value.strip().replace(",", "").removeprefix("$").strip()
        if text.isdigit():
            value = int(text)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAnswer(f"{what} is a whole number of dollars, like 120 (not {answers.kind_of(value)}).")
    if value < 0:
        raise IllegalAnswer(f"{what} cannot be negative.")
    return value


def money(amount: int) -> str:
    return f"${amount:,}"
