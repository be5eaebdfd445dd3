"""Checklist section 7 (Planning) and the Messenger Raven (6.10-6.12, C1, A4, A5)."""

import pytest

from engine.core import IllegalAnswer, StaleDecision
from tests.engine.scenario import answer, clear, decision, put, scenario, start


def _three_player_board(restrictions=(), kings_court=None):
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
    g.state.areas["kingswood"].power_token = "baratheon"
    start(g, "planning")
    return g


def _refused(g, house, value, match, kind="orders"):
    before = g.to_dict()
    with pytest.raises(IllegalAnswer, match=match):
        answer(g, house, value, kind)
    assert g.to_dict() == before


def test_7_1_every_area_with_units_needs_exactly_one_order():
    g = _three_player_board()
    d = decision(g, "stark", "orders")
    assert d.info["areas"] == ["the-shivering-sea", "white-harbor", "winterfell"]
    _refused(g, "stark", {"winterfell": "M0", "white-harbor": "D+1"}, "missing The Shivering Sea")


def test_7_2_no_order_on_areas_without_units():
    g = _three_player_board()
    d = decision(g, "baratheon", "orders")
    assert d.info["areas"] == ["dragonstone"]  # Kingswood holds only a Power token
    _refused(g, "baratheon", {"dragonstone": "M0", "kingswood": "D+1"}, "Kingswood D\\+1: no unit of yours there")


def test_7_3_one_order_per_area_and_7_5_each_token_once():
    g = _three_player_board()
    _refused(g, "stark", {"winterfell": "M-1", "white-harbor": "M-1", "the-shivering-sea": "CP"},
             "White Harbor M-1: your March -1 order is already used in Winterfell")
    # twin tokens: writing D+1 twice takes both copies, a third is refused
    answer(g, "stark", {"winterfell": "D+1", "white-harbor": "D+1", "the-shivering-sea": "S0"})
    g2 = scenario(6)
    clear(g2)
    for area in ("winterfell", "white-harbor", "karhold"):
        put(g2, area, "stark", "footman")
    start(g2, "planning")
    _refused(g2, "stark", {"winterfell": "D+1", "white-harbor": "D+1", "karhold": "D+1"},
             r"Karhold D\+1: your Defense \+1 orders are already used in Winterfell and White Harbor")


def test_7_4_orders_are_placed_simultaneously():
    g = _three_player_board()
    assert {d.player for d in g.open_decisions()} == {"stark", "lannister", "baratheon"}
    assert all(d.secret for d in g.open_decisions())


def test_7_6_special_orders_limited_by_kings_court_stars():
    g = _three_player_board()  # 3 players: Lannister 3 stars, Stark 2, Baratheon 1
    assert decision(g, "stark").info["special_limit"] == 2
    _refused(g, "stark", {"winterfell": "M+1*", "white-harbor": "D+2*", "the-shivering-sea": "S+1*"},
             r"The Shivering Sea S\+1\*: star limit reached \(you may place 2\)")
    answer(g, "stark", {"winterfell": "M+1*", "white-harbor": "D+2*", "the-shivering-sea": "S0"})


def test_7_7_any_order_type_on_sea_and_port_areas():
    g = scenario(6)
    clear(g)
    put(g, "port-of-lannisport", "lannister", "ship")
    put(g, "the-golden-sound", "lannister", "ship")
    start(g, "planning")
    answer(g, "lannister", {"port-of-lannisport": "D+1", "the-golden-sound": "CP"})
    assert "lannister" not in {d.player for d in g.open_decisions() if d.kind == "orders"}


def test_7_8_westeros_restrictions_forbid_order_types():
    g = _three_player_board(restrictions=["no-defense", "no-march-plus-one"])
    d = decision(g, "stark")
    assert not any(t.startswith("D") for t in d.info["tokens"]) and "M+1*" not in d.info["tokens"]
    _refused(g, "stark", {"winterfell": "D+1", "white-harbor": "M0", "the-shivering-sea": "CP"}, "forbidden")
    _refused(g, "stark", {"winterfell": "M+1*", "white-harbor": "M0", "the-shivering-sea": "CP"}, "forbidden")


def test_7_9_short_of_tokens_orders_go_in_turn_order_and_areas_may_stay_empty():
    g = scenario(3)
    clear(g)
    areas = ["winterfell", "white-harbor", "karhold", "castle-black", "widows-watch", "the-stony-shore",
             "moat-cailin", "greywater-watch"]
    for area in areas:
        put(g, area, "stark", "footman")
    put(g, "lannisport", "lannister", "footman")
    put(g, "dragonstone", "baratheon", "footman")
    g.state.restrictions = ["no-raid", "no-support", "no-consolidate-power"]  # Stark keeps 6 eligible tokens
    events = start(g, "planning")
    assert any(e.kind == "orders_in_turn" for e in events)
    # turn order: Baratheon first, alone
    assert [d.player for d in g.open_decisions()] == ["baratheon"]
    answer(g, "baratheon", {"dragonstone": "M0"})
    assert [d.player for d in g.open_decisions()] == ["lannister"]
    answer(g, "lannister", {"lannisport": "D+1"})
    # Stark's view shows where the earlier houses' face-down orders lie, not what they are
    seen = g.view("stark")["areas"]
    assert seen["dragonstone"]["order"] == {"house": "baratheon", "face_down": True}
    d = decision(g, "stark")
    # eligible: M-1, M0, D+1 x2 and both specials (2nd on King's Court with 3 players: 2 stars)
    assert d.info["must_place"] == 6
    _refused(g, "stark", dict(zip(areas[:5], ["M-1", "M0", "D+1", "D+1", "M+1*"])), "must place all 6")
    placed = dict(zip(areas[:6], ["M-1", "M0", "D+1", "D+1", "M+1*", "D+2*"]))
    answer(g, "stark", placed)
    assert g.state.areas["moat-cailin"].order is None and g.state.areas["greywater-watch"].order is None
    assert g.state.areas["winterfell"].order.token == "M-1"


def test_7_10_and_7_12_orders_hidden_until_all_revealed_together():
    g = _three_player_board()
    answer(g, "stark", {"winterfell": "M0", "white-harbor": "D+1", "the-shivering-sea": "S0"})
    for viewer in ("lannister", "baratheon", None):
        area = g.view(viewer)["areas"]["winterfell"]
        assert area["order"] == {"house": "stark", "face_down": True}
    assert g.view("stark")["areas"]["winterfell"]["order"]["token"] == "M0"
    assert g.state.areas["winterfell"].order is None  # nothing on the board before the reveal
    answer(g, "lannister", {"lannisport": "CP"})
    events = answer(g, "baratheon", {"dragonstone": "R"})
    reveal = next(e for e in events if e.kind == "orders_revealed")
    assert reveal.audience.kind == "public"
    assert reveal.data["orders"]["winterfell"] == ["stark", "M0"]
    assert g.view("baratheon")["areas"]["winterfell"]["order"] == {"house": "stark", "token": "M0"}


def test_7_11_reveal_only_when_every_house_has_placed():
    g = _three_player_board()
    answer(g, "stark", {"winterfell": "M0", "white-harbor": "D+1", "the-shivering-sea": "S0"})
    answer(g, "lannister", {"lannisport": "CP"})
    assert g.state.phase == "planning" and all(st.order is None for st in g.state.areas.values())


def test_7_14_20_7_orders_return_to_the_house_after_the_round():
    g = _three_player_board()
    answer(g, "stark", {"winterfell": "M0", "white-harbor": "D+1", "the-shivering-sea": "S0"})
    answer(g, "lannister", {"lannisport": "CP"})
    answer(g, "baratheon", {"dragonstone": "CP"})
    answer(g, "lannister", {"action": "pass"}, "raven")
    answer(g, "stark", {"from": "winterfell", "moves": {}})  # no raids; Stark's march is the only one
    assert g.state.round == 2
    assert all(st.order is None for st in g.state.areas.values())  # clean up ran
    assert len(g.view("stark")["private"]["unused_orders"]) == 15


def _revealed_board():
    g = _three_player_board()
    answer(g, "stark", {"winterfell": "M0", "white-harbor": "D+1", "the-shivering-sea": "S0"})
    answer(g, "lannister", {"lannisport": "CP"})
    answer(g, "baratheon", {"dragonstone": "CP"})
    return g


def test_6_10_c1_raven_after_the_reveal_swaps_one_order():
    g = _revealed_board()
    d = decision(g, "lannister", "raven")
    assert g.state.areas["lannisport"].order.token == "CPa"  # orders already revealed (C1)
    assert {"action": "swap", "area": "lannisport", "token": "D+2*"} in d.options
    events = answer(g, "lannister", {"action": "swap", "area": "lannisport", "token": "D+2*"}, "raven")
    assert g.state.areas["lannisport"].order.token == "D+2*"
    assert g.state.raven_used
    swap = next(e for e in events if e.kind == "raven_swap")
    assert swap.audience.kind == "public"  # A4: the new token is public at once


def test_a4_raven_swap_respects_restrictions_and_never_adds_an_order():
    g = _three_player_board(restrictions=["no-defense"], kings_court=["stark", "lannister", "baratheon"])
    answer(g, "stark", {"winterfell": "M0", "white-harbor": "R", "the-shivering-sea": "S0"})
    answer(g, "lannister", {"lannisport": "CP"})
    answer(g, "baratheon", {"dragonstone": "CP"})
    d = decision(g, "stark", "raven")
    swaps = [o for o in d.options if o["action"] == "swap"]
    assert swaps and all(o["area"] in ("winterfell", "white-harbor", "the-shivering-sea") for o in swaps)
    assert not any(o["token"].startswith("D") for o in swaps)
    _refused(g, "stark", {"action": "swap", "area": "karhold", "token": "M-1"}, "not a legal use", "raven")


def test_7_13_a4_raven_swap_keeps_the_star_limit():
    g = _three_player_board(kings_court=["stark", "lannister", "baratheon"])  # Stark: the Raven and 3 stars
    answer(g, "stark", {"winterfell": "M+1*", "white-harbor": "D+2*", "the-shivering-sea": "S+1*"})
    answer(g, "lannister", {"lannisport": "CP"})
    answer(g, "baratheon", {"dragonstone": "CP"})
    d = decision(g, "stark", "raven")
    swaps = [o for o in d.options if o["action"] == "swap"]
    assert {"action": "swap", "area": "winterfell", "token": "R*"} in swaps  # special for special
    assert {"action": "swap", "area": "winterfell", "token": "Ra"} in swaps


def test_a4_raven_swap_refuses_a_fourth_special():
    g = scenario(3)
    clear(g)
    g.state.kings_court = ["stark", "lannister", "baratheon"]
    for area in ("winterfell", "white-harbor", "the-shivering-sea", "karhold"):
        put(g, area, "stark", "footman")
    put(g, "lannisport", "lannister", "footman")
    put(g, "dragonstone", "baratheon", "footman")
    start(g, "planning")
    answer(g, "stark", {"winterfell": "M+1*", "white-harbor": "D+2*", "the-shivering-sea": "S+1*", "karhold": "CP"})
    answer(g, "lannister", {"lannisport": "CP"})
    answer(g, "baratheon", {"dragonstone": "CP"})
    d = decision(g, "stark", "raven")
    assert not any(o.get("area") == "karhold" and o["token"].endswith("*") for o in d.options)
    assert {"action": "swap", "area": "karhold", "token": "Ra"} in d.options


def test_6_11_raven_peek_is_private_and_can_bury_the_card():
    g = _revealed_board()
    top = g.state.wildling_deck[0]
    events = answer(g, "lannister", {"action": "peek"}, "raven")
    private = [e for e in events if e.data.get("card") == top]
    assert private and all(e.audience.kind == "player" and e.audience.who == "lannister" for e in private)
    assert decision(g, "lannister", "raven_peek").info["card"] == top
    for viewer in ("stark", "baratheon", None):
        assert top not in repr(g.view(viewer))
    answer(g, "lannister", {"action": "bottom"}, "raven_peek")
    assert g.state.wildling_deck[-1] == top and g.state.raven_used


def test_6_11_raven_peek_kept_on_top_is_remembered_by_the_holder_only():
    g = _revealed_board()
    top = g.state.wildling_deck[0]
    answer(g, "lannister", {"action": "peek"}, "raven")
    answer(g, "lannister", {"action": "top"}, "raven_peek")
    assert g.state.wildling_deck[0] == top
    assert g.view("lannister")["private"]["raven_peek"] == top
    assert g.view("stark")["private"]["raven_peek"] is None


def test_6_12_raven_used_once_per_round_and_refreshed_at_clean_up():
    g = _revealed_board()
    answer(g, "lannister", {"action": "peek"}, "raven")
    d = decision(g, "lannister", "raven_peek")
    answer(g, "lannister", {"action": "top"}, "raven_peek")
    assert g.view(None)["raven_used"] is True
    with pytest.raises(StaleDecision):
        g.submit("lannister", d.id, {"action": "top"})
    answer(g, "stark", {"from": "winterfell", "moves": {}})
    assert g.state.raven_used is False  # clean up flipped it back


def test_6_14_kings_court_shift_after_placing_keeps_placed_specials():
    g = _three_player_board()
    answer(g, "stark", {"winterfell": "M+1*", "white-harbor": "D+2*", "the-shivering-sea": "S0"})
    g.state.kings_court = ["lannister", "baratheon", "stark"]  # Stark drops to 1 star after placing
    answer(g, "lannister", {"lannisport": "CP"})
    answer(g, "baratheon", {"dragonstone": "CP"})
    assert g.state.areas["winterfell"].order.token == "M+1*"


def test_order_notation_errors_are_clear():
    g = _three_player_board()
    _refused(g, "stark", {"winterfell": "X9", "white-harbor": "D+1", "the-shivering-sea": "S0"}, "is not an order")
    _refused(g, "stark", ["winterfell", "M0"], "must map")
    _refused(g, "stark", {"narnia": "M0"}, "not an area")


def test_7_2_planning_with_no_units_on_the_board_moves_on():
    g = scenario(3)
    clear(g)
    start(g, "planning")
    # nothing to place: the orders are "revealed" at once and the Raven holder is asked next
    assert [(d.player, d.kind) for d in g.open_decisions()] == [("lannister", "raven")]


def test_raven_swaps_are_listed_once_each_and_never_for_the_same_order():
    g = _revealed_board()  # Lannister: Consolidate Power (CPa) in Lannisport, CPb and both twins of others unused
    d = decision(g, "lannister", "raven")
    swaps = [o for o in d.options if o["action"] == "swap"]
    labels = [c["label"] for c in d.choices if c["value"]["action"] == "swap"]
    assert len(labels) == len(set(labels)) == len(swaps)  # no twin listed twice
    assert not any(o["token"].startswith("CP") and not o["token"].endswith("*") for o in swaps)  # CP -> CP
    assert {"action": "swap", "area": "lannisport", "token": "D+1a"} in swaps
    assert {"action": "swap", "area": "lannisport", "token": "D+1b"} not in swaps
    events = answer(g, "lannister", {"action": "swap", "area": "lannisport", "token": "D+1b"}, "raven")  # its twin
    assert g.state.areas["lannisport"].order.token == "D+1a"
    assert next(e for e in events if e.kind == "raven_swap").data["token"] == "D+1a"
