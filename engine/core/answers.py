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


def normalized(value: Any, depth: int = 0) -> Any:
    """A client's answer rebuilt from plain built-in values (str, int, float, bool, None, list, dict with string
    keys), so nothing of the client's own objects reaches the state or an event; anything else is refused."""
    if depth > MAX_DEPTH:
        raise IllegalAnswer("That answer is nested too deeply.")
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return int.__int__(value)
    if isinstance(value, float):
        return float.__float__(value)
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, (list, tuple)):
        return [normalized(v, depth + 1) for v in value]
    if isinstance(value, dict):
        if not all(isinstance(k, str) for k in value):
            raise IllegalAnswer("The keys of an answer are names.")
        return {str.__str__(k): normalized(v, depth + 1) for k, v in value.items()}
    raise IllegalAnswer("An answer is made of names, numbers, true or false, lists and mappings.")


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
