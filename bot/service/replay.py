"""Rebuilding an engine game from stored facts, and the state fingerprint used to check it."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from bot.service.kinds import GameStatus
from bot.service.settings import engine_settings
from bot.storage import AnswerRow, GameRow
from engine.agot import Game


def state_text(game: Game) -> str:
    """The canonical JSON of the engine state (what snapshots store)."""
    return json.dumps(game.to_dict(), separators=(",", ":"), sort_keys=True)


def fingerprint(text: str) -> str:
    """The fingerprint of a state's canonical JSON (``state_text``)."""
    return hashlib.sha256(text.encode()).hexdigest()


def state_hash(game: Game) -> str:
    return fingerprint(state_text(game))


UNCHECKED = ""  # the stored fingerprint of a state that was not fingerprinted (most answers: see ``snapshot_at``)


def snapshot_at(game: Game, seq: int, every: int) -> tuple[str | None, str]:
    """What is stored with answer ``seq``: the state's text and its fingerprint where a snapshot is taken (every
    ``every`` answers, and the game's end), so that every snapshot is checked against its answer's; no text and
    ``UNCHECKED`` on the other answers (sorted JSON + SHA-256, ~0.1 ms, does not pay on every answer)."""
    if seq % every == 0 or game.over:
        text = state_text(game)
        return text, fingerprint(text)
    return None, UNCHECKED


def commitment(seed: str, salt: str) -> str:
    """The public commitment to a game's RNG secret, posted when it starts: SHA-256 of the per-game salt and the
    stored secret. Revealed at the end, the two let anyone check that no deck was arranged during the game."""
    return hashlib.sha256(f"agot-fair:{salt}:{seed}".encode()).hexdigest()


def new_game(players: int, seed: str, settings: dict[str, Any]) -> Game:
    """The game at its start, from the stored seed (the RNG secret) and settings."""
    return Game.new(player_count=players, seed=int(seed), settings=engine_settings(settings))


def apply_answers(game: Game, answers: Iterable[AnswerRow], check: bool = True) -> None:
    """Submit stored answers in order; with ``check``, raise Divergence at the first state that differs from its
    stored fingerprint (answers stored ``UNCHECKED`` are not compared; databases written before every answer was
    fingerprinted are simply checked more often)."""
    for a in answers:
        game.submit(a.house, a.decision_id, a.answer, rollback=False)  # a failure throws the whole game away
        if check and a.state_hash != UNCHECKED and state_hash(game) != a.state_hash:
            raise Divergence(a.seq)


def rebuilt(row: GameRow, snap: tuple[int, str], answers: list[AnswerRow]) -> Game:
    """The game from its latest snapshot and the live answers from the snapshot's own on, checked against every
    stored fingerprint: the snapshot's (its answer's; the start's is the seed's), the later answers' and the
    game's current one; Divergence at the first that differs."""
    at, state = snap
    own = [a for a in answers[:1] if at > 0 and a.seq == at]
    start = own[0].state_hash if own else state_hash(new_game(row.players, row.seed or "", row.settings))
    game = Game.from_dict(json.loads(state))
    if start != UNCHECKED and state_hash(game) != start:
        raise Divergence(at, f"the snapshot at answer {at} differs from its fingerprint")
    apply_answers(game, answers[len(own):])
    end_if_ended_early(game, row.status, row.note)
    if row.state_hash and state_hash(game) != row.state_hash:  # the current state, when fingerprinted
        raise Divergence(row.seq, "the replayed state differs from the stored fingerprint")
    return game


ENDED_EARLY = "ended early by a table vote"  # the game's note: its last state is the live line's, then finish()


def end_if_ended_early(game: Game, status: str, note: str | None) -> None:
    """A game a table vote ended: its replayed live line is followed by ``Game.finish()`` (deterministic)."""
    if status == GameStatus.FINISHED and note == ENDED_EARLY and not game.over:
        game.finish()
        game.events = []


class Divergence(Exception):
    def __init__(self, seq: int, message: str | None = None) -> None:
        super().__init__(message or f"answer {seq} replays to a state different from the one stored")
        self.seq = seq
