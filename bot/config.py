"""The bot's configuration, read from the environment (``python -m bot`` loads ``.env`` first)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bot.storage.stores import DEFAULT_DATABASE, default_url, redacted


class ConfigError(ValueError):
    """A setting that cannot be used; the message says which and why."""


@dataclass(frozen=True)
class Config:
    token: str | None = None
    database: str = DEFAULT_DATABASE  # a database address for open_store: a path, sqlite:///PATH, postgresql://...
    log_level: str = "INFO"
    owner_ids: frozenset[int] = field(default_factory=frozenset)
    dev_guild_id: int | None = None
    heartbeat: Path | None = None  # a file the running bot touches after every sweep (the Docker HEALTHCHECK)
    cache_games: int | None = None  # loaded games kept in memory while idle (AGOT_CACHE_GAMES; None: the service's)
    queue_ready_minutes: int | None = None  # a queue's ready check lasts this long (AGOT_QUEUE_READY_MINUTES)
    queue_games: int | None = None  # members in this many running games may not queue (AGOT_QUEUE_GAMES)

    def __repr__(self) -> str:  # never show the token, even in a traceback or a debug log
        return (f"Config(token={'set' if self.token else 'missing'}, database={redacted(self.database)!r}, "
                f"log_level={self.log_level!r}, owner_ids={sorted(self.owner_ids)}, dev_guild_id={self.dev_guild_id}, "
                f"heartbeat={str(self.heartbeat) if self.heartbeat else None!r}, cache_games={self.cache_games}, "
                f"queue_ready_minutes={self.queue_ready_minutes}, queue_games={self.queue_games})")


def _ids(name: str, raw: str) -> frozenset[int]:
    try:
        return frozenset(int(part) for part in raw.replace(",", " ").split())
    except ValueError:
        raise ConfigError(f"{name} must be Discord user ids separated by commas, not {raw!r}") from None


def _count(env: Mapping[str, str], name: str, most: int) -> int | None:
    """A whole number from 1 to ``most`` (None: not set)."""
    raw = env.get(name, "").strip()
    if raw and not (raw.isdigit() and 1 <= int(raw) <= most):
        raise ConfigError(f"{name} must be a whole number from 1 to {most}, not {raw!r}")
    return int(raw) if raw else None


def load_config(env: Mapping[str, str] | None = None) -> Config:
    """Read DISCORD_TOKEN, AGOT_DATABASE_URL (or AGOT_DB_PATH), LOG_LEVEL, OWNER_IDS, DEV_GUILD_ID,
    AGOT_HEARTBEAT, AGOT_CACHE_GAMES, AGOT_QUEUE_READY_MINUTES and AGOT_QUEUE_GAMES."""
    env = os.environ if env is None else env
    cache = env.get("AGOT_CACHE_GAMES", "").strip()
    if cache and not (cache.isdigit() and int(cache) > 0):
        raise ConfigError(f"AGOT_CACHE_GAMES must be a number of games (at least 1), not {cache!r}")
    guild = env.get("DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}")
    level = env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {level!r}")
    return Config(
        token=env.get("DISCORD_TOKEN", "").strip() or None,
        database=default_url(env),
        log_level=level,
        owner_ids=_ids("OWNER_IDS", env.get("OWNER_IDS", "")),
        dev_guild_id=int(guild) if guild else None,
        heartbeat=Path(beat) if (beat := env.get("AGOT_HEARTBEAT", "").strip()) else None,
        cache_games=int(cache) if cache else None,
        queue_ready_minutes=_count(env, "AGOT_QUEUE_READY_MINUTES", 1440),
        queue_games=_count(env, "AGOT_QUEUE_GAMES", 1000),
    )
