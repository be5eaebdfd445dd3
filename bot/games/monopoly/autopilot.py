"""The Monopoly autopilot: one answer for one decision, from that player's view only (and the printed board).

It keeps a cash reserve that grows with the rents the others could charge, buys a deed when the price leaves
the reserve (a deed completing its colour group or blocking another's needs only part of it), and bids up to
the deed's worth to it: more for a deed completing its group or blocking an opponent's, railroads by how many it
holds. At its turn question it first lifts a mortgage of a group it could build on, then builds evenly on its
complete groups (the best rent for the money first), then lifts the other mortgages when rich: each action is a
manage answer given in place of the throw (the engine asks the turn again). It pays its way out of Jail early in
the game (while deeds are still for sale) and stays in later, pays the cheaper Income Tax, takes the Bus
distance or the three-of-a-kind space that lands best, raises funds automatically and declines trades unless
clearly good. An answer is always legal: anything unsure falls back to the decision's default.

``python -m bot.games.monopoly.match --games N --players P`` prints its win rate against random players.
"""

from __future__ import annotations

from typing import Any

from engine.core import Rng
from engine.monopoly.board import SIZE, Board, board

RESERVE = 60  # the cash kept in hand before any rent threatens
RISK = 0.6  # and this part of the highest rent another player could charge now
EARLY = 8  # deeds still with the bank: the game is early (leave Jail at once)
COMPLETES = 1.0  # a deed completing the group is worth this much more than its price (as a part of it)
BLOCKS = 0.5  # a deed keeping another player from completing a group
RAILROAD = 0.25  # each railroad held adds this part of the price
UTILITY = 0.8  # a utility is worth less than its price, unless the other one is held
RICH = 2.0  # lifting a mortgage outside a buildable group waits for this many reserves in hand
STEP = 10  # an open bid's least raise
GROUP_ORDER = ("orange", "red", "light_blue", "pink", "yellow", "dark_blue", "green", "dark_purple")
BUILDING = 1.5  # the bank's last building is worth this many times its cost
GOOD_TRADE = 1.5  # a trade is accepted when what comes in is worth this much more than what goes out
MISSING_PRICE = 2.5  # the last street of a group is bought from its holder for this many times its price
OFFER_EVERY = 3  # at most one offer of its own for every this many rounds played (the view counts offers made)


class Autopilot:
    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)
        self.board = board()

    def answer(self, view: dict[str, Any], decision: dict[str, Any]) -> Any:
        """The answer to ``decision`` (a dict, ``Decision.to_dict()``) from the player's ``view``: legal, or the
        decision's default."""
        handler = getattr(self, "_" + decision["kind"], None)
        if handler is None:
            return decision["default"]
        seat = Seat(view, decision["player"], self.board)
        found = handler(seat, decision)
        return found if legal(decision, found) else decision["default"]

    # --- the turn --------------------------------------------------------------------------------------------

    def _turn(self, seat: Seat, decision: dict[str, Any]) -> Any:
        return seat.manage() or seat.offer() or "roll"

    def _jail(self, seat: Seat, decision: dict[str, Any]) -> Any:
        action = seat.manage()
        if action:
            return action
        options = decision["options"]
        if seat.unowned() >= EARLY:
            if "card" in options:
                return "card"
            if "pay" in options and seat.cash - decision["info"].get("fine", 50) >= seat.reserve():
                return "pay"
        return "roll"

    def _buy(self, seat: Seat, decision: dict[str, Any]) -> str:
        space = decision["info"]["space"]
        price = self.board[space].price
        if "buy" not in decision["options"] or seat.cash < price:
            return "auction"
        keep = seat.reserve()
        if seat.completes(space) or seat.blocks(space):
            keep //= 3
        return "buy" if seat.cash - price >= keep else "auction"

    def _bus(self, seat: Seat, decision: dict[str, Any]) -> int:
        here = decision["info"]["position"]
        return int(max(decision["options"], key=lambda n: (seat.landing(here, (here + n) % SIZE), n)))

    def _triples(self, seat: Seat, decision: dict[str, Any]) -> int:
        here = decision["info"]["position"]
        return int(max(decision["options"], key=lambda s: (seat.landing(here, s), -s)))

    def _income_tax(self, seat: Seat, decision: dict[str, Any]) -> str:
        info = decision["info"]
        share = -(-seat.total_worth() * int(info.get("percent", 10)) // 100)
        return "percent" if share < int(info.get("flat", 200)) else "flat"

    def _raise_funds(self, seat: Seat, decision: dict[str, Any]) -> Any:
        options = decision["options"]
        return next((o for o in ("pay", "auto") if o in options), decision["default"])

    def _place_building(self, seat: Seat, decision: dict[str, Any]) -> Any:
        """The building won at auction goes where it adds the most rent."""
        return max(decision["options"], key=lambda s: (seat.rent_gain(s), s) if s is not None else (-1, -1))

    def _lift_now(self, seat: Seat, decision: dict[str, Any]) -> str:
        cost = int(decision["info"]["cost"])
        return "lift" if seat.cash - cost >= seat.reserve() else "keep"

    # --- auctions ----------------------------------------------------------------------------------------------

    def _bid(self, seat: Seat, decision: dict[str, Any]) -> int:
        """A sealed bid: what the lot is worth to us, within what we can spare (a deed: a few dollars off, at
        random, so the bids are not all round; the bank's last building: its worth or nothing)."""
        info = decision["info"]
        top = seat.bid_limit(info)
        if (info.get("lot") or {}).get("space") is None:
            return top
        return max(0, top - self.rng.below(5)) if top > 0 else 0

    def _open_bid(self, seat: Seat, decision: dict[str, Any]) -> int:
        """An open bid: half the price to open (a building: its cost), then a tenth of it above the high bid, the
        last one all the lot is worth to us: few bids, as each one is a post and asks the others again."""
        info = decision["info"]
        high = info.get("high") or {}
        if high.get("player") == seat.me:
            return 0
        lot = info.get("lot") or {}
        if lot.get("space") is None:
            opening = seat.house_cost(lot.get("building", "house"))
        else:
            opening = self.board[lot["space"]].price // 2
        raised = max(STEP, opening // 5)
        top = seat.bid_limit(info)
        ask = max(int(high["amount"]) + raised, opening) if high else opening
        if high and ask > top > int(high["amount"]):
            ask = top
        return ask if 0 < ask <= top else 0

    # --- trades --------------------------------------------------------------------------------------------

    def _trade_reply(self, seat: Seat, decision: dict[str, Any]) -> str:
        """Accept only a clearly good offer: what comes in (less the interest due at once on its mortgages) worth
        well above what goes out, cash to spare after it, and no colour group completed for the offerer."""
        info = decision["info"]
        offer = info["trade"]
        come, go = offer["give"], offer["take"]  # what the offerer gives us, and what it takes from us
        worth_in = seat.package(come, gain=True) - int(info.get("interest", 0))
        worth_out = seat.package(go, gain=False)
        spare = seat.cash - int(go.get("cash", 0)) - int(info.get("interest", 0)) >= seat.reserve()
        good = worth_in >= GOOD_TRADE * worth_out + 50 and spare and not seat.feeds(offer["from"], go)
        # a street that completes the offerer's group goes only for a lot of cash, when we could not complete
        # that group ourselves (the offerer holds the rest of it) and hold a whole group of our own
        paid = int(come.get("cash", 0)) >= MISSING_PRICE * sum(self.board[s].price for s in go.get("spaces") or [])
        sold = paid and spare and bool(seat.complete_groups()) and seat.feeds(offer["from"], go)
        return "accept" if good or sold else "decline"


def legal(decision: dict[str, Any], value: Any) -> bool:
    """Whether ``value`` is one of the decision's options, a manage answer where one may be given, or a bid
    within the allowed range."""
    kind, options = decision["kind"], decision["options"]
    if isinstance(value, dict):
        return kind in ("turn", "jail", "buy", "raise_funds", "bid", "open_bid", "lift_now") and len(value) == 1
    if kind in ("bid", "open_bid"):
        most = decision["info"].get("most")
        return isinstance(value, int) and 0 <= value and (most is None or value <= most)
    return options is None or value in options


class Seat:
    """One player's reading of the public view: cash, deeds, rents, worth."""

    def __init__(self, view: dict[str, Any], me: str, b: Board) -> None:
        public = view["public"]
        self.me, self.board = me, b
        self.players = {p["player"]: p for p in public["players"]}
        self.cash = int(self.players[me]["cash"])
        self.deeds = {s["space"]: s for s in public["spaces"]}
        self.bank = public.get("bank") or {"houses": 32, "hotels": 12}
        self.rivals = [p for p, row in self.players.items() if p != me and not row["bankrupt"]]
        self.round = int(public.get("round") or 0)
        self.trades = public.get("trades") or []

    def owner(self, space: int) -> str | None:
        owner: str | None = self.deeds[space]["owner"]
        return owner

    def mine(self) -> list[int]:
        return [d for d in self.deeds if self.owner(d) == self.me]

    def unowned(self) -> int:
        return sum(1 for d in self.deeds if self.owner(d) is None)

    def buildings(self, space: int) -> int:
        s = self.deeds[space]
        return 5 if s["hotel"] else int(s["houses"])

    def rent(self, space: int) -> int:
        """What landing here costs a player other than its owner (a utility at an average throw)."""
        s, deed = self.deeds[space], self.board[space]
        owner = s["owner"]
        if owner is None or s["mortgaged"]:
            return 0
        group = self.board.group_of(space)
        held = sum(1 for g in group if self.owner(g) == owner)
        if deed.kind == "street":
            built = self.buildings(space)
            return deed.rent[built] if built else deed.rent[0] * (2 if held == len(group) else 1)
        if deed.kind == "railroad":
            return deed.rent[held - 1]
        return deed.rent[held - 1] * 7

    def reserve(self) -> int:
        """The cash to keep in hand: more as the others' rents grow."""
        threat = max((self.rent(d) for d in self.deeds if self.owner(d) in self.rivals), default=0)
        return RESERVE + int(RISK * threat)

    def completes(self, space: int) -> bool:
        group = self.board.group_of(space)
        return self.board[space].kind == "street" and all(self.owner(g) == self.me for g in group if g != space)

    def blocks(self, space: int) -> bool:
        """Whether one rival holds every other deed of this street's group."""
        others = [self.owner(g) for g in self.board.group_of(space) if g != space]
        return self.board[space].kind == "street" and len(set(others)) == 1 and others[0] in self.rivals

    def value(self, space: int) -> int:
        """What the deed is worth to us."""
        deed = self.board[space]
        if deed.kind == "railroad":
            held = sum(1 for r in self.board.group_of(space) if self.owner(r) == self.me)
            return int(deed.price * (1 + RAILROAD * held))
        if deed.kind == "utility":
            other = any(self.owner(u) == self.me for u in self.board.group_of(space) if u != space)
            return int(deed.price * (1.0 if other else UTILITY))
        extra = COMPLETES if self.completes(space) else BLOCKS if self.blocks(space) else 0.0
        return int(deed.price * (1 + extra))

    def bid_limit(self, info: dict[str, Any]) -> int:
        """The most we bid for an auction's lot: its worth to us (a building: its cost on our best group),
        within what we could raise and what we can spare."""
        lot = info.get("lot") or {}
        space = lot.get("space")
        spare = self.cash - self.reserve() // 2
        if space is None:
            worth = int(self.house_cost(lot.get("building", "house")) * BUILDING)
            return worth if worth <= min(spare, int(info.get("most", spare))) else 0
        return max(0, min(self.value(space), spare, int(info.get("most", spare))))

    def house_cost(self, building: str) -> int:
        """A ``building``'s ("house" or "hotel") cost on our priciest group that could take one (0: none)."""
        costs = [self.board[g[0]].house_cost for g in self.complete_groups()
                 if not any(self.deeds[s]["mortgaged"] for s in g)
                 and (min(map(self.buildings, g)) == 4 if building == "hotel" else min(map(self.buildings, g)) < 4)]
        return max(costs, default=0)

    def rent_gain(self, space: int) -> int:
        """How much one more building adds to this street's rent."""
        built = self.buildings(space)
        rent = self.board[space].rent
        return rent[built + 1] - rent[built] if built < 5 else 0

    def total_worth(self) -> int:
        """Income Tax's worth: cash, printed prices, buildings at cost."""
        return self.cash + sum(self.board[d].price + self.buildings(d) * self.board[d].house_cost
                               for d in self.mine())

    def landing(self, here: int, target: int) -> int:
        """How good moving forward from ``here`` to ``target`` is (GO's salary when passed)."""
        space = self.board[target]
        salary = 200 if target < here else 0
        if space.deed:
            owner = self.owner(target)
            if owner is None:
                return salary + (self.value(target) - space.price + 50 if self.cash >= space.price else 10)
            return salary - (0 if owner == self.me else self.rent(target))
        if space.kind == "go_to_jail":
            return salary - (100 if self.unowned() >= EARLY else 0)
        return salary - space.tax if space.kind == "tax" else salary

    # --- managing the estate ---------------------------------------------------------------------------------

    def complete_groups(self) -> list[tuple[int, ...]]:
        """Our whole colour groups, the best for building first."""
        groups = [tuple(self.board.groups[g]) for g in GROUP_ORDER]
        return [g for g in groups if all(self.owner(s) == self.me for s in g)]

    def manage(self) -> dict[str, int] | None:
        """One manage action worth doing now, or None: lift a mortgage of a whole group, build evenly, lift
        the other mortgages when rich."""
        keep = self.reserve()
        for group in self.complete_groups():
            mortgaged = [s for s in group if self.deeds[s]["mortgaged"]]
            for s in mortgaged:
                if self.cash - lift_cost(self.board, s) >= keep:
                    return {"lift": s}
            if mortgaged:
                continue
            least = min(self.buildings(s) for s in group)
            if least == 5 or self.cash - self.board[group[0]].house_cost < keep:
                continue
            if self.bank["hotels" if least == 4 else "houses"] < 1:
                continue
            return {"build": max(s for s in group if self.buildings(s) == least)}
        for s in sorted(self.mine(), key=lambda d: -self.board[d].price):
            if self.deeds[s]["mortgaged"] and self.cash - lift_cost(self.board, s) >= RICH * keep:
                return {"lift": s}
        return None

    # --- trades --------------------------------------------------------------------------------------------

    def offer(self) -> dict[str, Any] | None:
        """Now and then (one offer for every few rounds played, none while one of ours waits), cash for the one
        street a rival holds of a group we hold the rest of: MISSING_PRICE times its price, leaving the reserve."""
        made = int(self.players[self.me].get("offers", 0))
        if made >= self.round // OFFER_EVERY or any(t["from"] == self.me for t in self.trades):
            return None
        for name in GROUP_ORDER:
            group = self.board.groups[name]
            missing = [s for s in group if self.owner(s) != self.me]
            if len(missing) != 1 or self.owner(missing[0]) not in self.rivals:
                continue
            cash = int(MISSING_PRICE * self.board[missing[0]].price)
            if self.cash - cash >= self.reserve():
                return {"offer": {"to": self.owner(missing[0]), "give": {"cash": cash},
                                  "take": {"spaces": [missing[0]]}}}
        return None

    def package(self, side: dict[str, Any], gain: bool) -> int:
        """What one side of a trade is worth to us (deeds at our value, mortgaged ones less the lift)."""
        worth = int(side.get("cash", 0)) + 50 * int(side.get("jail_cards", 0))
        for s in side.get("spaces") or []:
            value = self.value(s) if gain else self.kept_value(s)
            worth += value - (lift_cost(self.board, s) if self.deeds[s]["mortgaged"] else 0)
        return worth

    def kept_value(self, space: int) -> int:
        """What a deed of ours is worth to us: more when it is part of a whole group."""
        deed = self.board[space]
        whole = all(self.owner(g) == self.me for g in self.board.group_of(space))
        return int(deed.price * (1 + COMPLETES)) if whole and deed.kind == "street" else deed.price

    def feeds(self, rival: str | None, going: dict[str, Any]) -> bool:
        """Whether the deeds we would give complete a colour group for the rival."""
        for s in going.get("spaces") or []:
            group = self.board.group_of(s)
            if self.board[s].kind == "street" and all(
                    self.owner(g) == rival or g in (going.get("spaces") or []) for g in group):
                return True
        return False


def lift_cost(b: Board, space: int) -> int:
    """The mortgage and its 10% (rounded up to a dollar)."""
    mortgage = b[space].mortgage
    return mortgage + -(-mortgage // 10)
