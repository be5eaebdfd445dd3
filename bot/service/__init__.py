"""The table service: the only code that drives the engine (see ``table.py``), its outbox (``outbox.py``) and
clock (``clock.py``). Front ends, the demo and the tests use only what is exported here."""

from bot.service.clock import Clock, FakeClock, system_clock
from bot.service.kinds import (
    Audience,
    GameStatus,
    OutboxKind,
    SeatState,
    Source,
    TimerKind,
    VoteKind,
    VoteStatus,
)
from bot.service.models import GameInfo, Reply, Seat, ServiceError
from bot.service.outbox import (
    Dispatcher,
    OutboxMessage,
    PermanentError,
    RecordingTransport,
    TransientError,
    Transport,
)
from bot.service.table import TableService

__all__ = ["Audience", "Clock", "Dispatcher", "FakeClock", "GameInfo", "GameStatus", "OutboxKind", "OutboxMessage",
           "PermanentError", "RecordingTransport", "Reply", "Seat", "SeatState", "ServiceError", "Source",
           "TableService", "TimerKind", "TransientError", "Transport", "VoteKind", "VoteStatus", "system_clock"]
