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
    READY = "ready"  # a queue's ready check closes (its game is in the lobby: bot/service/queue.py)


class Source(StrEnum):
    """Who gave an answer (stored with it)."""

    PLAYER = "player"
    DEADLINE = "deadline"  # the decision's default, at its deadline
    AUTOPILOT = "autopilot"
    FORCED = "forced"  # a manager gave the default now
