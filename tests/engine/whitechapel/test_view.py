"""The views follow the whitelist at the top of engine/whitechapel/view.py: these keys and nothing else."""

from tests.engine.whitechapel.kit import answer, decision, hunt, new

PUBLIC = {"board", "night", "phase", "head", "tiles_turned", "controllers", "policemen", "patrols", "women",
          "wretched", "crime_scenes", "clues", "false_clues", "track", "waiting", "winner", "reason"}
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
