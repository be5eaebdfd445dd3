"""The game object: set-up, the agenda loop and ``submit`` (the contract's ``GameState``).

The game runs an *agenda* of automatic steps (``kinds.STEPS``: roll, move, land, pay ...) until a blocking
question is open (``state.asks``); each kind of question has a ``pose`` (the ``Decision``) and an ``answer``
(checks, then applies). A public blocking question with a single legal option is answered at once and told with a
``forced_choice`` event. Side questions (a trade reply) stay open while play goes on. The standing ``manage``
question (build, sell, mortgage, lift, trade offers) is never listed as open: ``open_decision("manage:<player>")``
returns it, so a player may use it whenever its window is open, without a prompt or a deadline.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Audience, Decision, Event, IllegalAnswer, NotYourDecision, Rng, StaleDecision, answers
from engine.core.contract import Standing
from engine.core.plain import all_or_nothing, stamped
from engine.monopoly import auction, cards, debt, estate, jail, manage, trade, turn  # noqa: F401 - registries
from engine.monopoly.board import Board, board
from engine.monopoly.kinds import KINDS, STEPS, UNFORCED, Ask, Step
from engine.monopoly.state import NAMES, TOKENS, State
from engine.monopoly.view import build_view

MAX_LOOP = 100_000
MANAGE = "manage"


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
        state = State(players=list(TOKENS[:player_count]), settings=dict(settings), rng=rng)
        game = cls(state)
        game.push({"step": "setup"})
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

    @property
    def rng(self) -> Rng:
        return self.state.rng

    # --- the contract -------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return bool(self.state.ranking)

    def players(self) -> list[str]:
        return list(self.state.players)

    def standings(self) -> list[Standing]:
        """Places from the final ranking: the winner first, then by how long each lasted (or how rich each was
        when a short game ended); players level share a place."""
        out: list[Standing] = []
        place = 1
        for tied in self.state.ranking:
            out += [Standing(p, place, self.state.reason if place == 1 else "") for p in tied]
            place += len(tied)
        return out

    def stage(self) -> tuple[int, str]:
        s = self.state
        return s.round, "over" if self.over else (NAMES[s.turn] if s.turn else "setup")

    def name_of(self, player: str) -> str:
        return describe(player)

    def end_now(self) -> None:
        """The table's vote ends the game: the richest player wins (ruling MN4's worth)."""
        if self.over:
            raise IllegalAnswer("The game is already over.")
        self.events = []
        self.finish_by_worth("the table ended the game")
        self.settle()

    def open_decisions(self, submitted: bool = False, player: str | None = None) -> list[Decision]:
        if self.over:
            return []
        asks = sorted(self.state.asks.values(), key=lambda a: int(a["id"]))
        return [KINDS[a["kind"]].pose(self, a) for a in asks if player is None or a["player"] == player]

    def open_decision(self, decision_id: str) -> Decision | None:
        if self.over:
            return None
        if decision_id.startswith(MANAGE + ":"):
            player = decision_id.removeprefix(MANAGE + ":")
            return KINDS[MANAGE].pose(self, self.standing_ask(player)) if player in self.state.players else None
        ask = self.state.asks.get(decision_id)
        return None if ask is None else KINDS[ask["kind"]].pose(self, ask)

    def standing_decisions(self, player: str) -> list[Decision]:
        """The manage question, open to a player still in at any time (its window is checked when answered)."""
        if self.over or player not in self.state.players or player in self.state.out:
            return []
        return [KINDS[MANAGE].pose(self, self.standing_ask(player))]

    def standing_ask(self, player: str) -> Ask:
        return {"id": f"{MANAGE}:{player}", "kind": MANAGE, "player": player, "blocking": False}

    def submit(self, player: str, decision_id: str, answer: Any, rollback: bool = True) -> list[Event]:
        """Apply one answer, or raise a typed error (one line) and change nothing."""
        if self.over:
            raise StaleDecision("The game is over.")
        if decision_id == f"{MANAGE}:{player}":
            ask: Ask | None = self.standing_ask(player)
        else:
            ask = self.state.asks.get(decision_id)
        if ask is None:
            raise StaleDecision("This prompt has expired: the game has moved on.")
        if ask["player"] != player:
            raise NotYourDecision(f"This decision belongs to {describe(ask['player'])}.")
        value = answers.normalized(answer)
        asked: Ask = ask

        def change() -> None:
            self.state.asks.pop(asked["id"], None)
            KINDS[asked["kind"]].answer(self, asked, value)
            self.advance()
        return all_or_nothing(self, State.from_dict, change)

    def view(self, player: str | None = None) -> dict[str, Any]:
        if player is not None and player not in self.state.players:
            raise ValueError(f"{player} is not in this game")
        return build_view(self, player)

    # --- the loop -----------------------------------------------------------------------------

    def blocking(self) -> list[Ask]:
        return [a for a in self.state.asks.values() if a["blocking"]]

    def advance(self) -> None:
        """Run automatic steps and forced choices until a blocking question with a real choice is open or the
        game ends."""
        s = self.state
        for _ in range(MAX_LOOP):
            if self.over:
                s.asks, s.agenda = {}, []
                break
            held = self.blocking()
            if held:
                if len(held) != 1 or not self.forced(held[0]):
                    break
                continue
            if s.agenda:
                next_step: Step = s.agenda.pop(0)
                STEPS[next_step["step"]](self, next_step)
            else:
                STEPS["next_turn"](self, {"step": "next_turn"})
        else:
            raise RuntimeError("the game made no progress")
        trade.prune(self)  # M11.3: an offer made impossible by this answer is withdrawn
        self.settle()

    def forced(self, ask: Ask) -> bool:
        """Answer a public question with one legal option at once (told to all); False if it is a real choice."""
        if ask["kind"] in UNFORCED:
            return False
        decision = KINDS[ask["kind"]].pose(self, ask)
        if decision.secret or decision.options is None or len(decision.options) != 1:
            return False
        only = decision.options[0]
        self.say("forced_choice", f"Only one choice for {decision.label}: {answers.plain(only)}.",
                 player=decision.player, choice=only, question=decision.kind)
        del self.state.asks[ask["id"]]
        KINDS[ask["kind"]].answer(self, ask, only)
        return True

    # --- helpers for the modules --------------------------------------------------------------

    def ask(self, kind: str, player: str, blocking: bool = True, **context: Any) -> str:
        """Open a question; its id (a new one each time: a stale prompt never answers a new question)."""
        self.state.decision_seq += 1
        ask_id = str(self.state.decision_seq)
        self.state.asks[ask_id] = {"id": ask_id, "kind": kind, "player": player, "blocking": blocking, **context}
        return ask_id

    def reask(self, ask: Ask) -> str:
        """The same question again under a new id (after a manage answer given in its place)."""
        context = {k: v for k, v in ask.items() if k not in ("id", "kind", "player", "blocking")}
        return self.ask(ask["kind"], ask["player"], ask["blocking"], **context)

    def push(self, *steps: Step) -> None:
        """Run these steps next, in this order, before the rest of the agenda."""
        self.state.agenda[:0] = list(steps)

    def say(self, kind: str, text: str, **data: Any) -> None:
        self.emit(Event(kind, Audience.public(), text, data))

    def tell(self, player: str, kind: str, text: str, **data: Any) -> None:
        self.emit(Event(kind, Audience.player(player), text, data))

    def emit(self, event: Event) -> None:
        self.events.append(stamped(event, self.state))

    def finish(self, ranking: list[list[str]], reason: str) -> None:
        """The game ends with these places (the first first; players level share one)."""
        s = self.state
        s.ranking, s.reason, s.asks, s.agenda = [list(p) for p in ranking], reason, {}, []
        s.winner = ranking[0][0] if len(ranking[0]) == 1 else None
        s.trades = []
        s.auction = None
        winners = " and ".join(describe(p) for p in ranking[0])
        self.say("game_over", f"{winners} {'wins' if len(ranking[0]) == 1 else 'share the win'}: {reason}.",
                 ranking=s.ranking, worth={p: s.net_worth(self.board, p) for p in s.in_game()})

    def finish_by_worth(self, reason: str) -> None:
        """Rank the players still in by net worth (the richest first), then the bankrupt, the last out first."""
        s = self.state
        worth = {p: s.net_worth(self.board, p) for p in s.in_game()}
        ranking: list[list[str]] = []
        for value in sorted(set(worth.values()), reverse=True):
            ranking.append([p for p in s.in_game() if worth[p] == value])
        ranking += [[p] for p in reversed(s.out)]
        self.finish(ranking, f"{reason}; the richest player wins")


def describe(player: str) -> str:
    return NAMES.get(player, player.replace("_", " ").capitalize())
