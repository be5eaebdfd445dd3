"""A game's raw state as plain data: canonical JSON (the same bytes however it was loaded), saved and loaded with
its schema version, and an answer applied all or nothing.

A game's state is a dataclass of plain values and one ``Rng`` (field ``rng``); ``dump`` and ``load`` turn it into
plain data and back, ``all_or_nothing`` applies an answer or puts the old contents back, ``stamped`` numbers an
event.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

from engine.core.protocol import Event
from engine.core.rng import Rng

S = TypeVar("S")


def canonical(value: Any) -> Any:
    """Plain data with every mapping's keys sorted (the same bytes however it was loaded)."""
    if isinstance(value, dict):
        return {k: canonical(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [canonical(v) for v in value]
    return value


def dump(state: Any, schema: int) -> dict[str, Any]:
    """A state dataclass as canonical plain data, with its schema version."""
    out: dict[str, Any] = {"schema": schema}
    for f in fields(state):
        value = getattr(state, f.name)
        out[f.name] = value.to_dict() if isinstance(value, Rng) else value
    return canonical(out)


def load(cls: Callable[..., S], raw: dict[str, Any], schema: int, game: str) -> S:
    """The state ``dump`` wrote (``cls``: its dataclass); fields a newer version added keep their defaults."""
    if raw.get("schema") != schema:
        raise ValueError(f"unknown {game} state schema {raw.get('schema')!r}")
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    values = canonical({name: raw[name] for name in names if name != "rng" and name in raw})
    return cls(rng=Rng.from_dict(raw["rng"]), **values)


def all_or_nothing(game: Any, reload: Callable[[dict[str, Any]], Any], change: Callable[[], None]) -> list[Event]:
    """Run ``change`` on ``game`` (its ``state`` and the ``events`` it emits) and return those events; if it
    raises, the state gets its old contents back (the same object), no event is kept, and the error goes on."""
    snapshot = game.state.to_dict()
    game.events = []
    try:
        change()
    except BaseException:
        game.events = []
        game.state.__dict__.update(reload(snapshot).__dict__)
        raise
    events: list[Event] = game.events
    game.events = []
    return events


def stamped(event: Event, state: Any) -> Event:
    """``event`` numbered as the contract says: a public event takes the next public number (``state.event_seq``),
    a private or sealed one the number of the last public event before it."""
    if event.audience.kind == "public":
        state.event_seq += 1
    return Event(event.kind, event.audience, event.text, event.data, state.event_seq)
