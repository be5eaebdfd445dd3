"""Rebuilding an engine game from stored facts, and the state fingerprint used to check it. A game is reached
through the engine's contract (``engine.core.contract``) and registry only: ``rules(row.game)``."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from bot.games.room import game_settings
from bot.games.rooms import room
from bot.service.kinds import GameStatus
from bot.service.models import ServiceError
from bot.storage import AnswerRow, GameRow
from engine.core import EngineError
from engine.core.contract import GameState
from engine.registry import DEFAULT


def state_text(game: GameState) -> str:
    """The canonical JSON of the engine state (what snapshots store)."""
    return json.dumps(game.to_dict(), separators=(",", ":"), sort_keys=True)


def fingerprint(text: str) -> str:
    """The fingerprint of a state's canonical JSON (``state_text``)."""
    return hashlib.sha256(text.encode()).hexdigest()


def state_hash(game: GameState) -> str:
    return fingerprint(state_text(game))


UNCHECKED = ""  # the stored fingerprint of a state that was not fingerprinted (most answers: see ``snapshot_at``)


def snapshot_at(game: GameState, seq: int, every: int) -> tuple[str | None, str]:
    """What is stored with answer ``seq``: the state's text and its fingerprint where a snapshot is taken (every
    ``every`` answers, and the game's end), so that every snapshot is checked against its answer's; no text and
    ``UNCHECKED`` on the other answers (sorted JSON + SHA-256, ~0.1 ms, does not pay on every answer)."""
    if seq % every == 0 or game.over:
        text = state_text(game)
        return text, fingerprint(text)
    return None, UNCHECKED


def commitment(seed: str, salt: str, game: str = DEFAULT) -> str:
    """The public commitment to a game's RNG secret, posted when it starts: SHA-256 of the per-game salt and the
    stored secret (prefixed by the game's name). Revealed at the end, the two let anyone check that no deck was
    arranged during the game."""
    return hashlib.sha256(f"{game}-fair:{salt}:{seed}".encode()).hexdigest()


def new_game(players: int, seed: str, settings: dict[str, Any], game: str | None = None) -> GameState:
    """The game at its start, from the stored seed (the RNG secret), the table's settings (the game's own part is
    given to it) and the game's stored name (None: A Game of Thrones)."""
    home = room(game)
    return home.rules.new(players, game_settings(home, settings), int(seed))


def taken_events(game: GameState) -> list[dict[str, Any]]:
    """The events a game emitted outside ``submit`` (at its start, or ended now), taken from it as plain data."""
    pending, game.events = game.events, []
    return [e.to_dict() for e in pending]


def end_early(game: GameState) -> list[dict[str, Any]]:
    """End the game now with its own end-of-game order (a table vote); its events. A game without such an end
    refuses (its ``EngineError``, said to the table)."""
    try:
        game.end_now()
    except EngineError as exc:
        raise ServiceError(str(exc)) from exc
    return taken_events(game)


def apply_answers(game: GameState, answers: Iterable[AnswerRow], check: bool = True) -> None:
    """Submit stored answers in order; with ``check``, raise Divergence at the first state that differs from its
    stored fingerprint (answers stored ``UNCHECKED`` are not compared; databases written before every answer was
    fingerprinted are simply checked more often)."""
    for a in answers:
        game.submit(a.house, a.decision_id, a.answer, rollback=False)  # a failure throws the whole game away
        if check and a.state_hash != UNCHECKED and state_hash(game) != a.state_hash:
            raise Divergence(a.seq)


def rebuilt(row: GameRow, snap: tuple[int, str], answers: list[AnswerRow]) -> GameState:
    """The game from its latest snapshot and the live answers from the snapshot's own on, checked against every
    stored fingerprint: the snapshot's (its answer's; the start's is the seed's), the later answers' and the
    game's current one; Divergence at the first that differs."""
    at, state = snap
    own = [a for a in answers[:1] if at > 0 and a.seq == at]
    start = own[0].state_hash if own else state_hash(new_game(row.players, row.seed or "", row.settings, row.game))
    game = room(row.game).rules.load(json.loads(state))
    if start != UNCHECKED and state_hash(game) != start:
        raise Divergence(at, f"the snapshot at answer {at} differs from its fingerprint")
    apply_answers(game, answers[len(own):])
    end_if_ended_early(game, row.status, row.note)
    if row.state_hash and state_hash(game) != row.state_hash:  # the current state, when fingerprinted
        raise Divergence(row.seq, "the replayed state differs from the stored fingerprint")
    return game


ENDED_EARLY = "ended early by a table vote"  # the game's note: its last state is the live line's, then finish()


def end_if_ended_early(game: GameState, status: str, note: str | None) -> None:
    """A game a table vote ended: its replayed live line is followed by ``end_early`` (deterministic)."""
    if status == GameStatus.FINISHED and note == ENDED_EARLY and not game.over:
        end_early(game)


class Divergence(Exception):
    def __init__(self, seq: int, message: str | None = None) -> None:
        super().__init__(message or f"answer {seq} replays to a state different from the one stored")
        self.seq = seq
