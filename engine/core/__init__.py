"""Game-agnostic core: decisions, events, errors, answer shape checks, deterministic RNG."""

from engine.core import answers
from engine.core.errors import AlreadySubmitted, EngineError, IllegalAnswer, NotYourDecision, StaleDecision
from engine.core.protocol import Audience, Decision, Event
from engine.core.rng import Rng

__all__ = [
    "AlreadySubmitted", "Audience", "Decision", "EngineError", "Event", "IllegalAnswer", "NotYourDecision", "Rng",
    "StaleDecision", "answers",
]
