"""Orders checked area by area, the text form of orders, and area names in every answer (issue 8, item 5)."""

import pytest

from engine.agot.board import board
from engine.agot.notation import area_id, normalize_areas
from engine.agot.orders import orders_in_words
from engine.agot.planning import order_options, parse_orders
from engine.core import IllegalAnswer
from tests.engine.combat_kit import asked, march, order, put, resolve
from tests.engine.combat_kit import board as combat_board
from tests.engine.scenario import answer, clear, decision, refused, run_step, scenario, start, units


def _stark_planning(restrictions=(), kings_court=None):
    """3 players: Stark (2 stars) in Winterfell, White Harbor and The Shivering Sea."""
    g = scenario(3)
    g.state.restrictions = list(restrictions)
    if kings_court:
        g.state.kings_court = kings_court
    clear(g)
    put(g, "winterfell", "stark", "footman", "knight")
    put(g, "white-harbor", "stark", "footman")
    put(g, "the-shivering-sea", "stark", "ship")
    put(g, "lannisport", "lannister", "footman")
    put(g, "dragonstone", "baratheon", "footman")
    start(g, "planning")
    return g


def test_area_names_ids_case_punctuation_and_unique_prefixes():
    b = board()
    for text in ("kings-landing", "King's Landing", "kings landing", "KINGS LANDING", "King's"):
        assert area_id(b, text) == "kings-landing"
    assert area_id(b, "White") == "white-harbor" and area_id(b, "shivering") == "the-shivering-sea"
    with pytest.raises(IllegalAnswer, match="^'Winter': did you mean Winterfell\\?$"):
        area_id(b, "Winter")  # a prefix stops at a word of the name
    assert area_id(b, "port of white") == "port-of-white-harbor"
    with pytest.raises(IllegalAnswer, match="^'Winterfel': did you mean Winterfell\\?$"):
        area_id(b, "Winterfel")
    with pytest.raises(IllegalAnswer, match="could be"):
        area_id(b, "port of")
    with pytest.raises(IllegalAnswer, match="not an area of the board"):
        area_id(b, "Narnia")
    assert normalize_areas(b, {"from": "The Reach", "moves": {"BLACKWATER": ["knight"]}, "x": [True, None]}) == \
        {"from": "the-reach", "moves": {"blackwater": ["knight"]}, "x": [True, None]}
    with pytest.raises(IllegalAnswer, match="^Winterfell is named twice.$"):
        normalize_areas(b, {"winterfell": "D+1", "WinterFell": "M0"})
    assert normalize_areas(b, ["none", "keep", "attacker", "footman", "iron_throne", "M+1*"]) == \
        ["none", "keep", "attacker", "footman", "iron_throne", "M+1*"]  # only area names change


def test_7_orders_text_form_gives_the_structured_answer():
    g = _stark_planning()
    expected = {"winterfell": "M+1*", "white-harbor": "D+1", "the-shivering-sea": "S0"}
    for text in ("Winterfell M+1*, White Harbor D+1, The Shivering Sea S0",
                 "winterfell: m+1; WHITE HARBOR = d +1\nshivering S0",
                 "M+1 Winterfell, D+1 white-harbor, S0 the-shivering-sea"):
        assert parse_orders(g, "stark", text) == expected
    copy = type(g).from_dict(g.to_dict())
    answer(g, "stark", "Winterfell M+1, White Harbor D+1, Shivering S0", "orders")
    answer(copy, "stark", expected, "orders")
    assert g.to_dict() == copy.to_dict()  # the text and the structured form place the same orders


def test_7_orders_written_as_the_feed_words_them_are_accepted():
    g = _stark_planning()
    expected = {"winterfell": "M+1*", "white-harbor": "D+1", "the-shivering-sea": "S0"}
    for text in ("Winterfell March +1, White Harbor Defense +1, The Shivering Sea Support +0",
                 "Winterfell: March +1 (special)\nWhite Harbor: Defense +1\nThe Shivering Sea: Support",
                 "winterfell m+1, white harbor d+1, the shivering sea s0",
                 "Stark Winterfell: March +1 (special), Stark White Harbor: Defence +1; Stark Shivering: support +0",
                 "March +1 Winterfell, Defense +1 White Harbor, Support +0 The Shivering Sea"):
        assert parse_orders(g, "stark", text) == expected, text
    assert parse_orders(g, "stark", "Winterfell Consolidate Power, White Harbor Raid (special), Shivering "
                        "Consolidate Power \u2605") == {"winterfell": "CP", "white-harbor": "R*",
                                                       "the-shivering-sea": "CP*"}
    msg = refused(g, "stark", "Winterfel March +1, White Harbour Defense +1, The Shivering Sea Support", "orders")
    assert msg == "'Winterfel': did you mean Winterfell?; 'White Harbour': did you mean White Harbor?"


def test_7_accepted_orders_are_told_back_in_words_area_by_area_and_read_again():
    g = _stark_planning()
    events = answer(g, "stark", "winterfell m+1, white harbor d+1, shivering s0", "orders")
    told = next(e for e in events if e.kind == "orders_placed")
    assert told.audience.who == "stark"
    assert told.text == ("Your orders are recorded:\nThe Shivering Sea: Support +0\nWhite Harbor: Defense +1\n"
                         "Winterfell: March +1 (special)")
    lines = orders_in_words(g.board, told.data["orders"])
    assert lines == told.text.splitlines()[1:]
    assert parse_orders(g, "stark", "\n".join(lines)) == {"winterfell": "M+1*", "white-harbor": "D+1",
                                                           "the-shivering-sea": "S0"}


def test_7_orders_text_form_names_every_bad_part():
    g = _stark_planning()
    msg = refused(g, "stark", "Winterfel M+1, Dragonstone D+1, White Harbor X9, The Shivering Sea", "orders")
    assert msg == "'Winterfel': did you mean Winterfell?; The Shivering Sea: no order given."
    msg = refused(g, "stark", "Winterfell M+1, White Harbor X9, The Shivering Sea S0", "orders")
    assert msg.startswith('White Harbor X9: "X9" is not an order.')
    msg = refused(g, "stark", "Winterfell M+1*, White Harbor D+2*, The Shivering Sea S+1*, Dragonstone D+1",
                  "orders")
    assert msg == ("The Shivering Sea S+1*: star limit reached (you may place 2); Dragonstone D+1: no unit of "
                   "yours there.")


def test_7_6_order_options_per_area_star_limit_and_used_tokens():
    g = _stark_planning()
    options = order_options(g, "stark", {"Winterfell": "M+1", "White Harbor": "D+2*"})
    assert set(options) == {"winterfell", "white-harbor", "the-shivering-sea"}
    sea = options["the-shivering-sea"]
    assert sea["order"] is None and "S0" in sea["legal"] and "M0" in sea["legal"]
    assert sea["refused"]["S+1*"] == "star limit reached (you may place 2)"
    assert sea["refused"]["M+1*"] == "your March +1 (special) order is already used in Winterfell"
    assert options["winterfell"]["order"] == "M+1*" and options["winterfell"]["problem"] is None
    # Winterfell may change its own special order: its star is free again there
    assert "S+1*" in options["winterfell"]["legal"]
    options = order_options(g, "stark", "Winterfell D+1, White Harbor D+1, Shivering D+1")
    assert options["the-shivering-sea"]["problem"] == \
        "your Defense +1 orders are already used in Winterfell and White Harbor"
    assert "D+1" not in options["the-shivering-sea"]["legal"]


def test_7_10_order_options_apply_westeros_restrictions():
    g = _stark_planning(restrictions=["no-defense", "no-march-plus-one"])
    area = order_options(g, "stark")["winterfell"]
    assert area["refused"]["D+1"] == "Defense +1 orders are forbidden this round"
    assert area["refused"]["M+1*"] == "March +1 (special) orders are forbidden this round"
    assert area["legal"] == ["M-1", "M0", "S0", "S+1*", "R", "R*", "CP", "CP*"]
    assert {t.rstrip("ab") for t in decision(g, "stark", "orders").info["tokens"]} == set(area["legal"])


def test_8_march_answered_with_area_names_and_precise_refusals():
    g = combat_board()
    put(g, "the-reach", "tyrell", "knight", "footman")
    put(g, "blackwater", "lannister", "footman")
    order(g, "the-reach", "M0", "tyrell")
    run_step(g, "marches", turn=g.state.iron_throne.index("tyrell"))
    msg = refused(g, "tyrell", {"from": "The Reach", "moves": {"Sunspear": ["knight"]}}, "march")
    assert msg == "A knight cannot march from The Reach to Sunspear: not adjacent, and no chain of your ships " \
        "links the two."
    msg = refused(g, "tyrell", {"from": "the reach", "moves": {"Redwyne Straights": ["knight"]}}, "march")
    assert msg.endswith("land units never enter seas or ports.")
    answer(g, "tyrell", {"from": "THE REACH", "moves": {"Dornish Marches": ["footman"]}}, "march")
    assert units(g, "dornish-marches") == ["footman"]


def test_9_39_a_retreat_answered_with_the_area_name():
    g = combat_board()
    put(g, "the-reach", "tyrell", "knight", "knight")
    put(g, "blackwater", "lannister", "knight", "knight")
    put(g, "stoney-sept", "lannister", "footman")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]})
    resolve(g, {"tyrell": "alester-florent", "lannister": "cersei-lannister"},
            until=lambda game: ("lannister", "retreat") in asked(game))
    d = decision(g, "lannister", "retreat")
    assert "Stoney Sept" in [c["label"] for c in d.choices]
    answer(g, "lannister", "stoney sept", "retreat")
    assert units(g, "stoney-sept") == ["footman", "knight", "knight"]
