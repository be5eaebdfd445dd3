"""Letters from Whitechapel's front (bot/games/whitechapel/front.py): its text grammar and one-line refusals, its
titles, seats, settings form, board captions and facts, and its own prompt components within Discord's limits,
answered step by step into answers the engine accepts."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.frontend.components import DYNAMIC_ITEMS
from bot.frontend.components import prompt_view as any_prompt_view
from bot.games.front import Front, Refused
from bot.games.fronts import front
from bot.games.whitechapel import prompts
from bot.games.whitechapel.autopilot import Autopilot
from engine.whitechapel.board import board
from engine.whitechapel.game import Game
from engine.whitechapel.rules import WHITECHAPEL

WC: Front = front("whitechapel")


def open_decision(game: Game) -> dict[str, Any]:
    decision = game.decision()
    assert decision is not None
    return decision.to_dict()


def play_until(game: Game, kind: str, seed: int = 3) -> dict[str, Any]:
    """Answer as the autopilot until a decision of ``kind`` is open."""
    pilot = Autopilot(seed)
    for _ in range(2000):
        d = open_decision(game)
        if d["kind"] == kind:
            return d
        game.submit(d["player"], d["id"], pilot.answer(game.view(d["player"]), d))
    raise AssertionError(f"no {kind} decision")


def test_circles_crossings_and_options_are_read_as_written():
    game = Game.new(3, WHITECHAPEL.default_settings(), seed=5)
    hideout = open_decision(game)
    assert WC.text_answer(hideout, " 57 ") == 57
    for words, reason in [("fifty", "'fifty' is not a circle: write its number, like 57"),
                          ("300", "there is no circle 300 on the board (1 to 195)")]:
        with pytest.raises(Refused, match=re.escape(reason)):
            WC.text_answer(hideout, words)
    move = {"kind": "police_move", "options": ["F7", "F7b", "G8"], "player": "detective_1"}
    assert WC.text_answer(move, "f7B") == "F7b" and WC.text_answer(move, "g 8") == "G8"
    with pytest.raises(Refused, match="'H9' is not a choice here: write one of F7, F7b, G8"):
        WC.text_answer(move, "H9")
    jack = {"kind": "jack_move", "options": [45, 57, "escape", "coach"], "player": "jack"}
    assert WC.text_answer(jack, "57") == 57 and WC.text_answer(jack, "Coach") == "coach"
    address = {"kind": "address", "options": None, "player": "detective_1"}
    assert WC.text_answer(address, "None") == "none" and WC.text_answer(address, "12") == 12


def test_a_crossing_near_miss_gets_the_engines_did_you_mean():
    with pytest.raises(Refused, match=r"There is no crossing F7x: did you mean .*F7"):
        WC.text_answer({"kind": "patrols", "options": None}, "F7x:blue")


def test_the_women_are_written_with_stars_and_the_engine_takes_them():
    game = Game.new(3, WHITECHAPEL.default_settings(), seed=5)
    hideout = open_decision(game)
    game.submit("jack", hideout["id"], WC.text_answer(hideout, "1"))
    women = open_decision(game)
    free = women["info"]["free"]
    assert women["kind"] == "women" and len(free) == women["info"]["women"] == 8  # night 1: every red circle
    words = " ".join(f"{c}*" if i < 5 else str(c) for i, c in enumerate(free))
    assert WC.text_answer(women, words) == {"women": free, "marked": free[:5]}
    assert WC.text_answer(women, " ".join(f"{c}*" for c in free[:5])) == {"marked": free[:5]}
    for bad, reason in [("3 x*", "'x' is not a woman's circle"), ("3 21", "mark 5 of them with a star"),
                        ("*", "write the women's circles with a star")]:
        with pytest.raises(Refused, match=reason):
            WC.text_answer(women, bad)
    game.submit("jack", women["id"], WC.text_answer(women, words))
    assert sorted(game.state.marked) == sorted(free[:5])


def test_the_patrols_are_written_crossing_and_token_and_the_engine_takes_them():
    game = Game.new(3, WHITECHAPEL.default_settings(), seed=5)
    patrols = play_until(game, "patrols")
    must = patrols["info"]["must"]
    words = " ".join(f"{c.lower()}:{t}" for c, t in zip(must, ["blue", "yellow", "brown", "red", "green", "fake",
                                                               "fake"]))
    answer = WC.text_answer(patrols, words)
    assert answer == dict(zip(["blue", "yellow", "brown", "red", "green", "fake_1", "fake_2"], must))
    assert WC.text_answer(patrols, f"blue:{must[0]} " + " ".join(words.split()[1:])) == answer  # token:crossing
    for bad, reason in [(f"{must[0]}:blue", "missing: yellow, brown, red, green, fake, fake"),
                        (f"{must[0]}:purple", "names no token"), (f"{must[0]} blue", "write each crossing"),
                        (f"{must[0]}:fake {must[1]}:fake {must[2]}:fake", "only two fake tokens"),
                        (f"{must[0]}:blue {must[1]}:blue", "the blue token is placed twice")]:
        with pytest.raises(Refused, match=reason):
            WC.text_answer(patrols, bad)
    game.submit(patrols["player"], patrols["id"], answer)
    assert game.state.patrols == {c: t for t, c in answer.items()}


def test_every_refusal_is_one_line_and_says_what_to_write():
    for decision, words in [({"kind": "women", "options": None, "info": {}}, "a b"),
                            ({"kind": "patrols", "options": None}, "nonsense"),
                            ({"kind": "hideout", "options": None}, "home")]:
        with pytest.raises(Refused) as refused:
            WC.text_answer(decision, words)
        assert "\n" not in str(refused.value) and ("write" in str(refused.value) or "like 57" in str(refused.value))


def test_titles_name_the_seat_and_what_it_answers():
    assert WC.title_of({"kind": "jack_move", "player": "jack", "label": "Jack's move"}) == "🔪 Jack: your move"
    assert WC.title_of({"kind": "police_move", "player": "detective_1", "label": "The blue policeman's move"}) == \
        "🚨 Detective 1: blue policeman's move"
    assert WC.title_of({"kind": "patrols", "player": "detective_3", "label": "x"}) == \
        "🚨 Detective 3: place the patrols"
    assert WC.title_of({"kind": "wretched", "player": "detective_2", "label": "The wretched at 57"}) == \
        "🚨 Detective 2: move the wretched at 57"
    assert WC.topic_of({"kind": "coach_first", "player": "jack"}) == "moves"
    assert WC.topic_of({"kind": "search", "player": "detective_2"}) == "detectives"


def test_seats_by_name_in_any_case():
    assert [WC.seat_id(w) for w in ("jack", "Jack", "JACK THE RIPPER", "detective 2", "Detective_3", "d4",
                                    "detective 9", "watson")] == ["jack", "jack", "jack", "detective_2",
                                                                  "detective_3", "detective_4", None, None]
    assert [WC.seat_name(s) for s in ("jack", "detective_2", "detectives")] == ["Jack", "Detective 2",
                                                                               "The detectives"]


def test_the_settings_form_reads_completes_and_says_back():
    defaults = WC.settings("", 2)
    assert defaults == WHITECHAPEL.default_settings() and not any(defaults.values())
    on = WC.settings("Rushing, area_arrests false_clues catch_me i_know_your_address private_thread", 4)
    assert {k for k, v in on.items() if v} == {"rushing", "area_arrests", "false_clues", "catch_me_if_you_can",
                                              "i_know_your_address", "detectives_private_thread"}
    assert WC.settings("rushing:off false_clues:on", 3)["false_clues"] is True
    assert WC.settings("seats:chosen rushing", 3) == {**WC.settings("rushing", 3), "houses": "choose"}
    for bad, words, players in [("tides", "'tides' is not an optional rule: write rule words", 3),
                                ("letters", "Jack's Letters cannot be played here", 3),
                                ("rushing rushing", "'rushing' is given twice", 3),
                                ("rushing:maybe", "a rule is on or off", 3),
                                ("seats:mine", "write seats:chosen", 3),
                                ("", "takes 2 to 6 players", 7)]:
        with pytest.raises(Refused, match=words):
            WC.settings(bad, players)
    assert WC.settings_choices("rushing ca") == ["rushing catch_me"]
    assert WC.settings_choices("rushing se") == ["rushing seats:chosen"]
    assert "rushing" not in " ".join(c.split()[-1] for c in WC.settings_choices("rushing "))
    assert WC.settings_choices("nonsense ") == []
    assert WC.settings_words(on) == (", optional rules: False Clues, Rushing, area arrests, Catch Me If You Can, I "
                                     "Know Your Address, the detectives' private thread")
    assert WC.settings_words(defaults) == ", no optional rule"
    assert WC.settings_words({"houses": "choose"}) == ", no optional rule, seats chosen when joining"


def test_the_board_has_its_caption_and_keeps_each_seats_secrets_beside_it():
    game = Game.new(3, WHITECHAPEL.default_settings(), seed=5)
    play_until(game, "jack_move")
    public = WC.board(game.view(None))
    assert public.png.startswith(b"\x89PNG") and public.caption == "night 1 · hunting"
    jack = WC.board(game.view("jack"))
    hideout = str(game.state.hideout)
    assert any(name.startswith("🔒") and f"hideout {hideout}" in value for name, value in jack.fields)
    assert not any("🔒" in name or "hideout" in value for name, value in public.fields)
    track = dict(public.fields)["Move track"]
    assert track.startswith("Time of the Crime ") and f"Jack: square {game.state.square()} of 15" in track
    assert WC.board(Game.new(2, {}, seed=1).view(None)).caption == "before the first night · the hideout"
    assert "night_start" in WC.headlines and "murder" in WC.headlines


def parts(view: discord.ui.View) -> list[Any]:
    """A view's buttons and selects (a DynamicItem's own item)."""
    return [getattr(child, "item", child) for child in view.children]


def limits(view: discord.ui.View) -> None:
    """Discord's limits on one message's components: 5 rows of 5 buttons or one select; a select of 1 to 25
    options of 100 characters; custom ids of 100."""
    rows = view.to_components()
    assert 1 <= len(rows) <= 5 and all(len(row["components"]) <= 5 for row in rows)
    for item in parts(view):
        assert len(item.custom_id or "") <= 100
        if isinstance(item, discord.ui.Select):
            assert 1 <= len(item.options) <= 25 and len(item.placeholder or "") <= 150
            assert all(len(o.label) <= 100 for o in item.options) and item.max_values <= len(item.options)
        else:
            assert len(item.label or "") <= 80


@pytest.mark.asyncio
async def test_every_prompt_of_a_whole_game_keeps_to_discords_limits():
    game = Game.new(6, {"rushing": True, "false_clues": True, "i_know_your_address": True}, seed=11)
    pilot, kinds = Autopilot(7), set()
    while not game.over:
        d = open_decision(game)
        view = any_prompt_view(WC, 1, d)
        assert view is not None
        limits(view)
        kinds.add(d["kind"])
        game.submit(d["player"], d["id"], pilot.answer(game.view(d["player"]), d))
    assert {"hideout", "women", "patrols", "jack_move", "police_move", "police_action"} <= kinds


@pytest.mark.asyncio
async def test_a_circle_is_picked_by_its_range_then_itself():
    game = Game.new(3, {"catch_me_if_you_can": True}, seed=5)
    d = open_decision(game)
    first = prompts.prompt_view(1, d)
    assert first is not None
    ranges = [item for item in parts(first) if isinstance(item, discord.ui.Select)][0]
    allowed = d["info"]["circles"]
    assert len(allowed) > 25 and [o.label for o in ranges.options][:2] == [
        f"Circles {allowed[0]}-{allowed[24]}", f"Circles {allowed[25]}-{allowed[49]}"]
    spans = prompts.ranges(allowed)
    assert sum(len([c for c in allowed if a <= c <= b]) for a, b in spans) == len(allowed)
    assert all(len([c for c in allowed if a <= c <= b]) <= 25 for a, b in spans)


@pytest.mark.asyncio
async def test_the_patrol_steps_always_lead_to_an_answer_the_engine_takes():
    for night_seed in (5, 6):
        game = Game.new(4, {}, seed=night_seed)
        for _ in range(2):  # night 1 (yellow crossings) and night 2 (where the policemen stood, two yellow)
            d = play_until(game, "patrols", seed=night_seed)
            picks: list[str] = []
            while len(picks) < 7:
                free = prompts.places(d, picks)
                step = prompts.PatrolSelect(1, d["id"], picks, free)
                limits(prompts.step_view(1, d["id"], step))
                picks.append(free[-1])  # the last offered: fills the yellow crossings before the must ones
            game.submit(d["player"], d["id"], dict(zip(["blue", "yellow", "brown", "red", "green", "fake_1",
                                                        "fake_2"], picks)))
            assert sorted(game.state.patrols) == sorted(picks)


@pytest.mark.asyncio
async def test_women_among_more_free_circles_are_chosen_then_marked():
    """A wretched killed off the red circles leaves more free red circles than women: both steps are asked."""
    decision = {"id": "9", "kind": "women", "player": "jack", "options": None,
                "info": {"free": [3, 21, 27, 65, 84, 147, 149, 158], "women": 7, "marked": 4}}
    first = prompts.prompt_view(1, decision)
    assert first is not None
    limits(first)
    women = next(p for p in parts(first) if isinstance(p, discord.ui.Select))
    assert women.custom_id == "wc:w:1:9" and women.min_values == women.max_values == 7 and len(women.options) == 8
    step = prompts.step_view(1, "9", prompts.MarkedSelect(1, "9", [3, 21, 27, 65, 84, 147, 149], 4))
    limits(step)
    marked = next(p for p in parts(step) if isinstance(p, discord.ui.Select))
    assert marked.custom_id == "wc:m:1:9:3.21.27.65.84.147.149" and marked.min_values == marked.max_values == 4
    assert [p.custom_id for p in parts(step)][1:] == ["wc:x:1:9", "agot:d:1:9"]  # start again, the default


@pytest.mark.asyncio
async def test_each_component_is_found_again_by_its_own_template_alone():
    """After a restart a click finds its item by the custom id's template: each of the front's items matches its
    own ids and no other item's (the generic ones included)."""
    made = [prompts.RangeSelect(12, "34", [(1, 28)]), prompts.CircleSelect(12, "34", [57]),
            prompts.WomenSelect(12, "34", [3, 21], 2), prompts.MarkedSelect(12, "34", [3, 21, 27], 2),
            prompts.PatrolSelect(12, "34", ["F12", "Q10c", "U11b"], ["K4"]), prompts.RestartButton(12, "34")]
    assert {type(m) for m in made} == set(WC.items)
    for item in made:
        cid = item.item.custom_id
        assert cid and len(cid) <= 100
        owners = [kind for kind in (*WC.items, *DYNAMIC_ITEMS) if kind.__discord_ui_compiled_template__.fullmatch(cid)]
        assert owners == [type(item)], cid


@pytest.mark.asyncio
async def test_a_policemans_crossings_are_a_menu_that_says_what_he_would_search():
    game = Game.new(3, {}, seed=5)
    d = play_until(game, "police_move")
    view = WC.prompt_view(1, d)
    assert view is not None
    limits(view)
    menus = parts(view)
    options = [o for menu in menus for o in menu.options]
    assert [o.label for o in options] == d["options"] and [o.value for o in options] == [
        str(i) for i in range(len(d["options"]))]  # the generic ChoiceSelect: an index among the options
    at = d["info"]["at"]
    stay = options[d["options"].index(at)]
    assert stay.description == "stays here · searches " + ", ".join(map(str, board().circles_at(at)))
