"""The Letters from Whitechapel board image (bot/games/whitechapel): what it shows, where, and to whom."""

from __future__ import annotations

import ast
import io
import itertools
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path

import pytest
from PIL import Image

from bot.games.whitechapel import layout as lay
from bot.games.whitechapel.base import CRIME, PATH, POLICE, SEARCHED
from bot.games.whitechapel.demo import main as demo_main
from bot.games.whitechapel.demo import play
from bot.games.whitechapel.picture import Path as JackPath
from bot.games.whitechapel.picture import Patrol, Picture, picture_of
from bot.games.whitechapel.render import render, render_image
from bot.render.__main__ import main as render_main
from engine.whitechapel.agent import RandomAgent
from engine.whitechapel.board import board
from engine.whitechapel.game import Game

ROOT = Path(__file__).resolve().parents[2]
RGB = tuple[int, int, int]


@cache
def mid_game() -> Game:
    """A real game on its second night, Jack five moves from the crime, a clue found and an Alley spent."""
    return play(13, players=4, night=2, moves=6)


def decoded(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


def near(pixel: RGB, colour: RGB, tolerance: int = 20) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))


def pixel(img: Image.Image, x: float, y: float) -> RGB:
    r, g, b = img.getpixel((round(x), round(y)))  # type: ignore[misc]
    return r, g, b


# --- the file ----------------------------------------------------------------------------------

def test_a_real_public_board_is_a_png_under_one_mib_of_the_expected_size() -> None:
    data = render(picture_of(mid_game().view(None)))
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) < 1 << 20
    img = decoded(data)
    assert img.size == lay.size()
    assert img.width == round(board().width * lay.SCALE) + 2 * lay.EDGE


def test_webp_is_offered_and_an_unknown_format_refused() -> None:
    assert render(Picture(night=1, header="Public board"), fmt="webp")[8:12] == b"WEBP"
    with pytest.raises(ValueError, match="unknown image format"):
        render(Picture(night=1, header="Public board"), fmt="gif")


def test_a_picture_naming_what_the_board_lacks_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="no circle 196") as circle:
        render(Picture(night=1, header="x", clues=(196,)))
    with pytest.raises(ValueError, match="no crossing 'I9'"):
        render(Picture(night=1, header="x", policemen={"blue": "I9"}))
    with pytest.raises(ValueError, match="no policeman or patrol token is 'purple'"):
        render(Picture(night=1, header="x", policemen={"purple": "F7"}))
    with pytest.raises(ValueError, match="coach or an alley, not 'cab'"):
        render(Picture(night=1, header="x", specials={6: "cab"}))  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="squares are 1 to 15, not 16"):
        render(Picture(night=1, header="x", square=16))
    with pytest.raises(ValueError, match="Time of the Crime is 1 to 5"):
        render(Picture(night=1, header="x", time_of_the_crime=6))
    assert "\n" not in str(circle.value)


# --- pieces where they belong -------------------------------------------------------------------

def test_a_policeman_is_drawn_in_his_colour_on_his_crossing() -> None:
    x, y = lay.crossing_at("K10")
    empty = decoded(render(Picture(night=1, header="Public board")))
    img = decoded(render(Picture(night=1, header="Public board", policemen={"green": "K10"})))
    assert not near(pixel(empty, x, y + 11), POLICE["green"])
    assert near(pixel(img, x, y + 11), POLICE["green"])  # the body
    assert near(pixel(img, x, y - 9), POLICE["green"])  # the head


def test_a_circle_searched_in_vain_is_ringed_in_grey_round_its_number() -> None:
    game = play(1, players=4, night=2, moves=6)
    searched = game.view(None)["public"]["searched"]
    picture = picture_of(game.view(None))
    assert searched and picture.searched == tuple(sorted(set(searched)))
    x, y = lay.circle_at(picture.searched[0])
    empty = decoded(render(Picture(night=2, header="Public board")))
    img = decoded(render(Picture(night=2, header="Public board", searched=picture.searched[:1])))
    assert near(pixel(img, x + 14, y), SEARCHED) and near(pixel(img, x, y - 14), SEARCHED)
    assert not near(pixel(empty, x + 14, y), SEARCHED)
    assert pixel(img, x, y) == pixel(empty, x, y)  # the number stays readable


def test_a_crime_scene_is_a_red_marker_on_its_circle() -> None:
    x, y = lay.circle_at(66)
    img = decoded(render(Picture(night=2, header="Public board", crime_scenes=((66, 2),))))
    assert near(pixel(img, x - 9, y - 9), CRIME)
    assert near(pixel(img, x + 9, y + 9), CRIME)
    empty = decoded(render(Picture(night=2, header="Public board")))
    assert not near(pixel(empty, x - 9, y - 9), CRIME)


def crowded() -> Picture:
    """Everything at once, on neighbouring circles and crossings (policemen beside one another, markers of every
    kind on the same circles, paths passing them twice)."""
    b = board()
    crossings = ["K10", *b.steps("K10")[:4]]
    around = sorted({c for name in crossings for c in b.circles_at(name)})
    return Picture(
        night=3, header="Jack's eyes only", secret=True, head="red",
        policemen=dict(zip(("blue", "yellow", "brown", "red", "green"), crossings)),
        patrols=(Patrol("K10"), Patrol(sorted(b.yellow)[0], "fake"), Patrol(sorted(b.yellow)[1], None, "blue")),
        women=tuple(around[:4]), marked=tuple(around[:2]), wretched=tuple(around[:3]),
        crime_scenes=((around[0], 1), (around[0], 2), (around[1], 3)), clues=tuple(around), false_clues=(around[2],),
        paths=(JackPath(1, tuple(around)), JackPath(3, (around[1], around[2], around[1], around[3]), 2)),
        hideout=around[2])


def test_nothing_placed_overlaps_another_piece_even_when_crowded() -> None:
    picture = crowded()
    placed = lay.pieces(picture)
    assert len(placed) == len(lay.wanted(picture))
    for a, b in itertools.combinations(placed, 2):
        assert not lay.overlaps(a.box, b.box), (a, b)
    x0, y0, x1, y1 = lay.map_box()
    assert all(x0 <= p.box[0] and p.box[2] <= x1 and y0 <= p.box[1] and p.box[3] <= y1 for p in placed)
    assert any(p.moved for p in placed)  # crowded enough that some had to step aside
    alone = [p for p in placed if p.kind == "policeman"]
    assert (alone[0].x, alone[0].y) == lay.crossing_at("K10")  # the first piece keeps its own place


def test_no_overlap_on_the_boards_of_a_real_game_for_every_seat() -> None:
    game = mid_game()
    for seat in (None, *game.players()):
        placed = lay.pieces(picture_of(game.view(seat)))
        for a, b in itertools.combinations(placed, 2):
            assert not lay.overlaps(a.box, b.box), (seat, a, b)


@pytest.mark.parametrize("seed", [2, 9, 12])
def test_random_games_place_every_piece_apart_for_every_seat_all_game_long(seed: int) -> None:
    game = Game.new(5, {}, seed=seed)
    agents = {p: RandomAgent(seed + i) for i, p in enumerate(game.players())}
    answered = 0
    while not game.over:
        decision = game.decision()
        assert decision is not None
        view = game.view(decision.player)
        game.submit(decision.player, decision.id, agents[decision.player].answer(view, decision.to_dict()))
        answered += 1
        if answered % 7:
            continue
        for seat in (None, *game.players()):
            picture = picture_of(game.view(seat))
            placed = lay.pieces(picture)
            assert len(placed) == len(lay.wanted(picture))
            for a, b in itertools.combinations(placed, 2):
                assert not lay.overlaps(a.box, b.box), (seed, answered, seat, a, b)
    data = render(picture_of(game.view(None)))
    assert len(data) < 1 << 20


def test_a_move_label_never_hides_a_circle_number() -> None:
    placed = lay.pieces(crowded())
    numbers = [lay.circle_at(n) for n in board().circles]
    for label in (p for p in placed if p.kind == "move"):
        x0, y0, x1, y1 = label.box
        assert not any(x0 < x < x1 and y0 < y < y1 for x, y in numbers), label


# --- Jack's secrets -----------------------------------------------------------------------------

def path_pixels(img: Image.Image, path: JackPath) -> int:
    """How many segment midpoints of ``path`` show its night's colour."""
    points = [lay.circle_at(c) for c in path.circles]
    return sum(near(pixel(img, (ax + bx) / 2, (ay + by) / 2), PATH[path.night], 30)
               for (ax, ay), (bx, by) in zip(points, points[1:]))


def test_jacks_path_is_drawn_only_in_a_picture_that_carries_it() -> None:
    path = JackPath(1, (3, 2, 8, 20, 47))
    shown = decoded(render(Picture(night=1, header="Jack's eyes only", paths=(path,), hideout=47)))
    hidden = decoded(render(Picture(night=1, header="Public board")))
    assert path_pixels(shown, path) == 4
    assert path_pixels(hidden, path) == 0


def test_the_double_events_two_victims_are_not_joined_as_a_move() -> None:
    row = JackPath(3, (65, 147, 146))
    img = decoded(render(Picture(night=3, header="Jack's eyes only", paths=(row,), crime_scenes=((65, 3), (147, 3)))))
    assert path_pixels(img, JackPath(3, (65, 147))) == 0
    assert path_pixels(img, JackPath(3, (147, 146))) == 1


def test_the_public_picture_of_a_public_view_holds_no_hideout_path_or_targets() -> None:
    game = mid_game()
    jack = picture_of(game.view("jack"))
    assert jack.hideout is not None and jack.paths and jack.header == "Jack's eyes only" and jack.secret
    for seat in (None, *(p for p in game.players() if p != "jack")):
        picture = picture_of(game.view(seat))
        assert (picture.hideout, picture.paths, picture.marked) == (None, (), ()), seat
        assert not picture.secret or picture.header.startswith("The Head's")
        assert not any(p.kind in ("hideout", "move") for p in lay.pieces(picture))


def test_jacks_image_differs_from_the_public_one_by_his_secrets_only_where_they_are() -> None:
    game = mid_game()
    public, jack = picture_of(game.view(None)), picture_of(game.view("jack"))
    assert (public.policemen, public.clues, public.crime_scenes) == (jack.policemen, jack.clues, jack.crime_scenes)
    shown = decoded(render(jack))
    assert sum(path_pixels(shown, p) for p in jack.paths) >= len(jack.paths)
    assert all(path_pixels(decoded(render(public)), p) == 0 for p in jack.paths)


def test_the_move_labels_of_tonight_are_the_track_squares() -> None:
    game = mid_game()
    jack = picture_of(game.view("jack"))
    tonight = next(p for p in jack.paths if p.night == jack.night)
    assert tonight.first_square == jack.time_of_the_crime
    last = tonight.circles[-1]
    assert str(jack.square) in tonight.labels()[last].split(",")


def test_only_the_head_sees_what_lies_under_the_patrol_tokens() -> None:
    game = play(1, players=4, night=2, phase="kill")
    head = game.view(None)["public"]["head"]["player"]
    public, theirs = picture_of(game.view(None)), picture_of(game.view(head))
    assert len(public.patrols) == 7 and all(p.face is None and p.known is None for p in public.patrols)
    assert sorted(str(p.known) for p in theirs.patrols) == sorted(["fake", "fake", *POLICE.keys() - {"white"}])
    token = next(p for p in lay.pieces(theirs) if p.kind == "patrol" and not p.moved and "fake" not in p.look)
    colour = POLICE[token.look.removeprefix("known-")]
    assert near(pixel(decoded(render(theirs)), token.x, token.y), colour)
    assert not near(pixel(decoded(render(public)), token.x, token.y), colour)


def test_the_head_and_the_seat_to_act_are_named_as_the_table_knows_them() -> None:
    view = mid_game().view(None)
    head = view["public"]["head"]["player"]
    picture = picture_of(view, names={head: "Inspector Abberline"})
    assert picture.head == view["public"]["head"]["colour"]
    assert picture.head_player == "Inspector Abberline"
    assert picture_of(view).head_player == head.replace("_", " ").capitalize()
    assert view["public"]["waiting"][0]["label"] in picture.status


def test_the_end_of_the_game_shows_every_night_to_everyone() -> None:
    game = play(5, players=3, night=4, moves=14)
    assert game.over
    picture = picture_of(game.view(None))
    assert picture.hideout == game.state.hideout
    assert [list(p.circles) for p in picture.paths] == [p for p in game.state.paths if p]
    assert not picture.secret


# --- the renderer's manners -----------------------------------------------------------------------

def test_renders_from_many_threads_at_once_give_the_same_bytes() -> None:
    pictures = [crowded(), picture_of(mid_game().view(None))] * 4
    alone = [render(p) for p in pictures[:2]]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(render, pictures))
    assert together == alone * 4


def test_the_renderer_imports_neither_discord_nor_the_agot_renderer() -> None:
    allowed = {"bot.render.fonts", "bot.render.raster"}
    for module in ("picture", "layout", "base", "render", "demo"):
        path = ROOT / "bot" / "games" / "whitechapel" / f"{module}.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                assert not name.startswith(("discord", "engine.agot")), (path, name)
                assert not name.startswith("bot.render") or name in allowed, (path, name)


def test_render_image_is_what_render_encodes() -> None:
    picture = crowded()
    assert decoded(render(picture, fmt="webp")).tobytes() == render_image(picture).convert("RGB").tobytes()


# --- the command line ---------------------------------------------------------------------------

@pytest.mark.parametrize("argv, said", [
    (["--night", "5"], "--night"),
    (["--player", "moriarty"], "unknown seat 'moriarty'"),
    (["--out", "/no/such/folder/x.png"], "does not exist"),
    (["--out", "board.gif"], "unknown output suffix"),
])
def test_bad_arguments_answer_in_one_line(argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        demo_main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert said in err and err.count("\n") == 1 and "Traceback" not in err


def test_the_command_writes_jacks_board(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "jack.png"
    assert demo_main(["--seed", "13", "--player", "Jack", "--out", str(out)]) == 0
    img = decoded(out.read_bytes())
    assert img.size == lay.size()
    assert "KiB" in capsys.readouterr().out
    assert demo_main(["--seed", "13", "--width", "550", "--out", str(out)]) == 0
    assert decoded(out.read_bytes()).width == 550


def test_bot_render_draws_whitechapel_with_game_and_refuses_an_unknown_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "board.png"
    assert render_main(["--game", "whitechapel", "--seed", "4", "--out", str(out)]) == 0
    assert decoded(out.read_bytes()).size == lay.size()
    with pytest.raises(SystemExit) as stop:
        render_main(["--game", "chess", "--out", str(out)])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "invalid choice: 'chess'" in err and err.count("\n") == 1
