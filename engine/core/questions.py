"""How a game built on asks registers its questions: an *ask* is the stored form of an open question
(``{"id", "kind", "player", ...context}``); each kind has a ``pose`` (the ``Decision`` shown) and an ``answer``
(checks, then applies), kept in the game's own registry of ``Kind``s."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from engine.core.protocol import Decision

G = TypeVar("G")
Ask = dict[str, Any]


@dataclass(frozen=True)
class Kind(Generic[G]):
    pose: Callable[[G, Ask], Decision]
    answer: Callable[[G, Ask, Any], None]


def posed(ask: Ask, label: str, prompt: str, options: list[Any] | None = None, default: Any = None,
          secret: bool = False, info: dict[str, Any] | None = None, labels: dict[Any, str] | None = None,
          reveal_group: str | None = None) -> Decision:
    """The ``Decision`` for the open ask (the default is the first option unless given); ``labels`` names the
    options for people ("buy": "Buy it for $200", "escape": "Escape home to 56")."""
    if default is None and options:
        default = options[0]
    choices = None
    if options is not None and labels:
        choices = [{"value": o, "label": labels.get(o, str(o)), "description": ""} for o in options]
    return Decision(id=ask["id"], player=ask["player"], kind=ask["kind"], prompt=prompt, options=options,
                    info=info or {}, default=default, secret=secret, label=label, choices=choices,
                    reveal_group=reveal_group)
