"""How the SQLite store writes parameters and JSON columns, and builds records from rows (by column name, never by
position; time columns become aware UTC datetimes)."""

from __future__ import annotations

import functools
import json
import sqlite3
from collections.abc import Iterable
from dataclasses import fields
from datetime import datetime
from typing import Any, TypeVar

from bot.storage.records import from_iso, iso

R = TypeVar("R")


def to_json(value: Any) -> str:
    """Compact JSON with sorted keys (a payload reads the same whether its game was reloaded or not)."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def param(value: Any) -> Any:
    """A parameter as SQLite stores it: a time as its ISO text (naive: ValueError)."""
    return iso(value) if isinstance(value, datetime) else value


def params(args: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(param(a) for a in args)


@functools.cache
def _fields(cls: type) -> tuple[frozenset[str], frozenset[str]]:
    """A record class's field names, and those of them that are times (computed once per class)."""
    names = fields(cls)
    return frozenset(f.name for f in names), frozenset(f.name for f in names if "datetime" in str(f.type))


def build(cls: type[R], row: sqlite3.Row, decode: tuple[str, ...] = ()) -> R:
    """A record from a row, field by column name; ``decode`` names the JSON columns; times become datetimes."""
    names, times = _fields(cls)  # type: ignore[arg-type]
    values = {k: (json.loads(row[k]) if k in decode
                  else from_iso(row[k]) if k in times and row[k] is not None else row[k])
              for k in row.keys() if k in names}
    return cls(**values)
