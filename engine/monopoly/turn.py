"""A turn of Monopoly: the set-up (M1), whose turn it is (rounds, the short game), the throw with the Speed Die
(S1-S7), doubles (M2), the move and the landing: buying (M4.1), rent (M5), cards (M6), taxes (M7), Go to Jail.

Steps (``kinds.STEPS``): ``setup``, ``next_turn``, ``roll`` (a throw and its move), ``again`` (the turn question
after doubles), ``advance`` (a move by a number of spaces, then the landing), ``land``, ``mr_monopoly`` (the
Speed Die's second move), ``take_deed`` (a bought deed changes hands once paid). Questions: ``turn``, ``buy``,
``bus``, ``triples``. Money owed goes through E2's ``pay`` step, an unbought deed through its ``auction`` step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import Decision
from engine.monopoly import cards, debt, dice, manage, move, rent, tax
from engine.monopoly.board import SIZE
from engine.monopoly.kinds import UNFORCED, Ask, Step, money, option, posed, question, step

if TYPE_CHECKING:
    from engine.monopoly.game import Game


def name(game: Game, player: str) -> str:
    return game.name_of(player)


# --- set-up and the order of turns ----------------------------------------------------------------------------

@step("setup")
def setup(game: Game, st: Step) -> None:
    """Cash, shuffled decks, and the first player by a throw of the white dice (the highest; ties throw again)."""
    s, b = game.state, game.board
    cash = b.constants["starting_cash"] + (b.constants["speed_die_extra_starting_cash"]
                                           if s.settings.get("speed_die") else 0)
    for p in s.players:
        s.cash[p], s.position[p], s.jail_cards[p] = cash, 0, []
    for deck, ids in b.decks.items():
        s.decks[deck] = list(ids)
        game.rng.shuffle(s.decks[deck])
    game.say("setup", f"Every player starts on GO with {money(cash)}; the Chance and Community Chest decks are "
                      "shuffled.", cash=cash, players=list(s.players))
    throwers = list(s.players)
    while len(throwers) > 1:
        throws = {p: dice.throw(game, speed=False) for p in throwers}
        for p in throwers:
            game.say("roll", f"{name(game, p)} throws {dice.shown(throws[p])} for the first turn.", player=p,
                     white=throws[p]["white"], speed=None, purpose="order")
        best = max(dice.white(t) for t in throws.values())
        tied = [p for p in throwers if dice.white(throws[p]) == best]
        if len(tied) > 1:
            game.say("order_tie", f"{' and '.join(name(game, p) for p in tied)} tie with {best}: they throw again.",
                     players=tied, total=best)
        throwers = tied
    first = s.players.index(throwers[0])
    s.order = s.players[first:] + s.players[:first]
    game.say("order", f"{name(game, s.order[0])} starts; play passes to the left.", order=list(s.order))


@step("next_turn")
def next_turn(game: Game, st: Step) -> None:
    """The next player still in; a new round when the turn comes back round; the short game ends after its
    last round."""
    s = game.state
    at = -1 if s.turn is None else s.order.index(s.turn)
    ahead = [i for i in range(at + 1, at + 1 + len(s.order)) if s.order[i % len(s.order)] not in s.out]
    nxt = ahead[0]
    if s.turn is None or nxt >= len(s.order):
        last = s.settings.get("rounds", 0)
        if last and s.round >= last:
            game.finish_by_worth(f"round {s.round} was the last")
            return
        s.round += 1
        game.say("round", f"Round {s.round}.", round=s.round)
    player = s.order[nxt % len(s.order)]
    s.turn, s.doubles = player, 0
    game.say("turn_start", f"{name(game, player)}'s turn.", player=player, round=s.round)
    game.ask("jail" if player in s.jailed else "turn", player)


# --- the turn question and the throw ---------------------------------------------------------------------------

def speed_active(game: Game, player: str) -> bool:
    return bool(game.state.settings.get("speed_die")) and player in game.state.speed


def pose_turn(game: Game, ask: Ask) -> Decision:
    s, p = game.state, ask["player"]
    again = " again (doubles)" if s.doubles else ""
    return posed(ask, f"{name(game, p)}'s turn", f"Throw the dice{again}, or build, mortgage or trade first.",
                 ["roll"], "roll", labels={"roll": "Throw the dice"},
                 info={"cash": s.cash[p], "position": s.position[p], "space": game.board.name(s.position[p]),
                       "doubles": s.doubles, "speed_die": speed_active(game, p)})


def answer_turn(game: Game, ask: Ask, value: Any) -> None:
    if manage.in_place(game, ask, value):
        return
    option(["roll"], value)
    game.push({"step": "roll", "player": ask["player"]})


question("turn", pose_turn, answer_turn)
UNFORCED.add("turn")


@step("again")
def again(game: Game, st: Step) -> None:
    """Doubles: the same player throws again (the turn question first: a moment to build or trade)."""
    if st["player"] not in game.state.out:
        game.ask("turn", st["player"])


@step("roll")
def roll(game: Game, st: Step) -> None:
    """Throw, count doubles (the third in a row: Jail), then move by the dice and the Speed Die's face."""
    s, p = game.state, st["player"]
    if p in s.out:
        return
    t = dice.throw(game, speed=speed_active(game, p))
    s.dice = {"player": p, **t}
    game.say("roll", f"{name(game, p)} throws {dice.shown(t)}.", player=p, white=t["white"], speed=t["speed"])
    if dice.doubles(t):
        s.doubles += 1
        if s.doubles == 3:
            move.to_jail(game, p, "three doubles in a row")
            return
    later: list[Step] = []
    if t["speed"] == "mr_monopoly":
        later.append({"step": "mr_monopoly", "player": p})
    if dice.doubles(t):
        later.append({"step": "again", "player": p})
    game.push(*later)
    if dice.triples(t):
        game.ask("triples", p)
    elif t["speed"] == "bus":
        game.ask("bus", p, choices=dice.bus_choices(t))
    else:
        game.push({"step": "advance", "player": p, "steps": dice.white(t) + dice.speed_number(t)})


@step("advance")
def advance(game: Game, st: Step) -> None:
    if st["player"] not in game.state.out:
        move.forward(game, st["player"], st["steps"])
        game.push({"step": "land", "player": st["player"]})


def pose_bus(game: Game, ask: Ask) -> Decision:
    p, choices = ask["player"], ask["choices"]
    here = game.state.position[p]
    labels = {n: f"{n} to {game.board.name((here + n) % SIZE)}" for n in choices}
    return posed(ask, f"{name(game, p)} takes the Bus", "The Bus: move by one white die, the other, or both.",
                 list(choices), max(choices), labels=labels,
                 info={"position": here, "dice": game.state.dice, "cash": game.state.cash[p]})


def answer_bus(game: Game, ask: Ask, value: Any) -> None:
    steps = option(ask["choices"], value)
    game.push({"step": "advance", "player": ask["player"], "steps": steps})


question("bus", pose_bus, answer_bus)


def pose_triples(game: Game, ask: Ask) -> Decision:
    s, p = game.state, ask["player"]
    here = s.position[p]
    ahead = [(here + i) % SIZE for i in range(1, SIZE + 1)]
    free = [i for i in ahead if game.board[i].deed and s.owner_of(i) is None]
    labels = {i: game.board.name(i) for i in range(SIZE)}
    return posed(ask, f"{name(game, p)} threw three of a kind", "Three of a kind: move to any space you like.",
                 list(range(SIZE)), free[0] if free else 0, labels=labels,
                 info={"position": here, "dice": s.dice, "cash": s.cash[p]})


def answer_triples(game: Game, ask: Ask, value: Any) -> None:
    """Forward to the chosen space (the salary if GO is passed; the space itself: no move, it is resolved)."""
    p = ask["player"]
    target = option(list(range(SIZE)), value)
    move.to_space(game, p, target, " (three of a kind)")
    game.push({"step": "land", "player": p})


question("triples", pose_triples, answer_triples)


@step("mr_monopoly")
def mr_monopoly(game: Game, st: Step) -> None:
    """After the first landing: on to the next deed the bank holds; if none, the next deed where the player owes
    rent; else the token stays (S4)."""
    s, b, p = game.state, game.board, st["player"]
    if p in s.out:
        return
    ahead = [(s.position[p] + i) % SIZE for i in range(1, SIZE)]
    target = next((i for i in ahead if b[i].deed and s.owner_of(i) is None), None)
    if target is None:
        target = next((i for i in ahead if b[i].deed and rent.owed(game, i, p, dice.total(s.dice or {})) > 0),
                      None)
    if target is None:
        game.say("mr_monopoly", f"Mr. Monopoly: {name(game, p)} has nowhere to go and stays.", player=p)
        return
    move.to_space(game, p, target, " (Mr. Monopoly)")
    game.push({"step": "land", "player": p})


# --- the landing --------------------------------------------------------------------------------------------

@step("land")
def land(game: Game, st: Step) -> None:
    """Resolve the space the token stands on (``card``: a Chance card's special rent)."""
    s, b, p = game.state, game.board, st["player"]
    if p in s.out:
        return
    here = s.position[p]
    space = b[here]
    if space.deed:
        owner = s.owner_of(here)
        if owner is None:
            game.ask("buy", p, space=here)
        elif owner != p:
            charge_rent(game, p, here, st.get("card"))
    elif space.kind in ("chance", "community_chest"):
        cards.draw(game, p, space.kind)
    elif space.kind == "tax":
        tax.levy(game, p, here)
    elif space.kind == "go_to_jail":
        move.to_jail(game, p, f"landed on {space.name}")


def charge_rent(game: Game, player: str, space: int, card: str | None) -> None:
    s = game.state
    owner = s.owner_of(space)
    assert owner is not None
    if card == "utility":
        fresh = dice.throw(game, speed=False)  # ruling MN10: the card's new throw is the two white dice
        game.say("roll", f"{name(game, player)} throws {dice.shown(fresh)} for the utility.", player=player,
                 white=fresh["white"], speed=None, purpose="utility")
        total = dice.white(fresh)
    else:
        total = dice.total(s.dice or {"white": [0, 0]})
    due = rent.owed(game, space, player, total, card)
    where = game.board.name(space)
    if space in s.mortgaged:
        game.say("rent", f"{where} is mortgaged: no rent.", player=player, owner=owner, space=space, amount=0)
        return
    game.say("rent", f"{name(game, player)} owes {name(game, owner)} {money(due)} rent for {where}.",
             player=player, owner=owner, space=space, amount=due)
    game.push({"step": "pay", "payer": player, "payee": owner, "amount": due, "why": f"rent for {where}"})


def pose_buy(game: Game, ask: Ask) -> Decision:
    s, p, space = game.state, ask["player"], ask["space"]
    deed = game.board[space]
    options = ["buy", "auction"] if debt.can_raise(game, p) >= deed.price else ["auction"]
    default = "buy" if s.cash[p] >= deed.price else "auction"
    labels = {"buy": f"Buy it for {money(deed.price)}", "auction": "Let the bank auction it"}
    return posed(ask, f"{name(game, p)} may buy {deed.name}",
                 f"{deed.name} is for sale at {money(deed.price)}; you have {money(s.cash[p])}.", options, default,
                 labels=labels, info={"space": space, "price": deed.price, "cash": s.cash[p]})


def answer_buy(game: Game, ask: Ask, value: Any) -> None:
    if manage.in_place(game, ask, value):
        return
    p, space = ask["player"], ask["space"]
    deed = game.board[space]
    choice = option(pose_buy(game, ask).options or [], value)
    if choice == "auction":
        game.say("declined", f"{name(game, p)} does not buy {deed.name}: the bank auctions it.", player=p,
                 space=space)
        game.push({"step": "auction", "space": space})
        return
    game.push({"step": "pay", "payer": p, "payee": None, "amount": deed.price, "why": f"buying {deed.name}"},
              {"step": "take_deed", "player": p, "space": space})


question("buy", pose_buy, answer_buy)


@step("take_deed")
def take_deed(game: Game, st: Step) -> None:
    s, p, space = game.state, st["player"], st["space"]
    if p in s.out:
        return
    s.owner[str(space)] = p
    deed = game.board[space]
    game.say("buy", f"{name(game, p)} buys {deed.name} for {money(deed.price)}.", player=p, space=space,
             amount=deed.price)
