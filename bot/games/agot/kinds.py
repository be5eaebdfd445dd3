"""A Game of Thrones' engine kinds that its room branches on (its feed wording), as ``StrEnum``s whose values are
the engine's strings (the engine has more)."""

from __future__ import annotations

from enum import StrEnum


class DecisionKind(StrEnum):
    """The decision kinds the feed names."""

    ORDERS = "orders"
    BID = "bid"
    RAID = "raid"
    CONSOLIDATE = "consolidate"


class EventKind(StrEnum):
    """The event kinds the feed, the echoes and the digest name."""

    ORDERS_REVEALED = "orders_revealed"
    COMBAT = "combat"
    COMBAT_END = "combat_end"
    ROUND = "round"
    GAME_OVER = "game_over"
    WESTEROS_CARD = "westeros_card"
    WILDLING_OUTCOME = "wildling_outcome"
    TRACK = "track"
    PORT_CAPTURED = "port_captured"
    # a house's own answer said back to its player (the room's ``feed.echoes``: in the answer's reply, not a DM)
    ORDERS_PLACED = "orders_placed"
    BID_RECORDED = "bid_recorded"
    HOUSE_CARD_PRIVATE = "house_card_private"
    RAVEN_KEEP = "raven_keep"
    RAVEN_BURY = "raven_bury"
    # the feed's (feed.py)
    CLEAN_UP = "clean_up"
    CLASH_OVER = "clash_over"
    ORDERS_SUBMITTED = "orders_submitted"
    BID_SUBMITTED = "bid_submitted"
    HOUSE_CARD_CHOSEN = "house_card_chosen"
    FORCED_CHOICE = "forced_choice"
    RAID = "raid"
    CONSOLIDATE = "consolidate"
    SUPPLY = "supply"
    TIE_BROKEN = "tie_broken"
    COMBAT_STRENGTH = "combat_strength"
    BLADE_USED = "blade_used"
    COMBAT_RESULT = "combat_result"
    NEUTRAL_DESTROYED = "neutral_destroyed"
    NEUTRAL_HOLDS = "neutral_holds"
    HOUSE_CARD_PLAYED = "house_card_played"
    HOUSE_CARDS_REVEALED = "house_cards_revealed"
    BIDS_REVEALED = "bids_revealed"
    WESTEROS_REVEALED = "westeros_revealed"
    WILDLING_ATTACK = "wildling_attack"
