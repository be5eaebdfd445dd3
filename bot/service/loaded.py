"""A loaded game (``Table``): its row, its seats, the engine game (``engine.core.contract.GameState``) and its room
(``bot.games.rooms``), with the questions every part of the service asks of it (who plays which house, who the
autopilot answers for, what a public message may name). A "house" here is the game's player id (AGoT: a house;
Whitechapel: Jack or a detective)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.games.room import Room
from bot.games.rooms import room
from bot.service.kinds import OVER, SeatState
from bot.service.models import GameInfo, Seat
from bot.storage import GameRow, SeatRow
from engine.core import Decision
from engine.core.contract import GameState


@dataclass
class Table:
    """A loaded game: its row, its seats and (once started) the engine game."""

    row: GameRow
    seats: list[SeatRow]
    game: GameState | None = None
    # decision id -> deadline of the prompts table, cached (None: read it); only sync_prompts changes it,
    # and whoever else writes prompts (pause, resume, cancel, rewind) drops it
    deadlines: dict[str, datetime | None] | None = None
    # the public events waiting for their feed post (feed.py), cached (None: read them back from the store); only
    # routing.route_events changes it, and a rewind resets it
    feed: list[dict[str, Any]] | None = None
    # the decisions open after the answer ``seq`` of this engine game (set where an answer was applied): the next
    # answer finds its decision here instead of building it again
    opened: tuple[GameState, int, dict[str, Decision]] | None = None

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def room(self) -> Room:
        """The game's room, by the name stored with it."""
        return room(self.row.game)

    def label(self, decision: Decision) -> str:
        """The decision's public label (the room's wording)."""
        return self.room.label(decision)

    def open_decision(self, decision_id: str) -> Decision | None:
        """The open decision with this id (answered secret ones that may still change included), or None."""
        if self.game is None:
            return None
        if self.opened is not None and self.opened[0] is self.game and self.opened[1] == self.row.seq \
                and not self.game.over and decision_id in self.opened[2]:
            return self.opened[2][decision_id]
        return find_decision(self.game, decision_id)

    def house_of(self, user_id: int) -> str | None:
        """The house this user plays (an open seat's last player has none)."""
        return next((s.house for s in self.seats if s.user_id == user_id and s.state != SeatState.OPEN), None)

    def user_of(self) -> dict[str, int]:
        """house -> the user who plays it (an open seat has nobody: its private messages go nowhere)."""
        return {s.house: s.user_id for s in self.seats if s.house and s.state != SeatState.OPEN}

    def seat(self, house: str) -> SeatRow | None:
        return next((s for s in self.seats if s.house == house), None)

    @property
    def faceless(self) -> bool:
        """Public messages name houses only until the game ends (the setting ``faceless``)."""
        return bool(self.row.settings.get("faceless")) and self.row.status not in OVER

    def named(self, user_id: int) -> str:
        """How a public message names a user who acted (a mention; in a faceless game only "a player" or "a
        manager", never who)."""
        if not self.faceless:
            return f"<@{user_id}>"
        return "a player" if self.house_of(user_id) else "a manager"

    def public_user(self, house: str) -> int | None:
        """The user a public message may name for ``house`` (None in a faceless game)."""
        return None if self.faceless else self.user_of().get(house)

    def autopiloted(self, house: str, now: datetime) -> bool:
        """Whether the autopilot answers this house's decisions: an open seat, or one away under "autopilot"."""
        seat = self.seat(house)
        if seat is None:
            return False
        return seat.state == SeatState.OPEN or (seat.state == SeatState.AUTOPILOT and away(seat, now))

    def deadline_start(self, house: str, now: datetime) -> datetime:
        """When a new prompt's deadline starts counting: the end of its player's absence ("stretch"), or now."""
        seat = self.seat(house)
        if seat is not None and seat.state == SeatState.PLAYER and seat.away_until and away(seat, now):
            return seat.away_until
        return now


def away(seat: SeatRow, now: datetime) -> bool:
    return seat.away_until is not None and now < seat.away_until


def find_decision(game: GameState, decision_id: str) -> Decision | None:
    """The open decision with this id (answered secret ones that may still change included), or None."""
    return game.open_decision(decision_id)


def game_info(row: GameRow, seats: list[SeatRow]) -> GameInfo:
    return GameInfo(id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, status=row.status,
                    players=row.players, settings=row.settings, creator_id=row.creator_id,
                    seats=[Seat(s.user_id, s.name, s.house, s.missed, s.state, s.away_until)
                           for s in seats], round=row.round,
                    phase=row.phase, game=row.game)
