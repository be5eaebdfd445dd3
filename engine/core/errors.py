"""Typed errors raised by ``submit``. A raised error means the state is unchanged.

Messages are meant for players: plain words, at most ``MESSAGE_LIMIT`` characters (longer ones are cut).
"""

from __future__ import annotations

MESSAGE_LIMIT = 300


class EngineError(Exception):
    """Base class: the message is meant for the player, in plain words."""

    def __init__(self, message: str = "") -> None:
        if len(message) > MESSAGE_LIMIT:
            message = message[: MESSAGE_LIMIT - 3] + "..."
        super().__init__(message)


class StaleDecision(EngineError):
    """The decision is no longer open (already answered, or the game moved on)."""


class AlreadySubmitted(StaleDecision):
    """The same answer to a decision still open for changes (a reveal group) was already recorded."""


class NotYourDecision(EngineError):
    """The decision belongs to another player."""


class IllegalAnswer(EngineError):
    """The answer breaks a rule; the message says which."""
