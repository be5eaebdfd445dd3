"""Monopoly's help pages (``/game help`` in its game, a DM's ``help``) and how to answer its decisions that have
no options (a bid, the standing actions). Pure words (no discord import); each page fits one message."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.monopoly.words import space_name
from engine.monopoly.kinds import money

TOPICS: dict[str, tuple[str, str]] = {
    "overview": ("How a game of Monopoly goes", """\
**Monopoly with the Speed Die, with this bot as the banker.** 2 to 8 players, each a token (Car, Dog, Top Hat, \
Battleship, Boot, Iron, Thimble, Wheelbarrow).
1. In a server channel: `/game create game:monopoly players:2..8` (table options: `topic:settings`), the others \
`/game join` (`seat:top hat` at a table created with `settings:seats:chosen`), the creator `/game start`.
2. Everyone starts on GO with $1,500 ($2,500 with the Speed Die). On your turn you throw, move, and the space is \
dealt with: buy or auction a deed, pay rent, draw a card, pay a tax. Doubles throw again; the third doubles goes \
to Jail.
3. Build houses and hotels on complete colour groups, mortgage deeds for cash, trade with the others. Whoever \
cannot pay what they owe is bankrupt; the last player left wins (or the richest after the table's last round).
Your questions come **by DM** with buttons (or `/game act` here); reply with words too: `roll`, `buy`, `120`, \
`build Boardwalk`. `/monopoly deed space:Boardwalk` shows a deed, `/monopoly panel` a player's holdings.
Pages: `turn`, `auctions`, `building`, `trades`, `jail`, `speed`, `settings`."""),
    "turn": ("A turn", """\
**Your turn** opens with a question: `roll` (or the button), or first build, sell, mortgage or trade.
**Moving**: the white dice (plus the Speed Die once you have passed GO) take you forward; passing or landing on \
GO pays $200. Doubles: after the space is dealt with you throw again; the third doubles in a row goes straight \
to Jail.
**Landing**: an unowned deed: `buy` it at its price or let the bank `auction` it (everyone may bid, you too). \
Someone's deed: the bot takes the rent from you at once (nobody has to ask for it; a mortgaged deed pays none). \
Chance or Community Chest: the top card is done and goes to the bottom; a Get Out of Jail Free card is kept.
**Income Tax**: `flat` ($200) or `10%` of your worth (cash, deeds at their price, buildings at cost), chosen \
before it is counted. **Luxury Tax**: $75.
**Short of cash**: you are asked to raise it: sell buildings, mortgage, trade, then `pay`; `auto` does it for \
you; `bankrupt` only when even everything would not pay."""),
    "auctions": ("Auctions", """\
A deed nobody buys goes to the bank's auction; every player who could pay something may bid, the one who \
declined too.
**Sealed** (the default): every bidder gets one secret question by DM: reply with an amount (`120` or `$120`) or \
press **Bid…**; `0` or `pass` bids nothing. When all are in, the bids are shown together; the highest wins and \
pays the bank. A tie goes to the tied bidder first in turn order from the player whose turn it is.
**Open** (`settings:auction open`): bids are public; each higher bid asks every other bidder again, so a late \
bid keeps the auction going; it ends when everyone else has passed on the high bid.
You may not bid more than you could raise (cash, buildings sold, deeds mortgaged). Nobody bidding: the bank \
keeps the deed.
When the bank's last house or hotel is wanted by several players, it is auctioned among them too."""),
    "building": ("Houses, hotels and mortgages", """\
**Build** on a colour group you own whole, none of it mortgaged: `/monopoly build space:Boardwalk` or DM \
`build Boardwalk`, one house at a time, evenly (no street gets a second house before each has one). The fifth \
step is the hotel, which sends its four houses back to the bank. The bank holds 32 houses and 12 hotels.
**Sell** (`/monopoly sell`, `sell house Park Place`): half the cost back, evenly in reverse. A hotel steps back \
to four houses when the bank has four to give, else it is sold with its houses' worth at once.
**Mortgage** (`/monopoly mortgage`, `mortgage Reading Railroad`): a deed with no building in its group gives its \
mortgage value; it collects no rent. **Lift** (`/monopoly lift`, `lift Baltic`): the mortgage plus 10% (rounded \
up to a dollar).
When: during anyone's turn question or Jail question, and during your own buy, bid or raise-funds question; not \
while someone else is choosing a move or a tax."""),
    "trades": ("Trades", """\
Offer cash, deeds and Get Out of Jail Free cards to one player: `/monopoly trade to:Dog give:$200, Boardwalk \
take:Park Place, jail card`, or DM `offer Dog give $200 take Park Place`. Cash goes on one side only: players lend \
no money. No deed may change hands while its colour group has buildings.
The other player gets a question: **Accept** or **Decline** (buttons), or reply `counter give ... take ...` with \
their own offer back. Nothing moves until an offer is accepted. `withdraw 3` takes your offer #3 back; an offer \
that can no longer be carried out is withdrawn with a notice.
A mortgaged deed received: its new owner pays 10% interest at once, and may lift it at once for the mortgage \
alone (`accept lift Baltic`); later, lifting costs the mortgage and 10% again."""),
    "jail": ("Jail", """\
**In**: the Go to Jail space, a Go to Jail card, or a third doubles in a row; no salary, the turn ends. Landing \
on Jail by a throw is Just Visiting.
**Out**, at the start of your next turns: `roll` for doubles (the white dice only; doubles move you by that \
throw, with no throw again), `pay` the $50 fine before throwing (first two turns), or use a `card`. After the \
third miss you pay $50 and move by that throw.
In Jail you still collect rent, build, sell, mortgage and trade."""),
    "speed": ("The Speed Die", """\
From your first pass of GO you throw the Speed Die with the white dice (the table may play without it: \
`settings:speed die off`).
**1, 2, 3**: added to the white dice. **Bus**: choose to move by one white die, the other, or both (buttons, or \
reply with the number). **Mr. Monopoly**: after dealing with your space, move on to the next deed the bank still \
holds (buy or auction it); with none left, to the next deed where you owe rent.
**Three of a kind**: move to any space you like: choose it in the menus (two halves of the board) or reply with \
its name (`Boardwalk`, `B&O`, `St. Charles`) or number (`39`).
Doubles count on the white dice only; going to Jail ends the move and the Speed Die's effect."""),
    "settings": ("Monopoly's table options and rulings", """\
`/game create game:monopoly players:4 settings:speed die off, auction open, rounds 30` (suggestions as you type):
`speed die on|off` (on: $1,000 more each at the start); `auction sealed|open` (sealed: one secret bid each by \
DM; open: public bids, each re-opens the others'); `rounds N` (10 to 200: the game ends after round N and the \
richest wins; 0, the default: to the last bankruptcy); `seats:chosen`: each player picks a token when joining.
**Rulings**: the bot collects every rent (nobody forgets to ask); a percentage rounds up to a whole dollar; \
sealed ties go to the bidder first in turn order; worth at the end is cash, deeds at their price and buildings \
at cost, less what lifting the mortgages would cost; buildings, mortgages and trades are open during turn \
questions and your own buy, bid or debt; `auto` raising mortgages bare deeds first, then sells buildings."""),
}

TOPIC_OF = {"turn": "turn", "income_tax": "turn", "raise_funds": "turn", "buy": "auctions", "bid": "auctions",
            "open_bid": "auctions", "place_building": "auctions", "jail": "jail", "bus": "speed", "triples": "speed",
            "trade_reply": "trades", "lift_now": "trades", "manage": "building"}


def answer_help(decision: Mapping[str, Any]) -> str:
    """What to write for a decision without options, and its default."""
    kind, info = decision["kind"], decision.get("info") or {}
    most = f" (at most {money(info['most'])}, what you could raise)" if isinstance(info.get("most"), int) else ""
    if kind == "bid":
        how = f"Reply with your secret bid in dollars, e.g. `120`{most}, or `0` / `pass` for no bid; or press Bid…."
    elif kind == "open_bid":
        high = info.get("high") or {}
        now = f" above the high bid of {money(high['amount'])}" if high.get("amount") else ""
        how = f"Reply with a bid in dollars{now}, e.g. `120`{most}, or `0` / `pass` to pass; or press Bid…."
    elif kind == "manage":
        how = ("Write `build Boardwalk`, `sell house Park Place`, `mortgage Reading`, `lift Baltic`, "
               "`offer Dog give $200 take Boardwalk` or `withdraw 3`.")
    else:
        how = "Reply with the answer as JSON (see docs/decisions.md), or press Use the default."
    manage = "\nMeanwhile you may also build, sell, mortgage or trade: `build Boardwalk` (`/game help topic:building`)."
    return f"{how}\nDefault (played if you do not answer): `{default_words(decision)}`." + (
        manage if kind in ("bid", "open_bid") else "")


def default_words(decision: Mapping[str, Any]) -> str:
    value = decision.get("default")
    if decision["kind"] == "triples" and isinstance(value, int):
        return space_name(value)
    if value is None:
        return "nothing"
    return str(value)


def topic_of(decision: Mapping[str, Any]) -> str:
    return TOPIC_OF.get(decision["kind"], "overview")
