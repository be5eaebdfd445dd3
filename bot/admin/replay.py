"""The replay file: everything needed to re-play one game through the engine alone.

A replay file is JSON::

    {"format": "agot-replay", "version": 1,
     "players": 6, "settings": {"tides_of_battle": false, "tiebreak": "rb2"},
     "seed": <what Game.new(seed=...) took: an integer, or a 256-bit RNG secret as 64 hex digits (passed as bytes)>,
     "seats": [{"house": "stark", "user_id": 42, "name": "Ann"}, ...],
     "answers": [{"seq": 1, "house": "stark", "decision": "7", "answer": <JSON>}, ...],
     "final": {"sha256": "...", "winner": "stark", "round": 9},      # optional: what the game reached
     "salt": "...",                                                   # optional: the fair-dealing salt
     "whispers": [{"from": "stark", "to": "lannister", "text": "...", "at": "<ISO time>"}, ...]}
                                                       # optional: the houses' whispers, once the game is over

It holds the RNG secret and every hidden answer, so it reveals the whole game: it is for finished games or the
game's managers. ``replay`` re-plays it answer by answer; any refused answer, malformed field or a final state
other than the recorded one is a ``ReplayError`` with a one-line message. The final hash is the service's state
fingerprint (SHA-256 of the state's canonical JSON, ``bot.service.replay.state_hash``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.service.replay import commitment, state_hash
from engine.agot import Game, Settings
from engine.agot.agent import RandomAgent
from engine.core import EngineError, IllegalAnswer, Rng

FORMAT = "agot-replay"
VERSION = 1
RETRIES = 6  # random answers refused before the decision's default is given


class ReplayError(Exception):
    """A replay file that cannot be read or does not re-play (one line, for the user)."""


@dataclass(frozen=True)
class Answer:
    seq: int
    house: str
    decision: str
    answer: Any

    def to_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "house": self.house, "decision": self.decision, "answer": self.answer}


@dataclass
class Replay:
    players: int
    settings: dict[str, Any]
    seed: Any
    seats: list[dict[str, Any]] = field(default_factory=list)
    answers: list[Answer] = field(default_factory=list)
    final: dict[str, Any] | None = None
    salt: str | None = None  # with the seed, it must hash to the commitment posted when the game started
    whispers: list[dict[str, str]] | None = None  # the whispers between houses (only in a finished game's file)

    def commitment(self) -> str | None:
        return commitment(str(self.seed), self.salt) if self.salt else None

    def new_game(self) -> Game:
        """The game as it stood before the first answer."""
        try:
            settings = Settings(**self.settings)
            return Game.new(player_count=self.players, seed=self.engine_seed(), settings=settings)
        except (TypeError, ValueError) as exc:
            raise ReplayError(f"cannot set up the game: {exc}") from None

    def engine_seed(self) -> Any:
        """The seed as ``Game.new`` takes it: the integer, or the secret's bytes for 64 hex digits."""
        if isinstance(self.seed, str):
            if len(self.seed) != 64:
                raise ReplayError("field \"seed\" must be an integer or a 256-bit secret as 64 hex digits")
            try:
                return bytes.fromhex(self.seed)
            except ValueError:
                raise ReplayError("field \"seed\" is not hexadecimal") from None
        return self.seed

    def play(self) -> Game:
        """Re-play every answer in order; the final state must match ``final`` when the file records one."""
        game = self.new_game()
        for a in self.answers:
            try:
                game.submit(a.house, a.decision, a.answer)
            except EngineError as exc:
                raise ReplayError(f"answer {a.seq} ({a.house}, decision {a.decision}) refused: {exc}") from None
        if self.final is not None:
            got = state_hash(game)
            if self.final.get("sha256") != got:
                raise ReplayError(f"the final state differs from the recorded one (sha256 {got}, "
                                  f"recorded {self.final.get('sha256')})")
        return game

    def to_dict(self) -> dict[str, Any]:
        raw: dict[str, Any] = {
            "format": FORMAT, "version": VERSION, "players": self.players, "settings": self.settings,
            "seed": self.seed, "seats": self.seats, "answers": [a.to_dict() for a in self.answers],
        }
        if self.final is not None:
            raw["final"] = self.final
        if self.salt is not None:
            raw["salt"] = self.salt
        if self.whispers is not None:
            raw["whispers"] = self.whispers
        return raw

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_dict(), separators=(",", ":")) + "\n")

    @classmethod
    def from_dict(cls, raw: Any) -> Replay:
        if not isinstance(raw, dict) or raw.get("format") != FORMAT:
            raise ReplayError("not a replay file (no \"format\": \"agot-replay\")")
        if raw.get("version") != VERSION:
            raise ReplayError(f"replay format version {raw.get('version')!r} is not supported (expected {VERSION})")
        players = _field(raw, "players", int)
        settings = _field(raw, "settings", dict)
        seats = _field(raw, "seats", list)
        answers_raw = _field(raw, "answers", list)
        if "seed" not in raw or isinstance(raw["seed"], bool) or not isinstance(raw["seed"], (int, str)):
            raise ReplayError("field \"seed\" is missing or not an integer/string")
        final = raw.get("final")
        if final is not None and not isinstance(final, dict):
            raise ReplayError("field \"final\" must be an object")
        answers = []
        for i, a in enumerate(answers_raw, 1):
            if not (isinstance(a, dict) and isinstance(a.get("seq"), int) and isinstance(a.get("house"), str)
                    and isinstance(a.get("decision"), str) and "answer" in a):
                raise ReplayError(f"answer #{i} is malformed (needs seq, house, decision, answer)")
            answers.append(Answer(a["seq"], a["house"], a["decision"], a["answer"]))
        seqs = [a.seq for a in answers]
        if seqs != sorted(set(seqs)):
            raise ReplayError("answers are not in strictly increasing sequence order")
        salt = raw.get("salt")
        if salt is not None and not isinstance(salt, str):
            raise ReplayError("field \"salt\" must be a string")
        whispers = raw.get("whispers")
        if whispers is not None and not (isinstance(whispers, list) and all(
                isinstance(w, dict) and all(isinstance(w.get(k), str) for k in ("from", "to", "text", "at"))
                for w in whispers)):
            raise ReplayError("field \"whispers\" must be a list of {from, to, text, at}")
        return cls(players, settings, raw["seed"], seats, answers, final, salt, whispers)

    @classmethod
    def load(cls, path: Path) -> Replay:
        try:
            text = path.read_text()
        except FileNotFoundError:
            raise ReplayError(f"{path}: no such file") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise ReplayError(f"{path}: cannot read ({exc})") from None
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ReplayError(f"{path}: not JSON ({exc})") from None
        return cls.from_dict(raw)


def random_answers(game: Game, seed: int, limit: int | None = None) -> list[Answer]:
    """Play ``game`` on with random agents that see only their own view, until it ends (or ``limit`` answers);
    return the accepted answers in order (tests and benchmarks feed them to the service or a replay file)."""
    agents = {h: RandomAgent(seed * 31 + i) for i, h in enumerate(sorted(game.state.houses))}
    picker = Rng(seed)
    answers: list[Answer] = []
    while not game.over and (limit is None or len(answers) < limit):
        decision = picker.choice(game.open_decisions())
        view = game.view(decision.player)
        mine = next(d for d in view["private"]["decisions"] if d["id"] == decision.id)
        for attempt in range(RETRIES + 1):
            answer = agents[decision.player].answer(view, mine) if attempt < RETRIES else mine["default"]
            try:
                game.submit(decision.player, decision.id, answer)
            except IllegalAnswer:
                continue
            answers.append(Answer(len(answers) + 1, decision.player, decision.id, answer))
            break
    return answers


def _field(raw: dict[str, Any], name: str, kind: type) -> Any:
    value = raw.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ReplayError(f"field \"{name}\" is missing or not {kind.__name__}")
    return value
