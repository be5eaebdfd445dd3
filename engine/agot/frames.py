"""The shape of each step's frame (plain JSON on the state's stack): one ``TypedDict`` per phase module, so a
misspelt key is a type error. Each phase module imports its shape under the name ``Frame``.

Every key is optional (``total=False``): a frame grows as its step runs. Values the step only passes along are
typed ``Any``.
"""

from __future__ import annotations

from typing import Any, TypedDict


class StepFrame(TypedDict, total=False):
    step: str
    asked: dict[str, str]  # player -> decision id of the questions posed
    submitted: dict[str, str]  # answered secret questions that may still change until the group is in


class RoundFrame(StepFrame, total=False):
    next: str


class HouseByHouseFrame(StepFrame, total=False):
    houses: list[str]
    areas: list[str] | None
    source: str


class CyclingFrame(StepFrame, total=False):
    turn: int
    kept: list[str]  # a vassal's two-use orders kept for their other use (Mother of Dragons, M8)


class PlanningFrame(StepFrame, total=False):
    stage: str
    mode: str
    placed: dict[str, dict[str, str]]
    peek: str


class BiddingFrame(StepFrame, total=False):
    houses: list[str]
    purpose: str
    label: str
    info: dict[str, Any]
    group: str
    bids: dict[str, int]
    bidding: bool
    posed: bool
    ranking: list[str]
    highest_first: bool
    places: int


class WesterosFrame(StepFrame, total=False):
    stage: str
    next: int  # the deck to resolve next
    resolving: int  # the deck being resolved
    choice: str
    track: int  # Clash of Kings: the index of the track being bid for
    bidding: bool
    bids: dict[str, int]
    ranking: list[str]


class WesterosIVFrame(StepFrame, total=False):
    stage: str
    card: str
    queue: list[dict[str, Any]]  # the card's questions still to come (engine.agot.mod.westeros_iv)


class WildlingFrame(StepFrame, total=False):
    strength: int
    houses: list[str]
    source: str
    adjust_track: bool
    stage: str
    bids: dict[str, int]
    ranking: list[str]
    nights_watch: bool
    card: str
    chosen: str
    tasks: list[dict[str, Any]]
    current: Any  # the task asking now (a dict), or None


class CombatFrame(StepFrame, total=False):
    attacker: str
    defender: str | None
    area: str
    source: str
    kinds: list[str]
    token: str
    neutral: int
    leave_token: bool
    tasks: list[list[Any]]
    q: dict[str, dict[str, Any]]
    support_areas: dict[str, str]
    declared: dict[str, str]
    refuse_asked: list[str]
    refused: list[str]
    group: str
    chosen: dict[str, str | None]
    cards: dict[str, str | None]
    cancelled: str | None
    kept: list[str]
    resolved: list[str]
    tides_deck: list[str]
    tides: dict[str, str]
    tides_shown: bool
    redraw_asked: Any
    blade_asked: Any
    blade: str | None
    winner: str
    loser: str
    casualties: list[str]
    garrison_removed: bool
    skull_from: str
    skulls_done: list[str]
    retreat: dict[str, Any]
    stay: dict[str, Any]
    captured: int | None


SHAPES: dict[str, type] = {
    "round": RoundFrame, "action": RoundFrame, "planning": PlanningFrame,
    "raids": CyclingFrame, "marches": CyclingFrame, "consolidate": CyclingFrame, "combat": CombatFrame,
    "mustering": HouseByHouseFrame, "reconcile": HouseByHouseFrame, "westeros": WesterosFrame,
    "clash": WesterosFrame, "bid": BiddingFrame, "rank": BiddingFrame, "wildling_attack": WildlingFrame,
    "claim_vassals": CyclingFrame, "westeros_iv": WesterosIVFrame, "loan": WesterosIVFrame,  # Mother of Dragons
}  # each step's frame shape
