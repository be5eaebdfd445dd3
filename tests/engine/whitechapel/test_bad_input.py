"""Bad answers are refused in one line and change nothing (the helper ``refused`` checks both)."""

import json

import pytest

from engine.core import NotYourDecision, StaleDecision
from tests.engine.whitechapel.kit import FAR, answer, decision, hunt, new, night, refused

WATCHED = {**FAR, "yellow": "U4", "blue": "S5"}


def test_placements_that_break_a_rule() -> None:
    game = new()
    refused(game, 21, "cannot be a red circle")
    refused(game, True, "circle's number")
    refused(game, [57], "circle's number")
    refused(game, "fifty", "circle's number")
    answer(game, 57)
    refused(game, {"marked": [3, 21, 27, 65, 84, 147]}, "exactly 5")
    refused(game, {"marked": "3"}, "must be a list")
    refused(game, ["3"], "must map names")
    later = night(2, crimes=[[147]])
    refused(later, {"women": [3, 21, 27, 65, 84, 147, 149], "marked": [3, 21, 27, 65]}, "crime scene")


def test_moves_that_break_a_rule() -> None:
    game = hunt(at=57, policemen={**FAR, "brown": "U4"})
    refused(game, 40, "policeman stands on the way")
    refused(game, 57.0, "exactly as listed|not a choice")
    answer(game, "coach")
    answer(game, 40)
    refused(game, 57, "never ends where it started")
    alley = hunt(at=57)
    answer(alley, "alley")
    refused(alley, 1, "No block of houses")
    police = hunt(at=57, policemen={**FAR, "yellow": "U4", "red": "V4"})
    answer(police, 56)
    answer(police, "red")
    refused(police, "u4", "Another policeman already stands on U4")
    refused(police, "V44", "There is no crossing V44: did you mean")


def test_a_search_or_an_arrest_of_a_circle_not_joined_to_the_policeman() -> None:
    game = hunt(at=90, policemen=WATCHED)
    answer(game, decision(game).options[0])
    while game.state.turn.get("stage") != "act":
        answer(game, decision(game).default)
    answer(game, "yellow")
    answer(game, "clues")
    message = refused(game, 56, "56 is not next to the yellow policeman on U4")
    assert len(message) < 120


def test_an_answer_from_someone_not_asked_or_to_an_old_question() -> None:
    game = new(3)
    d = decision(game)
    before = json.dumps(game.to_dict())
    with pytest.raises(NotYourDecision, match="belongs to Jack the Ripper"):
        game.submit("detective_1", d.id, 57)
    with pytest.raises(StaleDecision, match="expired"):
        game.submit("jack", "999", 57)
    assert json.dumps(game.to_dict()) == before
    answer(game, 57)
    with pytest.raises(StaleDecision):
        game.submit("jack", d.id, 58)
