"""The table every step plays on: the state and the board, the events, the frame stack, randomness, names.

``Table`` is the base of ``engine.agot.game.Game`` and the only thing the phase modules know of it: they type
against ``Table`` and never import ``game``, so the modules read top-down (core, board, state, table, world,
steps, the phases, their registry ``phases``, then ``game``, ``view`` and ``position``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.agot.board import Board, board
from engine.agot.state import GameState
from engine.core import Audience, Event, answers
from engine.core.protocol import PLAYER, PUBLIC, SEALED

Frame = Any  # a step's frame on the stack (plain JSON): each phase module types its own (``engine.agot.frames``)


class Table:
    def __init__(self, state: GameState, b: Board | None = None) -> None:
        self.state = state
        self.board = b or board(state.settings.get("setup", ""))
        self.events: list[Event] = []
        self.castles_seen: tuple[str | None, ...] | None = None  # castle holders at the last victory check

    def emit(self, kind: str, text: str, audience: Audience | None = None, **data: Any) -> None:
        """Record an event. A sealed one is kept in the state (never returned by ``submit``) until its reveal
        group is released; a house's new sealed event in a group replaces its earlier one."""
        audience = audience or Audience.public()
        if audience.kind == PLAYER and audience.who in self.vassals():  # M8: the commander learns it
            audience = Audience.player(self.answerer(audience.who))
        if audience.kind == PUBLIC:
            self.state.event_seq += 1  # only public events move the count: hidden ones leave no gap
        event = Event(kind, audience, text, data, 0 if audience.kind == SEALED else self.state.event_seq)
        if event.audience.kind == SEALED:
            kept = self.state.sealed.setdefault(event.audience.who or "", [])
            kept[:] = [e for e in kept if e["data"].get("house") != data.get("house")]
            kept.append(event.to_dict())
            return
        self.events.append(event)

    def release(self, group: str) -> None:
        """The reveal of ``group`` has happened: its public events carry the facts; the sealed ones go."""
        self.state.sealed.pop(group, None)

    def pose(self, frame: Frame, players: Sequence[str]) -> None:
        """Open one new question per player for this frame (fresh decision ids)."""
        asked = frame.setdefault("asked", {})
        for player in players:
            self.state.decision_seq += 1
            asked[player] = str(self.state.decision_seq)

    def push(self, frame: Frame) -> None:
        self.state.stack.append(frame)

    def pop(self, frame: Frame) -> None:
        if not self.state.stack or self.state.stack[-1] is not frame:
            raise RuntimeError(f"step {frame['step']} is not the innermost one")
        self.state.stack.pop()

    def shuffle(self, items: list[Any]) -> None:
        self.state.rng.shuffle(items)

    def turn_order(self) -> list[str]:
        return list(self.state.iron_throne)

    def vassals(self) -> tuple[str, ...]:
        """The houses no player holds (Mother of Dragons, M8); none in the base game."""
        return tuple(self.state.settings.get("vassals") or ())

    def answerer(self, house: str) -> str:
        """Who answers for ``house``: the house itself, or a vassal's commander (M8; before any claim, the first
        player on the Iron Throne track)."""
        if house not in self.vassals():
            return house
        chosen = self.state.mod.get("commanders", {}).get(house)
        return chosen or self.holder(self.state.iron_throne)

    def holder(self, track: Sequence[str]) -> str:
        """The holder of a track's Dominance token: its first house held by a player (M8: never a vassal)."""
        vassals = self.vassals()
        return next(h for h in track if h not in vassals)

    def house_name(self, house: str) -> str:
        return self.board.houses[house]["name"]

    def area_name(self, area: str) -> str:
        return self.board.areas[area].name

    def named_area(self, value: Any) -> str:
        """An area a client named, for a refusal: its name when it is one, else quoted."""
        return self.board.areas[value].name if isinstance(value, str) and value in self.board.areas \
            else answers.quote(value)

    def words(self, value: Any) -> str:
        """An engine value in words, ids replaced by the names of houses, areas and cards."""
        if isinstance(value, str):
            if value in self.state.houses:
                return self.house_name(value)
            if value in self.board.areas:
                return self.area_name(value)
            if value in self.board.card_by_id:
                return str(self.board.card_by_id[value]["name"])
        if isinstance(value, dict):
            return ", ".join(f"{k.replace('_', ' ')} {self.words(v)}" for k, v in value.items()) or "nothing"
        if isinstance(value, (list, tuple)):
            return ", ".join(self.words(v) for v in value) or "nothing"
        return answers.plain(value)

    def announce_forced(self, player: str, kind: str, choice: Any, secret: bool = False) -> None:
        """A choice made for a house because it had only one: said in names, with ``data["forced"]`` (private
        for a secret decision)."""
        house = self.house_name(player)
        if kind == "retreat":
            text = f"{house}'s only retreat was to {self.words(choice)}."
        elif kind == "raid" and isinstance(choice, dict) and choice.get("target") is None:
            text = f"{house}'s Raid in {self.words(choice['area'])} has no target: it is removed without effect."
        elif kind == "march" and isinstance(choice, dict) and not choice.get("moves"):
            text = f"{house}'s March in {self.words(choice['from'])} cannot move any unit: it is removed."
        elif kind == "house_card":
            text = f"{house}'s only House card is {self.words(choice)}."
        else:
            text = f"{house} had only one choice ({kind.replace('_', ' ')}): {self.words(choice)}."
        audience = Audience.player(player) if secret else Audience.public()
        self.emit("forced_choice", text, audience, forced=True, house=player, decision=kind, choice=choice)
