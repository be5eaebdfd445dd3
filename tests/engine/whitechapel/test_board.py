"""The Letters from Whitechapel board: the sources agree, the rulebook's example holds, names and moves work."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import IllegalAnswer
from engine.whitechapel.board import DATA, Board, board
from tools import convert_whitechapel as convert

needs_sources = pytest.mark.skipif(not convert.DEFAULT_SOURCE.is_dir(), reason="shared reference folder absent")


def crossing_touching(*circles: int) -> str:
    return next(n for n, c in board().crossings.items() if set(c.circles) == set(circles))


@needs_sources
def test_the_committed_board_is_what_the_sources_give() -> None:
    # convert() stops on any disagreement beyond the settled ones; its output must be the committed file
    assert convert.convert(convert.DEFAULT_SOURCE) == json.loads(DATA.read_text(encoding="utf-8"))


def drop_first_move(raw: dict[str, Any]) -> None:
    raw["moves"] = raw["moves"][1:]


def add_alley_35_39(raw: dict[str, Any]) -> None:
    raw["alleys"].append([35, 39])


def drop_a_carriage(raw: dict[str, Any]) -> None:
    raw["carriages"].pop()


def add_another_odd_alley(raw: dict[str, Any]) -> None:
    raw["alleys"].append([1, 195])


def make_circle_1_red(raw: dict[str, Any]) -> None:
    next(n for n in raw["nodes"] if n["circle"] == 1)["red"] = True


def link_two_far_crossings(raw: dict[str, Any]) -> None:
    raw["crossing_links"].append(["0.2", "0.3"])


def let_crossing_44_59_touch_44_in_the_circle_table(raw: dict[str, Any]) -> None:
    next(c for c in raw["circles"] if c["circle"] == 44)["crossings"].append("44,59.2")


@needs_sources
@pytest.mark.parametrize(("name", "change", "reason"), [
    ("moves_dienes.json", drop_first_move, "regular moves"),
    ("moves_dienes.json", add_alley_35_39, "alleys"),
    ("moves_dienes.json", drop_a_carriage, "carriage"),
    ("whitechapelR.json", add_another_odd_alley, "whitechapelR adds"),
    ("streets.json", make_circle_1_red, "red circles"),
    ("whitechapelai.json", link_two_far_crossings, "police steps"),
    ("whitechapelai.json", let_crossing_44_59_touch_44_in_the_circle_table, "circle table"),
])
def test_a_source_disagreeing_stops_the_conversion(
        tmp_path: Path, name: str, change: Callable[[dict[str, Any]], None], reason: str) -> None:
    for source in convert.DEFAULT_SOURCE.glob("*.json"):
        shutil.copy(source, tmp_path)
    raw = json.loads((tmp_path / name).read_text(encoding="utf-8"))
    change(raw)
    (tmp_path / name).write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(convert.SourcesDisagree, match=reason):
        convert.convert(tmp_path)


def test_775_regular_moves_both_ways() -> None:
    b = board()
    assert sorted(b.circles) == list(range(1, 196))
    pairs = {(a, n) for a in b.circles for n in b.moves(a)}
    assert len(pairs) == 2 * 775
    assert all((n, a) in pairs for a, n in pairs)
    assert all(b.routes(a, n) == b.routes(n, a) != () for a, n in pairs)
    assert b.routes(1, 195) == ()


def test_red_circles_and_yellow_crossings() -> None:
    b = board()
    assert b.red == {3, 21, 27, 65, 84, 147, 149, 158}
    assert {b.crossings[n].circles for n in b.yellow} == {
        (40, 57), (34, 55), (29, 30, 50), (118, 119, 120), (139, 164), (101, 126), (130, 145)}


def test_alleys_follow_the_blocks() -> None:
    b = board()
    assert sum(len(b.alleys(c)) for c in b.circles) == 2 * 451
    assert all(a in b.alleys(n) for a in b.circles for n in b.alleys(a))
    assert 39 not in b.alleys(35) and 35 not in b.alleys(39)  # whitechapelR's odd pair: no block has both
    assert b.alleys(35) == (34, 36, 37, 38)


def test_the_settled_crossing_touches_59_only() -> None:
    b = board()
    assert not any({44, 59} <= set(c.circles) for c in b.crossings.values())
    assert 59 in b.moves(44)


def test_the_rulebooks_search_example() -> None:
    b = board()
    here = crossing_touching(99, 100, 120)
    assert b.circles_at(here) == (99, 100, 120)
    # 83 lies one crossing further on: not searchable from here, but from the crossing in between
    between = [s for s in b.steps(here) if 83 in b.circles_at(s)]
    assert between and 83 not in b.circles_at(here)


def test_crossing_names_are_unique_and_read_back_in_any_form() -> None:
    b = board()
    assert len(b.crossings) == 234
    assert len({n.upper() for n in b.crossings}) == 234
    for name in b.crossings:
        assert len(name) <= 4
        assert b.crossing_named(name) == name
        assert b.crossing_named(f"  {name.lower()[:1]} {name.lower()[1:]} ") == name
        assert b.crossing_named(name.upper()) == name


def test_an_unknown_crossing_is_refused_with_a_suggestion() -> None:
    b = board()
    with pytest.raises(IllegalAnswer) as refused:
        b.crossing_named("m5 x")
    message = str(refused.value)
    assert "\n" not in message and "did you mean" in message and "M5b" in message
    with pytest.raises(IllegalAnswer, match="board grid"):
        b.crossing_named("zz99")


def test_a_policeman_blocks_a_route_and_a_move_needs_one_route_free() -> None:
    b = board()
    routes = b.routes(31, 52)
    assert len(routes) == 3 and b.routes(52, 31) == routes
    first, second, third = sorted(routes, key=sorted)
    assert 52 in b.free_moves(31, sorted(first | second))  # one route left
    assert 52 not in b.free_moves(31, sorted(first | second | third))
    assert b.routes(26, 28) == (frozenset(),)  # joined with no crossing between: never blocked
    everyone = list(b.crossings)
    assert b.free_moves(26, everyone) == (28,) and b.free_moves(45, everyone) == (47,)
    assert b.free_moves(31, []) == b.moves(31)


def test_coach_moves_are_two_regular_moves_not_back_home() -> None:
    b = board()
    for start in b.circles:
        for first, second in b.coach_moves(start):
            assert first in b.moves(start) and second in b.moves(first)
            assert len({start, first, second}) == 3
    assert (2, 3) in b.coach_moves(1) and (2, 1) not in b.coach_moves(1)
    assert sum(len({s for _, s in b.coach_moves(c)}) for c in b.circles) == 2 * 2412  # Dienes' carriages


def test_police_steps_pass_circles_and_move_up_to_two() -> None:
    b = board()
    here = crossing_touching(99, 100, 120)
    yellow = crossing_touching(118, 119, 120)
    assert yellow in b.steps(here)  # through circle 120, as if it were not there
    assert crossing_touching(27, 28) in b.steps(crossing_touching(1, 26))  # through circles 26 and 28 in a row
    assert all(here in b.steps(s) for s in b.steps(here))
    moves = set(b.police_moves(here))
    assert here not in moves and set(b.steps(here)) <= moves
    assert moves == {f for s in b.steps(here) for f in (s, *b.steps(s))} - {here}


def test_streets_join_circles_and_crossings_for_drawing() -> None:
    b = board()
    spots = {(c.x, c.y) for c in b.circles.values()} | {(c.x, c.y) for c in b.crossings.values()}
    segments = b.streets()
    assert len(segments) == 592 and len(set(segments)) == 592  # the degrees in streets.json sum to 1184
    assert all(a in spots and z in spots and a != z for a, z in segments)
    assert all(0 < x < b.width and 0 < y < b.height for x, y in spots)


def test_a_board_is_built_from_its_data_only() -> None:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    assert Board(raw).moves(1) == board().moves(1) == (2, 6, 7, 8, 9, 24, 26, 28)
