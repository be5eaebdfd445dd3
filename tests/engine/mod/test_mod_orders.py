"""Sea orders and vassal orders (issue 18; facts section 8 items 16, 20, 21; rulings M8, M10, M11, MP5)."""

from __future__ import annotations

import pytest

from engine.agot import Game, Settings
from engine.agot.planning import check_orders
from engine.core import IllegalAnswer
from tests.engine.scenario import answer, clear, put, run_step, start

VASSALS = ("martell", "arryn", "targaryen")


def five() -> Game:
    g = Game.new(5, seed=3, settings=Settings(setup="8", vassals=VASSALS))
    g.state.mod["commanders"] = {"martell": "tyrell", "arryn": "stark", "targaryen": "stark"}
    return g


def test_16_sea_orders_go_in_sea_areas_only() -> None:
    g = Game.new(8, seed=1)
    tokens = next(d for d in g.open_decisions() if d.player == "baratheon").info["tokens"]
    assert "SM-1" in tokens and "SS0" in tokens
    before = g.to_dict()
    with pytest.raises(IllegalAnswer, match="sea orders go in sea areas only"):
        check_orders(g, "baratheon", {"dragonstone": "SM-1", "kingswood": "D+1", "shipbreaker-bay": "CP"})
    assert g.to_dict() == before
    assert check_orders(g, "baratheon", {"dragonstone": "CP", "kingswood": "D+1", "shipbreaker-bay": "SM-1"})


def test_16_sea_orders_are_a_setting_in_the_seven_house_game() -> None:  # M10
    plain = Game.new(7, seed=1)
    assert "SM-1" not in plain.open_decisions()[0].info["tokens"]
    with_sea = Game.new(7, seed=1, settings=Settings(sea_orders=True))
    assert "SS0" in with_sea.open_decisions()[0].info["tokens"]


def test_16_a_sea_march_moves_ships_at_minus_one() -> None:
    g = Game.new(8, seed=1)
    clear(g)
    put(g, "shipbreaker-bay", "baratheon", "ship", "ship", order="SM-1")
    start(g, "marches")
    answer(g, "baratheon", {"from": "shipbreaker-bay", "moves": {"blackwater-bay": ["ship", "ship"]}})
    assert [u.kind for u in g.state.areas["blackwater-bay"].units] == ["ship", "ship"]


def test_21_a_vassal_owns_only_the_four_vassal_orders() -> None:  # M8
    g = five()
    with pytest.raises(IllegalAnswer, match="not one of your order tokens"):
        check_orders(g, "arryn", {"the-eyrie": "D+1"})
    areas = sorted(a for a, st in g.state.areas.items() if st.house == "arryn" and st.units)
    placed = check_orders(g, "arryn", dict(zip(areas, ["VD+3", "VDM+1", "VRS+1", "VM0"])))
    assert sorted(placed.values()) == sorted(["VD+3", "VDM+1", "VRS+1", "VM0"])


def test_20_raid_support_raids_or_stays_as_support() -> None:  # M8
    g = five()
    clear(g)
    put(g, "the-mountains-of-the-moon", "arryn", "footman", order="VRS+1")
    put(g, "the-fingers", "stark", "footman", order="CPa")
    start(g, "raids")
    d = next(d for d in g.open_decisions() if d.kind == "raid")
    assert d.player == "stark" and d.info["vassal"] == "arryn"  # the commander answers
    choice = next(c for c in d.choices or [] if c["value"]["target"] is None)
    assert "Support" in choice["description"]
    answer(g, "stark", {"area": "the-mountains-of-the-moon", "target": "the-fingers"})
    assert g.state.areas["the-fingers"].order is None
    assert g.state.houses["arryn"].power == 0  # a vassal pillages no Power (M8)


def test_20_raid_support_kept_supports_plus_one() -> None:  # M8
    g = five()
    clear(g)
    put(g, "the-mountains-of-the-moon", "arryn", "footman", order="VRS+1")
    put(g, "the-fingers", "stark", "footman", order="CPa")
    start(g, "raids")
    put(g, "the-eyrie", "stark", "knight", order="M0")  # a march after the raids: the kept order supports
    put(g, "the-vale-of-arryn", "martell", "footman")
    events = answer(g, "stark", {"area": "the-mountains-of-the-moon", "target": None})
    assert any(e.kind == "raid" and "as a Support order" in e.text for e in events)
    answer(g, "stark", {"from": "the-eyrie", "moves": {"the-vale-of-arryn": ["knight"]}})
    assert any(d.kind == "support" and d.info.get("vassal") == "arryn" for d in g.open_decisions())


def test_21_defense_muster_musters_in_a_castle() -> None:  # M8
    g = five()
    clear(g)
    put(g, "sunspear", "martell", "footman", order="VDM+1")
    start(g, "consolidate")
    d = next(d for d in g.open_decisions() if d.kind == "consolidate")
    assert d.player == "tyrell" and {"area": "sunspear", "muster": True} in (d.options or [])
    answer(g, "tyrell", {"area": "sunspear", "muster": True})
    assert any(d.kind == "muster" and d.info.get("vassal") == "martell" for d in g.open_decisions())


def test_21_defense_muster_kept_defends_plus_one() -> None:  # M8
    g = five()
    clear(g)
    put(g, "sunspear", "martell", "footman", order="VDM+1")
    start(g, "consolidate")
    events = answer(g, "tyrell", {"area": "sunspear", "muster": False})
    assert any(e.kind == "consolidate" and "as a Defense order" in e.text for e in events)
    assert g.state.houses["martell"].power == 0


def test_mp5_a_restriction_on_either_use_forbids_a_vassal_order() -> None:  # MP5
    g = five()
    g.state.restrictions = ["no-support"]
    areas = sorted(a for a, st in g.state.areas.items() if st.house == "arryn" and st.units)
    with pytest.raises(IllegalAnswer, match="forbidden"):
        check_orders(g, "arryn", {areas[0]: "VRS+1"})


def test_16_the_default_orders_use_sea_orders_only_at_sea_and_cover_every_area() -> None:
    from engine.agot.planning import default_orders

    g = Game.new(8, seed=1)
    clear(g)
    seas = ["braavosian-coastlands", "sea-of-myrth", "the-narrow-sea"]
    lands = ["myr", "norvos", "pentos", "riverrun", "the-disputed-lands", "the-fingers", "the-rhoyne"]
    for area in seas:
        put(g, area, "targaryen", "ship")
    for area in lands:
        put(g, area, "targaryen", "footman")
    put(g, "port-of-pentos", "targaryen", "ship")
    g.state.restrictions = ["no-consolidate-power"]
    g.state.mod["bank"]["row"] = ["customs-officer", None, None]
    placed = default_orders(g, "targaryen")
    assert len(placed) == 11 and check_orders(g, "targaryen", placed) == placed
    assert all(area in seas for area, token in placed.items() if token in ("SM-1", "SS0", "IB"))


def test_20_mp5_a_raid_support_without_target_stays_a_support_said_once() -> None:  # M8, MP5
    g = five()
    clear(g)
    put(g, "the-mountains-of-the-moon", "arryn", "footman", order="VRS+1")
    put(g, "the-fingers", "stark", "footman", order="D+1a")  # a Defense: no target for a Raid/Support
    events = run_step(g, "raids")
    told = [e for e in events if e.data.get("area") == "the-mountains-of-the-moon"
            or (e.data.get("choice") or {}).get("area") == "the-mountains-of-the-moon"]
    assert [(e.kind, e.text) for e in told] == [
        ("raid", "Arryn's Raid/Support in The Mountains of the Moon has no target: it stays as a Support order.")]
    assert told[0].data == {"house": "arryn", "area": "the-mountains-of-the-moon", "target": None, "kept": True,
                            "forced": True}
    assert g.state.areas["the-mountains-of-the-moon"].order is not None
    assert not any(d.kind == "raid" for d in g.open_decisions())


def test_20_mp5_a_raid_support_whose_target_was_raided_first_stays_a_support() -> None:  # M8, MP5
    g = five()
    clear(g)
    put(g, "the-mountains-of-the-moon", "arryn", "footman", order="VRS+1")
    put(g, "the-fingers", "stark", "footman", order="CPa")
    put(g, "the-twins", "baratheon", "footman", order="Ra")  # Baratheon, first on the Iron Throne, raids it
    run_step(g, "raids")
    events = answer(g, "baratheon", {"area": "the-twins", "target": "the-fingers"})
    told = [e for e in events if e.data.get("area") == "the-mountains-of-the-moon"
            or (e.data.get("choice") or {}).get("area") == "the-mountains-of-the-moon"]
    assert [(e.kind, e.data.get("kept")) for e in told] == [("raid", True)]
    assert g.state.areas["the-mountains-of-the-moon"].order is not None


def test_20_mp5_a_raid_support_facing_only_idle_supports_stays_a_support() -> None:  # M8, MP5
    g = five()
    clear(g)
    put(g, "the-mountains-of-the-moon", "arryn", "footman", order="VRS+1")
    put(g, "the-fingers", "stark", "footman", order="S0a")  # no March on the board: raiding it changes nothing
    events = run_step(g, "raids")
    told = [e for e in events if e.data.get("area") == "the-mountains-of-the-moon"
            or (e.data.get("choice") or {}).get("area") == "the-mountains-of-the-moon"]
    assert [(e.kind, e.data.get("kept")) for e in told] == [("raid", True)]
    assert "stays as a Support order" in told[0].text and "removed" not in told[0].text
    assert g.state.areas["the-mountains-of-the-moon"].order is not None
    assert g.state.areas["the-fingers"].order is not None
