"""The game object: set-up, the advance loop and ``submit`` (the contract's ``GameState``).

One question is open at a time (``state.ask``): the phase runners (``engine.whitechapel.hell``, ``.hunting``
and ``.police``) either pose the next question or do the automatic steps; each kind of question has a ``pose``
(the ``Decision``) and an ``answer`` (checks, then applies). A public question with a single legal option is
answered at once and told with a ``forced_choice`` event; a secret one is still asked (ruling WR16).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import engine.whitechapel.hell  # noqa: F401 - registers its phases and questions
import engine.whitechapel.hunting  # noqa: F401 - registers its phases and questions
import engine.whitechapel.police  # noqa: F401 - registers its phases and questions
from engine.core import Audience, Decision, Event, IllegalAnswer, NotYourDecision, Rng, StaleDecision, answers
from engine.core.contract import Standing
from engine.core.plain import all_or_nothing, stamped
from engine.whitechapel.board import Board, board
from engine.whitechapel.kinds import KINDS, PHASES
from engine.whitechapel.state import COLOURS, DETECTIVES, JACK, State, controllers, detective
from engine.whitechapel.view import build_view

MAX_LOOP = 10_000


class Game:
    def __init__(self, state: State, b: Board | None = None) -> None:
        self.state: State = state
        self.board: Board = b or board()
        self.events: list[Event] = []
        self.spoiled = False  # a refusal restores the state in place: never left half-way

    # --- creation and persistence -------------------------------------------------------------

    @classmethod
    def new(cls, player_count: int, settings: Mapping[str, Any], seed: int | bytes | None = None) -> Game:
        rng = Rng.fresh() if seed is None else Rng(seed)
        tiles = list(COLOURS)
        rng.shuffle(tiles)  # W1.3
        state = State(players=[JACK] + [detective(i) for i in range(1, player_count)], settings=dict(settings),
                      rng=rng, controllers=controllers(player_count), head_tiles=tiles)
        game = cls(state)
        game.advance()
        return game

    def to_dict(self) -> dict[str, Any]:
        return self.state.to_dict()

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Game:
        game = cls(State.from_dict(raw))
        game.settle()
        return game

    def settle(self) -> None:
        self.state.settle()

    # --- the contract -------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.winner is not None

    def players(self) -> list[str]:
        return list(self.state.players)

    def standings(self) -> list[Standing]:
        """W6.3: the winning side first; every player of a side shares its place."""
        s = self.state
        if s.winner is None:
            return []
        return [Standing(p, 1 if (p == JACK) == (s.winner == JACK) else 2, s.reason) for p in s.players]

    def stage(self) -> tuple[int, str]:
        return self.state.night, self.state.phase

    def name_of(self, player: str) -> str:
        return describe(player)

    def standing_decisions(self, player: str) -> list[Decision]:
        """No question of this game may be answered without being asked."""
        return []

    def open_decision(self, decision_id: str) -> Decision | None:
        decision = self.decision()
        return decision if decision is not None and decision.id == decision_id else None

    def end_now(self) -> None:
        """The rulebook knows no early end (W6): the table cancels the game instead."""
        raise IllegalAnswer("Letters from Whitechapel has no standings before its end: cancel the game instead.")

    def open_decisions(self, submitted: bool = False, player: str | None = None) -> list[Decision]:
        decision = self.decision()
        return [] if decision is None or (player is not None and decision.player != player) else [decision]

    def decision(self) -> Decision | None:
        ask = self.state.ask
        if ask is None or self.over:
            return None
        return KINDS[ask["kind"]].pose(self, ask)

    def submit(self, player: str, decision_id: str, answer: Any, rollback: bool = True) -> list[Event]:
        """Apply one answer, or raise a typed error (one line) and change nothing."""
        if self.over:
            raise StaleDecision("The game is over.")
        ask = self.state.ask
        if ask is None or ask["id"] != decision_id:
            raise StaleDecision("This prompt has expired: the game has moved on.")
        if ask["player"] != player:
            raise NotYourDecision(f"This decision belongs to {describe(ask['player'])}.")
        value = answers.normalized(answer)

        def change() -> None:
            self.state.ask = None
            KINDS[ask["kind"]].answer(self, ask, value)
            self.advance()
        return all_or_nothing(self, State.from_dict, change)

    def view(self, player: str | None = None) -> dict[str, Any]:
        if player is not None and player not in self.state.players:
            raise ValueError(f"{player} is not in this game")
        return build_view(self, player)

    # --- the loop -----------------------------------------------------------------------------

    def advance(self) -> None:
        """Run automatic steps and forced choices until a question with a real choice is open or the game ends."""
        for _ in range(MAX_LOOP):
            if self.over:
                self.state.ask = None
                break
            ask = self.state.ask
            if ask is None:
                PHASES[self.state.phase](self)
                continue
            decision = KINDS[ask["kind"]].pose(self, ask)
            if decision.secret or decision.options is None or len(decision.options) != 1:
                break  # WR16: a secret question is always asked (how many answers it had is itself a secret)
            only = decision.options[0]
            self.forced(decision, only)
            self.state.ask = None
            KINDS[ask["kind"]].answer(self, ask, only)
        else:
            raise RuntimeError("the game made no progress")
        self.settle()

    def forced(self, decision: Decision, only: Any) -> None:
        self.emit(Event("forced_choice", Audience.public(), f"Only one choice for {decision.label}: "
                        f"{answers.plain(only)}.", {"player": decision.player, "kind": decision.kind, "choice": only}))

    # --- helpers for the phases ---------------------------------------------------------------

    def ask(self, kind: str, player: str, **context: Any) -> None:
        self.state.decision_seq += 1
        self.state.ask = {"id": str(self.state.decision_seq), "kind": kind, "player": player, **context}

    def say(self, kind: str, text: str, **data: Any) -> None:
        self.emit(Event(kind, Audience.public(), text, data))

    def tell(self, player: str, kind: str, text: str, **data: Any) -> None:
        self.emit(Event(kind, Audience.player(player), text, data))

    def emit(self, event: Event) -> None:
        self.events.append(stamped(event, self.state))

    def finish(self, winner: str, reason: str) -> None:
        """W6.2: the game ends; W6.4: the hideout and the rows are shown to all."""
        s = self.state
        s.winner, s.reason, s.phase, s.ask = winner, reason, "over", None
        side = "Jack the Ripper" if winner == JACK else "The detectives"
        self.say("game_over", f"{side} win: {reason} Jack's hideout was {s.hideout}.", winner=winner,
                 hideout=s.hideout, paths=[list(p) for p in s.paths])

    def location(self) -> int:
        return self.state.tonight_path()[-1]

    def police_crossings(self) -> list[str]:
        return sorted(self.state.policemen.values())


def describe(player: str) -> str:
    if player == JACK:
        return "Jack the Ripper"
    if player == DETECTIVES:
        return "the detectives"
    return player.replace("_", " ").capitalize()
