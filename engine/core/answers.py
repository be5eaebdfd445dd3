"""Shape checks for structured answers and the safe wording of refusals.

Wrong shapes become IllegalAnswer with a plain message. A refusal never shows a Python repr of what the
client sent: ``quote`` shows a client's text escaped and cut short, ``plain`` words the engine's own values
(options, units) for people.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAnswer

QUOTE_LIMIT = 40
MAX_DEPTH = 8
MAX_VALUES = 1_000  # values in one answer: no legal answer comes near (a full set of orders holds about 30)
MAX_TEXT = 4_000  # characters in one text: a full set of orders written out takes under 2,000
UNIT_KINDS = ("footman", "knight", "siege_engine", "ship", "dragon")


def text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise IllegalAnswer(f"{what} must be a name, not {kind_of(value)}.")
    return value


def listing(value: Any, what: str) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        raise IllegalAnswer(f"{what} must be a list.")
    return list(value)


def mapping(value: Any, what: str) -> dict[Any, Any]:
    if not isinstance(value, dict):
        raise IllegalAnswer(f"{what} must map names to values.")
    return value


def flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise IllegalAnswer(f"{what} must be true or false.")
    return value


def keys(value: dict[str, Any], required: tuple[str, ...], optional: tuple[str, ...], what: str) -> None:
    """A structured answer's mapping is refused for an unknown or a missing key before anything in it is judged,
    so the refusal names the real fault."""
    unknown = [k for k in value if k not in required + optional]
    missing = [k for k in required if k not in value]
    if unknown or missing:
        fault = (f"unknown key {', '.join(quote(k) for k in unknown[:3])}" if unknown
                 else f"'{missing[0]}' is missing")
        allowed = ", ".join(f"'{k}'" for k in required) + "".join(f", optional '{k}'" for k in optional)
        raise IllegalAnswer(f"{what}: {fault} (it has {allowed}).")


def normalized(value: Any) -> Any:
    """A client's answer rebuilt from plain built-in values (str, int, float, bool, None, list, dict with string
    keys), so nothing of the client's own objects reaches the state or an event; anything else is refused, and
    so is an answer far larger than any legal one (more than ``MAX_VALUES`` values or a text longer than
    ``MAX_TEXT``), before any work that grows with its size."""
    return _rebuilt(value, 0, [MAX_VALUES])


def _rebuilt(value: Any, depth: int, left: list[int]) -> Any:
    if depth > MAX_DEPTH:
        raise IllegalAnswer("That answer is nested too deeply.")
    left[0] -= 1
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return int.__int__(value)
    if isinstance(value, float):
        return float.__float__(value)
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise IllegalAnswer(f"That text is far longer than any answer (at most {MAX_TEXT} characters).")
        return str.__str__(value)
    if isinstance(value, (list, tuple, dict)) and len(value) > left[0]:
        raise IllegalAnswer(f"That answer is far larger than any legal one (at most {MAX_VALUES} values).")
    if isinstance(value, (list, tuple)):
        return [_rebuilt(v, depth + 1, left) for v in value]
    if isinstance(value, dict):
        if not all(isinstance(k, str) for k in value):
            raise IllegalAnswer("The keys of an answer are names.")
        return {_rebuilt(k, depth + 1, left): _rebuilt(v, depth + 1, left) for k, v in value.items()}
    raise IllegalAnswer("An answer is made of names, numbers, true or false, lists and mappings.")


def same(a: Any, b: Any) -> bool:
    """Equal and of the same kinds all the way down: ``True`` is not ``1``, ``1.0`` is not ``1``."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return bool(a == b)


def listed(options: list[Any] | None, answer: Any) -> Any:
    """For a question with options, the engine's own option the answer names (so nothing of the client's object
    reaches the state or an event). An answer equal to an option only by Python's loose rules (``1.0`` or
    ``True`` for ``1``, ``0`` for ``false``) is refused: an answer is one of the options as they are stated. An
    answer that is a mapping where the options are is refused for the keys it lacks or should not have. Any
    other answer comes back as it came, for the step to check."""
    if options is None:
        return answer
    for option in options:
        if same(option, answer):
            return option
    if any(option == answer for option in options):
        raise IllegalAnswer(f"Answer one of the choices exactly as listed: {choices(options)} (a whole number is "
                            "not a decimal, and true or false is not a number).")
    _check_keys([o for o in options if isinstance(o, dict)], answer)
    return answer


def _check_keys(shapes: list[dict[str, Any]], answer: Any) -> None:
    """A mapping answer to a question whose options are mappings has the keys of one of them, or it is refused
    for the keys themselves (before anything in it is looked at)."""
    if not shapes or not isinstance(answer, dict):
        return
    sets = list(dict.fromkeys(tuple(o) for o in shapes))
    if any(set(keys) == set(answer) for keys in sets):
        return
    known = {k for keys in sets for k in keys}
    unknown = [k for k in answer if k not in known]
    shaped = " or ".join(" + ".join(keys) for keys in sets)
    if unknown:
        raise IllegalAnswer(f"Unknown key {', '.join(quote(k) for k in unknown[:3])}: this answer has the keys "
                            f"{shaped}.")
    raise IllegalAnswer(f"This answer has the keys {shaped}, not {' + '.join(answer) or 'none'}.")


def kind_of(value: Any) -> str:
    """What a client sent, in words (never its contents)."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a name"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return "an unknown value"


def quote(value: Any) -> str:
    """A client's value inside a refusal: text in double quotes, escaped and cut short; anything else by kind."""
    if not isinstance(value, str):
        return kind_of(value)
    shown = value if len(value) <= QUOTE_LIMIT else value[:QUOTE_LIMIT] + "..."
    escaped = "".join(c if c.isprintable() and c not in '"\\`' else f"\\u{ord(c):04x}" for c in shown)
    return f'"{escaped}"'


def unit(value: Any) -> str:
    """A unit kind named by a client: its name when it is one, else quoted."""
    return value.replace("_", " ") if value in UNIT_KINDS else quote(value)


def plain(value: Any) -> str:
    """The engine's own value (an option, a unit list) in words: no brackets, quotes, True/False or None."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value.replace("_", " ")
    if isinstance(value, (list, tuple)):
        return " + ".join(plain(v) for v in value) if value else "nothing"
    if isinstance(value, dict):
        return ", ".join(f"{plain(k)} {plain(v)}" for k, v in value.items()) or "nothing"
    return str(value)


def choices(options: list[Any] | None) -> str:
    """A short list of the options, for a refusal."""
    shown = [plain(o) for o in options or []]
    listed = "; ".join(shown[:8]) + ("; ..." if len(shown) > 8 else "")
    return listed or "none"
