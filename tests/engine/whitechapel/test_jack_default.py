"""Jack's move at the deadline heads home: the escape when home is one street away, else the circle fewest moves
from his hideout (docs/decisions.md, "jack_move")."""

from tests.engine.whitechapel.kit import FAR, answer, decision, hunt


def test_the_default_move_is_the_circle_nearest_the_hideout_not_the_lowest() -> None:
    game = hunt(at=57, hideout=90, policemen=FAR)
    d = decision(game)
    assert d.options[0] == 40 and d.default == 73  # 73 is one move from 90, every other circle two or more


def test_the_default_is_the_escape_when_home_is_one_street_away() -> None:
    game = hunt(at=57, hideout=56, policemen=FAR)
    assert decision(game).default == "escape"


def test_defaults_alone_bring_jack_home_by_the_shortest_way() -> None:
    game = hunt(at=57, hideout=90, policemen=FAR)
    while game.state.night == 1:
        answer(game, decision(game).default)
    assert game.state.paths[0] == [57, 73, 90]
