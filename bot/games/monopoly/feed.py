"""The wording of Monopoly's public feed (the room's ``feed``; ``bot/service/feed.py`` groups the posts). Only
public events are ever read here, so a sealed bid never shows before the reveal (the engine tells it to its
bidder alone; the reveal is one public event).

One post per turn: a post closes when the next turn begins (``turn_start``; its own line is left out, the post
names its player) and when the game ends. The sealed and open bids are asked of the whole table at once
(``table_wide``): what happened so far is posted first, so an auction splits its turn's post in two.

A throw and what follows it make one line: "Car threw 4+3 and the Speed Die 2: 9 to Illinois Avenue; paid $20
rent to Dog." (the move, GO's salary, Mr. Monopoly's second move, a card and where it sends the token, rent, tax,
buying or leaving a deed to auction, Jail). Several builds, sales, mortgages or lifts of one player are summed in
one line each, an auction in one line with its bids and result. Forced choices and the turn's start get no line.
The board is shown on the posts that change owners, buildings or mortgages, end a round, or end the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.room import BoardShown
from engine.monopoly.board import board
from engine.monopoly.state import NAMES

Event = dict[str, Any]

CLOSES = {"turn_start": "turn", "game_over": "game_over"}
TABLE_WIDE = frozenset({"bid", "open_bid"})
ECHOES = frozenset({"bid"})  # the bidder's own sealed bid, said back in the answer's reply
KEY_KINDS = frozenset({"buy", "auction_won", "trade_done", "bankrupt", "jail", "game_over"})
NO_LINE = frozenset({"forced_choice", "turn_start", "round"})
# the board once a round (at its end), and where the board changes most: buildings, trades, bankruptcies; a deed
# bought or mortgaged shows on the round's board (an image a post filled a quiet thread)
WITH_BOARD = frozenset({"bankrupt", "build", "sell_building", "trade_done", "round", "game_over"})
SUMMED = {"build": "builds on", "sell_building": "sells buildings on", "mortgage": "mortgages",
          "lift": "lifts the mortgages of"}
DECKS = {"chance": "Chance", "community_chest": "Community Chest"}
SPEED = {"1": "the Speed Die 1", "2": "the Speed Die 2", "3": "the Speed Die 3", "bus": "the Bus",
         "mr_monopoly": "Mr. Monopoly"}
JAIL = 10


class MonopolyFeed:
    """The room's ``Feed``."""

    table_wide: frozenset[str] = TABLE_WIDE
    echoes: frozenset[str] = ECHOES
    key_kinds: frozenset[str] = KEY_KINDS

    def closes(self, kind: str) -> str | None:
        return CLOSES.get(kind)

    def lines(self, events: Sequence[Event]) -> list[str]:
        return Post().read(events)

    def board(self, events: Sequence[Event]) -> BoardShown | None:
        shown = [e for e in events if e["kind"] in WITH_BOARD and changes(e)]
        if not shown:
            return None
        kinds = {e["kind"] for e in shown}
        rounds = [int(data(e)["round"]) for e in events if e["kind"] in ("round", "turn_start")
                  and "round" in data(e)]
        if "game_over" in kinds:
            caption = "The final board."
        elif "round" in kinds and rounds and rounds[-1] > 1:
            caption = f"The board at the end of round {rounds[-1] - 1}."
        elif rounds:
            caption = f"The board in round {rounds[-1]}."
        else:
            caption = "The board."
        changed = sorted({s for e in shown for s in spaces_of(data(e))})
        return BoardShown(caption=caption, highlights={"spaces": changed})

    def stage_of(self, event: Event) -> tuple[int, str] | None:
        """A turn begins at its ``turn_start`` (the engine's stage: the round and the player's name)."""
        if event["kind"] == "turn_start":
            d = data(event)
            return int(d["round"]), who(d["player"])
        return None


def changes(e: Event) -> bool:
    """Whether a board event changed the board (an auction nobody bid in did not; the first round begins on the
    board the table was shown as the game began)."""
    if e["kind"] == "round":
        return int(data(e).get("round", 0)) > 1
    return e["kind"] != "auction_won" or bool(data(e).get("player"))


def data(e: Event) -> dict[str, Any]:
    return e.get("data") or {}


def who(player: Any) -> str:
    return NAMES.get(str(player), str(player))


def place(space: Any) -> str:
    if space == JAIL:
        return "Jail (just visiting)"
    return board().name(int(space))


def dollars(amount: Any) -> str:
    return f"${int(amount):,}"


def spaces_of(d: dict[str, Any]) -> list[int]:
    found = [d["space"]] if isinstance(d.get("space"), int) else []
    sides = [d] + [side for side in (d.get("give"), d.get("take")) if isinstance(side, dict)]
    return found + [s for side in sides for s in side.get("spaces") or [] if isinstance(s, int)]


@dataclass
class Throw:
    """One throw's line: its head ("Car threw 4+3"), then what followed, joined by semicolons."""

    player: str
    head: str
    speed: str | None = None
    parts: list[str] = field(default_factory=list)
    moved: bool = False  # the dice's own move is told
    after_card: bool = False
    owing: int | None = None  # the last part saying "paid ...": "owes ..." if the player goes bankrupt

    def add(self, part: str) -> None:
        self.parts.append(part)
        self.after_card = False

    def suffix(self, text: str) -> None:
        if self.parts:
            self.parts[-1] += text
        else:
            self.head += text

    def line(self) -> str:
        return self.head + (": " + "; ".join(self.parts) if self.parts else "") + "."


@dataclass
class Sum:
    """Several events of one kind and one player in one line, each deed once with its last count: "Dog builds on
    New York Avenue (3 houses), Tennessee Avenue (3 houses) (-$600)."."""

    head: str
    sign: str
    parts: dict[str, str] = field(default_factory=dict)  # deed -> what it ends with
    total: int = 0

    def line(self) -> str:
        said = [f"{deed} ({now})" if now else deed for deed, now in self.parts.items()]
        return f"{self.head} {', '.join(said)} ({self.sign}{dollars(self.total)})."


@dataclass
class Auction:
    """An auction in one line: what is sold and to whom (when it opens), the bids (open ones as they come,
    sealed ones at the reveal) and who wins it."""

    lot: str
    opening: str = ""
    bids: list[str] = field(default_factory=list)
    result: str = ""

    def line(self) -> str:
        if not self.bids and not self.result:
            return f"The bank auctions {self.lot}{self.opening}."
        bids = f": {', '.join(self.bids)}" if self.bids else ""
        return f"Auction of {self.lot}{bids}.{' ' + self.result if self.result else ''}"


Line = str | Throw | Sum | Auction


class Post:
    """The lines of one post, in the order things happened."""

    def __init__(self) -> None:
        self.out: list[Line] = []
        self.throw: Throw | None = None
        self.sums: dict[tuple[str, str], Sum] = {}
        self.auction: Auction | None = None

    def read(self, events: Sequence[Event]) -> list[str]:
        for e in events:
            kind = e["kind"]
            if kind not in NO_LINE:
                getattr(self, "on_" + kind, self.plain)(e, data(e))
        return [x if isinstance(x, str) else x.line() for x in self.out]

    def plain(self, e: Event, d: dict[str, Any]) -> None:
        self.out.append(str(e.get("text") or e["kind"]))

    def mine(self, d: dict[str, Any]) -> Throw | None:
        """The current throw's line, if this event is its player's."""
        t = self.throw
        return t if t is not None and d.get("player") == t.player else None

    def part(self, e: Event, d: dict[str, Any], text: str) -> None:
        """A part of the current throw's line, or a line of its own when it is another player's."""
        t = self.mine(d)
        if t is not None:
            t.add(text)
        else:
            self.out.append(f"{who(d.get('player'))} {text}.")

    # --- the throw and the move --------------------------------------------------------------------------

    def on_roll(self, e: Event, d: dict[str, Any]) -> None:
        player, (a, b), purpose = d["player"], d["white"], d.get("purpose")
        if purpose == "order":
            if self.out and isinstance(self.out[-1], str) and self.out[-1].startswith("Throws for the first"):
                self.out[-1] = self.out[-1][:-1] + f", {who(player)} {a + b}."
            else:
                self.out.append(f"Throws for the first turn: {who(player)} {a + b}.")
            return
        if purpose == "utility":
            self.part(e, d, f"threw {a}+{b} for the utility")
            return
        speed = d.get("speed")
        head = f"{who(player)} threw {a}+{b}" + (f" and {SPEED[speed]}" if speed in SPEED else "")
        if purpose == "jail":
            head += " in Jail"
        elif a == b and speed in ("1", "2", "3") and int(speed) == a:
            head += " (three of a kind)"
        elif a == b:
            head += " (doubles)"
        self.throw = Throw(player, head, speed)
        self.out.append(self.throw)

    def on_move(self, e: Event, d: dict[str, Any]) -> None:
        t, steps, to = self.mine(d), int(d.get("steps", 0)), place(d["to"])
        if t is None:
            self.plain(e, d)
            return
        if steps < 0:
            t.add(f"back {-steps} to {to}")
        elif t.after_card:
            t.suffix(f", on to {to}")
        elif not t.moved:
            t.moved = True
            if t.head.endswith("(three of a kind)"):
                t.add(f"chose {to}")
            else:
                t.add(f"{steps} to {to}")
        elif t.speed == "mr_monopoly":
            t.speed = None
            t.add(f"Mr. Monopoly on to {to}")
        else:
            t.add(f"on to {to}")

    def on_pass_go(self, e: Event, d: dict[str, Any]) -> None:
        t = self.mine(d)
        if t is not None and t.parts:
            t.suffix(f", collecting {dollars(d['amount'])} at GO")
        else:
            self.part(e, d, f"collects {dollars(d['amount'])} at GO")

    def on_speed_die(self, e: Event, d: dict[str, Any]) -> None:
        self.part(e, d, "throws the Speed Die from now on")

    def on_mr_monopoly(self, e: Event, d: dict[str, Any]) -> None:
        self.part(e, d, "Mr. Monopoly has nowhere to go")

    # --- the landing ------------------------------------------------------------------------------------------

    def on_rent(self, e: Event, d: dict[str, Any]) -> None:
        if not d.get("amount"):
            self.part(e, d, f"no rent: {place(d['space'])} is mortgaged")
            return
        self.owed(e, d, f"{dollars(d['amount'])} rent to {who(d['owner'])}")

    def on_tax(self, e: Event, d: dict[str, Any]) -> None:
        self.owed(e, d, f"{dollars(d['amount'])} {place(d['space'])}")

    def owed(self, e: Event, d: dict[str, Any], what: str) -> None:
        """Money owed: "paid ..." (once funds are raised, if need be), "owes ..." if it bankrupts the player."""
        self.part(e, d, f"paid {what}")
        t = self.mine(d)
        if t is not None:
            t.owing = len(t.parts) - 1

    def on_debt(self, e: Event, d: dict[str, Any]) -> None:
        self.out.append(f"{who(d['player'])} owes {dollars(d['amount'])} ({d.get('why', 'a debt')}) and raises "
                        "funds.")

    def on_card(self, e: Event, d: dict[str, Any]) -> None:
        card = board().cards.get(str(d.get("card")))
        label = card.label if card else str(e.get("text"))
        self.part(e, d, f"drew {DECKS.get(d.get('deck', ''), 'a card')}: \u201c{label}\u201d{card_money(card)}")
        t = self.mine(d)
        if t is not None:
            t.after_card = True

    def on_repairs(self, e: Event, d: dict[str, Any]) -> None:
        if not d.get("amount"):
            self.part(e, d, "no buildings to repair")
            return
        self.owed(e, d, f"{dollars(d['amount'])} for {d['houses']} houses and {d['hotels']} hotels")

    def on_buy(self, e: Event, d: dict[str, Any]) -> None:
        self.part(e, d, f"**bought {place(d['space'])}** for {dollars(d['amount'])}")

    def on_declined(self, e: Event, d: dict[str, Any]) -> None:
        self.part(e, d, f"left {place(d['space'])} to the bank's auction")

    def on_jail(self, e: Event, d: dict[str, Any]) -> None:
        why = str(d.get("why", ""))
        self.part(e, d, "**sent to Jail**" + (f" ({why})" if why.startswith("three") else ""))

    def on_jail_stay(self, e: Event, d: dict[str, Any]) -> None:
        self.part(e, d, f"stays in Jail ({d['failed_throws']} of 3 throws)")

    def on_jail_out(self, e: Event, d: dict[str, Any]) -> None:
        how = str(d.get("how", ""))
        if self.mine(d) is not None:
            self.part(e, d, "out of Jail" if how == "throws doubles" else f"{how}; out of Jail")
        else:
            self.out.append(f"{who(d['player'])} {how} and leaves Jail.")

    # --- buildings, mortgages, auctions -----------------------------------------------------------------------

    def summed(self, kind: str, d: dict[str, Any], now: str, sign: str) -> None:
        key = (kind, str(d["player"]))
        if key not in self.sums:
            self.sums[key] = Sum(f"{who(d['player'])} {SUMMED[kind]}", sign)
            self.out.append(self.sums[key])
        found = self.sums[key]
        found.parts[place(d["space"])] = now
        found.total += int(d.get("amount", 0))

    def on_build(self, e: Event, d: dict[str, Any]) -> None:
        self.summed("build", d, buildings(d["buildings"]), "-")

    def on_sell_building(self, e: Event, d: dict[str, Any]) -> None:
        self.summed("sell_building", d, f"{buildings(d['buildings'])} left", "+")

    def on_mortgage(self, e: Event, d: dict[str, Any]) -> None:
        self.summed("mortgage", d, "", "+")

    def on_lift(self, e: Event, d: dict[str, Any]) -> None:
        self.summed("lift", d, "", "-")

    def lot(self, d: dict[str, Any]) -> Auction:
        if self.auction is None:
            lot = place(d["space"]) if d.get("space") is not None else f"the last {d.get('building')}"
            self.auction = Auction(lot)
            self.out.append(self.auction)
        return self.auction

    def on_auction_open(self, e: Event, d: dict[str, Any]) -> None:
        self.auction = None
        bidders = [who(p) for p in d.get("bidders") or []]
        self.lot(d).opening = f" ({d.get('bidding', 'sealed')} bids): {', '.join(bidders) or 'nobody can bid'}"

    def on_bid(self, e: Event, d: dict[str, Any]) -> None:
        """An open bid: in its auction's line, or its own line when the auction opened in an earlier post (the
        event does not name the lot, its words do)."""
        if self.auction is None:
            self.plain(e, d)
            return
        amount = int(d.get("amount", 0))
        self.auction.bids.append(f"{who(d['player'])} {dollars(amount) if amount else 'passes'}")

    def on_bids(self, e: Event, d: dict[str, Any]) -> None:
        bids = d.get("bids") or {}
        self.lot(d).bids += [f"{who(p)} {dollars(n) if n else 'no bid'}" for p, n in bids.items()]

    def on_auction_won(self, e: Event, d: dict[str, Any]) -> None:
        if self.auction is None and not d.get("player"):
            self.plain(e, d)  # an auction of an earlier post nobody bid in, or a building won but not placed
            return
        found = self.lot(d)
        found.result = f"**{who(d['player'])} wins it for {dollars(d['amount'])}.**" if d.get("player") else \
            "Nobody bids: the bank keeps it."
        self.auction = None

    # --- the end ----------------------------------------------------------------------------------------------

    def on_bankrupt(self, e: Event, d: dict[str, Any]) -> None:
        t = self.mine(d)
        if t is not None and t.owing is not None:  # the last debt was never paid
            t.parts[t.owing] = "owes" + t.parts[t.owing].removeprefix("paid")
        self.throw = None
        self.out.append(f"**{e.get('text')}**")

    def on_game_over(self, e: Event, d: dict[str, Any]) -> None:
        self.out.append(f"**{e.get('text')}**")
        worth = d.get("worth") or {}
        if worth:
            ranked = sorted(worth.items(), key=lambda kv: -int(kv[1]))
            self.out.append("Net worth: " + ", ".join(f"{who(p)} {dollars(n)}" for p, n in ranked) + ".")


def buildings(count: Any) -> str:
    n = int(count)
    return "a hotel" if n == 5 else f"{n} house{'s' if n != 1 else ''}"


def card_money(card: Any) -> str:
    """What a money card moves, when its words do not say it: " (+$50)"."""
    if card is None:
        return ""
    effect = card.effect
    amount = effect.get("amount")
    return {"collect_from_bank": f" (+{dollars(amount or 0)})", "pay_bank": f" (-{dollars(amount or 0)})",
            "pay_each_player": f" ({dollars(amount or 0)} to each player)",
            "collect_from_each_player": f" ({dollars(amount or 0)} from each player)"}.get(effect["kind"], "")
