"""The Westeros phase (RB2 pp.7-11; checklist section 3, 5, Appendix A; rulings A1, A3, A23).

The round frame has already moved the round marker (3.1). Then:

2. Draw: the top card of decks I, II and III is revealed (3.2). A Winter Is Coming
   is dealt with at once: its whole deck, itself included, is shuffled and a new
   card is revealed in its place, again if need be (A3).
3. Wildlings: each wildling icon moves the threat up 2, to at most 12; reaching 12
   launches an attack at once, before any card (3.3, 3.4, A1).
4. Resolve: the cards take effect in deck order I, II, III (3.5), each going to
   the bottom of its deck once resolved (A3).

A choice card asks one player: A Throne of Blades the Iron Throne holder, Dark
Wings, Dark Words the Raven holder, Put to the Sword the Blade holder (3.15, D.3-D.5).
Clash of Kings bids for the three Influence tracks in turn (section 5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.agot import world
from engine.agot.bidding import start_bidding, start_ranking
from engine.agot.frames import WesterosFrame as Frame
from engine.agot.mod import bank
from engine.agot.steps import WaitingStep, step
from engine.agot.supply import update_supply
from engine.agot.tracks import TRACK_NAMES, TRACKS, set_track
from engine.agot.wildlings import start_attack
from engine.core import Decision, IllegalAnswer

if TYPE_CHECKING:
    from engine.agot.table import Table as Game

DECKS = ("I", "II", "III")
WINTER = "winter-is-coming"

# Cards that forbid an order type in this round's Planning phase (3.14).
RESTRICTIONS = {
    "storm-of-swords": "no-defense", "rains-of-autumn": "no-march-plus-one", "sea-of-storms": "no-raid",
    "web-of-lies": "no-support", "feast-for-crows": "no-consolidate-power",
}
RESTRICTION_NAMES = {
    "no-defense": "Defense", "no-march-plus-one": "March +1", "no-raid": "Raid", "no-support": "Support",
    "no-consolidate-power": "Consolidate Power",
}

# Choice cards: who chooses (a Dominance token) and the options (D.3-D.5).
CHOICES: dict[str, tuple[str, list[str]]] = {
    "a-throne-of-blades": ("iron_throne", ["supply", "mustering", "none"]),
    "dark-wings-dark-words": ("kings_court", ["clash-of-kings", "game-of-thrones", "none"]),
    "put-to-the-sword": ("fiefdoms", ["no-march-plus-one", "no-defense", "none"]),
}
TOKEN_NAMES = {"iron_throne": "Iron Throne", "fiefdoms": "Valyrian Steel Blade", "kings_court": "Messenger Raven"}
OPTION_NAMES = {
    "supply": "Supply", "mustering": "Mustering", "none": "nothing", "clash-of-kings": "Clash of Kings",
    "game-of-thrones": "Game of Thrones", "no-march-plus-one": "no March +1 orders",
    "no-defense": "no Defense orders",
}


def card_data(game: Game, deck: int, card: str) -> dict[str, Any]:
    return next(c for c in game.board.westeros_cards[DECKS[deck]] if c["type"] == card)


def card_name(game: Game, deck: int, card: str) -> str:
    name: str = card_data(game, deck, card)["name"]
    return name


def reveal_cards(game: Game) -> None:
    """Step 2 (3.2) with Winter Is Coming's reshuffle (A3). Deck order itself is never told."""
    s = game.state
    revealed = []
    for i, deck in enumerate(s.westeros_decks):
        card = deck.pop(0)
        while card == WINTER:
            game.emit("westeros_card", f"Deck {DECKS[i]}: Winter Is Coming. The whole deck is shuffled and a new "
                      "card is revealed in its place.", card=WINTER, deck=DECKS[i])
            deck.append(card)
            game.shuffle(deck)
            card = deck.pop(0)
        revealed.append(card)
    s.westeros_revealed = revealed
    names = ", ".join(f"{DECKS[i]}: {card_name(game, i, c)}" for i, c in enumerate(revealed))
    game.emit("westeros_revealed", f"Westeros cards of round {s.round}: {names}.", cards=list(revealed))


def advance_threat(game: Game) -> None:
    """Step 3 (3.3, 3.4, A1): +2 per wildling icon, at most 12; reaching 12 means an attack now."""
    s = game.state
    icons = sum(1 for i, c in enumerate(s.westeros_revealed) if card_data(game, i, c)["wildling_icon"])
    if not icons:
        return
    top = game.board.tables["wildling_track"]["max"]
    before = s.wildling_threat
    s.wildling_threat = min(top, before + game.board.tables["wildling_track"]["step"] * icons)
    game.emit("wildling_threat", f"{icons} wildling icon(s): the wildling threat rises from {before} to "
              f"{s.wildling_threat}.", before=before, after=s.wildling_threat, icons=icons)
    if s.wildling_threat >= top > before:
        start_attack(game, s.wildling_threat, game.turn_order(), source="threat")


def game_of_thrones(game: Game) -> dict[str, int]:
    """Game of Thrones (3.12, A23): Power per crown icon controlled, +1 per supplied port; 20-token limit."""
    b, s = game.board, game.state
    gains: dict[str, int] = {}
    for house in game.turn_order():
        crowns = sum(info.power + bank.improvement(s, "power", a) for a, info in b.areas.items()
                     if info.kind == "land" and world.controller(b, s, a) == house)
        ports = sum(1 for a, info in b.areas.items() if info.kind == "port" and world.controller(b, s, a) == house
                    and s.areas[a].units and s.areas[a].house == house
                    and not world.enemy_ships_in(s, info.port_sea or "", house))
        gains[house] = world.gain_power(b, s, house, crowns + ports)
    listing = ", ".join(f"{game.house_name(h)} +{n}" for h, n in gains.items())
    game.emit("game_of_thrones", f"Game of Thrones: {listing}.", gains=gains)
    return gains


def add_restriction(game: Game, restriction: str) -> None:
    if restriction not in game.state.restrictions:
        game.state.restrictions.append(restriction)
    game.emit("restriction", f"No {RESTRICTION_NAMES[restriction]} orders may be placed this round.",
              restriction=restriction)


def resolve_card(game: Game, frame: Frame, deck: int, card: str) -> None:
    """Start one revealed card (3.7-3.15). Work that asks questions is pushed as frames."""
    s = game.state
    game.emit("westeros_card", f"Deck {DECKS[deck]}: {card_name(game, deck, card)}. "
              f"{card_data(game, deck, card)['text']}", card=card, deck=DECKS[deck])
    if card == "supply":
        update_supply(game)
    elif card == "mustering":
        game.push({"step": "mustering", "houses": game.turn_order(), "areas": None, "source": "westeros"})
    elif card == "game-of-thrones":
        game_of_thrones(game)
    elif card == "clash-of-kings":
        start_clash(game)
    elif card == "wildlings-attack":
        start_attack(game, s.wildling_threat, game.turn_order(), source="card")
    elif card in RESTRICTIONS:
        add_restriction(game, RESTRICTIONS[card])
    elif card in CHOICES:
        frame["choice"] = card
        token = CHOICES[card][0]
        game.pose(frame, [getattr(s, token)[0]])


def apply_choice(game: Game, card: str, choice: str) -> None:
    if choice == "supply":
        update_supply(game)
    elif choice == "mustering":
        game.push({"step": "mustering", "houses": game.turn_order(), "areas": None, "source": "westeros"})
    elif choice == "clash-of-kings":
        start_clash(game)
    elif choice == "game-of-thrones":
        game_of_thrones(game)
    elif choice in RESTRICTION_NAMES:
        add_restriction(game, choice)


@step("westeros")
class WesterosStep(WaitingStep):
    """Frame: {"stage": "draw" | "threat" | "cards", "next": deck index, "resolving": deck index}."""

    def run(self, game: Game, frame: Frame) -> bool:
        if frame.get("asked"):
            return False
        s = game.state
        stage = frame.setdefault("stage", "draw")
        if stage == "draw":
            reveal_cards(game)
            frame["stage"] = "threat"
        elif stage == "threat":
            frame["stage"], frame["next"] = "cards", 0
            advance_threat(game)
        else:
            if "resolving" in frame:  # A3: a resolved card goes to the bottom of its deck
                done = frame.pop("resolving")
                frame.pop("choice", None)
                s.westeros_decks[done].append(s.westeros_revealed[done])
            deck = frame["next"]
            if deck >= len(DECKS):
                game.pop(frame)
                if "deck_iv" in s.mod:  # Mother of Dragons: deck IV follows decks I-III (M6)
                    game.push({"step": "westeros_iv"})
                return True
            frame["next"], frame["resolving"] = deck + 1, deck
            resolve_card(game, frame, deck, s.westeros_revealed[deck])
        return True

    def decision(self, game: Game, frame: Frame, player: str, did: str) -> Decision:
        card = frame["choice"]
        token, options = CHOICES[card]
        name = card_name(game, frame["resolving"], card)
        listing = ", ".join(OPTION_NAMES[o] for o in options)
        return Decision(id=did, player=player, kind="westeros_choice", options=list(options), default="none",
                        prompt=f"{name}: as holder of the {TOKEN_NAMES[token]}, choose {listing}.",
                        info={"card": card})

    def answer(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None:
        if answer not in (decision.options or []):
            raise IllegalAnswer("Choose one of the card's options: " + ", ".join(decision.options or []) + ".")
        card = frame["choice"]
        game.emit("westeros_choice", f"{game.house_name(decision.player)} chooses {OPTION_NAMES[answer]} for "
                  f"{card_name(game, frame['resolving'], card)}.", house=decision.player, card=card, choice=answer)
        apply_choice(game, card, answer)


# --- Clash of Kings (section 5) -----------------------------------------------------------------


def start_clash(game: Game) -> None:
    """Clash of Kings: bid for the Iron Throne, Fiefdoms and King's Court tracks in that order (5.1, 5.2).

    The frame spans the three bids, so available Power stays hidden until the end (H.5).
    """
    game.push({"step": "clash", "track": 0, "stage": "bid", "bidding": True})


@step("clash")
class ClashStep(WaitingStep):
    """Frame: {"track": 0-2, "stage": "bid" | "rank" | "place", "bids", "ranking", "bidding": True}."""

    def run(self, game: Game, frame: Frame) -> bool:
        track = TRACKS[frame["track"]]
        label = f"the {TRACK_NAMES[track]} track"
        if frame["stage"] == "bid":
            frame["stage"] = "rank"
            start_bidding(game, game.turn_order(), "clash-of-kings", label, track=track)
        elif frame["stage"] == "rank":
            frame["stage"] = "place"
            # 5.5, 5.6: ties go to whoever holds the Iron Throne now (the old holder for its own track).
            start_ranking(game, frame.pop("bids"), label)
        else:
            ranking = frame.pop("ranking")
            set_track(game, track, ranking)  # 5.8: the first place takes the Dominance token at once
            listing = ", ".join(f"{i + 1}. {game.house_name(h)}" for i, h in enumerate(ranking))
            game.emit("track", f"{TRACK_NAMES[track]} track: {listing}.", track=track, order=list(ranking))
            frame["track"] += 1
            frame["stage"] = "bid"
            if frame["track"] == len(TRACKS):
                game.pop(frame)
                power = ", ".join(f"{game.house_name(h)} {game.state.houses[h].power}" for h in game.turn_order())
                game.emit("clash_over", f"Clash of Kings is over. Available Power: {power}.",
                          power={h: game.state.houses[h].power for h in game.turn_order()})
        return True

    def answer(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None:
        raise RuntimeError("the clash frame asks nothing itself")
