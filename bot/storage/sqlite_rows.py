"""How the SQLite store writes JSON columns and builds records from rows (by column name, never by position)."""

from __future__ import annotations

import functools
import json
import sqlite3
from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

import orjson

R = TypeVar("R")
_ORJSON = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def to_json(value: Any) -> str:
    """Compact JSON with sorted keys, by orjson (3-4 times the standard library's speed on the answer path: the
    outbox payloads, events and timers of every answer); what orjson refuses (an integer past 64 bits) by the
    standard library, which refuses the rest too. Not for the state fingerprint (``bot.service.replay``)."""
    try:
        return orjson.dumps(value, option=_ORJSON).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"), sort_keys=True)


@functools.cache
def _field_names(cls: type) -> frozenset[str]:
    return frozenset(f.name for f in fields(cls))


def build(cls: type[R], row: sqlite3.Row, decode: tuple[str, ...] = (),
          loads: Callable[[str], Any] = json.loads) -> R:
    """A record from a row, field by column name; ``decode`` names the JSON columns (read by ``loads``)."""
    names = _field_names(cls)  # type: ignore[arg-type]
    return cls(**{k: (loads(row[k]) if k in decode else row[k]) for k in row.keys() if k in names})
