"""The bank's auctions (M4.2-M4.4, options O1/O2): of a deed nobody bought, of a bankrupt's deeds, and of the
bank's last buildings when several players want them (M9.6, ruling MN18).

Sealed (the default, MN2): every bidder answers one secret ``bid``; the bids stay with their bidders until the
last is in, then one public event shows them all. Open (MN3): public ``open_bid`` questions; each new high bid
asks every other bidder again, so a late bid extends the close; the auction ends when every other bidder passed
on the high bid. A bid above what the bidder could raise is refused. Ties (ruling MN16): the tied bidder first in
turn order from the player whose turn it is wins. The winner pays the bank through the step ``pay``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import Decision, IllegalAnswer
from engine.monopoly import debt, estate, manage
from engine.monopoly.kinds import Ask, Step, dollars, money, option, posed, question, step

if TYPE_CHECKING:
    from engine.monopoly.game import Game

SEALED, OPEN, PLACE = "bid", "open_bid", "place_building"


@step("auction")
def auction_step(game: Game, st: Step) -> None:
    space = st["space"]
    if game.state.owner_of(space) is None:
        start(game, {"space": space}, [p for p in game.state.in_game() if debt.can_raise(game, p) > 0])


def start(game: Game, lot: dict[str, Any], bidders: list[str]) -> None:
    """Open the auction of ``lot`` ({"space": i}, or {"building": "house"|"hotel", "for": {player: space}})."""
    s = game.state
    s.auction_seq += 1
    kind = "open" if s.settings.get("auction") == "open" else "sealed"
    s.auction = {"n": s.auction_seq, "kind": kind, **lot, "bidders": bidders, "answered": [], "bids": {},
                 "high": None}  # answered: who has bid (public, read by the view); bids: SECRET while sealed
    game.say("auction_open", f"The bank auctions {what(game)} ({kind} bids): {names(bidders) or 'nobody can bid'}.",
             space=lot.get("space"), building=lot.get("building"), bidding=kind, bidders=bidders)
    for p in bidders:
        game.ask(SEALED if kind == "sealed" else OPEN, p, auction=s.auction_seq)
    if not bidders:
        close(game, None, 0)


def what(game: Game) -> str:
    assert game.state.auction is not None
    return lot_name(game, game.state.auction)


def names(players: list[str]) -> str:
    return ", ".join(estate.describe(p) for p in players)


def limit(game: Game, player: str) -> int:
    """The most ``player`` may bid: what they could raise (a building: the cash in hand, MN18)."""
    a = game.state.auction
    assert a is not None
    return debt.can_raise(game, player) if a.get("space") is not None else game.state.cash[player]


def floor(game: Game, player: str) -> int:
    """The least a bid may be: $1 for a deed; for a building, its cost on the bidder's cheapest street (MN18)."""
    a = game.state.auction
    assert a is not None
    if a.get("space") is not None:
        return 1
    return min((game.board[d].house_cost for d in streets(game, player, a["building"])), default=1)


def read_bid(game: Game, ask: Ask, value: Any) -> int:
    amount = dollars(value, "A bid")
    most, least = limit(game, ask["player"]), floor(game, ask["player"])
    if amount > most:
        raise IllegalAnswer(f"You could raise at most {money(most)}: bid that or less (M4.4).")
    if 0 < amount < least:
        raise IllegalAnswer(f"A bid for the bank's last building is at least its cost, {money(least)} (or 0).")
    return amount


def open_asks(game: Game) -> list[Ask]:
    return [a for a in game.state.asks.values() if a["kind"] in (SEALED, OPEN)]


# --- sealed bids (O1) -------------------------------------------------------------------------------------------

def pose_bid(game: Game, ask: Ask) -> Decision:
    a = game.state.auction
    assert a is not None
    player = ask["player"]
    return posed(ask, f"{estate.describe(player)}'s sealed bid for {what(game)}",
                 f"Your secret bid for {what(game)}, in whole dollars (0: no bid). Every bid is shown once all are "
                 f"in; the highest wins and pays the bank. You could raise {money(limit(game, player))}.",
                 None, 0, secret=True, reveal_group=f"auction:{a['n']}",
                 info={"lot": lot_info(game), "cash": game.state.cash[player], "most": limit(game, player)})


def answer_bid(game: Game, ask: Ask, value: Any) -> None:
    if manage.in_place(game, ask, value):
        return
    a = game.state.auction
    assert a is not None
    player, amount = ask["player"], read_bid(game, ask, value)
    a["bids"][player] = amount
    a["answered"].append(player)
    game.tell(player, "bid", f"Your sealed bid for {what(game)}: {money(amount)}.", amount=amount)
    if not open_asks(game):
        bids = a["bids"]
        high = max(bids.values(), default=0)
        winner = next((p for p in turn_order(game) if bids.get(p) == high), None) if high else None
        shown = "; ".join(f"{estate.describe(p)} {money(bids[p])}" for p in a["bidders"] if p in bids)
        game.say("bids", f"The sealed bids for {what(game)}: {shown}.", bids=dict(bids), space=a.get("space"))
        close(game, winner, high)


def turn_order(game: Game) -> list[str]:
    """The players still in, from the one whose turn it is (the tie rule MN16)."""
    order = game.state.in_game()
    first = order.index(game.state.turn) if game.state.turn in order else 0
    return order[first:] + order[:first]


# --- open bids (O2) ---------------------------------------------------------------------------------------------

def pose_open_bid(game: Game, ask: Ask) -> Decision:
    a = game.state.auction
    assert a is not None
    player, high = ask["player"], a["high"]
    now = f"{estate.describe(high['player'])} bids {money(high['amount'])}" if high else "no bid yet"
    return posed(ask, f"{estate.describe(player)}'s bid for {what(game)}",
                 f"Open auction of {what(game)}: {now}. Bid more, in whole dollars, or 0 to pass. You could raise "
                 f"{money(limit(game, player))}.", None, 0,
                 info={"lot": lot_info(game), "high": high, "cash": game.state.cash[player],
                       "most": limit(game, player)})


def answer_open_bid(game: Game, ask: Ask, value: Any) -> None:
    if manage.in_place(game, ask, value):
        return
    a = game.state.auction
    assert a is not None
    player, amount = ask["player"], read_bid(game, ask, value)
    high = a["high"]["amount"] if a["high"] else 0
    if amount and amount <= high:
        raise IllegalAnswer(f"The high bid is {money(high)}: bid more, or 0 to pass.")
    if player not in a["answered"]:
        a["answered"].append(player)
    if not amount:
        game.say("bid", f"{estate.describe(player)} passes on {what(game)}.", player=player, amount=0)
    else:
        a["high"], a["answered"] = {"player": player, "amount": amount}, [player]  # the others answer again
        game.say("bid", f"{estate.describe(player)} bids {money(amount)} for {what(game)}.", player=player,
                 amount=amount)
        game.state.asks = {k: x for k, x in game.state.asks.items() if x["kind"] != OPEN}
        for p in a["bidders"]:
            if p != player and limit(game, p) > amount:
                game.ask(OPEN, p, auction=a["n"])
    if not open_asks(game):
        close(game, *((a["high"]["player"], a["high"]["amount"]) if a["high"] else (None, 0)))


# --- the close --------------------------------------------------------------------------------------------------

def close(game: Game, winner: str | None, amount: int) -> None:
    s = game.state
    a = s.auction
    assert a is not None
    s.auction = None
    if winner is None:
        game.say("auction_won", f"Nobody bids for {lot_name(game, a)}: the bank keeps it.", player=None,
                 space=a.get("space"), building=a.get("building"), amount=0)
        return
    game.say("auction_won", f"{estate.describe(winner)} wins {lot_name(game, a)} for {money(amount)}.",
             player=winner, space=a.get("space"), building=a.get("building"), amount=amount)
    if a.get("space") is not None:
        game.push({"step": "pay", "payer": winner, "payee": None, "amount": amount,
                   "why": f"the auction of {estate.name(game, a['space'])}"},
                  {"step": "award", "player": winner, "space": a["space"]})
    elif winner in a["for"]:
        place(game, winner, a["for"][winner], amount)
    else:
        game.ask(PLACE, winner, building=a["building"], price=amount)


def lot_name(game: Game, a: dict[str, Any]) -> str:
    return estate.name(game, a["space"]) if a.get("space") is not None else f"the bank's last {a['building']}"


def lot_info(game: Game) -> dict[str, Any]:
    a = game.state.auction
    assert a is not None
    space = a.get("space")
    return {"space": space, "price": game.board[space].price} if space is not None else {"building": a["building"]}


@step("award")
def award(game: Game, st: Step) -> None:
    """The winner has paid: the deed is theirs."""
    if st["player"] not in game.state.out and game.state.owner_of(st["space"]) is None:
        game.state.owner[str(st["space"])] = st["player"]


# --- the bank's last buildings (M9.6, ruling MN18) ------------------------------------------------------------

def streets(game: Game, player: str, building: str) -> list[int]:
    return estate.buildable(game, player, hotel=building == "hotel")


def contested(game: Game, player: str, space: int) -> bool:
    """A build of the bank's last house (or hotel) while another player could build one too: instead of the
    build, that building is auctioned among them (True)."""
    s, b = game.state, game.board
    estate.refuse(estate.check_build(game, player, space))
    building = "hotel" if s.buildings(space) == estate.FOUR else "house"
    if (s.bank_hotels(b) if building == "hotel" else s.bank_houses(b)) != 1:
        return False
    rivals = [p for p in s.in_game() if p != player and streets(game, p, building)]
    if not rivals:
        return False
    if s.auction is not None:
        raise IllegalAnswer("Wait until the auction under way ends: the bank's last building will be auctioned.")
    start(game, {"space": None, "building": building, "for": {player: space}}, [player] + rivals)
    return True


def place(game: Game, player: str, space: int, price: int) -> None:
    reason = estate.check_build(game, player, space, price)
    if reason:
        game.say("auction_won", f"The bank's building stays with the bank: {reason}", player=None, space=space,
                 amount=0)
        return
    estate.build(game, player, space, price)


def pose_place(game: Game, ask: Ask) -> Decision:
    options: list[int | None] = [*streets(game, ask["player"], ask["building"])] or [None]
    labels: dict[Any, str] = {d: estate.name(game, d) for d in options if d is not None}
    return posed(ask, f"{estate.describe(ask['player'])} places the {ask['building']} won at auction",
                 f"Where does the {ask['building']} you won for {money(ask['price'])} go?", options,
                 labels=labels or {None: "Nowhere (no street can take it now)"},
                 info={"building": ask["building"], "price": ask["price"]})


def answer_place(game: Game, ask: Ask, value: Any) -> None:
    space = option(pose_place(game, ask).options or [None], value)
    if space is None:
        game.say("auction_won", f"No street of {estate.describe(ask['player'])} can take the {ask['building']} "
                 "now: it stays with the bank.", player=None, space=None, amount=0)
        return
    place(game, ask["player"], space, ask["price"])


question(PLACE, pose_place, answer_place)
question(SEALED, pose_bid, answer_bid)
question(OPEN, pose_open_bid, answer_open_bid)
