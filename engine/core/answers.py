"""Shape checks for structured answers: wrong shapes become IllegalAnswer with a plain message."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAnswer


def text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise IllegalAnswer(f"{what} must be a name, not {type(value).__name__}.")
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
