"""A game's room: what one game's own pieces give the table service (design.md, "Many games at one table").

The service (``bot/service``) knows a game through three things only: the engine's contract
(``engine.core.contract``: ``GameRules``, ``GameState``), the engine's registry (``engine.registry``) and the
game's ``Room``, found by the game's stored name in ``bot.games.rooms``. A room is what the service cannot say
without knowing the game:

- ``rules``: the game on the shelf (``GameRules``);
- ``feed``: the wording of the public feed: which public events close a post (and its step's name), which post
  shows the board, the lines of a post, which decision kinds the whole table answers at once, which events say
  a player's own answer back, which a digest quotes, and which begin a stage;
- ``autopilot(seed)``: a player that answers a seat's decision from that seat's own view;
- the deal: the roles a member may choose at a table, and how the roles are dealt to the members at the start
  (the wishes first, the rest at random from the given seed);
- ``label(decision)``: a decision's name in public messages, and ``outcome(game)``: how a game ended, in words;
- ``hindsight(view, final)``: a past view of a game now over, with what its end made public drawn in as far as
  it had happened then (an animated replay's frames: ``bot/service/animate.py``);
- the settings form: which keys of a table's settings are the game's (the rest are the table's own, in
  ``bot/service/settings.py``), checked by ``check_settings`` and passed to ``rules`` as they are stored;
- ``calculator``: optional extras (None when the game has none).

A room refuses bad input by raising ``engine.core.EngineError`` with a one-line reason (the service says it as a
``ServiceError``). The Discord side of a game (its prompts, help, look-ups, images) is its front
(``bot/games/front.py``), not its room.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypedDict

from engine.core import Decision, IllegalAnswer, Rng
from engine.core.contract import GameRules, GameState

Event = dict[str, Any]  # one event as stored (``Event.to_dict``, with its ``seq``)


class BoardShown(TypedDict):
    """The board a feed post shows: its caption and what it highlights (game-specific keys)."""

    caption: str
    highlights: dict[str, Any]


class Dealt(TypedDict):
    """The start of a game: each member's role (member key -> role) and the game's settings completed by the deal
    (AGoT: the vassals of a Mother of Dragons set-up nobody holds)."""

    roles: dict[str, str]
    settings: dict[str, Any]


class Feed(Protocol):
    """The wording of a game's public feed: its public events grouped into one post per step (``bot/service/feed.py``
    does the grouping; the room says where a step ends and what its post says)."""

    @property
    def table_wide(self) -> frozenset[str]:
        """Decision kinds every player answers at once: what happened so far is posted first."""
        ...

    @property
    def echoes(self) -> frozenset[str]:
        """Private event kinds that say a player's own answer back (in the answer's reply, not by DM)."""
        ...

    @property
    def key_kinds(self) -> frozenset[str]:
        """Public event kinds a digest quotes (the others it only counts)."""
        ...

    def closes(self, kind: str) -> str | None:
        """The step a public event of this kind closes ("combat", "round_end" ...), or None if it closes none."""
        ...

    def lines(self, events: Sequence[Event]) -> list[str]:
        """The lines of a post of these public events (oldest first): each fact once; may be empty."""
        ...

    def board(self, events: Sequence[Event]) -> BoardShown | None:
        """The board a post of these events shows, or None."""
        ...

    def stage_of(self, event: Event) -> tuple[int, str] | None:
        """The stage (``GameState.stage``) a public event begins, when it begins one before any answer is given
        in it (AGoT: a new round's event begins its Westeros phase); else None."""
        ...


class Autopilot(Protocol):
    """Answers one decision of a seat from that seat's view alone."""

    def answer(self, view: dict[str, Any], decision: dict[str, Any]) -> Any:
        """``view`` is ``GameState.view(player)``, ``decision`` that player's own decision dict in it."""
        ...


class Calculator(Protocol):
    """A private helper over a player's own view (AGoT: the combat calculator)."""

    def __call__(self, view: dict[str, Any], target: str, sources: list[str] | None = None) -> str:
        ...


class Room(Protocol):
    """One game's pieces, as the table service uses them."""

    @property
    def rules(self) -> GameRules: ...

    @property
    def feed(self) -> Feed: ...

    @property
    def settings_keys(self) -> frozenset[str]:
        """The keys of a table's stored settings that are the game's (what ``rules`` is given)."""
        ...

    @property
    def calculator(self) -> Calculator | None: ...

    @property
    def deadlines(self) -> Mapping[str, float]:
        """The game's default deadline of each decision kind in seconds ("default": every kind not named); a
        table's own ``deadlines`` setting overrides them."""
        ...

    def autopilot(self, seed: int) -> Autopilot:
        """A seeded autopilot (same seed, view and decision: same answer)."""
        ...

    def check_settings(self, settings: Mapping[str, Any], players: int | None) -> dict[str, Any]:
        """The game's settings of a new table of ``players`` (only ``settings_keys``), completed and checked: the
        form a table creator fills (``players`` None: the form alone, before the table's size is known); raise
        ``EngineError`` with a one-line reason."""
        ...

    def choosable(self, players: int, settings: Mapping[str, Any]) -> list[str]:
        """The roles a member may ask for at a table of ``players`` with these (stored) settings."""
        ...

    def deal(self, members: Sequence[str], wishes: Mapping[str, str], seed: int,
             settings: Mapping[str, Any]) -> Dealt:
        """Each member's role: the wished ones first, the rest at random from ``seed`` (deterministic); with the
        game's settings as the game starts with them."""
        ...

    def label(self, decision: Decision) -> str:
        """A decision's name in public messages ("orders", "orders for vassal Martell")."""
        ...

    def outcome(self, game: GameState) -> str:
        """How a game that is over ended, in one sentence of the game's words (who won, and when): the game-over
        post's headline (its ``standings`` give the places, a side sharing place 1)."""
        ...

    def hindsight(self, view: dict[str, Any], final: Mapping[str, Any]) -> dict[str, Any]:
        """A past ``view`` (the public one or a seat's) of a game that is now over, with what the end made public
        (``final``: the public view at the end) as far as it had happened at that time (Whitechapel: Jack's path
        up to his last move then); ``view`` itself where the end reveals nothing of the past."""
        ...


def game_settings(room: Room, settings: Mapping[str, Any]) -> dict[str, Any]:
    """The game's own part of a table's stored settings: what ``room.rules.new`` is given."""
    return {k: v for k, v in settings.items() if k in room.settings_keys}


def deal_roles(roles: Sequence[str], members: Sequence[str], wishes: Mapping[str, str], seed: int,
               describe: Any) -> dict[str, str]:
    """Each member's role: the wished ones first (a role asked for twice, or one not at this table, is refused in
    one line), the rest at random from ``seed`` (deterministic). ``describe`` names a role for people."""
    taken: dict[str, str] = {}
    for member, role in sorted(wishes.items()):
        if member not in members:
            continue
        if role not in roles:
            raise IllegalAnswer(f"There is no role {role!r} at this table: {', '.join(roles)}.")
        if role in taken.values():
            raise IllegalAnswer(f"{describe(role)} was asked for twice.")
        taken[member] = role
    free = [r for r in roles if r not in taken.values()]
    Rng(seed).shuffle(free)
    for member in members:
        if member not in taken:
            taken[member] = free.pop()
    return taken
