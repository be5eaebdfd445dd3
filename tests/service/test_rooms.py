"""The rooms registry (``bot/games/rooms.py``) and A Game of Thrones' room: what the service asks of a game's own
pieces, found by the game's stored name."""

from __future__ import annotations

import pytest

from bot.games.agot.room import AgotRoom
from bot.games.rooms import room
from engine.core import Decision, IllegalAnswer
from engine.registry import rules


def test_a_game_s_room_is_found_by_its_stored_name_and_none_is_agot() -> None:
    assert room(None) is room("agot")
    assert isinstance(room("agot"), AgotRoom)
    assert room("agot").rules is rules("agot")


def test_an_unknown_game_is_refused_in_one_line() -> None:
    with pytest.raises(IllegalAnswer, match="Unknown game 'chess'"):
        room("chess")


def test_the_agot_settings_form_keeps_the_stored_shape_and_refuses_bad_values() -> None:
    form = room("agot")
    assert form.check_settings({}, 4) == {"tides_of_battle": False, "tiebreak": "rb2"}
    assert form.check_settings({"tiebreak": "faq"}, 7) == {"tides_of_battle": False, "tiebreak": "faq",
                                                          "setup": "7"}
    for bad, words in [({"setup": "9"}, "setup must be"), ({"tiebreak": "x"}, "tiebreak must be"),
                       ({"vassals": ["stark"]}, "Unknown setting 'vassals'")]:
        with pytest.raises(IllegalAnswer, match=words):
            form.check_settings(bad, 4)
    with pytest.raises(IllegalAnswer, match="3 to 6 players, or 4 to 8"):
        form.check_settings({}, 9)


def test_the_deal_gives_wishes_first_and_is_the_same_for_the_same_seed() -> None:
    agot = room("agot")
    members = ["1", "2", "3", "4", "5"]
    dealt = agot.deal(members, {"2": "stark"}, 7, {"setup": "7"})
    assert dealt == agot.deal(members, {"2": "stark"}, 7, {"setup": "7"})
    assert dealt["roles"]["2"] == "stark" and len(set(dealt["roles"].values())) == 5
    houses = agot.choosable(5, {"setup": "7"})
    assert sorted(dealt["settings"]["vassals"]) == sorted(set(houses) - set(dealt["roles"].values()))
    assert "vassals" not in agot.deal(members, {}, 7, {})["settings"]  # the base game has none


def test_a_vassal_s_decision_is_named_for_the_vassal() -> None:
    plain = Decision(id="d1", player="stark", kind="orders", prompt="", label="orders")
    vassal = Decision(id="d2", player="stark", kind="orders", prompt="", label="orders", info={"vassal": "martell"})
    assert room("agot").label(plain) == "orders"
    assert room("agot").label(vassal) == "orders for vassal Martell"


def test_the_agot_feed_closes_a_combat_and_shows_the_board() -> None:
    feed = room("agot").feed
    assert feed.closes("combat_end") == "combat" and feed.closes("march") is None
    shown = feed.board([{"kind": "combat_end", "text": "The combat ends.", "data": {}}])
    assert shown == {"caption": "The combat ends.", "highlights": {}}
    assert feed.stage_of({"kind": "round", "data": {"round": 3}}) == (3, "westeros")
