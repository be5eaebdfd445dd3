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


# built once (json.dumps builds one per call); without the check for circular references, which costs 18% of the
# encoding: what is stored is plain data the service built (a cycle would still fail, with a RecursionError)
_ENCODER = json.JSONEncoder(separators=(",", ":"), sort_keys=True, check_circular=False)


def to_json(value: Any) -> str:
    """Compact JSON with sorted keys (a payload reads the same whether its game was reloaded or not)."""
    return _ENCODER.encode(value)


def params(args: Iterable[Any]) -> tuple[Any, ...]:
    """Parameters as SQLite stores them: a time as its ISO text (naive: ValueError)."""
    return tuple([iso(a) if isinstance(a, datetime) else a for a in args])


@functools.cache
def _fields(cls: type) -> tuple[frozenset[str], frozenset[str]]:
    """A record class's field names, and those of them that are times (computed once per class)."""
    names = fields(cls)
    return frozenset(f.name for f in names), frozenset(f.name for f in names if "datetime" in str(f.type))


def _time(text: str | None) -> datetime | None:
    return None if text is None else from_iso(text)


@functools.cache
def _plan(cls: type, columns: tuple[str, ...], decode: tuple[str, ...]) -> tuple[tuple[int, str, Any], ...]:
    """For rows with these columns: (position, field, conversion or None) of each column the record has."""
    names, times = _fields(cls)
    return tuple((i, k, json.loads if k in decode else _time if k in times else None)
                 for i, k in enumerate(columns) if k in names)


def build(cls: type[R], row: sqlite3.Row, decode: tuple[str, ...] = ()) -> R:
    """A record from a row, field by column name; ``decode`` names the JSON columns; times become datetimes."""
    plan = _plan(cls, tuple(row.keys()), decode)  # type: ignore[arg-type]
    return cls(**{k: row[i] if convert is None else convert(row[i]) for i, k, convert in plan})
