"""Chance and Community Chest (M6): the top card is drawn, done, and put back at the bottom; a Get Out of Jail
Free card is kept (``state.jail_cards``) until used, then goes back to the bottom of its own deck."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.monopoly import move
from engine.monopoly.board import Card
from engine.monopoly.kinds import Step, money
from engine.monopoly.state import HOTEL

if TYPE_CHECKING:
    from engine.monopoly.game import Game

DECK_NAMES = {"chance": "Chance", "community_chest": "Community Chest"}


def draw(game: Game, player: str, deck: str) -> None:
    s = game.state
    card_id = s.decks[deck].pop(0)
    card = game.board.cards[card_id]
    if card.effect["kind"] == "get_out_of_jail_free":
        s.jail_cards[player].append(card_id)
    else:
        s.decks[deck].append(card_id)
    game.say("card", f"{game.name_of(player)} draws {DECK_NAMES[deck]}: {card.label}.", player=player, deck=deck,
             card=card_id)
    run(game, player, card)


def give_back(game: Game, card_id: str) -> None:
    """A used Get Out of Jail Free card returns to the bottom of its deck."""
    game.state.decks[game.board.cards[card_id].deck].append(card_id)


def run(game: Game, player: str, card: Card) -> None:
    s, effect = game.state, card.effect
    kind = effect["kind"]
    others = [p for p in s.in_game() if p != player]
    if kind == "advance_to":
        move.to_space(game, player, effect["target"])
        game.push({"step": "land", "player": player})
    elif kind == "advance_to_nearest":
        target = game.board.next_of_kind(s.position[player], effect["target_kind"])
        move.to_space(game, player, target)
        game.push({"step": "land", "player": player, "card": effect["target_kind"]})
    elif kind == "move_back":
        move.back(game, player, effect["spaces"])
        game.push({"step": "land", "player": player})
    elif kind == "go_to_jail":
        move.to_jail(game, player, "a card")
    elif kind == "collect_from_bank":
        s.cash[player] += effect["amount"]
    elif kind == "pay_bank":
        game.push(pay(player, None, effect["amount"], card))
    elif kind == "pay_each_player":
        game.push(*(pay(player, other, effect["amount"], card) for other in others))
    elif kind == "collect_from_each_player":
        game.push(*(pay(other, player, effect["amount"], card) for other in others))
    elif kind == "repairs":
        built = [s.buildings(d) for d in s.deeds_of(player)]
        houses = sum(n for n in built if n < HOTEL)
        hotels = sum(1 for n in built if n == HOTEL)
        amount = houses * effect["per_house"] + hotels * effect["per_hotel"]
        game.say("repairs", f"{game.name_of(player)} owes {money(amount)} for {houses} houses and {hotels} "
                            "hotels.", player=player, houses=houses, hotels=hotels, amount=amount)
        if amount:
            game.push(pay(player, None, amount, card))


def pay(payer: str, payee: str | None, amount: int, card: Card) -> Step:
    return {"step": "pay", "payer": payer, "payee": payee, "amount": amount, "why": card.label}
