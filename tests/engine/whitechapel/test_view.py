"""The views follow the whitelist at the top of engine/whitechapel/view.py: these keys and nothing else."""

import json

from engine.whitechapel.game import Game
from tests.engine.whitechapel.kit import FAR, answer, decision, hunt, new
from tests.engine.whitechapel.test_hunting import WATCHED, acting

PUBLIC = {"board", "night", "phase", "head", "tiles_turned", "controllers", "policemen", "patrols", "women",
          "wretched", "crime_scenes", "clues", "false_clues", "searched", "clue_trails", "track", "waiting", "winner",
          "reason"}
TRACK = {"time_of_the_crime", "square", "moves_used", "last_square", "specials", "coaches_left", "alleys_left",
         "false_clues_in_hand"}


def test_the_public_view_holds_the_whitelisted_fields_only() -> None:
    game = new(3)
    answer(game, 57)
    answer(game, {"marked": [3, 21, 27, 65, 84]})
    public = game.view(None)
    assert set(public) == {"public"} and set(public["public"]) == PUBLIC
    assert set(public["public"]["track"]) == TRACK
    assert public["public"]["waiting"] == [{"player": game.state.head(), "kind": "patrols",
                                            "label": "The Head places the patrols"}]


def test_each_player_adds_only_his_own_facts_and_question() -> None:
    game = new(3)
    answer(game, 57)
    answer(game, {"marked": [3, 21, 27, 65, 84]})
    answer(game, decision(game).default)
    head = game.state.head()
    other = next(p for p in game.players()[1:] if p != head)
    assert set(game.view("jack")["private"]) == {"hideout", "paths", "marked", "decisions"}
    assert set(game.view(head)["private"]) == {"patrols", "decisions"}
    assert set(game.view(other)["private"]) == {"decisions"}
    assert [d["kind"] for d in game.view("jack")["private"]["decisions"]] == ["kill"]
    assert game.view(other)["private"]["decisions"] == []


def test_the_end_of_the_game_adds_the_hideout_and_rows_to_the_public_view() -> None:
    game = hunt(at=57, hideout=56, night=4)
    answer(game, "escape")
    assert set(game.view(None)["public"]) == PUBLIC | {"hideout", "paths"}


def test_tonights_empty_searches_and_every_nights_clue_trail_are_public_until_the_night_ends() -> None:
    game = hunt(at=57, path=[73, 57], hideout=56, policemen=WATCHED)
    answer(game, "alley")
    answer(game, 19)
    acting(game)
    answer(game, "yellow")
    answer(game, "clues")
    answer(game, 40)  # no clue; 57 is then named by force and holds one
    answer(game, "blue")
    answer(game, "clues")  # 56 alone is left to name: not on the row
    public = game.view(None)["public"]
    assert public["searched"] == [40, 56] and public["clues"] == [57] and public["clue_trails"] == [[57]]
    reloaded = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert reloaded.view(None) == game.view(None)
    while game.state.night == 1 and not game.over:
        answer(game, decision(game).default)
    public = game.view(None)["public"]
    assert public["searched"] == [] and public["clues"] == [] and public["clue_trails"][0][0] == 57


def test_the_clue_trail_keeps_the_order_the_clues_were_found_in() -> None:
    game = hunt(at=57, path=[57, 40, 19], night=2, policemen=FAR)
    game.state.clue_found(19)
    game.state.clue_found(40)
    game.settle()
    public = game.view(None)["public"]
    assert public["clues"] == [19, 40] and public["clue_trails"] == [[], [19, 40]]


def test_a_save_from_before_the_searched_circles_reloads_with_none() -> None:
    game = hunt(at=57, policemen=FAR)
    raw = game.to_dict()
    del raw["searched"], raw["trails"]
    reloaded = Game.from_dict(raw)
    reloaded.state.clue_found(57)
    assert reloaded.view(None)["public"]["searched"] == [] and reloaded.view(None)["public"]["clue_trails"] == [[57]]
