"""The phase registry: importing every phase module registers its steps in ``STEPS``. Only ``game`` imports
this module, so no phase depends on another phase through it."""

from engine.agot import action, bidding, combat, mustering, planning, rounds, supply, westeros, wildlings  # noqa: F401
from engine.agot.mod import bank, cards, vassals, westeros_iv  # noqa: F401
from engine.agot.steps import STEPS

__all__ = ["STEPS"]
