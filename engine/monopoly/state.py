"""The raw state of a game of Monopoly: plain data, stored as canonical JSON.

Monopoly is an open game: everything here is public except the order of the two decks, the sealed bids of an
auction before they are revealed, and the RNG (``engine.monopoly.view`` is the whitelist). Deeds are keyed by
their space as a string (JSON keys), buildings as a count per street: 1-4 houses, 5 a hotel.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.core import Rng
from engine.core.plain import canonical, dump, load

if TYPE_CHECKING:
    from engine.monopoly.board import Board

SCHEMA_VERSION = 1
TOKENS = ("car", "dog", "hat", "ship", "boot", "iron", "thimble", "wheelbarrow")
NAMES = {"car": "Car", "dog": "Dog", "hat": "Top Hat", "ship": "Battleship", "boot": "Boot", "iron": "Iron",
         "thimble": "Thimble", "wheelbarrow": "Wheelbarrow"}
HOTEL = 5  # a street's building count when it holds a hotel (a hotel counts as five houses)


@dataclass
class State:
    players: list[str]  # seat order
    settings: dict[str, Any]
    rng: Rng
    order: list[str] = field(default_factory=list)  # turn order, the starter first (bankrupt players stay listed)
    cash: dict[str, int] = field(default_factory=dict)
    position: dict[str, int] = field(default_factory=dict)
    owner: dict[str, str] = field(default_factory=dict)  # str(space) -> player
    houses: dict[str, int] = field(default_factory=dict)  # str(space) -> 1..4 houses, 5 = a hotel
    mortgaged: list[int] = field(default_factory=list)
    decks: dict[str, list[str]] = field(default_factory=dict)  # deck -> card ids, the top first (SECRET order)
    jail_cards: dict[str, list[str]] = field(default_factory=dict)  # player -> Get Out of Jail Free cards held
    jailed: dict[str, int] = field(default_factory=dict)  # player in Jail -> failed rolls for doubles so far
    speed: list[str] = field(default_factory=list)  # players who have reached GO once: they roll the Speed Die
    out: list[str] = field(default_factory=list)  # bankrupt players, in the order they retired
    turn: str | None = None  # whose turn it is
    doubles: int = 0  # doubles thrown in a row this turn
    dice: dict[str, Any] | None = None  # the last throw: player, white [a, b], speed face or None
    round: int = 0  # 1 on the first player's first turn, +1 each time the turn comes back to the first player
    agenda: list[dict[str, Any]] = field(default_factory=list)  # automatic steps still to run, the first first
    asks: dict[str, dict[str, Any]] = field(default_factory=dict)  # open questions by id: kind, player, blocking..
    auction: dict[str, Any] | None = None  # the auction under way (sealed bids are SECRET until revealed)
    trades: list[dict[str, Any]] = field(default_factory=list)  # offers waiting for an answer
    trade_seq: int = 0
    offers: dict[str, int] = field(default_factory=dict)  # player -> trade offers made so far (each told to all)
    auction_seq: int = 0
    decision_seq: int = 0
    event_seq: int = 0
    winner: str | None = None
    reason: str = ""
    ranking: list[list[str]] = field(default_factory=list)  # at the end: places, the first first (ties share one)

    def to_dict(self) -> dict[str, Any]:
        return dump(self, SCHEMA_VERSION)

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> State:
        return load(cls, raw, SCHEMA_VERSION, "Monopoly")

    def settle(self) -> None:
        """Set-like lists in their canonical order, mappings with sorted keys (as after a reload)."""
        self.mortgaged.sort()
        self.houses = {k: v for k, v in self.houses.items() if v}
        for name in ("settings", "cash", "position", "owner", "houses", "decks", "jail_cards", "jailed", "dice",
                     "asks", "auction", "offers"):
            setattr(self, name, canonical(getattr(self, name)))
        self.agenda = canonical(self.agenda)
        self.trades = canonical(self.trades)

    # --- reading the holdings (pure; the rules that change them are in engine.monopoly.estate) ---------------

    def in_game(self) -> list[str]:
        """The players still in, in turn order."""
        return [p for p in self.order if p not in self.out]

    def owner_of(self, space: int) -> str | None:
        return self.owner.get(str(space))

    def deeds_of(self, player: str) -> list[int]:
        return sorted(int(k) for k, v in self.owner.items() if v == player)

    def buildings(self, space: int) -> int:
        return self.houses.get(str(space), 0)

    def bank_houses(self, b: Board) -> int:
        return b.constants["houses_in_bank"] - sum(n for n in self.houses.values() if n < HOTEL)

    def bank_hotels(self, b: Board) -> int:
        return b.constants["hotels_in_bank"] - sum(1 for n in self.houses.values() if n == HOTEL)

    def total_worth(self, b: Board, player: str) -> int:
        """The Income Tax worth: cash, the printed price of every deed (mortgaged or not), buildings at cost."""
        deeds = self.deeds_of(player)
        return self.cash.get(player, 0) + sum(b[d].price + self.buildings(d) * b[d].house_cost for d in deeds)

    def net_worth(self, b: Board, player: str) -> int:
        """Who is richest when a short game ends (ruling MN4): the Income Tax worth less what lifting every
        mortgage would cost (the mortgage and its 10% interest)."""
        rate = b.constants["mortgage_interest_percent"]
        owed = sum(b[d].mortgage + percent(b[d].mortgage, rate) for d in self.deeds_of(player) if d in self.mortgaged)
        return self.total_worth(b, player) - owed


def percent(amount: int, rate: int) -> int:
    """``rate`` percent of ``amount`` in whole dollars, any part of a dollar rounded up (ruling MN5: the 10% of a
    $75 mortgage is $8)."""
    return -(-amount * rate // 100)

