"""Rebuilding an engine game from stored facts, and the state fingerprint used to check it."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from bot.service.kinds import GameStatus
from bot.service.settings import engine_settings
from bot.storage import AnswerRow
from engine.agot import Game


def state_text(game: Game) -> str:
    """The canonical JSON of the engine state (what snapshots store)."""
    return json.dumps(game.to_dict(), separators=(",", ":"), sort_keys=True)


def state_hash(game: Game) -> str:
    return hashlib.sha256(state_text(game).encode()).hexdigest()


def commitment(seed: str, salt: str) -> str:
    """The public commitment to a game's RNG secret, posted when it starts: SHA-256 of the per-game salt and the
    stored secret. Revealed at the end, the two let anyone check that no deck was arranged during the game."""
    return hashlib.sha256(f"agot-fair:{salt}:{seed}".encode()).hexdigest()


def new_game(players: int, seed: str, settings: dict[str, Any]) -> Game:
    """The game at its start, from the stored seed (the RNG secret) and settings."""
    return Game.new(player_count=players, seed=int(seed), settings=engine_settings(settings))


def apply_answers(game: Game, answers: Iterable[AnswerRow], check: bool = True) -> None:
    """Submit stored answers in order; with ``check``, raise Divergence at the first state that differs."""
    for a in answers:
        game.submit(a.house, a.decision_id, a.answer)
        if check and state_hash(game) != a.state_hash:
            raise Divergence(a.seq)


ENDED_EARLY = "ended early by a table vote"  # the game's note: its last state is the live line's, then finish()


def end_if_ended_early(game: Game, status: str, note: str | None) -> None:
    """A game a table vote ended: its replayed live line is followed by ``Game.finish()`` (deterministic)."""
    if status == GameStatus.FINISHED and note == ENDED_EARLY and not game.over:
        game.finish()
        game.events = []


class Divergence(Exception):
    def __init__(self, seq: int) -> None:
        super().__init__(f"answer {seq} replays to a state different from the one stored")
        self.seq = seq
