"""The service's kinds, in one place: each is a ``StrEnum`` whose values are the strings stored in the database
and sent in outbox payloads (a member compares equal to its string, so stored rows need no migration)."""

from __future__ import annotations

from enum import StrEnum


class OutboxKind(StrEnum):
    """What an outbox row asks the front end to show (its payload: ``messages.py``)."""

    EVENTS = "events"  # the engine's events for one audience
    PROMPT = "prompt"  # one open decision, privately, with its deadline
    BOARD = "board"  # a picture of the board
    POST = "post"  # one step of the public feed: its lines, its public events (seqs), maybe the board (``feed.py``)
    STATUS = "status"  # the public status line, edited in place
    REMINDER = "reminder"  # private: like a prompt; public: who is still awaited
    NOTICE = "notice"  # plain text (deadline missed, pause, rewind, ...)
    GAME_OVER = "game_over"  # the final standings
    VOTE = "vote"  # a table vote, with its Yes/No buttons
    SEAT_OPEN = "seat_open"  # an open seat, with the Join button


class Audience(StrEnum):
    PUBLIC = "public"  # the game's channel
    PLAYER = "player"  # a direct message to the row's user


class GameStatus(StrEnum):
    LOBBY = "lobby"
    RUNNING = "running"
    PAUSED = "paused"
    FINISHED = "finished"
    CANCELLED = "cancelled"
    FROZEN = "frozen"  # the stored state failed an integrity check


ACTIVE = (GameStatus.RUNNING, GameStatus.PAUSED)
OVER = (GameStatus.FINISHED, GameStatus.CANCELLED)


class SeatState(StrEnum):
    PLAYER = "player"  # its member plays
    AUTOPILOT = "autopilot"  # its member is away under the "autopilot" absence setting
    OPEN = "open"  # nobody plays it (the autopilot does) until a member takes it


class VoteKind(StrEnum):
    PAUSE = "pause"
    RESUME = "resume"
    EXTEND = "extend"
    CANCEL = "cancel"
    KICK = "kick"
    UNDO = "undo"
    END = "end"


class VoteStatus(StrEnum):
    OPEN = "open"
    PASSED = "passed"
    FAILED = "failed"


class TimerKind(StrEnum):
    REMINDER = "reminder"
    DEADLINE = "deadline"
    VOTE = "vote"  # a vote's closing time (runs on while the game is paused)
    ABSENCE_END = "absence_end"
    # the autopilot answers a decision: written with the commit that hands it the decision, done by the pass that
    # runs right after; due a little later, so that the timer task answers it if that pass failed
    AUTOPLAY = "autoplay"


class Source(StrEnum):
    """Who gave an answer (stored with it)."""

    PLAYER = "player"
    DEADLINE = "deadline"  # the decision's default, at its deadline
    AUTOPILOT = "autopilot"
    FORCED = "forced"  # a manager gave the default now


class DecisionKind(StrEnum):
    """The engine decision kinds the bot branches on (the engine has more)."""

    ORDERS = "orders"
    MARCH = "march"
    MUSTER = "muster"
    RECONCILE = "reconcile"
    WILDLING_DESTROY = "wildling_destroy"
    BID = "bid"
    RAID = "raid"
    CONSOLIDATE = "consolidate"


class EventKind(StrEnum):
    """The engine event kinds the bot branches on (the engine has more)."""

    ORDERS_REVEALED = "orders_revealed"
    COMBAT = "combat"
    COMBAT_END = "combat_end"
    ROUND = "round"
    GAME_OVER = "game_over"
    WESTEROS_CARD = "westeros_card"
    WILDLING_OUTCOME = "wildling_outcome"
    TRACK = "track"
    PORT_CAPTURED = "port_captured"
    # a house's own answer said back to its player (routing.py: in the answer's reply, not a DM)
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
