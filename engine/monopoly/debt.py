"""Paying what is owed (the step ``pay``), raising funds when short (the question ``raise_funds``) and bankruptcy
(M12): to a player, everything goes to the creditor; to the bank, the deeds are auctioned.

``can_raise`` is the most cash a player could have now: cash, every building sold back at half, every deed
without buildings mortgaged. A player owing more than that is bankrupt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import Decision, IllegalAnswer
from engine.monopoly import estate, manage, trade
from engine.monopoly.kinds import Ask, Step, money, option, posed, question, step

if TYPE_CHECKING:
    from engine.monopoly.game import Game

RAISE = "raise_funds"
LIFT_NOW = "lift_now"


def can_raise(game: Game, player: str) -> int:
    s, b = game.state, game.board
    deeds = s.deeds_of(player)
    buildings = sum(s.buildings(d) * estate.half(game, d) for d in deeds)
    return s.cash[player] + buildings + sum(b[d].mortgage for d in deeds if d not in s.mortgaged)


def creditor(payee: str | None) -> str:
    return "the bank" if payee is None else estate.describe(payee)


# --- the step "pay" --------------------------------------------------------------------------------------------

@step("pay")
def pay_step(game: Game, st: Step) -> None:
    s = game.state
    payer, payee, amount = st["payer"], st.get("payee"), st["amount"]
    if payer in s.out or amount <= 0:
        return
    if s.cash[payer] >= amount:
        transfer(game, payer, payee, amount)
        return
    game.say("debt", f"{estate.describe(payer)} owes {money(amount)} to {creditor(payee)} ({st['why']}) and has "
             f"{money(s.cash[payer])}: raising funds.", player=payer, payee=payee, amount=amount, why=st["why"])
    game.ask(RAISE, payer, payee=payee, amount=amount, why=st["why"])


def transfer(game: Game, payer: str, payee: str | None, amount: int) -> None:
    s = game.state
    s.cash[payer] -= amount
    if payee is not None and payee not in s.out:
        s.cash[payee] += amount


# --- the question "raise_funds" --------------------------------------------------------------------------------

def raise_options(game: Game, ask: Ask) -> list[Any]:
    player, amount = ask["player"], ask["amount"]
    if game.state.cash[player] >= amount:
        first = ["pay"]
    else:
        first = ["auto"] if can_raise(game, player) >= amount else ["bankrupt"]
    return first + manage.raising_actions(game, player)


def pose_raise(game: Game, ask: Ask) -> Decision:
    player, amount = ask["player"], ask["amount"]
    options = raise_options(game, ask)
    owed = f"{money(amount)} owed to {creditor(ask['payee'])} ({ask['why']})"
    prompt = (f"You have {money(game.state.cash[player])} of the {owed}. Sell buildings, mortgage or trade, then "
              "pay; 'auto' mortgages and sells for you; 'bankrupt' only when even everything cannot pay.")
    decision = posed(ask, f"{estate.describe(player)} raises the {owed}", prompt, options,
                     info={"owed": amount, "to": ask["payee"], "why": ask["why"], "cash": game.state.cash[player],
                           "can_raise": can_raise(game, player)})
    decision.choices = [{"value": o, "label": manage.action_label(game, o), "description": ""} for o in options]
    return decision


def answer_raise(game: Game, ask: Ask, value: Any) -> None:
    if manage.in_place(game, ask, value):
        return
    player, payee, amount = ask["player"], ask["payee"], ask["amount"]
    cash, most = game.state.cash[player], can_raise(game, player)
    if value == "pay" and cash < amount:
        raise IllegalAnswer(f"You have {money(cash)} of the {money(amount)} owed: sell, mortgage or trade first, "
                            "or answer auto.")
    if value == "bankrupt" and most >= amount:
        raise IllegalAnswer(f"You could still raise {money(most)} of the {money(amount)} owed: sell, mortgage or "
                            "trade, or answer auto.")
    choice = option([o for o in raise_options(game, ask) if isinstance(o, str)], value)
    if choice == "auto":
        auto_raise(game, player, amount)
    elif choice == "bankrupt":
        bankrupt(game, player, payee)
        return
    transfer(game, player, payee, amount)


def auto_raise(game: Game, player: str, amount: int) -> None:
    """Raise cash up to ``amount``: mortgage the deeds of groups without buildings (the smallest mortgage
    first), then sell buildings evenly (the cheapest first), mortgaging the deeds they freed (ruling MN17)."""
    s, b = game.state, game.board
    while s.cash[player] < amount:
        free = estate.mortgageable(game, player)
        if free:
            estate.mortgage(game, player, min(free, key=lambda d: (b[d].mortgage, d)))
            continue
        sells = estate.sellable(game, player)
        if not sells:
            raise IllegalAnswer(f"Even selling everything leaves {money(s.cash[player])} of {money(amount)}.")
        estate.sell_building(game, player, min(sells, key=lambda d: (b[d].house_cost, -s.buildings(d), d)))


question(RAISE, pose_raise, answer_raise)


# --- bankruptcy (M12) ------------------------------------------------------------------------------------------

def bankrupt(game: Game, player: str, payee: str | None) -> None:
    """``player`` retires owing ``payee`` (None: the bank) more than they can raise."""
    s = game.state
    for d in s.deeds_of(player):  # buildings back to the bank at half price (M12.2)
        s.cash[player] += s.buildings(d) * estate.half(game, d)
        s.houses.pop(str(d), None)
    cash, deeds, cards = s.cash[player], s.deeds_of(player), s.jail_cards.pop(player, [])
    s.cash[player] = 0
    retire(game, player)
    if payee is not None and payee not in s.out:
        to_player(game, player, payee, cash, deeds, cards)
    else:
        to_bank(game, player, deeds, cards)
    left = s.in_game()
    if len(left) == 1:
        game.finish([left] + [[p] for p in reversed(s.out)], "the last player standing")


def retire(game: Game, player: str) -> None:
    """Out of the game: the player's questions, offers and pending steps go."""
    s = game.state
    s.out.append(player)
    s.jailed.pop(player, None)
    s.asks = {k: a for k, a in s.asks.items() if a["player"] != player}
    trade.drop_player(game, player)
    s.agenda = [st for st in s.agenda if player not in (st.get("player"), st.get("payer"))]


def to_player(game: Game, player: str, payee: str, cash: int, deeds: list[int], cards: list[str]) -> None:
    s = game.state
    s.cash[payee] += cash
    for d in deeds:
        s.owner[str(d)] = payee
    s.jail_cards.setdefault(payee, []).extend(cards)
    mortgaged = [d for d in deeds if d in s.mortgaged]
    game.say("bankrupt", f"{estate.describe(player)} is bankrupt to {estate.describe(payee)}, who takes "
             f"{money(cash)}, {len(deeds)} deed(s) and {len(cards)} Get Out of Jail Free card(s); interest is due "
             f"on {len(mortgaged)} mortgaged deed(s).", player=player, creditor=payee, cash=cash, spaces=deeds,
             jail_cards=len(cards), mortgaged=mortgaged)
    game.push(*[{"step": "pay", "payer": payee, "payee": None, "amount": estate.interest(game, d),
                 "why": f"10% interest on {estate.name(game, d)}"} for d in mortgaged],
              *[{"step": LIFT_NOW, "player": payee, "space": d} for d in mortgaged])


def to_bank(game: Game, player: str, deeds: list[int], cards: list[str]) -> None:
    s = game.state
    for d in deeds:
        del s.owner[str(d)]
        if d in s.mortgaged:
            s.mortgaged.remove(d)
    for card in cards:
        s.decks[game.board.cards[card].deck].append(card)
    game.say("bankrupt", f"{estate.describe(player)} is bankrupt to the bank: {len(deeds)} deed(s) go to auction, "
             f"unmortgaged.", player=player, creditor=None, spaces=deeds, jail_cards=len(cards))
    game.push(*[{"step": "auction", "space": d} for d in deeds])


# --- a mortgaged deed just received: lift it now for its value alone (M10.3, M12.2) ------------------------------

@step(LIFT_NOW)
def lift_now_step(game: Game, st: Step) -> None:
    s, player, space = game.state, st["player"], st["space"]
    if s.owner_of(space) == player and space in s.mortgaged and s.cash[player] >= game.board[space].mortgage:
        game.ask(LIFT_NOW, player, space=space)


def pose_lift_now(game: Game, ask: Ask) -> Decision:
    space = ask["space"]
    cost = money(game.board[space].mortgage)
    return posed(ask, f"{estate.describe(ask['player'])} may lift the mortgage of {estate.name(game, space)}",
                 f"You now hold {estate.name(game, space)}, mortgaged. Lift it now for {cost} (no second "
                 "interest), or keep it mortgaged (lifting later costs the mortgage and 10% again).",
                 ["keep", "lift"], labels={"keep": "Keep it mortgaged", "lift": f"Lift it for {cost}"},
                 info={"space": space, "cost": game.board[space].mortgage})


def answer_lift_now(game: Game, ask: Ask, value: Any) -> None:
    if option(["keep", "lift"], value) == "lift":
        estate.lift(game, ask["player"], ask["space"], game.board[ask["space"]].mortgage)


question(LIFT_NOW, pose_lift_now, answer_lift_now)
