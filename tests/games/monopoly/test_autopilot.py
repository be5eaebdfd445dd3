"""The Monopoly autopilot: always a legal answer in real games (every setting, 2 to 8 players, against random
players and itself), a clear win rate against the random agent, and the choices it makes from its own view:
buying within a reserve, bidding by a deed's worth, building evenly, Jail, taxes, the Bus, trades."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.monopoly.autopilot import Autopilot
from bot.games.monopoly.match import figure, main, play
from engine.monopoly.game import Game
from engine.monopoly.rules import MONOPOLY

LIGHT_BLUE = (6, 8, 9)
ORANGE = (16, 18, 19)
REDS = (21, 23, 24)
YELLOWS = (26, 27, 29)
GREENS = (31, 32, 34)


@pytest.mark.parametrize(("players", "settings"), [
    (2, {}), (3, {"auction": "open"}), (4, {"speed_die": False}), (6, {}), (8, {"auction": "open"})])
def test_every_answer_is_legal_in_whole_games(players: int, settings: dict[str, Any]) -> None:
    for seed in range(3):
        mixed = play(players, 500 + seed, [seed % players], rounds=25, settings=settings)
        assert mixed.refused == 0 and mixed.game.over
        pilots = play(players, 600 + seed, range(players), rounds=25, settings=settings)
        assert pilots.refused == 0 and pilots.game.over


def test_it_builds_and_buys_in_a_game_of_autopilots() -> None:
    for seed in range(3):
        state = play(3, 700 + seed, range(3), rounds=40).game.state
        assert len(state.owner) == 28 and state.houses  # every deed sold, and a group built on


def test_it_beats_random_players_clearly() -> None:
    """Measured over 200 games (30 rounds): 85% with 2 players, 59.5% with 4 (fair shares 50% and 25%)."""
    two = figure(60, 2, seed=1)
    assert two.refused == 0 and two.wins >= 0.70 * 60, two.line()
    four = figure(60, 4, seed=1)
    assert four.refused == 0 and four.wins >= 0.40 * 60, four.line()


def test_the_match_prints_its_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "4", "--players", "3", "--rounds", "10"]) == 0
    assert capsys.readouterr().out.startswith("autopilot vs 2 random player(s): wins ")
    with pytest.raises(SystemExit):
        main(["--games", "4", "--rounds", "5"])


# --- its choices, from a prepared view -------------------------------------------------------------------------

def table(owners: dict[int, str], cash: dict[str, int] | None = None, houses: dict[int, int] | None = None,
          mortgaged: tuple[int, ...] = ()) -> Game:
    """A 2-player game (car, dog) with these deeds, cash and buildings."""
    game = MONOPOLY.new(2, {}, 5)
    s = game.state
    s.owner = {str(k): v for k, v in owners.items()}
    s.houses = {str(k): v for k, v in (houses or {}).items()}
    s.mortgaged = sorted(mortgaged)
    s.cash.update(cash or {})
    return game


def ask(kind: str, info: dict[str, Any], options: list[Any] | None, default: Any, player: str = "car") -> dict[
        str, Any]:
    return {"id": "1", "kind": kind, "player": player, "options": options, "default": default, "info": info}


def answer(game: Game, decision: dict[str, Any]) -> Any:
    return Autopilot(1).answer(game.view(decision["player"]), decision)


def test_it_buys_within_a_reserve_that_grows_with_the_rivals_rents() -> None:
    buy = ask("buy", {"space": 24, "price": 240}, ["buy", "auction"], "buy")
    assert answer(table({}, {"car": 600}), buy) == "buy"
    hotels = {37: "dog", 39: "dog"}  # Boardwalk with a hotel: $2,000 rent
    assert answer(table(hotels, {"car": 1400}, {37: 5, 39: 5}), buy) == "auction"
    assert answer(table(hotels, {"car": 3000}, {37: 5, 39: 5}), buy) == "buy"
    completing = {**hotels, 21: "car", 23: "car"}  # Illinois completes the reds: a smaller reserve
    assert answer(table(completing, {"car": 1400}, {37: 5, 39: 5}), buy) == "buy"
    assert answer(table({}, {"car": 200}), buy) == "auction"  # never buys on credit


def test_it_bids_more_for_a_deed_completing_its_group_and_never_above_what_it_may() -> None:
    lot = {"lot": {"space": 24, "price": 240}, "most": 2500}
    plain = answer(table({}, {"car": 2500}), ask("bid", lot, None, 0))
    completing = answer(table({21: "car", 23: "car"}, {"car": 2500}), ask("bid", lot, None, 0))
    blocking = answer(table({21: "dog", 23: "dog"}, {"car": 2500}), ask("bid", lot, None, 0))
    assert 200 <= plain <= 240 < blocking < completing <= 480
    capped = answer(table({21: "car", 23: "car"}, {"car": 2500}), ask("bid", {**lot, "most": 300}, None, 0))
    assert capped <= 300
    assert answer(table({}, {"car": 25}), ask("bid", lot, None, 0)) == 0  # nothing to spare
    opening = ask("open_bid", {**lot, "high": None}, None, 0)
    assert answer(table({}, {"car": 2500}), opening) == 120  # half the price
    opened = ask("open_bid", {**lot, "high": {"player": "dog", "amount": 150}}, None, 0)
    assert answer(table({}, {"car": 2500}), opened) == 174  # a tenth of the price more
    opened["info"]["high"]["amount"] = 230
    assert answer(table({}, {"car": 2500}), opened) == 240  # the last: all it is worth
    opened["info"]["high"]["amount"] = 240
    assert answer(table({}, {"car": 2500}), opened) == 0


def test_it_builds_evenly_on_its_complete_groups_in_place_of_the_throw() -> None:
    game = table({s: "car" for s in LIGHT_BLUE}, {"car": 2000}, {6: 1, 9: 1})
    turn = ask("turn", {}, ["roll"], "roll")
    assert answer(game, turn) == {"build": 8}
    even = table({s: "car" for s in (*LIGHT_BLUE, *ORANGE)}, {"car": 2000}, {6: 2, 8: 2, 9: 2})
    assert answer(even, turn) == {"build": 19}  # the oranges first, the priciest street of the least built
    poor = table({s: "car" for s in LIGHT_BLUE}, {"car": 100})
    assert answer(poor, turn) == "roll"
    mortgaged = table({s: "car" for s in LIGHT_BLUE}, {"car": 2000}, mortgaged=(8,))
    assert answer(mortgaged, turn) == {"lift": 8}
    hotels = table({s: "car" for s in LIGHT_BLUE}, {"car": 2000}, {6: 5, 8: 5, 9: 5})
    assert answer(hotels, turn) == "roll"


def test_it_leaves_jail_early_and_stays_late() -> None:
    jail = ask("jail", {"fine": 50}, ["roll", "pay"], "roll")
    assert answer(table({}, {"car": 1500}), jail) == "pay"
    everything = {d: "dog" for d in MONOPOLY.new(2, {}, 1).board.deeds}
    assert answer(table(everything, {"car": 1500}), jail) == "roll"
    assert answer(table({}, {"car": 1500}), ask("jail", {"fine": 50}, ["roll", "pay", "card"], "roll")) == "card"


def test_it_pays_the_cheaper_income_tax() -> None:
    tax = ask("income_tax", {"flat": 200, "percent": 10}, ["flat", "percent"], "flat")
    assert answer(table({}, {"car": 900}), tax) == "percent"  # $90
    assert answer(table({39: "car"}, {"car": 1700}), tax) == "flat"  # 10% of $2,100


def test_the_bus_and_three_of_a_kind_land_where_it_pays() -> None:
    bus = ask("bus", {"position": 20}, [2, 5, 7], 7)
    game = table({27: "dog", 26: "dog", 29: "dog"}, {"car": 1500}, {27: 5, 26: 5, 29: 5})
    assert answer(game, bus) == 5  # B. & O. Railroad for sale, not Ventnor's hotel
    triples = ask("triples", {"position": 20}, list(range(40)), 21)
    assert answer(table({21: "car", 23: "car"}, {"car": 1500}), triples) == 24  # completes the reds


def test_it_raises_funds_automatically_and_lifts_a_received_mortgage_when_it_can_spare_it() -> None:
    owed = ask("raise_funds", {}, ["auto", {"mortgage": 6}], "auto")
    assert answer(table({6: "car"}, {"car": 10}), owed) == "auto"
    lift = ask("lift_now", {"space": 39, "cost": 200}, ["keep", "lift"], "keep")
    assert answer(table({39: "car"}, {"car": 1500}), lift) == "lift"
    assert answer(table({39: "car"}, {"car": 250}), lift) == "keep"


def offer(give: dict[str, Any], take: dict[str, Any]) -> dict[str, Any]:
    side = {"cash": 0, "spaces": [], "jail_cards": 0}
    trade = {"id": "1", "from": "dog", "to": "car", "give": {**side, **give}, "take": {**side, **take}, "lift": []}
    return ask("trade_reply", {"trade": trade, "mortgaged": [], "interest": 0}, ["accept", "decline"], "decline")


def test_it_declines_trades_unless_clearly_good() -> None:
    owners = {1: "car", 24: "dog", 21: "dog"}
    game = table(owners, {"car": 1500, "dog": 1500})
    assert answer(game, offer({"cash": 400}, {"spaces": [1]})) == "accept"  # $400 for a $60 deed
    assert answer(game, offer({"cash": 70}, {"spaces": [1]})) == "decline"  # about its price: not clearly good
    assert answer(game, offer({"spaces": [24]}, {"cash": 100})) == "accept"  # Illinois for $100
    feeding = table({23: "car", 24: "dog", 21: "dog"}, {"car": 1500})
    assert answer(feeding, offer({"cash": 600}, {"spaces": [23]})) == "decline"  # it would complete Dog's reds
    # holding a whole group of its own, it sells the last red for 2.5 times its price, not less
    builder = table({23: "car", 24: "dog", 21: "dog", 37: "car", 39: "car"}, {"car": 1500, "dog": 1500})
    assert answer(builder, offer({"cash": 550}, {"spaces": [23]})) == "accept"
    assert answer(builder, offer({"cash": 540}, {"spaces": [23]})) == "decline"


def test_every_few_rounds_it_offers_cash_for_the_last_street_of_a_group() -> None:
    """The street a rival holds of a group it holds the rest of, for 2.5 times its price, when that leaves its
    reserve; not while an offer of its own waits, and one offer for every three rounds played (the public count
    of its offers: a declined offer is not made again at once)."""
    turn = ask("turn", {}, ["roll"], "roll")
    game = table({21: "car", 23: "car", 24: "dog"}, {"car": 1500})
    game.state.round = 2
    assert answer(game, turn) == "roll"
    game.state.round = 3
    assert answer(game, turn) == {"offer": {"to": "dog", "give": {"cash": 600}, "take": {"spaces": [24]}}}
    game.state.offers = {"car": 1}  # one made (and declined) already
    assert answer(game, turn) == "roll"
    game.state.round = 6
    assert answer(game, turn) != "roll"
    game.state.offers = {}
    game.state.cash["car"] = 600
    assert answer(game, turn) == "roll"  # it would spend its reserve
    game.state.cash["car"] = 1500
    game.submit("car", "manage:car", {"offer": {"to": "dog", "give": {"cash": 600}, "take": {"spaces": [24]}}})
    assert answer(game, turn) == "roll"  # its offer waits for Dog


def test_it_bids_for_the_bank_s_last_house_and_places_it_where_it_adds_the_most_rent() -> None:
    """A real contest for the last house (M9.6): the autopilots bid (at least its cost, as the engine asks) and
    the winner places it; every answer legal."""
    game = MONOPOLY.new(2, {}, 5)
    s = game.state
    mover = game.open_decisions()[0].player
    rival = next(p for p in game.players() if p != mover)
    s.owner = {**{str(d): mover for d in (*ORANGE, *REDS, *YELLOWS, *GREENS)}, "1": rival, "3": rival}
    s.houses = {**{str(d): 5 for d in ORANGE}, **{str(d): 4 for d in (*YELLOWS, *GREENS)}, "21": 3, "23": 2,
                "24": 2}  # hotels on the oranges; 31 houses of 32 out
    s.cash.update({mover: 3000, rival: 3000})
    pilots = {p: Autopilot(i) for i, p in enumerate(game.players())}
    turn = game.view(mover)["private"]["decisions"][0]
    assert pilots[mover].answer(game.view(mover), turn) == {"build": 24}
    game.submit(mover, turn["id"], {"build": 24})
    bids = {}
    bids, built = {}, []
    for d in [d for d in game.open_decisions() if d.kind == "bid"]:
        view = game.view(d.player)
        bids[d.player] = pilots[d.player].answer(view, view["private"]["decisions"][0])
        built += [e.data for e in game.submit(d.player, d.id, bids[d.player]) if e.kind == "build"]
    assert bids == {mover: 225, rival: 75}  # half again the cost on its priciest group: the reds', the purples'
    assert built == [{"player": mover, "space": 24, "buildings": 3, "amount": 225}]
    s.houses["24"] = 2  # a house won for another street goes where it adds the most rent:
    place = ask("place_building", {"building": "house", "price": 225}, [21, 24], 21, player=mover)
    assert pilots[mover].answer(game.view(mover), place) == 24  # Illinois' 3rd (+$450), not Kentucky's 4th (+$175)
