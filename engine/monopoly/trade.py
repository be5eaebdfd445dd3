"""Trades between players (M11): an offer of cash, deeds and Get Out of Jail Free cards, both ways, to one
player, who answers the side question ``trade_reply`` (accept, decline or counter). Nothing moves until it is
accepted.

An offer is ``{"to": player, "give": {"cash": n, "spaces": [..], "jail_cards": n}, "take": {...}, "lift": [..]}``
(every key of a side optional; ``lift``: mortgaged deeds the offerer takes that they lift at once). The one who
receives a mortgaged deed pays its 10% interest at once and may lift it at once for the mortgage alone (M10.3):
the offerer says which in ``lift``, the accepting player with ``{"accept": {"lift": [spaces]}}``. An open offer
that can no longer be carried out is withdrawn with a public notice (M11.3), checked after every answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import Decision, IllegalAnswer, answers
from engine.monopoly import estate, manage
from engine.monopoly.kinds import Ask, dollars, money, option, question

if TYPE_CHECKING:
    from engine.monopoly.game import Game

REPLY = "trade_reply"
SIDE_KEYS = ("cash", "spaces", "jail_cards")
Trade = dict[str, Any]


# --- reading an offer ---------------------------------------------------------------------------------------------

def read_side(game: Game, value: Any, what: str) -> dict[str, Any]:
    side = answers.mapping(value, what)
    answers.keys(side, (), SIDE_KEYS, what)
    spaces = [estate.deed(game, v) for v in answers.listing(side.get("spaces", []), f"{what}'s spaces")]
    if len(set(spaces)) != len(spaces):
        raise IllegalAnswer(f"{what} names a deed twice.")
    return {"cash": dollars(side.get("cash", 0), f"{what}'s cash"), "spaces": sorted(spaces),
            "jail_cards": dollars(side.get("jail_cards", 0), f"{what}'s jail cards")}


def read_offer(game: Game, player: str, value: Any, to: str | None = None) -> Trade:
    """An offer from ``player`` (``to``: the one a counter goes back to), checked against the state now."""
    raw = answers.mapping(value, "An offer")
    answers.keys(raw, ("give", "take") if to else ("to", "give", "take"), ("lift", "to") if to else ("lift",),
                 "An offer")
    target = player_named(game, raw.get("to", to))
    if target not in game.state.players:
        raise IllegalAnswer(f"An offer goes to a player of this game ({', '.join(game.state.players)}).")
    if to is not None and target != to:
        raise IllegalAnswer(f"A counter-offer goes back to {estate.describe(to)}.")
    lift = sorted({estate.deed(game, v) for v in answers.listing(raw.get("lift", []), "The lift list")})
    trade = {"from": player, "to": target, "give": read_side(game, raw["give"], "What you give"),
             "take": read_side(game, raw["take"], "What you take"), "lift": lift}
    estate.refuse(shape(trade) or check(game, trade))
    if any(t["from"] == player and t["to"] == target for t in game.state.trades):
        raise IllegalAnswer(f"You already have an offer open to {estate.describe(target)}: withdraw it first.")
    return trade


def player_named(game: Game, value: Any) -> Any:
    """A player by id ("hat") or name ("Top Hat"), any case; anything else as it came (refused by the caller)."""
    if not isinstance(value, str):
        return value
    text = value.strip().lower()
    return next((p for p in game.state.players if text in (p, estate.describe(p).lower())), value)


def shape(t: Trade) -> str | None:
    """What no state can make right: an empty offer, a loan (M11.4), a lift of a deed not taken."""
    give, take = t["give"], t["take"]
    if t["from"] == t["to"]:
        return "An offer goes to another player."
    goods = give["spaces"] or give["jail_cards"] or take["spaces"] or take["jail_cards"]
    if not goods:
        return "Players lend no money (M11.4): cash changes hands only for a deed or a Get Out of Jail Free card."
    if give["cash"] and take["cash"]:
        return "Put cash on one side of the offer only."
    if not set(t["lift"]) <= set(take["spaces"]):
        return "You may lift at once only mortgaged deeds you take in this trade."
    return None


def check(game: Game, t: Trade, lift_to: list[int] | None = None) -> str | None:
    """Why the trade cannot be carried out now (None: it can)."""
    s = game.state
    for who in (t["from"], t["to"]):
        if who in s.out:
            return f"{estate.describe(who)} is out of the game."
    for who, side in ((t["from"], t["give"]), (t["to"], t["take"])):
        for d in side["spaces"]:
            if s.owner_of(d) != who:
                return f"{estate.describe(who)} does not hold {estate.name(game, d)}."
            if estate.group_built(game, d):
                return f"{estate.name(game, d)}'s group has buildings: they must be sold first (M11.2)."
        if side["jail_cards"] > len(s.jail_cards.get(who, [])):
            return f"{estate.describe(who)} does not hold {side['jail_cards']} Get Out of Jail Free card(s)."
        if side["cash"] > s.cash[who]:
            return f"{estate.describe(who)} does not have {money(side['cash'])}."
    for who, gives, gets, lifted in ((t["from"], t["give"], t["take"], t["lift"]),
                                     (t["to"], t["take"], t["give"], lift_to or [])):
        left, cost = s.cash[who] - gives["cash"] + gets["cash"], costs(game, gets["spaces"], lifted)
        if cost > left:
            return f"{estate.describe(who)} would lack {money(cost - left)} for the mortgages' interest and lifts."
    return None


def costs(game: Game, received: list[int], lifted: list[int]) -> int:
    """What the receiver of these deeds owes the bank at once: 10% of each mortgage, and the mortgage of each
    one lifted at once (M10.3)."""
    mortgaged = [d for d in received if d in game.state.mortgaged]
    return sum(estate.interest(game, d) + (game.board[d].mortgage if d in lifted else 0) for d in mortgaged)


# --- offers ----------------------------------------------------------------------------------------------------

def offer(game: Game, player: str, value: Any, to: str | None = None) -> None:
    s = game.state
    t = read_offer(game, player, value, to)
    s.trade_seq += 1
    s.offers[player] = s.offers.get(player, 0) + 1
    t["id"] = str(s.trade_seq)
    t["ask"] = game.ask(REPLY, t["to"], blocking=False, trade=t["id"])
    s.trades.append(t)
    game.say("trade_offer", f"Offer #{t['id']}: {estate.describe(player)} offers {estate.describe(t['to'])} "
             f"{goods(game, t['give'])} for {goods(game, t['take'])}.", **public(t))


def goods(game: Game, side: dict[str, Any]) -> str:
    parts = ([money(side["cash"])] if side["cash"] else []) + [estate.name(game, d) for d in side["spaces"]]
    parts += [f"{side['jail_cards']} Get Out of Jail Free card(s)"] if side["jail_cards"] else []
    return " + ".join(parts) or "nothing"


def public(t: Trade) -> dict[str, Any]:
    return {"id": t["id"], "from": t["from"], "to": t["to"], "give": t["give"], "take": t["take"],
            "lift": t["lift"]}


def find(game: Game, trade_id: Any) -> Trade | None:
    return next((t for t in game.state.trades if t["id"] == str(trade_id)), None)


def remove(game: Game, t: Trade) -> None:
    game.state.trades.remove(t)
    game.state.asks.pop(t["ask"], None)


def withdraw(game: Game, player: str, trade_id: Any) -> None:
    t = find(game, trade_id)
    if t is None or t["from"] != player:
        mine = [x["id"] for x in game.state.trades if x["from"] == player]
        raise IllegalAnswer(f"You have no open offer #{answers.quote(str(trade_id))} (yours: "
                            f"{', '.join(mine) or 'none'}).")
    remove(game, t)
    game.say("trade_withdrawn", f"{estate.describe(player)} withdraws offer #{t['id']}.", **public(t),
             reason="withdrawn")


def prune(game: Game) -> None:
    """Withdraw every open offer that can no longer be carried out (M11.3), with a public notice."""
    for t in list(game.state.trades):
        reason = check(game, t)
        if reason:
            remove(game, t)
            game.say("trade_withdrawn", f"Offer #{t['id']} is withdrawn: {reason}", **public(t), reason=reason)


def drop_player(game: Game, player: str) -> None:
    for t in [t for t in game.state.trades if player in (t["from"], t["to"])]:
        remove(game, t)
        game.say("trade_withdrawn", f"Offer #{t['id']} is withdrawn: {estate.describe(player)} is out.",
                 **public(t), reason="out")


# --- the reply ---------------------------------------------------------------------------------------------------

def pose_reply(game: Game, ask: Ask) -> Decision:
    t = find(game, ask["trade"])
    assert t is not None
    mortgaged = [d for d in t["give"]["spaces"] if d in game.state.mortgaged]
    return Decision(id=ask["id"], player=ask["player"], kind=REPLY, options=["accept", "decline"],
                    default="decline", label=f"{estate.describe(ask['player'])}'s reply to offer #{t['id']}",
                    choices=[{"value": "accept", "label": "Accept", "description": ""},
                             {"value": "decline", "label": "Decline", "description": ""}],
                    prompt=f"{estate.describe(t['from'])} offers you {goods(game, t['give'])} for "
                           f"{goods(game, t['take'])}. Accept, decline, or counter with {{\"counter\": {{\"give\": "
                           "..., \"take\": ...}}; to lift received mortgages at once: {\"accept\": {\"lift\": "
                           "[spaces]}}.",
                    info={"trade": public(t), "mortgaged": mortgaged,
                          "interest": costs(game, t["give"]["spaces"], [])})


def answer_reply(game: Game, ask: Ask, value: Any) -> None:
    t = find(game, ask["trade"])
    assert t is not None
    player = ask["player"]
    if isinstance(value, dict):
        answers.keys(value, (), ("accept", "counter"), "A reply")
        if len(value) != 1:
            raise IllegalAnswer("A reply is one of accept, decline or counter.")
        if "counter" in value:
            remove(game, t)
            game.say("trade_declined", f"{estate.describe(player)} counters offer #{t['id']}.", **public(t),
                     countered=True)
            offer(game, player, value["counter"], to=t["from"])
            return
        how = answers.mapping(value["accept"], "An acceptance")
        answers.keys(how, (), ("lift",), "An acceptance")
        lift = sorted({estate.deed(game, v) for v in answers.listing(how.get("lift", []), "The lift list")})
        accept(game, t, lift)
    elif option(["accept", "decline"], value) == "accept":
        accept(game, t, [])
    else:
        remove(game, t)
        game.say("trade_declined", f"{estate.describe(player)} declines offer #{t['id']}.", **public(t),
                 countered=False)


def accept(game: Game, t: Trade, lift_to: list[int]) -> None:
    why = manage.closed(game, t["to"])
    if why and manage.closed(game, t["from"]) is None and t["from"] not in game.state.out:
        why = None  # the offer of the player deciding now (raising funds, say) may be taken at once
    if why:
        raise IllegalAnswer(why)
    if not set(lift_to) <= {d for d in t["give"]["spaces"] if d in game.state.mortgaged}:
        raise IllegalAnswer("You may lift at once only mortgaged deeds you receive in this trade.")
    estate.refuse(check(game, t, lift_to))
    s = game.state
    remove(game, t)
    for giver, taker, side in ((t["from"], t["to"], t["give"]), (t["to"], t["from"], t["take"])):
        s.cash[giver] -= side["cash"]
        s.cash[taker] += side["cash"]
        for d in side["spaces"]:
            s.owner[str(d)] = taker
        if side["jail_cards"]:
            cards = s.jail_cards[giver]
            moved, s.jail_cards[giver] = cards[:side["jail_cards"]], cards[side["jail_cards"]:]
            s.jail_cards.setdefault(taker, []).extend(moved)
    game.say("trade_done", f"{estate.describe(t['to'])} accepts offer #{t['id']}: {estate.describe(t['from'])} "
             f"gives {goods(game, t['give'])} for {goods(game, t['take'])}.", **public(t), lift_to=lift_to)
    for who, received, lifted in ((t["from"], t["take"]["spaces"], t["lift"]), (t["to"], t["give"]["spaces"],
                                                                                 lift_to)):
        for d in [d for d in received if d in s.mortgaged]:
            s.cash[who] -= estate.interest(game, d)
            game.say("interest", f"{estate.describe(who)} pays {money(estate.interest(game, d))} interest on "
                     f"{estate.name(game, d)}.", player=who, space=d, amount=estate.interest(game, d))
            if d in lifted:
                estate.lift(game, who, d, game.board[d].mortgage)


question(REPLY, pose_reply, answer_reply)
