"""The Iron Bank (issue 18; facts section 8 items 3, 17-20; rulings M5, M11, MP9, MP10)."""

from __future__ import annotations

import pytest

from engine.agot import Game, Settings
from engine.agot.mod import bank
from engine.agot.mod.orders import house_tokens
from engine.agot.planning import check_orders
from engine.agot.position import Position
from engine.core import IllegalAnswer
from tests.engine.drive import drive
from tests.engine.scenario import answer, clear, put, run_step, start


def eight(row: list[str | None] | None = None) -> Game:
    g = Game.new(8, seed=1)
    clear(g)
    if row is not None:
        g.state.mod["bank"]["row"] = list(row)
    return g


def test_17_the_row_fills_one_loan_per_round_from_round_one() -> None:  # M11
    g = Game.new(8, seed=2)
    row = g.state.mod["bank"]["row"]
    assert row[0] is not None and row[1:] == [None, None]  # round 1 offers one loan, at 7
    assert g.view(None)["mod"]["iron_bank"]["costs"]["stark"] == [7, 4, 1]
    first = row[0]
    deck = list(g.state.mod["loan_deck"])
    bank.new_round(g)
    assert g.state.mod["bank"]["row"] == [deck[0], first, None]
    assert "loan_deck" not in str(g.view("stark"))


@pytest.mark.parametrize("players,settings", [(7, Settings(sea_orders=True, seven_power=True)),
                                              (5, Settings(setup="7", sea_orders=True))])
def test_17_the_seven_house_setup_has_no_iron_bank(players: int, settings: Settings) -> None:  # M10, M1
    """Its map has no loan row (the facts' 7-house map has no Iron Bank slots): no row, no loans, no Iron Bank
    order even with sea orders, no interest, and no 7 Power."""
    g = Game.new(players, seed=1, settings=settings)
    assert not bank.in_play(g) and "bank" not in g.state.mod and "loan_deck" not in g.state.mod
    assert "iron_bank" not in g.view(None)["mod"]
    assert "stark" not in g.vassals()
    assert {"SM-1", "SS0"} <= set(house_tokens(g, "stark")) and "IB" not in house_tokens(g, "stark")
    with pytest.raises(IllegalAnswer, match='IB: "IB" is not one of your order tokens'):
        check_orders(g, "stark", {"the-shivering-sea": "IB"})
    assert g.state.houses["stark"].power == 5
    drive(g, seed=3, decisions=400)  # rounds 2+: no loan offered, no interest, no debts
    assert g.state.round >= 2 and "bank" not in g.state.mod
    assert not [e for e in g.events if e.kind in ("loan_offered", "loan_taken", "loan_effect", "interest", "debt")]


def test_17_the_oldest_loan_leaves_for_the_bottom_of_the_deck() -> None:
    g = eight(["spymaster", "pyromancer", "full-host"])
    g.state.mod["loan_deck"] = ["sea-raiders", "master-at-arms"]
    g.state.round = 1
    bank.new_round(g)
    assert g.state.mod["bank"]["row"] == ["sea-raiders", "spymaster", "pyromancer"]
    assert g.state.mod["loan_deck"] == ["master-at-arms", "full-host"]


def test_3_braavos_pays_one_less() -> None:  # M5
    g = eight()
    put(g, "braavos", "stark", "footman")
    assert bank.costs(g, "stark") == [6, 3, 0] and bank.costs(g, "lannister") == [7, 4, 1]


def test_18_an_iron_bank_order_buys_a_loan_in_consolidate_power() -> None:  # M5, MP10
    g = eight(["customs-officer", "vanguard-cavalry", None])
    put(g, "shipbreaker-bay", "baratheon", "ship", order="IB")
    put(g, "dragonstone", "baratheon", "footman")
    g.state.houses["baratheon"].power = 5
    g.state.houses["baratheon"].supply = 6
    run_step(g, "consolidate")
    d = next(d for d in g.open_decisions() if d.kind == "consolidate")
    assert d.options == [{"area": "shipbreaker-bay", "loan": None}, {"area": "shipbreaker-bay", "loan": 1}]
    assert d.default == {"area": "shipbreaker-bay", "loan": None}  # slot 0 costs 7: more than Baratheon has
    before = g.to_dict()
    with pytest.raises(IllegalAnswer):
        g.submit("baratheon", d.id, {"area": "shipbreaker-bay", "loan": 0})  # a loan it cannot afford
    assert g.to_dict() == before
    answer(g, "baratheon", {"area": "shipbreaker-bay", "loan": 1})
    assert g.state.houses["baratheon"].power == 1
    assert g.state.mod["bank"]["loans"] == {"baratheon": ["vanguard-cavalry"]}
    # Vanguard Cavalry: three Knights where Baratheon controls or has units (only Dragonstone: placed at once)
    assert sorted(u.kind for u in g.state.areas["dragonstone"].units) == ["footman", "knight", "knight", "knight"]


def test_18_customs_officer_gives_ten_power() -> None:
    g = eight(["customs-officer", None, None])
    g.state.houses["stark"].power = 7
    bank.buy(g, "stark", 0)
    assert g.state.houses["stark"].power == 10


def test_m2_power_never_passes_20_tokens() -> None:  # M2
    g = eight([None, None, "customs-officer"])
    g.state.houses["stark"].power = 17
    bank.buy(g, "stark", 2)  # pays 1, gains 10 of which only 4 fit
    assert g.state.houses["stark"].power == 20


def test_19_interest_then_debts_destroy_units() -> None:  # M11
    g = eight()
    g.state.mod["bank"]["loans"] = {"stark": ["customs-officer", "spymaster"], "lannister": ["pyromancer"]}
    put(g, "winterfell", "stark", "footman", "knight")
    g.state.houses["stark"].power = 1
    g.state.houses["lannister"].power = 3
    g.state.round = 2
    Position(g).run_effect(bank.new_round)
    assert g.state.houses["stark"].power == 0 and g.state.houses["lannister"].power == 2
    d = next(d for d in g.open_decisions() if d.kind == "debt")
    assert d.player == g.state.fiefdoms[0] if g.state.fiefdoms[0] != "stark" else g.state.fiefdoms[1]
    answer(g, d.player, {"area": "winterfell", "unit": "knight"})
    assert [u.kind for u in g.state.areas["winterfell"].units] == ["footman"]


def test_21_vassals_buy_no_loan_and_pay_no_interest() -> None:  # M8
    g = Game.new(6, seed=1, settings=Settings(setup="8"))
    vassal = g.vassals()[0]
    g.state.mod["bank"]["row"] = ["customs-officer", None, None]
    assert bank.buy_options(g, vassal, "the-bite") == [{"area": "the-bite", "loan": None}]


def test_20_raid_removes_an_iron_bank_order_without_pillage() -> None:  # M11
    g = eight()
    put(g, "shipbreaker-bay", "baratheon", "ship", order="IB")
    put(g, "blackwater-bay", "lannister", "ship", order="Ra")
    g.state.houses["baratheon"].power = 5
    start(g, "raids")
    answer(g, "lannister", {"area": "blackwater-bay", "target": "shipbreaker-bay"})
    assert g.state.areas["shipbreaker-bay"].order is None
    assert g.state.houses["baratheon"].power == 5 and g.state.houses["lannister"].power == 5


def test_mp9_improvements_add_a_crown_or_a_barrel() -> None:  # MP9
    g = eight(["expert-artificer", "loyal-maester", None])
    put(g, "winterfell", "stark", "footman")
    g.state.houses["stark"].power = 11
    before = g.state.houses["stark"].supply
    g.state.stack = []
    bank.buy(g, "stark", 0)
    g.resume()
    answer(g, "stark", "winterfell")
    assert g.state.mod["bank"]["improvements"]["power"] == {"winterfell": 1}
    from engine.agot.action import consolidate_yield

    assert consolidate_yield(g, "stark", "winterfell") == 1 + 1 + 1  # 1 + its crown + the improvement
    from engine.agot.world import supply_from_barrels

    g.state.mod["bank"]["improvements"]["supply"] = {"winterfell": 2}
    assert supply_from_barrels(g.board, g.state, "stark") == min(6, before + 2)


def test_mp10_the_faceless_men_destroy_a_knight_and_a_footman_elsewhere() -> None:  # MP10
    g = eight(["the-faceless-men", None, None])
    put(g, "winterfell", "stark", "footman", "knight")
    put(g, "riverrun", "lannister", "footman")
    g.state.houses["stark"].power = 7
    g.state.stack = []
    bank.buy(g, "stark", 0)
    g.resume()
    answer(g, "stark", {"area": "winterfell", "house": "stark"})
    d = next(d for d in g.open_decisions() if d.kind == "loan_destroy")
    assert {"area": "winterfell", "house": "stark"} not in (d.options or [])  # a different area
    answer(g, "stark", {"area": "riverrun", "house": "lannister"})
    assert not g.state.areas["riverrun"].units


def test_mp9_master_at_arms_makes_two_strongholds() -> None:  # MP9
    g = eight(["master-at-arms", None, None])
    put(g, "white-harbor", "stark", "footman")
    g.state.houses["stark"].power = 7
    g.state.stack = []
    bank.buy(g, "stark", 0)
    g.resume()
    d = next(d for d in g.open_decisions() if d.kind == "loan_area")
    assert "winterfell" not in (d.options or [])  # already a stronghold
    answer(g, "stark", "white-harbor")
    answer(g, "stark", "moat-cailin")
    from engine.agot.mustering import mustering_areas
    from engine.agot.world import castle_level, strongholds

    assert castle_level(g.board, g.state, "white-harbor") == 2 and mustering_areas(g, "stark")["white-harbor"] == 2
    assert strongholds(g.board, g.state, "stark") == 2  # Winterfell (home) and White Harbor
    assert g.view(None)["mod"]["iron_bank"]["castles"] == {"white-harbor": 1, "moat-cailin": 1}


def test_mp9_pyromancer_lowers_a_castle_then_improves_it() -> None:  # MP9
    g = eight(["pyromancer", None, None])
    put(g, "white-harbor", "stark", "footman")
    g.state.houses["stark"].power = 7
    before = g.view(None)["houses"]["stark"]["victory_points"]
    g.state.stack = []
    bank.buy(g, "stark", 0)
    g.resume()
    answer(g, "stark", {"area": "white-harbor", "improve": "supply"})
    from engine.agot.world import castle_level, victory_points

    assert castle_level(g.board, g.state, "white-harbor") == 0
    assert victory_points(g.board, g.state, "stark") == before - 1
    assert g.view(None)["houses"]["stark"]["victory_points"] == before - 1
    assert g.state.mod["bank"]["improvements"]["supply"] == {"white-harbor": 1}
