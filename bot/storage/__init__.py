"""Storage: repositories behind a typed interface (``repository.py``), opened by ``open_store(url)``
(``stores.py``); SQLite behind it through aiosqlite (``sqlite.py``, its SQL in ``sqlite_repo.py``, its group
commit in ``sqlite_group.py``), numbered SQL migrations (``migrations/NNNN_*.sql``). No SQL lives outside this
package."""

from bot.storage.records import (
    AnswerRow,
    EventRow,
    GameRow,
    GivenUp,
    NewMessage,
    OutboxRow,
    PromptRow,
    RewindRow,
    SeatRow,
    TimerRow,
    VoteRow,
    Whisper,
    from_iso,
    iso,
    utc,
)
from bot.storage.repository import DELIVERY_WINDOW, Pruned, Repo, StorageError, Store
from bot.storage.sqlite import LATEST, SqliteStore
from bot.storage.stores import compact, default_url, open_store, sqlite_path

__all__ = ["DELIVERY_WINDOW", "AnswerRow", "EventRow", "GameRow", "GivenUp", "LATEST", "NewMessage", "OutboxRow",
           "PromptRow", "Pruned", "Repo", "RewindRow", "SeatRow", "SqliteStore", "StorageError", "Store", "TimerRow",
           "VoteRow", "Whisper", "compact", "default_url", "from_iso", "iso", "open_store", "sqlite_path", "utc"]
