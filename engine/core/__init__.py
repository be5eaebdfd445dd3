"""Game-agnostic core: decisions, events, errors, deterministic RNG."""

from engine.core.errors import EngineError, IllegalAnswer, NotYourDecision, StaleDecision
from engine.core.protocol import Audience, Decision, Event
from engine.core.rng import Rng

__all__ = [
    "Audience", "Decision", "EngineError", "Event", "IllegalAnswer", "NotYourDecision", "Rng", "StaleDecision",
]
