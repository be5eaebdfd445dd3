"""Checklist 8A: Raid orders (8.1-8.10) and the rulebook's raid example (RB2 p.14)."""

import pytest

from engine.core import IllegalAnswer
from tests.engine.scenario import answer, clear, decision, put, scenario, start


def _board(players=6):
    g = scenario(players)
    clear(g)
    return g


def test_rulebook_example_of_raid_order_resolution():
    g = _board(5)
    g.state.iron_throne = ["greyjoy", "stark", "lannister", "baratheon", "tyrell"]
    put(g, "the-reach", "lannister", "footman", order="Ra")
    put(g, "sunset-sea", "lannister", "ship", order="Rb")
    put(g, "lannisport", "lannister", "footman", order="D+1a")
    put(g, "west-summer-sea", "greyjoy", "ship", order="Ra")
    put(g, "dornish-marches", "tyrell", "footman", order="Ra")
    put(g, "highgarden", "tyrell", "footman", order="CPa")
    put(g, "stoney-sept", "baratheon", "footman", order="R*")
    start(g, "raids")
    assert [d.player for d in g.open_decisions()] == ["greyjoy"]
    answer(g, "greyjoy", {"area": "west-summer-sea", "target": "highgarden"})
    assert g.state.areas["highgarden"].order is None and g.state.areas["west-summer-sea"].order is None
    assert g.state.houses["greyjoy"].power == 6 and g.state.houses["tyrell"].power == 4  # pillage (8.9)
    # 2. Stark has no raid: Lannister next
    answer(g, "lannister", {"area": "the-reach", "target": "dornish-marches"})
    assert g.state.areas["dornish-marches"].order is None
    # 3. Baratheon's special raid removes a Defense order
    answer(g, "baratheon", {"area": "stoney-sept", "target": "lannisport"})
    assert g.state.areas["lannisport"].order is None
    # 4-5. Tyrell has no raid left; Lannister's Sunset Sea raid has no target and is removed at once (forced)
    assert all(st.order is None or g.board.order_tokens[st.order.token].type != "raid"
               for st in g.state.areas.values())
    assert g.state.areas["sunset-sea"].order is None
    assert g.state.stack[-1]["step"] != "raids"


def test_8_2_and_8_3_normal_raid_targets_support_raid_consolidate_not_march_or_defense():
    g = _board()
    put(g, "the-reach", "lannister", "footman", order="Ra")
    for area, token in [("blackwater", "S0a"), ("kingswood", "CPa"), ("the-boneway", "M0"),
                        ("dornish-marches", "D+1a"), ("highgarden", "Rb")]:
        put(g, area, "tyrell", "footman", order=token)
    start(g, "raids")
    d = decision(g, "lannister", "raid")
    targets = {o["target"] for o in d.options}
    assert targets == {"blackwater", "kingswood", "highgarden", None}


def test_8_4_special_raid_may_remove_defense():
    g = _board()
    put(g, "the-reach", "lannister", "footman", order="R*")
    put(g, "dornish-marches", "tyrell", "footman", order="D+2*")
    start(g, "raids")
    answer(g, "lannister", {"area": "the-reach", "target": "dornish-marches"})
    assert g.state.areas["dornish-marches"].order is None


def test_8_5_special_orders_can_be_raided():
    g = _board()
    put(g, "the-reach", "lannister", "footman", order="Ra")
    put(g, "highgarden", "tyrell", "footman", order="S+1*")
    put(g, "pyke", "greyjoy", "footman", order="M0")  # a March still to come: raiding a Support may matter
    start(g, "raids")
    answer(g, "lannister", {"area": "the-reach", "target": "highgarden"})
    assert g.state.areas["highgarden"].order is None


def test_8_6_land_never_raids_sea_sea_raids_land_and_sea():
    g = _board()
    put(g, "searoad-marches", "lannister", "footman", order="Ra")
    put(g, "sunset-sea", "greyjoy", "ship", order="S0a")
    put(g, "west-summer-sea", "tyrell", "ship", order="Ra")
    put(g, "highgarden", "stark", "footman", order="CPa")
    start(g, "raids")
    d = decision(g, "lannister", "raid")
    land = [o["target"] for o in d.options if o["area"] == "searoad-marches"]
    assert "sunset-sea" not in land and "west-summer-sea" not in land
    g2 = _board()
    put(g2, "west-summer-sea", "tyrell", "ship", order="Ra")
    put(g2, "sunset-sea", "greyjoy", "ship", order="S0a")
    put(g2, "highgarden", "stark", "footman", order="CPa")
    start(g2, "raids")
    sea = {o["target"] for o in decision(g2, "tyrell", "raid").options}
    assert sea == {"sunset-sea", "highgarden", None}


def test_8_7_ports_raid_only_their_sea_and_only_the_sea_raids_the_port():
    g = _board()
    put(g, "port-of-lannisport", "lannister", "ship", order="Ra")
    put(g, "lannisport", "lannister", "footman")
    put(g, "the-golden-sound", "greyjoy", "ship", order="S0a")
    put(g, "riverrun", "tyrell", "footman", order="Ra")
    put(g, "pyke", "greyjoy", "footman", order="M0")  # a March still to come: raiding a Support may matter
    start(g, "raids")
    port = {o["target"] for o in decision(g, "lannister", "raid").options}
    assert port == {"the-golden-sound", None}
    g2 = _board()
    put(g2, "lannisport", "lannister", "footman")
    put(g2, "port-of-lannisport", "lannister", "ship", order="CPa")
    put(g2, "the-golden-sound", "greyjoy", "ship", order="Ra")
    put(g2, "stoney-sept", "tyrell", "footman", order="Ra")
    start(g2, "raids")
    # Stoney Sept (land) cannot raid the port; the Golden Sound (its sea) can
    assert {o["target"] for o in decision(g2, "greyjoy", "raid").options} == {"port-of-lannisport", None}


def test_8_8_raids_do_not_use_ship_transport():
    g = _board()
    put(g, "winterfell", "stark", "footman", order="Ra")
    put(g, "bay-of-ice", "stark", "ship")
    put(g, "flints-finger", "greyjoy", "footman", order="CPa")
    events = start(g, "raids")
    raid = next(e for e in events if e.kind == "raid")
    assert raid.data["target"] is None  # Flint's Finger is reachable only by ship: no target, removed at once


def test_8_9_pillage_victim_with_no_power_still_gives_the_raider_one():
    g = _board()
    g.state.houses["tyrell"].power = 0
    put(g, "the-reach", "lannister", "footman", order="Ra")
    put(g, "highgarden", "tyrell", "footman", order="CP*")
    start(g, "raids")
    answer(g, "lannister", {"area": "the-reach", "target": "highgarden"})
    assert g.state.houses["lannister"].power == 6 and g.state.houses["tyrell"].power == 0


def test_8_10_raid_may_choose_no_effect_and_8_1_turns_cycle():
    g = _board()
    g.state.iron_throne = ["lannister", "tyrell", "stark", "greyjoy", "baratheon", "martell"]
    put(g, "the-reach", "lannister", "footman", order="Ra")
    put(g, "searoad-marches", "lannister", "footman", order="Rb")
    put(g, "highgarden", "tyrell", "footman", order="Ra")
    start(g, "raids")
    answer(g, "lannister", {"area": "the-reach", "target": None})
    assert g.state.areas["highgarden"].order is not None
    assert [d.player for d in g.open_decisions()] == ["tyrell"]
    answer(g, "tyrell", {"area": "highgarden", "target": "searoad-marches"})
    assert g.state.areas["searoad-marches"].order is None
    assert g.state.stack[-1]["step"] != "raids"


def test_raid_illegal_target_refused_without_change():
    g = _board()
    put(g, "the-reach", "lannister", "footman", order="Ra")
    put(g, "highgarden", "tyrell", "footman", order="D+1a")
    put(g, "blackwater", "tyrell", "footman", order="CPa")
    start(g, "raids")
    before = g.to_dict()
    with pytest.raises(IllegalAnswer, match="not legal"):
        answer(g, "lannister", {"area": "the-reach", "target": "highgarden"})
    assert g.to_dict() == before
