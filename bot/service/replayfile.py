"""The replay file: everything needed to re-play one game through the engine alone; and a stored game checked
by a re-play and exported as one. Used by the service (``/game replay``, the standings post) and by the admin
command line (``bot.admin``: ``replay``, ``verify``, ``export``).

The work is in two steps, so that the service never re-plays on its event loop nor under the store's lock:
``read_stored`` reads what a re-play needs (a few queries), then ``verify`` / ``exported`` re-play it (pure CPU:
the service runs them in a worker thread, ``asyncio.to_thread``).

A replay file is JSON::

    {"format": "agot-replay", "version": 1,
     "game": "agot", "rules_version": 1,     # the game's stored name and rules version (a file without: agot, 1)
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

from bot.games.room import game_settings
from bot.games.rooms import room
from bot.service.kinds import OVER
from bot.service.replay import Divergence, apply_answers, commitment, end_if_ended_early, new_game, state_hash
from bot.storage import AnswerRow, GameRow, Repo, SeatRow, iso
from engine.core import EngineError
from engine.core.contract import GameState
from engine.registry import DEFAULT, rules
from engine.registry import names as rules_names

FORMAT = "agot-replay"
VERSION = 1
FIRST_RULES = 1  # the rules version of a file written before files named it


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
    game: str = DEFAULT  # the game's stored name (engine/registry)
    rules_version: int = FIRST_RULES

    def commitment(self) -> str | None:
        return commitment(str(self.seed), self.salt, self.game) if self.salt else None

    def new_game(self) -> GameState:
        """The game as it stood before the first answer."""
        try:
            return rules(self.game).new(self.players, self.settings, self.engine_seed())
        except (EngineError, TypeError, ValueError) as exc:
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

    def play(self) -> GameState:
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
            "format": FORMAT, "version": VERSION, "game": self.game, "rules_version": self.rules_version,
            "players": self.players, "settings": self.settings,
            "seed": self.seed, "seats": self.seats, "answers": [a.to_dict() for a in self.answers],
        }
        if self.final is not None:
            raw["final"] = self.final
        if self.salt is not None:
            raw["salt"] = self.salt
        if self.whispers is not None:
            raw["whispers"] = self.whispers
        return raw

    def text(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":")) + "\n"

    def save(self, path: Path) -> None:
        path.write_text(self.text())

    @classmethod
    def from_dict(cls, raw: Any) -> Replay:
        if not isinstance(raw, dict) or raw.get("format") != FORMAT:
            raise ReplayError("not a replay file (no \"format\": \"agot-replay\")")
        if raw.get("version") != VERSION:
            raise ReplayError(f"replay format version {raw.get('version')!r} is not supported (expected {VERSION})")
        game = raw.get("game", DEFAULT)
        if not isinstance(game, str) or game not in rules_names():
            raise ReplayError(f"field \"game\" names no game this bot plays ({game!r})")
        version = raw.get("rules_version", FIRST_RULES)
        if version != rules(game).rules_version:
            raise ReplayError(f"this file follows version {version!r} of the rules of {rules(game).title}; this bot "
                              f"plays version {rules(game).rules_version}")
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
        return cls(players, settings, raw["seed"], seats, answers, final, salt, whispers, game, version)

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


# --- a stored game ---------------------------------------------------------------------------------------------


@dataclass
class Stored:
    """What a re-play of a stored game needs, read from the store in one go: its row, seats, live answers
    (rewound ones left out) and every snapshot up to its current answer ({answer seq: state JSON})."""

    row: GameRow
    seats: list[SeatRow]
    answers: list[AnswerRow]
    snapshots: dict[int, str]
    whispers: list[dict[str, str]] | None = None  # once the game is over (they are private until then)


async def read_stored(repo: Repo, row: GameRow) -> Stored:
    if row.seed is None:
        raise ReplayError(f"game {row.id} has not started: nothing to re-play")
    found: dict[int, str] = {}
    at = row.seq
    while at >= 0 and (snap := await repo.snapshot(row.id, at)) is not None:
        found[snap[0]] = snap[1]
        at = snap[0] - 1
    whispers = [{"from": w["from"], "to": w["to"], "text": w["text"], "at": iso(w["at"])}
                for w in await repo.whispers(row.id)] if row.status in OVER else None
    return Stored(row, await repo.seats(row.id), await repo.answers(row.id), found, whispers)


def stored_replay(stored: Stored) -> Replay:
    """The replay file of a stored game (its final hash is the stored one, still to be checked by a re-play)."""
    row = stored.row
    assert row.seed is not None
    seats = [{"house": s.house, "user_id": s.user_id, "name": s.name} for s in stored.seats]
    answers = [Answer(a.seq, a.house, a.decision_id, a.answer) for a in stored.answers]
    settings = game_settings(room(row.game), row.settings)
    # the stored fingerprint, when the current state has one (a game over always has)
    final = {"sha256": row.state_hash, "round": row.round} if row.state_hash else None
    return Replay(row.players, settings, engine_seed(row.seed), sorted(seats, key=lambda s: str(s["house"])),
                  answers, final, row.settings.get("fair_salt"), game=row.game,
                  rules_version=rules(row.game).rules_version)


def engine_seed(stored: str) -> Any:
    """The stored RNG secret as ``Game.new`` takes it (decimal text of an integer)."""
    return int(stored) if stored.lstrip("-").isdigit() else stored


@dataclass
class Verdict:
    game_id: int
    answers: int
    problem: str | None
    game: GameState | None

    def line(self) -> str:
        if self.problem:
            return f"game {self.game_id}: DIVERGES - {self.problem}"
        assert self.game is not None
        first = [s.player for s in self.game.standings() if s.place == 1]
        round_, phase = self.game.stage()
        end = f"winner {' and '.join(first)}" if first else f"round {round_}, {phase}"
        return f"game {self.game_id}: ok - {self.answers} answers re-played, {end}, sha256 {state_hash(self.game)}"


def verify(stored: Stored) -> Verdict:
    """Re-play one stored game from its first answer, checking every recorded hash (those answers that were
    fingerprinted, and the game's current state when it was) and every snapshot."""
    row, answers = stored.row, stored.answers
    assert row.seed is not None
    saved = dict(stored.snapshots)
    n = len(answers)
    load = room(row.game).rules.load
    try:
        game = new_game(row.players, row.seed, row.settings, row.game)
        for seq, a in [(0, None), *((a.seq, a) for a in answers)]:
            if a is not None:
                apply_answers(game, [a])
            if seq in saved and state_hash(load(json.loads(saved.pop(seq)))) != state_hash(game):
                return Verdict(row.id, n, f"the snapshot at answer {seq} differs from the re-played state", None)
    except Divergence as exc:
        return Verdict(row.id, n, str(exc), None)
    except (EngineError, ValueError, KeyError, TypeError) as exc:
        return Verdict(row.id, n, f"the stored answers do not re-play ({type(exc).__name__}: {exc})", None)
    end_if_ended_early(game, row.status, row.note)
    if saved:
        return Verdict(row.id, n, f"snapshots at answers {sorted(saved)}, which are not live answers", None)
    if row.state_hash and state_hash(game) != row.state_hash:
        return Verdict(row.id, n, "the game's current state differs from the re-played one", None)
    return Verdict(row.id, n, None, game)


def exported(stored: Stored) -> Replay:
    """The replay file of a stored game, checked by a re-play (``python -m bot.admin export``, ``/game replay``);
    the whispers between houses are in it only once the game is over."""
    verdict = verify(stored)
    if verdict.problem or verdict.game is None:
        raise ReplayError(f"game {stored.row.id} does not re-play from its log ({verdict.problem}); run verify")
    replay = stored_replay(stored)
    first = [s.player for s in verdict.game.standings() if s.place == 1]
    replay.final = {"sha256": state_hash(verdict.game), "winner": first[0] if first else None,
                    "round": verdict.game.stage()[0]}
    replay.whispers = stored.whispers
    return replay


def _field(raw: dict[str, Any], name: str, kind: type) -> Any:
    value = raw.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ReplayError(f"field \"{name}\" is missing or not {kind.__name__}")
    return value
