"""Storage: repositories behind a typed interface (``repository.py``), SQLite behind it (``sqlite.py``), numbered
SQL migrations (``migrations/NNNN_*.sql``). No SQL lives outside this package."""

from bot.storage.records import (
    AnswerRow,
    EventRow,
    GameRow,
    NewMessage,
    OutboxRow,
    PromptRow,
    RewindRow,
    SeatRow,
    TimerRow,
    VoteRow,
    from_iso,
    iso,
)
from bot.storage.repository import Repo, StorageError, Store
from bot.storage.sqlite import LATEST, SqliteStore

__all__ = ["AnswerRow", "EventRow", "GameRow", "LATEST", "NewMessage", "OutboxRow", "PromptRow", "Repo",
           "RewindRow", "SeatRow", "SqliteStore", "StorageError", "Store", "TimerRow", "VoteRow", "from_iso", "iso"]
