"""A game's front (bot/games/front.py): the registry, and AGoT's board, text answers and settings form."""

from __future__ import annotations

import discord
import pytest

from bot.frontend.help import TOPICS as EVERY_GAME
from bot.games.front import Front, Refused
from bot.games.fronts import front, playable
from engine.agot.game import Game
from engine.registry import names, rules


def test_the_registry_finds_a_front_by_the_games_stored_name():
    agot: Front = front("agot")
    assert agot.name == "agot" and front(None) is agot  # games stored before games had names
    assert set(playable()) <= set(names()) and "agot" in playable()
    with pytest.raises(Refused, match="Unknown game 'chess'"):
        front("chess")


def test_agot_draws_a_view_with_its_caption_and_facts():
    view = Game.new(3, seed=1).view(None)
    image = front("agot").board(view)
    assert image.png.startswith(b"\x89PNG") and image.caption == "round 1 · planning"
    assert image.fields and all(name and value for name, value in image.fields)


def test_agot_reads_its_settings_form():
    form = front("agot").settings
    assert form("", 3) == {"houses": "random", "tides_of_battle": False, "tiebreak": "rb2",
                           "deadlines": {"orders": 24 * 3600}}
    assert form("houses:chosen, Tides:ON tiebreak:faq orders:36", 4) == {
        "houses": "choose", "tides_of_battle": True, "tiebreak": "faq", "deadlines": {"orders": 36 * 3600}}
    assert form("setup:7", 5)["setup"] == "7" and form("", 8)["setup"] == "8"  # 7 and 8: their own set-up
    assert "setup" not in form("setup:base", 6)
    for bad, words in [("houses:mine", "houses takes random or chosen"), ("tides", "'tides' is not a setting"),
                       ("setup:base", "base game takes 3 to 6"), ("orders:0", "orders takes hours from 1"),
                       ("tides:on tides:off", "given twice"), ("colour:red", "'colour:red' is not a setting")]:
        with pytest.raises(Refused, match=words):
            form(bad, 7 if bad == "setup:base" else 4)


def test_agot_completes_its_settings_form_as_it_is_typed():
    choices = front("agot").settings_choices
    assert choices("houses:chosen ti") == ["houses:chosen tides:off", "houses:chosen tides:on",
                                           "houses:chosen tiebreak:rb2", "houses:chosen tiebreak:faq"]
    assert choices("setup:") == ["setup:base", "setup:7", "setup:8"]
    assert all("houses" not in c.split()[-1] for c in choices("houses:random "))
    assert choices("nonsense ") == []  # a bad part: no suggestion, the command refuses it in words
    assert len(choices("")) <= 25


def test_agot_says_its_settings_back():
    words = front("agot").settings_words({"houses": "choose", "tides_of_battle": True, "tiebreak": "faq",
                                          "setup": "7", "vassals": ["martell"]})
    assert words == (", houses chosen when joining, Tides of Battle on, tie-breaks: FAQ ruling, Mother of Dragons "
                     "7-house set-up (vassals: Martell)")


@pytest.mark.parametrize("name", playable())
def test_every_front_keeps_to_discords_limits_and_its_own_shape(name):
    """What every game's front must hold for the generic front end (a new game's front is checked here too)."""
    game = front(name)
    shelf = rules(name)
    assert game.title == shelf.title and "overview" in game.topics and game.phases
    assert all(len(f"📖 **{title}**\n{body}") <= 2000 for title, body in game.topics.values())
    assert not set(game.topics) & set(EVERY_GAME)  # the pages of every game keep their names
    assert isinstance(game.settings("", shelf.min_players), dict)  # the defaults need no words
    suggested = game.settings_choices("")
    assert len(suggested) <= 25 and all(0 < len(c) <= 100 for c in suggested)
    assert all(issubclass(item, discord.ui.DynamicItem) for item in game.items)
    group = game.group()
    if group is not None:
        assert group.name == name and len(group.commands) <= 25
        for command in group.walk_commands():
            assert command.name == command.name.lower() and len(command.parameters) <= 25 and command.description
            assert all(p.description and p.description != "…" for p in command.parameters), command.name
        assert group.name not in {"game", "game-manage"}


def test_a_games_headlines_stand_out_in_a_list_of_events():
    from bot.frontend.text import event_lines

    events = [{"kind": "round", "text": "Round 2 begins."}, {"kind": "raid", "text": "Stark raids Karhold."}]
    assert event_lines(events, front("agot").headlines) == ["**Round 2 begins.**", "Stark raids Karhold."]
    assert event_lines(events) == ["Round 2 begins.", "Stark raids Karhold."]  # the generic list names no kind
