"""Letters from Whitechapel's room, found by the game's stored name: its settings form, the deal of Jack and the
detectives, the decisions' public labels, the feed's steps and the autopilot it hands the service."""

from __future__ import annotations

import pytest

from bot.games.rooms import room
from bot.games.whitechapel.autopilot import Autopilot
from bot.games.whitechapel.room import WhitechapelRoom
from engine.core import Decision, IllegalAnswer
from engine.registry import rules

OPTIONAL = ("false_clues", "rushing", "area_arrests", "catch_me_if_you_can", "i_know_your_address", "letters")


def test_the_room_is_found_by_the_game_s_stored_name() -> None:
    found = room("whitechapel")
    assert isinstance(found, WhitechapelRoom) and found.rules is rules("whitechapel")
    assert found.settings_keys == frozenset(OPTIONAL) | {"detectives_private_thread"}
    assert found.calculator is None
    assert isinstance(found.autopilot(3), Autopilot)


def test_the_settings_form_completes_the_defaults_and_refuses_bad_values_in_one_line() -> None:
    form = room("whitechapel")
    assert form.check_settings({}, 3) == {key: False for key in form.settings_keys}
    assert form.check_settings({"rushing": True, "detectives_private_thread": True}, None)["rushing"] is True
    for bad, words in [({"houses": "random"}, "Unknown setting 'houses'"), ({"rushing": "yes"}, "on or off"),
                       ({"letters": True}, "Jack's Letters cannot be played")]:
        with pytest.raises(IllegalAnswer, match=words) as refused:
            form.check_settings(bad, 3)
        assert "\n" not in str(refused.value)
    with pytest.raises(IllegalAnswer, match="2 to 6 players"):
        form.check_settings({}, 7)
    with pytest.raises(IllegalAnswer, match="2 to 6 players"):
        form.choosable(1, {})
    assert form.choosable(4, {}) == ["jack", "detective_1", "detective_2", "detective_3"]


def test_the_deal_gives_wishes_first_the_rest_at_random_and_the_same_for_the_same_seed() -> None:
    table = room("whitechapel")
    members = ["11", "12", "13", "14"]
    dealt = table.deal(members, {"13": "jack"}, 7, {"rushing": True})
    assert dealt == table.deal(members, {"13": "jack"}, 7, {"rushing": True})
    assert dealt["roles"]["13"] == "jack" and dealt["settings"] == {"rushing": True}
    assert sorted(dealt["roles"].values()) == ["detective_1", "detective_2", "detective_3", "jack"]
    jacks = {next(m for m, r in table.deal(members, {}, seed, {})["roles"].items() if r == "jack")
             for seed in range(30)}
    assert jacks == set(members)  # Jack dealt at random: anyone may get him
    with pytest.raises(IllegalAnswer, match="no role 'detective_9'"):
        table.deal(members, {"11": "detective_9"}, 7, {})
    with pytest.raises(IllegalAnswer, match="Jack the Ripper was asked for twice"):
        table.deal(members, {"11": "jack", "12": "jack"}, 7, {})


def test_a_decision_is_named_by_its_public_label() -> None:
    d = Decision(id="4", player="detective_1", kind="police_move", prompt="", label="The blue policeman's move")
    assert room("whitechapel").label(d) == "The blue policeman's move"


def test_the_feed_says_which_events_close_a_post_and_begin_a_night() -> None:
    feed = room("whitechapel").feed
    assert feed.closes("alarm_whistles") == "alarm" and feed.closes("police_moved") is None
    assert feed.table_wide == frozenset()
    assert feed.stage_of({"kind": "night_start", "data": {"night": 2}}) == (2, "women")
    assert feed.stage_of({"kind": "murder", "data": {}}) is None
    assert feed.board([{"kind": "night_end", "text": "", "data": {"night": 1}}]) == {
        "caption": "Night 1: The night is over.", "highlights": {}}
    assert feed.board([{"kind": "murder", "text": "", "data": {}}]) is None


def test_default_deadlines_are_the_games_own() -> None:
    """A table's deadlines start from its game's room (AGoT's orders have a day; Whitechapel names no kind), and a
    table's own ``default`` replaces them all."""
    from bot.service.settings import normalize

    assert normalize({}, 3, "whitechapel")["deadlines"] == {"default": 12 * 3600.0}
    assert normalize({}, 3, "agot")["deadlines"]["orders"] == 24 * 3600.0
    assert normalize({"deadlines": {"default": 60}}, 3, "agot")["deadlines"] == {"default": 60}
