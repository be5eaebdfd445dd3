"""Monopoly's words on Discord: the tokens as seats ("Top Hat", "🎩"), prompt titles ("🎩 Top Hat: buy
Boardwalk?"), a board's caption ("round 3 · Top Hat's turn") and the facts beside it (each player's cash and
worth, the auction, the trades waiting). Pure words over the engine's board and views (no discord import)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.monopoly.board import board
from engine.monopoly.kinds import money
from engine.monopoly.state import NAMES, TOKENS

ICONS = {"car": "🚗", "dog": "🐕", "hat": "🎩", "ship": "🚢", "boot": "👢", "iron": "♨️", "thimble": "🪡",
         "wheelbarrow": "🛒"}
# words that name a token besides its id and its name ("hat", "Top Hat")
ALIASES = {"tophat": "hat", "battleship": "ship", "barrow": "wheelbarrow", "racecar": "car", "scottie": "dog",
           "scottiedog": "dog", "terrier": "dog"}
AUCTIONS = {"sealed": "sealed bid", "open": "open bidding"}


def seat_name(seat: str | None) -> str:
    """ "hat" -> "Top Hat"; an unknown id as it is written."""
    return NAMES.get(seat or "", seat or "?")


def seat_id(words: str) -> str | None:
    """The token ``words`` name in any case: "top hat", "hat", "Battleship", "ship", "the Car"."""
    key = re.sub(r"[^a-z]", "", words.lower().removeprefix("the "))
    if key in TOKENS:
        return key
    named = {re.sub(r"[^a-z]", "", name.lower()): token for token, name in NAMES.items()}
    return named.get(key) or ALIASES.get(key)


def icon(seat: str | None) -> str:
    return ICONS.get(seat or "", "🎲")


def who(seat: str | None) -> str:
    """ "🎩 Top Hat"."""
    return f"{icon(seat)} {seat_name(seat)}"


def space_name(space: Any) -> str:
    return board().name(space) if isinstance(space, int) and 0 <= space < len(board().spaces) else "?"


def goods_words(goods: Mapping[str, Any] | None) -> str:
    """One side of a trade said in words: "$200, Boardwalk, 1 Get Out of Jail Free card" ("nothing")."""
    goods = goods or {}
    out = [money(goods["cash"])] if goods.get("cash") else []
    out += [space_name(s) for s in goods.get("spaces") or []]
    cards = goods.get("jail_cards") or 0
    if cards:
        out.append(f"{cards} Get Out of Jail Free card{'s' if cards > 1 else ''}")
    return ", ".join(out) or "nothing"


def title(decision: Mapping[str, Any]) -> str:
    """A prompt's title: "🎩 Top Hat: buy Boardwalk?", "🚗 Car: sealed bid for Park Place"."""
    player, kind = decision.get("player"), decision["kind"]
    info = decision.get("info") or {}
    lot = info.get("lot") or {}
    where = space_name(info.get("space", lot.get("space"))) if "building" not in lot else \
        f"the bank's last {lot['building']}"
    what = {
        "turn": "your turn", "jail": "in Jail", "buy": f"buy {where}?", "bus": "the Bus",
        "triples": "three of a kind: any space", "income_tax": "Income Tax", "bid": f"sealed bid for {where}",
        "open_bid": f"bid for {where}", "raise_funds": debt_title(info), "trade_reply": offer_title(info),
        "lift_now": f"lift the mortgage of {where}?", "manage": "build, mortgage, trade",
        "place_building": f"place the {info.get('building', 'building')}",
    }.get(kind)
    if what is None:
        label = str(decision.get("label") or kind.replace("_", " "))
        what = label[:1].lower() + label[1:]
    return f"{who(player)}: {what}"


def debt_title(info: Mapping[str, Any]) -> str:
    """ "raise the $250 owed to Car" ("raise funds" when the decision does not say)."""
    if not isinstance(info.get("owed"), int):
        return "raise funds"
    return f"raise the {money(info['owed'])} owed to {seat_name(info['to']) if info.get('to') else 'the bank'}"


def offer_title(info: Mapping[str, Any]) -> str:
    """ "offer #3 from Car" ("a trade offer" when the decision does not say)."""
    trade = info.get("trade") or {}
    return f"offer #{trade['id']} from {seat_name(trade.get('from'))}" if trade.get("id") else "a trade offer"


def caption(view: Mapping[str, Any]) -> str:
    """ "round 3 · Top Hat's turn", "round 12 · game over", "before the first round"."""
    public = view["public"]
    if public.get("winner") or public.get("standings"):
        return f"round {public.get('round') or 0} · game over"
    if not public.get("round"):
        return "before the first round"
    turn = f" · {seat_name(public['turn'])}'s turn" if public.get("turn") else ""
    return f"round {public['round']}{turn}"


def private_caption(view: Mapping[str, Any]) -> str:
    """The line under a seat's own board: Monopoly hides nothing from the table but sealed bids."""
    bid = (view.get("private") or {}).get("my_bid")
    yours = f" Your sealed bid: {money(bid)} (only you see it until the reveal)." if isinstance(bid, int) else ""
    return f"🔒 Your own board: the same as the table's (Monopoly hides only sealed bids and the decks).{yours}"


def player_line(p: Mapping[str, Any], turn: str | None) -> str:
    """ "🎩 Top Hat ▶ $1,340 · worth $2,010 · in Jail · 1 jail card"."""
    if p.get("bankrupt"):
        return f"{who(p['player'])}: bankrupt"
    marks = [money(p["cash"]), f"worth {money(p['worth'])}"]
    if p.get("in_jail"):
        marks.append("in Jail")
    if p.get("jail_cards"):
        marks.append(f"{p['jail_cards']} jail card{'s' if p['jail_cards'] > 1 else ''}")
    here = " ▶" if p["player"] == turn else ""
    where = "" if p.get("in_jail") else f" · on {space_name(p.get('position'))}"
    return f"{who(p['player'])}{here}: {' · '.join(marks)}{where}"


def facts(view: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """What a board image shows beside it: each player's cash and worth, the bank's buildings, the last throw,
    the auction under way, the trades waiting, the winner."""
    public = view["public"]
    out: list[tuple[str, str]] = [("Players", "\n".join(player_line(p, public.get("turn"))
                                                       for p in public.get("players") or []) or "none")]
    bank = public.get("bank") or {}
    if bank:
        out.append(("Bank", f"{bank.get('houses', 0)} houses · {bank.get('hotels', 0)} hotels"))
    dice = public.get("dice")
    if dice:
        speed = f" + {str(dice['speed']).replace('_', ' ').title()}" if dice.get("speed") else ""
        out.append(("Last throw", f"{seat_name(dice['player'])}: {dice['white'][0]} and {dice['white'][1]}{speed}"))
    auction = public.get("auction")
    if auction:
        out.append(("Auction", auction_words(auction)))
    trades = public.get("trades") or []
    if trades:
        out.append(("Trades waiting", "\n".join(
            f"#{t['id']} {seat_name(t['from'])} → {seat_name(t['to'])}: gives {goods_words(t.get('give'))}, "
            f"takes {goods_words(t.get('take'))}" for t in trades)))
    if public.get("winner"):
        out.append(("Winner", f"{who(public['winner'])}: {public.get('reason') or ''}"))
    return tuple((name, value[:1024]) for name, value in out)


def auction_words(auction: Mapping[str, Any]) -> str:
    """ "Boardwalk, sealed bid: Car and Dog have bid, waiting for Top Hat"."""
    kind = AUCTIONS.get(str(auction.get("kind")), str(auction.get("kind")))
    line = f"{space_name(auction.get('space'))}, {kind}"
    high = auction.get("high")
    if high:
        line += f": high bid {money(high['amount'])} by {seat_name(high['player'])}"
    waiting = [seat_name(p) for p in auction.get("bidders") or [] if p not in (auction.get("answered") or [])]
    return line + (f" · waiting for {', '.join(waiting)}" if waiting else "")
