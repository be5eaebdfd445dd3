"""The registry of questions (``KINDS``: how each is posed and answered) and phases (``PHASES``), and the reading
of answers: a circle as a number or its digits ("57"), a crossing by its name, an option as listed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.core import Decision, IllegalAnswer, answers
from engine.core.questions import Ask, Kind, posed  # noqa: F401 - the modules take them from here

if TYPE_CHECKING:
    from engine.whitechapel.board import Board
    from engine.whitechapel.game import Game



KINDS: dict[str, Kind[Game]] = {}
PHASES: dict[str, Callable[[Game], None]] = {}


def question(name: str, pose: Callable[[Game, Ask], Decision], answer: Callable[[Game, Ask, Any], None]) -> None:
    KINDS[name] = Kind(pose, answer)


def phase(name: str) -> Callable[[Callable[[Game], None]], Callable[[Game], None]]:
    def register(run: Callable[[Game], None]) -> Callable[[Game], None]:
        PHASES[name] = run
        return run
    return register


def circle(b: Board, value: Any, what: str = "A circle") -> int:
    """A circle answered as a whole number or as its digits."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        kind = "a decimal" if isinstance(value, float) else answers.kind_of(value)
        raise IllegalAnswer(f"{what} is a circle's number, like 57 (not {kind}).")
    if value not in b.circles:
        raise IllegalAnswer(f"There is no circle {value} on the board (1 to {max(b.circles)}).")
    return value


def crossing(b: Board, value: Any) -> str:
    """A crossing named as on the board ("did you mean ...?" for a near miss)."""
    return b.crossing_named(answers.text(value, "A crossing"))


def choose(b: Board, options: list[Any], value: Any, why: Callable[[Any], str | None] | None = None) -> Any:
    """The listed option ``value`` names; a refusal says why (``why`` explains a circle or a crossing that is on
    the board but not a choice here). Where every option is a circle, the answer must be a circle; where they are
    crossings, a crossing's name ("did you mean ...?")."""
    if options and all(isinstance(o, int) for o in options):
        value = circle(b, value)
    elif options and all(isinstance(o, str) and o in b.crossings for o in options):
        value = crossing(b, value)
    elif isinstance(value, str):
        text = value.strip()
        if text.isdigit() and any(isinstance(o, int) for o in options):
            value = int(text)
        elif text.lower() in options:
            value = text.lower()
    value = answers.listed(options, value)
    for option in options:
        if answers.same(option, value):
            return option
    known = value in b.circles or value in b.crossings if isinstance(value, (int, str)) else False
    reason = why(value) if why and known and not isinstance(value, bool) else None
    shown = str(value) if isinstance(value, int) and not isinstance(value, bool) else answers.quote(value)
    raise IllegalAnswer(reason or f"{shown[0].upper()}{shown[1:]} is not a choice here (choose from "
                        f"{answers.choices(options)}).")


def words(values: list[Any]) -> str:
    """Circles or crossings in a sentence: "3, 21 and 27"."""
    shown = [str(v) for v in values]
    return " and ".join([", ".join(shown[:-1]), shown[-1]]) if len(shown) > 1 else "".join(shown) or "none"
