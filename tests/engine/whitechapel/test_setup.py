"""Set-up (checklist W1), Catch Me If You Can (O4) and the refused Letters (O6)."""

import json

import pytest

from engine.core import EngineError
from engine.whitechapel.board import board
from engine.whitechapel.rules import WHITECHAPEL
from tests.engine.whitechapel.kit import answer, decision, new, playout, public_texts, refused


def test_w1_1_jack_and_detectives_share_the_five_policemen_by_seat() -> None:
    assert WHITECHAPEL.roles(2, {}) == ["jack", "detective_1"]
    assert WHITECHAPEL.roles(6, {})[1:] == [f"detective_{i}" for i in range(1, 6)]
    game = new(3)
    assert game.players() == ["jack", "detective_1", "detective_2"]
    assert game.state.controllers == {"blue": "detective_1", "yellow": "detective_2", "brown": "detective_1",
                                      "red": "detective_2", "green": "detective_1"}
    assert set(new(2).state.controllers.values()) == {"detective_1"}
    assert sorted(new(6).state.controllers.values()) == [f"detective_{i}" for i in range(1, 6)]
    assert game.view(None)["public"]["controllers"] == game.state.controllers


def test_w1_2_the_hideout_is_chosen_in_secret_and_never_red() -> None:
    game = new()
    d = decision(game)
    assert (d.kind, d.player, d.secret) == ("hideout", "jack", True)
    assert 3 not in d.info["circles"] and 57 in d.info["circles"]
    refused(game, 3, "cannot be a red circle")
    refused(game, "196", "no circle 196")
    events = answer(game, "57")
    assert game.state.hideout == 57
    assert "57" not in public_texts(events)
    assert game.view("jack")["private"]["hideout"] == 57
    assert "hideout" not in game.view("detective_1")["public"] and game.view("detective_1")["private"] == {
        "decisions": []}


def test_w1_3_the_head_tiles_are_shuffled_at_set_up_and_stay_hidden() -> None:
    orders = {tuple(new(seed=seed).state.head_tiles) for seed in range(8)}
    assert len(orders) > 1 and all(sorted(o) == sorted(["blue", "yellow", "brown", "red", "green"]) for o in orders)
    game = new()
    public = json.dumps(game.view(None))
    assert game.view(None)["public"]["tiles_turned"] == []
    assert "head_tiles" not in public and "head_tiles" not in json.dumps(game.view("detective_1"))


def test_w1_4_four_nights_each_a_hell_then_a_hunting() -> None:
    game, events = next(r for seed in range(30) if (r := playout(2, seed))[0].state.winner == "jack")
    kinds = [e.kind for e in events if e.audience.kind == "public"]
    nights = [i for i, k in enumerate(kinds) if k == "night_start"]
    assert len(nights) == 4
    for start, end in zip(nights, nights[1:] + [len(kinds)]):
        part = kinds[start:end]
        assert part.index("women_placed") < part.index("alarm_whistles") < part.index("police_moved")
        assert "night_end" in part


def test_o4_catch_me_if_you_can_keeps_the_hideout_off_red_and_its_neighbours() -> None:
    b = board()
    near_red = b.moves(3)[0]
    far = next(c for c in sorted(b.circles) if c not in b.red and all(c not in b.moves(r) for r in b.red))
    game = new(catch_me_if_you_can=True)
    refused(game, near_red, "Catch Me If You Can")
    refused(game, 3, "red")
    answer(game, far)
    assert game.state.hideout == far
    plain = new()
    answer(plain, near_red)
    assert plain.state.hideout == near_red


def test_o6_letters_setting_is_refused_with_its_reason() -> None:
    assert WHITECHAPEL.default_settings()["letters"] is False
    with pytest.raises(EngineError, match="Goulston Street"):
        WHITECHAPEL.check_settings({"letters": True}, 3)
    with pytest.raises(EngineError, match="Unknown setting"):
        WHITECHAPEL.check_settings({"fog": True}, 3)
    with pytest.raises(EngineError, match="2 to 6"):
        WHITECHAPEL.check_settings({}, 7)
    assert WHITECHAPEL.check_settings({"rushing": True}, 2)["rushing"] is True
