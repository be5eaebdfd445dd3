"""Typed errors raised by ``submit``. A raised error means the state is unchanged."""

from __future__ import annotations


class EngineError(Exception):
    """Base class: the message is meant for the player, in plain words."""


class StaleDecision(EngineError):
    """The decision is no longer open (already answered, or the game moved on)."""


class NotYourDecision(EngineError):
    """The decision belongs to another player."""


class IllegalAnswer(EngineError):
    """The answer breaks a rule; the message says which."""
