"""The decision protocol shared by every game.

A game exposes its *open decisions*; each belongs to exactly one player, has a
kind, and either a list of legal ``options`` or ``options is None`` for a
structured answer checked by the game's validator. ``label`` is a short public
name of the question and ``choices`` a human label and description per option. ``info`` carries what the
deciding player needs to answer (it may hold that player's private facts, so a
decision is only ever shown to its own player). ``default`` is an answer that is
always legal: it drives deadlines and the fallback of the random agent. A secret decision with a
``reveal_group`` stays answerable after its answer (``submitted``) until the last answer of its group is
in: a new answer replaces the old one.

Every event names its audience: everybody, one player, or nobody until the
reveal group ``group`` is opened (a sealed event is stored, never sent).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PUBLIC = "public"
PLAYER = "player"
SEALED = "sealed"


@dataclass(frozen=True)
class Audience:
    kind: str
    who: str | None = None

    @staticmethod
    def public() -> Audience:
        return Audience(PUBLIC)

    @staticmethod
    def player(who: str) -> Audience:
        return Audience(PLAYER, who)

    @staticmethod
    def sealed(group: str) -> Audience:
        return Audience(SEALED, group)

    def reaches(self, player: str | None) -> bool:
        """Whether a viewer (``None`` = the public) may see an event with this audience."""
        if self.kind == PUBLIC:
            return True
        return self.kind == PLAYER and player is not None and self.who == player

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "who": self.who}


@dataclass(frozen=True)
class Event:
    """``seq`` numbers the public events (one more per public event); a private or sealed event carries the
    ``seq`` of the last public event before it, so hidden events never show in the public count."""

    kind: str
    audience: Audience
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    seq: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "audience": self.audience.to_dict(), "text": self.text, "data": self.data,
                "seq": self.seq}


@dataclass
class Decision:
    id: str
    player: str
    kind: str
    prompt: str
    options: list[Any] | None = None
    info: dict[str, Any] = field(default_factory=dict)
    default: Any = None
    secret: bool = False
    reveal_group: str | None = None
    label: str = ""  # public: names the question without any secret ("house card for the combat in Harrenhal")
    choices: list[dict[str, Any]] | None = None  # parallel to options: {"value", "label", "description"}
    submitted: bool = False  # answered, still open for a change until the last answer of its reveal group

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "player": self.player, "kind": self.kind, "label": self.label or self.kind,
            "prompt": self.prompt, "options": self.options, "choices": self.choices, "info": self.info,
            "default": self.default, "secret": self.secret, "reveal_group": self.reveal_group,
            "submitted": self.submitted,
        }
