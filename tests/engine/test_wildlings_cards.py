"""The nine wildling cards, every branch (checklist Appendix B, D.12; agot-facts section 6).

Three players unless said otherwise: Iron Throne Baratheon, Lannister, Stark; Fiefdoms Stark,
Baratheon, Lannister; King's Court Lannister, Stark, Baratheon.
"""

from __future__ import annotations

import pytest

from engine.agot import Game
from engine.core import IllegalAnswer
from tests.engine.scenario import answer, clear, decision, put, scenario, units
from tests.engine.westeros_scenario import bid, in_attack, open_kinds, planning_open, public, wildling_attack


def lose(game: Game, card: str) -> list:
    """The wildlings win at 12; Stark bids least (0), Baratheon and Lannister bid 1."""
    events = wildling_attack(game, 12, [card])
    return events + bid(game, baratheon=1, lannister=1)


def win(game: Game, card: str, house: str = "stark") -> list:
    """The Night's Watch wins at strength 2; ``house`` bids 2 and is the highest bidder."""
    events = wildling_attack(game, 2, [card])
    return events + bid(game, **{house: 2})


def stark_board(game: Game) -> None:
    clear(game)
    put(game, "winterfell", "stark", "footman", "knight")
    put(game, "white-harbor", "stark", "footman", "footman", "footman")
    put(game, "karhold", "stark", "knight")
    put(game, "the-shivering-sea", "stark", "ship")
    put(game, "dragonstone", "baratheon", "footman", "knight", "knight", "knight")
    put(game, "kingswood", "baratheon", "footman")
    put(game, "lannisport", "lannister", "footman", "knight")
    put(game, "stoney-sept", "lannister", "footman")


def snapshot(game: Game) -> dict:
    raw = game.to_dict()
    return {k: raw[k] for k in ("areas", "iron_throne", "fiefdoms", "kings_court")} | {
        "houses": {h: {k: v for k, v in hs.items() if k != "power"} for h, hs in raw["houses"].items()}}


# --- Silence at the Wall ---------------------------------------------------------------------------


@pytest.mark.parametrize("outcome", [win, lose])
def test_silence_at_the_wall_nothing_happens(outcome):
    game = scenario(players=3)
    before = snapshot(game)
    events = outcome(game, "silence-at-the-wall")
    assert snapshot(game) == before
    assert public(events, "wildling_effect")[0].data["effect"] == "nothing"
    assert planning_open(game)


# --- Preemptive Raid -------------------------------------------------------------------------------


def test_preemptive_raid_night_watch_second_attack_at_6_without_the_highest_bidder():
    game = scenario(players=4)  # Baratheon, Lannister, Stark, Greyjoy
    wildling_attack(game, 4, ["preemptive-raid", "skinchanger-scout"])
    events = bid(game, stark=4)
    second = public(events, "wildling_attack")
    assert len(second) == 1 and second[0].data["strength"] == 6 and second[0].data["source"] == "preemptive-raid"
    assert sorted(d.player for d in game.open_decisions()) == ["baratheon", "greyjoy", "lannister"]
    events = bid(game, baratheon=1)  # 1 < 6: the wildlings win; Lannister and Greyjoy tie at 0
    answer(game, "baratheon", "lannister", "break_tie")
    s = game.state
    assert s.houses["lannister"].power == 0  # Skinchanger Scout: the lowest bidder loses all
    assert s.houses["baratheon"].power == 2 and s.houses["greyjoy"].power == 3  # 2 each for the others
    assert s.houses["stark"].power == 1  # sat the second attack out: no penalty
    assert s.wildling_threat == 0
    assert s.wildling_deck[-2:] == ["skinchanger-scout", "preemptive-raid"]
    assert planning_open(game)


def test_a25_preemptive_raid_goes_to_the_bottom_after_its_second_attacks_card():
    game = scenario(players=4)
    wildling_attack(game, 4, ["preemptive-raid", "silence-at-the-wall"])
    bid(game, stark=4)  # the Night's Watch holds: Stark's reward is the second attack
    assert "preemptive-raid" not in game.state.wildling_deck  # still being resolved
    events = bid(game, baratheon=4, lannister=2)  # the second attack: its card is drawn, resolved and buried first
    assert public(events, "wildling_card")[0].data["card"] == "silence-at-the-wall"
    assert game.state.wildling_deck[-2:] == ["silence-at-the-wall", "preemptive-raid"]
    assert len(game.state.wildling_deck) == 9


def test_preemptive_raid_lowest_bidder_destroys_two_units():
    game = scenario(players=3)
    stark_board(game)
    before = snapshot(game)
    lose(game, "preemptive-raid")
    d = decision(game, "stark", "raid_choice")
    assert d.options == ["destroy", "track"]
    answer(game, "stark", "destroy")
    d = decision(game, "stark", "wildling_destroy")
    assert d.info["count"] == 2 and not d.info["one_area"]
    with pytest.raises(IllegalAnswer):
        answer(game, "stark", [["karhold", "knight"]])
    answer(game, "stark", [["karhold", "knight"], ["white-harbor", "footman"]])
    assert units(game, "karhold") == [] and units(game, "white-harbor") == ["footman", "footman"]
    after = snapshot(game)
    assert {a: after["areas"][a] for a in ("dragonstone", "lannisport")} == \
        {a: before["areas"][a] for a in ("dragonstone", "lannisport")}  # nothing for everyone else
    assert game.state.iron_throne == ["baratheon", "lannister", "stark"]


def test_preemptive_raid_lowest_bidder_drops_two_on_its_best_track():
    game = scenario(players=4)  # Stark: Iron Throne 3rd, Fiefdoms 2nd, King's Court 2nd
    game.state.fiefdoms = ["greyjoy", "baratheon", "stark", "lannister"]  # now its best is King's Court only
    wildling_attack(game, 12, ["preemptive-raid"])
    bid(game, baratheon=1, lannister=1, greyjoy=1)
    answer(game, "stark", "track")
    assert game.state.kings_court == ["lannister", "baratheon", "greyjoy", "stark"]
    assert planning_open(game)


def test_preemptive_raid_track_tie_is_settled_by_the_iron_throne():
    game = scenario(players=3)
    s = game.state
    s.iron_throne = ["baratheon", "stark", "lannister"]
    s.fiefdoms = ["baratheon", "lannister", "stark"]
    s.kings_court = ["lannister", "stark", "baratheon"]
    lose(game, "preemptive-raid")
    answer(game, "stark", "track")
    d = decision(game, "baratheon", "raid_track")
    assert d.options == ["iron_throne", "kings_court"] and d.info["target"] == "stark"
    answer(game, "baratheon", "kings_court")
    assert game.state.kings_court == ["lannister", "baratheon", "stark"]
    assert game.state.iron_throne == ["baratheon", "stark", "lannister"]


# --- Crow Killers ----------------------------------------------------------------------------------


def test_crow_killers_night_watch_up_to_two_footmen_become_knights():
    game = scenario(players=3)
    stark_board(game)
    win(game, "crow-killers")
    d = decision(game, "stark", "crow_upgrade")
    assert [] in d.options and ["white-harbor", "white-harbor"] in d.options and ["winterfell", "white-harbor"] \
        not in d.options  # options are sorted area lists
    assert ["white-harbor", "winterfell"] in d.options
    answer(game, "stark", ["white-harbor", "winterfell"])
    assert units(game, "winterfell") == ["knight", "knight"]
    assert units(game, "white-harbor") == ["footman", "footman", "knight"]


def test_crow_killers_night_watch_limited_by_knights_left():
    game = scenario(players=3)
    stark_board(game)
    put(game, "castle-black", "stark", "knight", "knight")  # 4 Knights on the board: 1 left
    win(game, "crow-killers")
    d = decision(game, "stark", "crow_upgrade")
    assert max(len(o) for o in d.options) == 1


def test_crow_killers_lowest_bidder_all_knights_become_footmen():
    game = scenario(players=3)
    stark_board(game)
    lose(game, "crow-killers")
    assert units(game, "winterfell") == ["footman", "footman"] and units(game, "karhold") == ["footman"]


def test_crow_killers_lowest_bidder_knights_without_footmen_are_destroyed():
    game = scenario(players=3)
    stark_board(game)
    put(game, "castle-black", "stark", "footman", "footman", "footman", "footman", "footman")  # 9 Footmen out
    put(game, "winterfell", "stark", "knight")  # 3 Knights: 1 Footman left for them
    lose(game, "crow-killers")
    d = decision(game, "stark", "crow_downgrade")
    assert {"downgrade": ["karhold"], "destroy": ["winterfell", "winterfell"]} in d.options
    assert all(len(o["downgrade"]) == 1 and len(o["destroy"]) == 2 for o in d.options)
    answer(game, "stark", {"downgrade": ["winterfell"], "destroy": ["karhold", "winterfell"]})
    assert units(game, "winterfell") == ["footman", "footman"] and units(game, "karhold") == []


def test_crow_killers_everyone_else_turns_two_knights():
    game = scenario(players=3)
    stark_board(game)
    lose(game, "crow-killers")  # Stark (lowest) is automatic; Baratheon has 3 Knights in one area
    assert units(game, "dragonstone") == ["footman", "footman", "footman", "knight"]
    assert units(game, "lannisport") == ["footman", "footman"]  # Lannister's only Knight


def test_crow_killers_everyone_else_chooses_which_knights():
    game = scenario(players=3)
    stark_board(game)
    put(game, "kingswood", "baratheon", "knight")
    lose(game, "crow-killers")
    d = decision(game, "baratheon", "crow_downgrade")
    assert {"downgrade": ["dragonstone", "kingswood"], "destroy": []} in d.options
    assert all(len(o["downgrade"]) == 2 for o in d.options)
    answer(game, "baratheon", {"downgrade": ["kingswood", "dragonstone"], "destroy": []})  # any order
    assert units(game, "kingswood") == ["footman", "footman"]
    assert units(game, "dragonstone") == ["footman", "footman", "knight", "knight"]


# --- Rattleshirt's Raiders -------------------------------------------------------------------------


def test_rattleshirts_raiders_night_watch_supply_up_one_not_past_six():
    game = scenario(players=3)
    win(game, "rattleshirts-raiders")
    assert game.state.houses["stark"].supply == 2
    game = scenario(players=3)
    game.state.houses["stark"].supply = 6
    win(game, "rattleshirts-raiders")
    assert game.state.houses["stark"].supply == 6


def test_rattleshirts_raiders_lowest_two_down_others_one_then_armies_reconciled():
    game = scenario(players=3)
    stark_board(game)
    s = game.state
    s.houses["stark"].supply = 2  # armies 3 and 2 allowed; 0 allows two armies of 2
    s.houses["baratheon"].supply = 1
    s.houses["lannister"].supply = 0
    lose(game, "rattleshirts-raiders")
    assert open_kinds(game) == [("stark", "reconcile")]
    assert [game.state.houses[h].supply for h in ("stark", "baratheon", "lannister")] == [0, 1, 0]
    answer(game, "stark", [["white-harbor", "footman"]])
    assert open_kinds(game) == [("baratheon", "reconcile")]  # 4 units at Dragonstone, supply now 0
    assert game.state.houses["baratheon"].supply == 0
    answer(game, "baratheon", [["dragonstone", "footman"], ["dragonstone", "knight"]])
    assert game.state.houses["lannister"].supply == 0  # never below 0
    assert planning_open(game)


# --- Massing on the Milkwater ----------------------------------------------------------------------


def test_massing_on_the_milkwater_night_watch_takes_the_discard_pile_back():
    game = scenario(players=3)
    hs = game.state.houses["stark"]
    hs.hand, hs.discard = hs.hand[2:], hs.hand[:2]
    win(game, "massing-on-the-milkwater")
    hs = game.state.houses["stark"]
    assert len(hs.hand) == 7 and hs.discard == []


def test_massing_on_the_milkwater_lowest_discards_every_highest_card():
    game = scenario(players=3)
    game.state.houses["stark"].hand = ["roose-bolton", "greatjon-umber", "the-blackfish"]
    game.state.houses["stark"].discard = ["eddard-stark", "robb-stark", "ser-rodrick-cassel", "catelyn-stark"]
    lose(game, "massing-on-the-milkwater")
    hs = game.state.houses["stark"]
    assert hs.hand == ["the-blackfish"] and {"roose-bolton", "greatjon-umber"} <= set(hs.discard)
    assert len(hs.discard) == 6


def test_massing_on_the_milkwater_lowest_with_one_card_keeps_it():
    game = scenario(players=3)
    game.state.houses["stark"].hand = ["eddard-stark"]
    lose(game, "massing-on-the-milkwater")
    assert game.state.houses["stark"].hand == ["eddard-stark"]


def test_massing_on_the_milkwater_lowest_whose_whole_hand_is_highest_takes_the_rest_back():
    game = scenario(players=3)
    hs = game.state.houses["stark"]
    hs.hand = ["roose-bolton", "greatjon-umber"]  # both strength 2
    hs.discard = ["eddard-stark", "robb-stark", "ser-rodrick-cassel", "the-blackfish", "catelyn-stark"]
    lose(game, "massing-on-the-milkwater")
    hs = game.state.houses["stark"]
    assert sorted(hs.discard) == ["greatjon-umber", "roose-bolton"]  # A9: the hand was emptied
    assert len(hs.hand) == 5


def test_massing_on_the_milkwater_everyone_else_discards_one_card_of_choice():
    game = scenario(players=3)
    game.state.houses["lannister"].hand = ["tywin-lannister"]  # a single card: nothing to do
    lose(game, "massing-on-the-milkwater")
    d = decision(game, "baratheon", "discard_one")
    assert len(d.options) == 7
    answer(game, "baratheon", "renly-baratheon")
    s = game.state
    assert "renly-baratheon" in s.houses["baratheon"].discard and len(s.houses["baratheon"].hand) == 6
    assert s.houses["lannister"].hand == ["tywin-lannister"]
    assert planning_open(game)


# --- A King Beyond the Wall ------------------------------------------------------------------------


def test_a_king_beyond_the_wall_night_watch_top_of_a_chosen_track():
    game = scenario(players=3)
    win(game, "a-king-beyond-the-wall")
    d = decision(game, "stark", "top_of_track")
    assert d.options == ["iron_throne", "fiefdoms", "kings_court"]
    answer(game, "stark", "iron_throne")
    assert game.state.iron_throne == ["stark", "baratheon", "lannister"]
    assert game.view(None)["dominance"]["iron_throne"] == "stark"


def test_a_king_beyond_the_wall_lowest_to_the_bottom_of_every_track_others_choose():
    game = scenario(players=3)
    lose(game, "a-king-beyond-the-wall")
    s = game.state
    assert s.iron_throne[-1] == s.fiefdoms[-1] == s.kings_court[-1] == "stark"  # the lowest goes first
    d = decision(game, "baratheon", "bottom_of_one")  # in Iron Throne order
    assert d.options == ["fiefdoms", "kings_court"] and open_kinds(game) == [("baratheon", "bottom_of_one")]
    answer(game, "baratheon", "fiefdoms")
    assert game.state.fiefdoms == ["lannister", "stark", "baratheon"]
    answer(game, "lannister", "kings_court")
    assert game.state.kings_court == ["baratheon", "stark", "lannister"]
    assert game.state.iron_throne == ["baratheon", "lannister", "stark"]


# --- Mammoth Riders --------------------------------------------------------------------------------


def test_mammoth_riders_night_watch_takes_back_one_card():
    game = scenario(players=3)
    hs = game.state.houses["stark"]
    hs.hand, hs.discard = hs.hand[2:], hs.hand[:2]  # Eddard and Robb discarded
    win(game, "mammoth-riders")
    d = decision(game, "stark", "retake_one")
    assert d.options == ["eddard-stark", "robb-stark", None] and d.default == "eddard-stark"
    answer(game, "stark", "robb-stark")
    assert "robb-stark" in game.state.houses["stark"].hand and game.state.houses["stark"].discard == ["eddard-stark"]


def test_mammoth_riders_lowest_destroys_three_everyone_else_two():
    game = scenario(players=3)
    stark_board(game)
    lose(game, "mammoth-riders")
    d = decision(game, "stark", "wildling_destroy")
    assert d.info["count"] == 3
    answer(game, "stark", [["white-harbor", "footman"], ["white-harbor", "footman"], ["the-shivering-sea", "ship"]])
    assert units(game, "white-harbor") == ["footman"] and units(game, "the-shivering-sea") == []
    d = decision(game, "baratheon", "wildling_destroy")
    assert d.info["count"] == 2
    answer(game, "baratheon", [["kingswood", "footman"], ["dragonstone", "knight"]])
    answer(game, "lannister", [["stoney-sept", "footman"], ["lannisport", "footman"]])
    assert units(game, "lannisport") == ["knight"] and units(game, "kingswood") == []
    assert planning_open(game)


def test_mammoth_riders_a_house_with_too_few_units_loses_them_all_without_a_question():
    game = scenario(players=3)
    clear(game)
    put(game, "winterfell", "stark", "footman", "knight")
    put(game, "dragonstone", "baratheon", "footman")
    put(game, "lannisport", "lannister", "footman", "footman", "knight")
    lose(game, "mammoth-riders")
    assert units(game, "winterfell") == [] and units(game, "dragonstone") == []
    answer(game, "lannister", [["lannisport", "footman"], ["lannisport", "footman"]])
    assert units(game, "lannisport") == ["knight"]
    assert planning_open(game)


# --- The Horde Descends ----------------------------------------------------------------------------


def test_the_horde_descends_night_watch_musters_in_one_castle():
    game = scenario(players=3)
    stark_board(game)
    game.state.houses["stark"].supply = 6
    win(game, "the-horde-descends")
    d = decision(game, "stark", "horde_muster")
    assert d.options == ["white-harbor", "winterfell"]
    answer(game, "stark", "winterfell")
    d = decision(game, "stark", "muster")
    assert list(d.info["areas"]) == ["winterfell"]
    with pytest.raises(IllegalAnswer):
        answer(game, "stark", [{"area": "white-harbor", "unit": "footman"}])
    answer(game, "stark", [{"area": "winterfell", "unit": "footman"}, {"area": "winterfell", "unit": "footman"}])
    assert units(game, "winterfell") == ["footman", "footman", "footman", "knight"]


def test_the_horde_descends_lowest_loses_two_in_one_castle_area():
    game = scenario(players=3)
    stark_board(game)
    lose(game, "the-horde-descends")
    d = decision(game, "stark", "wildling_destroy")
    assert d.info["one_area"] and sorted(d.info["units"]) == ["white-harbor", "winterfell"]
    with pytest.raises(IllegalAnswer, match="one of your castle"):
        answer(game, "stark", [["winterfell", "footman"], ["white-harbor", "footman"]])
    with pytest.raises(IllegalAnswer):
        answer(game, "stark", [["karhold", "knight"], ["the-shivering-sea", "ship"]])
    answer(game, "stark", [["winterfell", "footman"], ["winterfell", "knight"]])
    assert units(game, "winterfell") == [] and units(game, "karhold") == ["knight"]


def test_the_horde_descends_lowest_without_such_castle_loses_two_anywhere_others_one():
    game = scenario(players=3)
    clear(game)
    put(game, "winterfell", "stark", "footman")
    put(game, "karhold", "stark", "footman", "knight")
    put(game, "dragonstone", "baratheon", "footman", "knight")
    put(game, "lannisport", "lannister", "footman")
    lose(game, "the-horde-descends")
    d = decision(game, "stark", "wildling_destroy")
    assert not d.info["one_area"] and d.info["count"] == 2
    answer(game, "stark", [["winterfell", "footman"], ["karhold", "footman"]])
    d = decision(game, "baratheon", "wildling_destroy")
    assert d.info["count"] == 1
    answer(game, "baratheon", [["dragonstone", "footman"]])
    assert units(game, "lannisport") == []  # Lannister's single unit, without a question
    assert planning_open(game)


# --- Skinchanger Scout -----------------------------------------------------------------------------


def test_skinchanger_scout_night_watch_gets_its_bid_back():
    game = scenario(players=3)
    win(game, "skinchanger-scout")
    assert game.state.houses["stark"].power == 5


def test_skinchanger_scout_lowest_loses_all_others_two_or_what_they_have():
    game = scenario(players=3)
    game.state.houses["stark"].power = 4
    game.state.houses["lannister"].power = 2
    lose(game, "skinchanger-scout")  # after bidding: Stark 4, Baratheon 4, Lannister 1
    s = game.state
    assert (s.houses["stark"].power, s.houses["baratheon"].power, s.houses["lannister"].power) == (0, 2, 0)
    assert not in_attack(game)


@pytest.mark.parametrize("bad", [None, "winterfell", [["winterfell"]], [[["winterfell"], "footman"]],
                                 [["winterfell", 1]], [["winterfell", "footman"]] * 3])
def test_malformed_unit_losses_are_refused_cleanly(bad):
    game = scenario(players=3)
    stark_board(game)
    lose(game, "mammoth-riders")
    before = game.to_dict()
    with pytest.raises(IllegalAnswer):
        answer(game, "stark", bad)
    assert game.to_dict() == before


@pytest.mark.parametrize("bad", [None, {"downgrade": [["x"]], "destroy": []}, {"downgrade": [1, "a"]}, "karhold"])
def test_malformed_crow_killers_answers_are_refused_cleanly(bad):
    game = scenario(players=3)
    stark_board(game)
    put(game, "kingswood", "baratheon", "knight")
    lose(game, "crow-killers")
    with pytest.raises(IllegalAnswer):
        answer(game, "baratheon", bad)
