"""The outbox payloads: one ``TypedDict`` per kind of row (``kinds.OutboxKind``) and the functions that build
each row. Every row the service writes is built here, so the front ends can rely on these shapes."""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypedDict, cast

from bot.service.kinds import Audience, OutboxKind
from bot.service.loaded import Table
from bot.service.replay import commitment
from bot.storage import NewMessage, iso
from engine.core import Decision


class EventsPayload(TypedDict):
    events: list[dict[str, Any]]  # engine events (``Event.to_dict()``) of one audience


class PromptGame(TypedDict):
    id: int
    guild_id: int | None
    channel_id: int
    house: str
    house_name: str
    round: int
    phase: str
    label: str


class PromptPayload(TypedDict):
    """A prompt, and a private reminder."""

    decision: dict[str, Any]  # ``Decision.to_dict()``
    deadline: str | None  # ISO time; None while paused
    game: PromptGame


class BoardPayload(TypedDict):
    view: dict[str, Any]  # the public view
    caption: str
    highlights: dict[str, Any]


class PostPayload(TypedDict):
    """One step of the public feed (``feed.py``)."""

    step: str  # orders, combat, bidding, round_end, game_over, or step
    lines: list[str]  # the words shown, each fact once
    event_seqs: list[int]  # the public events it covers (their ``seq``), oldest first: the events table has them


class BoardPostPayload(PostPayload):
    """A step of the feed that shows the board (the orders revealed, a combat, a round's end, the game's end)."""

    board: BoardPayload


class Waiting(TypedDict):
    house: str
    user_id: int | None  # None in a faceless game
    kind: str
    label: str
    deadline: str | None


class StatusLine(TypedDict):
    game_id: int
    status: str
    round: int | None
    phase: str | None
    waiting: list[Waiting]
    last_answer: int


class StatusPayload(TypedDict):
    status: StatusLine


class PublicReminderPayload(TypedDict):
    text: str
    waiting: list[Waiting]


class NoticePayload(TypedDict):
    text: str


class ClosedDmPayload(TypedDict):  # a public notice that a player cannot get DMs, once per player and game
    text: str
    closed_dm: int  # the player's user id


class GameOverPayload(TypedDict):
    winner: str | None
    ranking: list[str] | None
    places: list[int]  # each ranked player's place (a side shares its place)
    round: int
    fair: dict[str, str]  # secret, salt, commitment (empty without a committed secret)
    players: dict[str, str]  # house -> the name of who played it
    text: str


class VotePayload(TypedDict):
    text: str
    vote_id: int
    kind: str


class SeatOpenPayload(TypedDict):
    game_id: int
    house: str
    house_name: str
    text: str


Payload = (EventsPayload | PromptPayload | BoardPayload | PostPayload | BoardPostPayload | StatusPayload
           | PublicReminderPayload | NoticePayload | ClosedDmPayload | GameOverPayload | VotePayload | SeatOpenPayload)


def row(game_id: int, audience: Audience, user_id: int | None, kind: OutboxKind, payload: Payload) -> NewMessage:
    return NewMessage(game_id, audience, user_id, kind, cast(dict[str, Any], payload))


def events(game_id: int, user_id: int | None, events: list[dict[str, Any]]) -> NewMessage:
    """The events of one audience: public (``user_id`` None) or one player's."""
    audience = Audience.PUBLIC if user_id is None else Audience.PLAYER
    return row(game_id, audience, user_id, OutboxKind.EVENTS, EventsPayload(events=events))


def notice(t: Table, text: str) -> NewMessage:
    return row(t.id, Audience.PUBLIC, None, OutboxKind.NOTICE, NoticePayload(text=text))


def closed_dm_notice(game_id: int, user_id: int, text: str) -> NewMessage:
    return row(game_id, Audience.PUBLIC, None, OutboxKind.NOTICE, ClosedDmPayload(text=text, closed_dm=user_id))


def private_notice(game_id: int, user_id: int, text: str) -> NewMessage:
    return row(game_id, Audience.PLAYER, user_id, OutboxKind.NOTICE, NoticePayload(text=text))


def board(t: Table, caption: str, highlights: dict[str, Any]) -> NewMessage:
    assert t.game is not None
    return row(t.id, Audience.PUBLIC, None, OutboxKind.BOARD,
               BoardPayload(view=t.game.view(None), caption=caption, highlights=highlights))


def when(moment: datetime | None) -> str | None:
    """A time as payloads carry it: ISO-8601 UTC text (None: no deadline, e.g. while paused)."""
    return None if moment is None else iso(moment)


def post(game_id: int, payload: PostPayload | BoardPostPayload) -> NewMessage:
    return row(game_id, Audience.PUBLIC, None, OutboxKind.POST, payload)


def prompt_payload(t: Table, d: Decision, deadline: datetime | None) -> PromptPayload:
    assert t.game is not None
    round_, phase = t.game.stage()
    game = PromptGame(id=t.id, guild_id=t.row.guild_id, channel_id=t.row.channel_id, house=d.player,
                      house_name=t.game.name_of(d.player), round=round_, phase=phase, label=t.label(d))
    return PromptPayload(decision=d.to_dict(), deadline=when(deadline), game=game)


def prompt(t: Table, user_id: int, d: Decision, deadline: datetime | None,
           kind: OutboxKind = OutboxKind.PROMPT) -> NewMessage:
    """A decision's prompt (or, ``kind`` REMINDER, its private reminder) to the user who answers it."""
    return row(t.id, Audience.PLAYER, user_id, kind, prompt_payload(t, d, deadline))


def waiting(t: Table, d: Decision, deadline: datetime | None) -> Waiting:
    return Waiting(house=d.player, user_id=t.public_user(d.player), kind=d.kind, label=t.label(d),
                   deadline=when(deadline))


def public_reminder(t: Table, text: str, awaited: list[Waiting]) -> NewMessage:
    return row(t.id, Audience.PUBLIC, None, OutboxKind.REMINDER, PublicReminderPayload(text=text, waiting=awaited))


def status_line(t: Table, opened: list[Decision], deadlines: dict[str, datetime | None]) -> StatusLine:
    """The public status line: who is awaited for what, until when."""
    return StatusLine(game_id=t.id, status=t.row.status, round=t.row.round, phase=t.row.phase,
                      waiting=[waiting(t, d, deadlines.get(d.id)) for d in opened], last_answer=t.row.seq)


def status(t: Table, opened: list[Decision], deadlines: dict[str, datetime | None]) -> NewMessage:
    return row(t.id, Audience.PUBLIC, None, OutboxKind.STATUS, StatusPayload(status=status_line(t, opened, deadlines)))


def game_over(t: Table) -> NewMessage:
    assert t.game is not None
    standings = sorted(t.game.standings(), key=lambda s: s.place)
    first = [s.player for s in standings if s.place == 1]
    round_ = t.game.stage()[0]
    fair = {}
    if t.row.seed is not None and t.row.settings.get("fair_salt"):
        salt = t.row.settings["fair_salt"]
        fair = {"secret": t.row.seed, "salt": salt, "commitment": commitment(t.row.seed, salt, t.row.game)}
    players = {x.house: x.name for x in t.seats if x.house}  # the standings reveal who played which house
    return row(t.id, Audience.PUBLIC, None, OutboxKind.GAME_OVER,
               GameOverPayload(winner=first[0] if first else None, ranking=[s.player for s in standings] or None,
                               places=[s.place for s in standings], round=round_, fair=fair, players=players,
                               text=t.room.outcome(t.game)))


def vote(t: Table, text: str, vote_id: int, kind: str) -> NewMessage:
    return row(t.id, Audience.PUBLIC, None, OutboxKind.VOTE, VotePayload(text=text, vote_id=vote_id, kind=kind))


def seat_open(t: Table, house: str, house_name: str, text: str) -> NewMessage:
    return row(t.id, Audience.PUBLIC, None, OutboxKind.SEAT_OPEN,
               SeatOpenPayload(game_id=t.id, house=house, house_name=house_name, text=text))
