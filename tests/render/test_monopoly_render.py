"""The Monopoly board image and player panel (bot/games/monopoly): what they show, where, how big and how fast."""

from __future__ import annotations

import copy
import io
import statistics
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from PIL import Image, ImageDraw

from bot.games.monopoly import layout as lay
from bot.games.monopoly.base import GROUPS, TITLE, board_data
from bot.games.monopoly.panel import panel
from bot.games.monopoly.picture import TOKENS, picture_of
from bot.games.monopoly.render import HOTEL, HOUSE, MORTGAGED, SPEED, TOKEN_LOOK, TURN_ROW, render, render_image
from bot.render.fonts import font
from engine.core import EngineError
from engine.monopoly.agent import RandomAgent
from engine.monopoly.game import Game

RGB = tuple[int, int, int]


def player(token: str, name: str, cash: int, position: int, **more: Any) -> dict[str, Any]:
    return {"player": token, "name": name, "cash": cash, "position": position, "in_jail": False, "jail_turns": 0,
            "speed_die": True, "jail_cards": 0, "bankrupt": False, "worth": cash, **more}


def deed(space: int, owner: str | None, houses: int = 0, hotel: bool = False, mortgaged: bool = False
         ) -> dict[str, Any]:
    return {"space": space, "owner": owner, "houses": houses, "hotel": hotel, "mortgaged": mortgaged}


def example() -> dict[str, Any]:
    """Round 14 of a six-player game: built streets, a hotel, mortgages, the Jail cell and its visitors, three tokens
    on Illinois, a bankrupt player, the last roll with the Speed Die's Bus."""
    return {"public": {
        "board": "monopoly", "round": 14, "turn": "dog", "phase": "turn",
        "settings": {"speed_die": True, "auction": "sealed", "rounds": 0},
        "players": [
            player("car", "Alice", 1320, 24, jail_cards=1, worth=3480),
            player("dog", "Bob the Builder", 85, 10, in_jail=True, jail_turns=1, worth=1905),
            player("hat", "Chloé", 2210, 10, worth=2890),
            player("ship", "Dmitri", 0, 39, bankrupt=True, worth=0),
            player("boot", "Eve", 640, 24, worth=1500),
            player("iron", "Farid", 410, 24, worth=1200),
        ],
        "spaces": [deed(1, "car", houses=2), deed(3, "car", houses=3), deed(5, "hat"), deed(6, "dog", mortgaged=True),
                   deed(12, "boot", mortgaged=True), deed(15, "iron"), deed(21, "hat", houses=4),
                   deed(23, "hat", houses=4), deed(24, "hat", hotel=True), deed(26, "iron"), deed(31, "boot", houses=1),
                   deed(32, "boot", houses=1), deed(34, "boot", houses=2), deed(37, "dog"), deed(39, None)],
        "bank": {"houses": 15, "hotels": 11},
        "dice": {"player": "car", "white": [6, 4], "speed": "bus"},
        "auction": None, "trades": [],
        "waiting": [{"player": "dog", "kind": "jail", "label": "in jail: roll, pay $50 or use a card"}],
        "winner": None, "reason": "", "standings": []}}


def image(view: dict[str, Any] | None = None) -> Image.Image:
    return render_image(picture_of(view or example()))


def count(img: Image.Image, box: lay.Box, colour: RGB, tolerance: int = 12) -> int:
    """How many pixels of ``box`` are within ``tolerance`` of ``colour``."""
    x0, y0, x1, y1 = (round(v) for v in box)
    raw = img.crop((x0, y0, x1, y1)).convert("RGB").tobytes()
    return sum(1 for i in range(0, len(raw), 3)
               if all(abs(raw[i + k] - colour[k]) <= tolerance for k in range(3)))


def pixel(img: Image.Image, x: float, y: float) -> RGB:
    r, g, b = img.convert("RGB").getpixel((round(x), round(y)))  # type: ignore[misc]
    return r, g, b


# --- the file ------------------------------------------------------------------------------------------

def test_the_example_is_a_square_png_under_one_mib() -> None:
    data = render(picture_of(example()))
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) < 1 << 20
    img = Image.open(io.BytesIO(data))
    assert img.size == (lay.SIZE, lay.SIZE)
    assert 1100 <= lay.SIZE <= 1400


def test_a_render_takes_well_under_the_budget() -> None:
    pic = picture_of(example())
    render(pic)  # the base board is built once, outside the timing
    times = []
    for _ in range(7):
        start = time.perf_counter()
        render(pic)
        times.append(time.perf_counter() - start)
    assert statistics.median(times) < 1.5


def test_threads_share_the_base_and_draw_the_same_image() -> None:
    pic = picture_of(example())
    alone = render(pic)
    with ThreadPoolExecutor(4) as pool:
        assert set(pool.map(lambda _: render(pic), range(8))) == {alone}


# --- the spaces ----------------------------------------------------------------------------------------

def test_houses_stand_on_their_own_streets_colour_bar_and_nowhere_else() -> None:
    img = image()
    for box in lay.house_boxes(3, 3):  # Baltic: three houses
        assert pixel(img, *lay.middle(box)) == HOUSE
    assert count(img, lay.bar(3), HOUSE) > count(img, lay.bar(1), HOUSE) > 0  # three houses, then two
    assert count(img, lay.space_box(29), HOUSE) == 0  # Marvin Gardens: unowned
    assert count(img, lay.space_box(26), HOUSE) == 0  # Atlantic: owned, unbuilt


def test_a_hotel_is_red_on_its_bar_with_no_houses_beside_it() -> None:
    img = image()
    assert pixel(img, *lay.middle(lay.hotel_box(24))) == HOTEL  # Illinois
    assert count(img, lay.bar(24), HOUSE) == 0
    assert count(img, lay.bar(21), HOTEL, 0) == 0  # Kentucky has four houses, no hotel


def test_a_mortgaged_deed_is_marked_and_lifting_it_removes_the_mark() -> None:
    view = example()
    img = image(view)
    assert count(img, lay.bar(6), MORTGAGED, 4) > 100  # the "M" badge on Oriental
    assert count(img, lay.bar(12), MORTGAGED, 4) > 100  # and on the Electric Company
    lifted = copy.deepcopy(view)
    lifted["public"]["spaces"][3]["mortgaged"] = False
    assert count(image(lifted), lay.bar(6), MORTGAGED, 4) == 0
    assert count(img, lay.bar(5), MORTGAGED, 4) == 0  # Reading Railroad is not mortgaged


def test_an_owned_deed_carries_its_owners_colour_on_the_outer_band() -> None:
    img = image()
    for space, owner in ((1, "car"), (24, "hat"), (34, "boot"), (15, "iron")):
        x0, y0, _, _ = lay.band(space)
        assert pixel(img, x0 + 5, y0 + 5) == TOKEN_LOOK[owner][0]
    x0, y0, _, _ = lay.band(39)  # Boardwalk: unowned, its price on white
    assert pixel(img, x0 + 5, y0 + 5) not in {look[0] for look in TOKEN_LOOK.values()}


# --- the tokens ----------------------------------------------------------------------------------------

def test_tokens_share_a_space_side_by_side() -> None:
    img = image()
    zone = lay.token_zone(24)
    for token in ("car", "boot", "iron"):
        assert count(img, zone, TOKEN_LOOK[token][0], 6) > 50
    slots = lay.token_slots(zone, 3)
    assert all(abs(a[0] - b[0]) >= a[2] for a, b in zip(slots, slots[1:]))  # no two overlap


def test_jail_and_just_visiting_are_told_apart() -> None:
    img = image()
    dog, hat = TOKEN_LOOK["dog"][0], TOKEN_LOOK["hat"][0]
    assert count(img, lay.jail_cell(), dog, 6) > 100
    assert count(img, lay.jail_cell(), hat, 6) == 0
    assert count(img, lay.token_zone(lay.JAIL), hat, 6) > 100
    assert count(img, lay.token_zone(lay.JAIL), dog, 6) == 0


def test_a_bankrupt_players_token_is_not_drawn() -> None:
    view = example()
    ship = TOKEN_LOOK["ship"][0]
    assert count(image(view), lay.token_zone(39), ship, 6) == 0
    solvent = copy.deepcopy(view)
    solvent["public"]["players"][3]["bankrupt"] = False
    assert count(image(solvent), lay.token_zone(39), ship, 6) > 100


def test_the_eight_tokens_have_distinct_colours_and_letters() -> None:
    assert set(TOKEN_LOOK) == set(TOKENS)
    colours = [c for c, _ in TOKEN_LOOK.values()]
    assert len({letter for _, letter in TOKEN_LOOK.values()}) == 8
    assert min(sum(abs(a - b) for a, b in zip(p, q)) for i, p in enumerate(colours) for q in colours[i + 1:]) > 60


def test_eight_tokens_on_one_space_all_fit_inside_it() -> None:
    for space in (0, 5, 24, 35):
        zone = lay.token_zone(space)
        slots = lay.token_slots(zone, 8)
        assert len(slots) == 8
        for x, y, size in slots:
            assert zone[0] <= x - size / 2 and x + size / 2 <= zone[2]
            assert zone[1] <= y - size / 2 and y + size / 2 <= zone[3]


# --- the centre ----------------------------------------------------------------------------------------

def test_the_centre_shows_the_speed_die_and_the_turn_only_when_there_are_some() -> None:
    view = example()
    centre = lay.centre_box()
    assert count(image(view), centre, SPEED, 4) > 1000
    assert count(image(view), centre, TURN_ROW, 2) > 1000
    plain = copy.deepcopy(view)
    plain["public"]["dice"]["speed"] = None
    plain["public"]["turn"] = None
    assert count(image(plain), centre, SPEED, 4) == 0
    assert count(image(plain), centre, TURN_ROW, 2) == 0


def test_only_the_public_part_is_read() -> None:
    view = example()
    view["private"] = {"decisions": [{"kind": "bid"}], "my_bid": 120}
    assert picture_of(view) == picture_of(example())


# --- the board data ------------------------------------------------------------------------------------

def test_every_space_has_a_short_name_readable_at_550_pixels() -> None:
    data = board_data()
    assert len(data.spaces) == 40 and sum(s.kind in ("street", "railroad", "utility") for s in data.spaces) == 28
    assert all(s.group in GROUPS for s in data.spaces if s.kind == "street")
    d = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    for s in data.spaces:
        if lay.side(s.index) != "corner":
            x0, _, x1, _ = lay.name_box(s.index)
            least = font(16, True)  # 7 px once shrunk to 550 px wide
            assert all(d.textlength(line, font=least) <= x1 - x0 - 6 for line in s.short.split("\n")), s.short


# --- bad views -----------------------------------------------------------------------------------------

def broken(change: str) -> dict[str, Any]:
    view = example()
    pub = view["public"]
    if change == "no public":
        del view["public"]
    elif change == "unknown token":
        pub["players"][0]["player"] = "rocket"
    elif change == "position 40":
        pub["players"][0]["position"] = 40
    elif change == "cash as text":
        pub["players"][0]["cash"] = "1320"
    elif change == "player twice":
        pub["players"].append(dict(pub["players"][0]))
    elif change == "five houses":
        pub["spaces"][0]["houses"] = 5
    elif change == "house on a railroad":
        pub["spaces"][2]["houses"] = 1
    elif change == "not a deed":
        pub["spaces"].append(deed(7, "car"))
    elif change == "owner not playing":
        pub["spaces"][0]["owner"] = "thimble"
    elif change == "mortgaged with houses":
        pub["spaces"][0]["mortgaged"] = True
    elif change == "die of seven":
        pub["dice"]["white"] = [7, 1]
    elif change == "speed face":
        pub["dice"]["speed"] = "4"
    elif change == "turn of a stranger":
        pub["turn"] = "wheelbarrow"
    elif change == "no bank":
        del pub["bank"]
    return view


@pytest.mark.parametrize("change", ["no public", "unknown token", "position 40", "cash as text", "player twice",
                                    "five houses", "house on a railroad", "not a deed", "owner not playing",
                                    "mortgaged with houses", "die of seven", "speed face", "turn of a stranger",
                                    "no bank"])
def test_a_bad_view_is_refused_with_a_value_error(change: str) -> None:
    with pytest.raises(ValueError):
        picture_of(broken(change))


# --- the panel -----------------------------------------------------------------------------------------

def panel_image(token: str) -> Image.Image:
    img = Image.open(io.BytesIO(panel(example(), token)))
    img.load()
    return img.convert("RGB")


def test_a_panel_shows_the_players_buildings_and_jail() -> None:
    boot, iron, dog = panel_image("boot"), panel_image("iron"), panel_image("dog")
    whole = (0, 0, boot.width, boot.height)
    assert count(boot, whole, HOUSE, 8) > 500  # four houses on the greens
    assert count(iron, (0, 0, iron.width, iron.height), HOUSE, 8) == 0  # no buildings
    assert count(dog, (0, 0, dog.width, 72), HOTEL, 20) > 1000  # the IN JAIL tag
    assert count(boot, (0, 0, boot.width, 72), HOTEL, 20) == 0
    assert boot.height > panel_image("ship").height  # two families against none


def test_a_panel_for_a_stranger_is_refused() -> None:
    with pytest.raises(ValueError):
        panel(example(), "thimble")


def test_names_given_replace_the_views_and_the_status_does_not_repeat_a_name() -> None:
    view = example()
    view["public"]["waiting"] = [{"player": "dog", "kind": "turn", "label": "Bob the Builder's turn"},
                                 {"player": "car", "kind": "bid", "label": "a sealed bid"},
                                 {"player": "boot", "kind": "bid", "label": "a sealed bid"}]
    pic = picture_of(view, {"dog": "Bo"})
    assert pic.player("dog").name == "Bo" and pic.player("car").name == "Alice"
    assert picture_of(view).status == "Bob the Builder's turn; Alice, Eve: a sealed bid"


# --- a real game ---------------------------------------------------------------------------------------

def test_every_view_of_a_real_game_draws_with_its_owners_on_the_bands() -> None:
    """Random players through a seeded game: each public view the engine gives is drawn, owners where they
    belong. An answer the engine refuses (the random agent tries actions the rules forbid) is replaced by the
    decision's default, as the table does."""
    game = Game.new(4, {}, 7)
    agents = {p: RandomAgent(i) for i, p in enumerate(game.players())}
    owned = 0
    for step in range(400):
        decisions = game.open_decisions()
        if not decisions:
            break
        d = decisions[0]
        try:
            game.submit(d.player, d.id, agents[d.player].answer(game.view(d.player), d.to_dict()))
        except EngineError:
            game.submit(d.player, d.id, d.default)
        if step % 40 == 0:
            view = game.view(None)
            pic = picture_of(view)
            img = render_image(pic)
            for deed in pic.deeds:
                x0, y0, _, _ = lay.band(deed.space)
                assert pixel(img, x0 + 5, y0 + 5) == TOKEN_LOOK[deed.owner][0]
            owned = max(owned, len(pic.deeds))
    assert owned > 0


def test_an_auction_frames_its_deed_and_says_how_far_it_got() -> None:
    view = example()
    border = lay.strip(29, lay.CORNER / 2, lay.CORNER / 2 + 1)  # a thin cut across Marvin Gardens
    assert count(image(view), border, TITLE, 0) == 0
    view["public"]["auction"] = {"space": 29, "kind": "sealed", "bidders": ["car", "hat", "boot"],
                                 "answered": ["hat"]}
    pic = picture_of(view)
    assert pic.auction == "Auction of Marvin Gardens (sealed bids): 1 of 3 have bid"
    assert count(render_image(pic), border, TITLE, 0) >= 8  # the frame's two sides
    view["public"]["auction"] = {"space": 29, "kind": "open", "bidders": ["car", "hat"], "answered": [],
                                 "high": {"player": "hat", "amount": 120}}
    assert picture_of(view).auction == "Auction of Marvin Gardens (open bids): $120 by Chloé"


def test_the_status_of_a_game_over_names_the_winner_or_those_sharing_the_win() -> None:
    from tests.engine.monopoly.test_view import over_game

    game = over_game()
    first = [s.player for s in game.standings() if s.place == 1]
    status = picture_of(game.view(None)).status
    assert status.startswith(" and ".join(game.name_of(p) for p in first)) and " win" in status
    public = game.view(None)["public"]
    public["winner"] = None
    public["standings"] = [{"player": "car", "place": 1, "note": ""}, {"player": "dog", "place": 1, "note": ""},
                           {"player": "hat", "place": 3, "note": ""}]
    assert picture_of({"public": public}).status.startswith("Car and Dog win")
