"""Bad input to the Mother of Dragons decisions (issue 18, "Bad input"): a clear refusal naming the reason, and
nothing changed. Sea orders on land and a vassal claimed out of turn: test_mod_orders.py and test_mod_vassals.py."""

from __future__ import annotations

import pytest

from engine.agot import Game, Settings
from engine.agot.planning import check_orders
from engine.core import IllegalAnswer, NotYourDecision
from tests.engine.scenario import answer, clear, put, run_step, start


def consolidating_baratheon(power: int) -> Game:
    g = Game.new(8, seed=1)
    clear(g)
    g.state.mod["bank"]["row"] = ["customs-officer", None, "spymaster"]
    put(g, "shipbreaker-bay", "baratheon", "ship", order="IB")
    g.state.houses["baratheon"].power = power
    run_step(g, "consolidate")
    return g


@pytest.mark.parametrize("loan,message", [
    (0, r"^Customs Officer costs 7 Power and you have 5: you cannot afford it\.$"),
    (1, r"^Slot 1 of the Iron Bank's row holds no loan\.$"),
    (3, r"^There is no slot 3: the loan must be a slot of the Iron Bank's row \(0 to 2\) or null for no loan\.$"),
    ("cheapest", r"^The loan must be a slot .* not \"cheapest\"\.$"),
])
def test_18_a_loan_the_house_cannot_take_is_refused_clearly(loan: object, message: str) -> None:  # M5
    g = consolidating_baratheon(power=5)
    d = next(d for d in g.open_decisions() if d.kind == "consolidate")
    before = g.to_dict()
    with pytest.raises(IllegalAnswer, match=message):
        g.submit("baratheon", d.id, {"area": "shipbreaker-bay", "loan": loan})
    assert g.to_dict() == before
    with pytest.raises(IllegalAnswer, match='^Unknown key "muster": this answer has the keys area \\+ loan.$'):
        g.submit("baratheon", d.id, {"area": "shipbreaker-bay", "muster": True})
    assert g.to_dict() == before
    answer(g, "baratheon", {"area": "shipbreaker-bay", "loan": 2})  # the one it can afford (1 Power)
    assert g.state.houses["baratheon"].power == 4 and g.state.mod["bank"]["loans"] == {"baratheon": ["spymaster"]}


def test_16_a_sea_order_on_land_or_in_a_port_is_refused_clearly() -> None:
    g = Game.new(8, seed=1)
    before = g.to_dict()
    for area in ("pentos", "port-of-pentos"):
        orders = {"bay-of-pentos": "S0a", "myr": "M0", "norvos": "D+1a", "pentos": "CPa", "port-of-pentos": "Ra",
                  "the-rhoyne": "M-1", area: "SM-1"}
        with pytest.raises(IllegalAnswer, match="SM-1: sea orders go in sea areas only"):
            check_orders(g, "targaryen", orders)
    d = next(d for d in g.open_decisions() if d.player == "targaryen")
    with pytest.raises(IllegalAnswer, match="sea orders go in sea areas only"):
        g.submit("targaryen", d.id, {**orders, "pentos": "IB", "port-of-pentos": "Ra"})
    assert g.to_dict() == before


def test_14_a_flying_march_with_a_non_dragon_is_refused_clearly() -> None:  # M12
    g = Game.new(8, seed=1)
    clear(g)
    put(g, "the-rhoyne", "targaryen", "dragon", "knight", order="M0")
    start(g, "marches")
    d = next(d for d in g.open_decisions() if d.kind == "march")
    before = g.to_dict()
    for units in (["dragon", "knight"], ["knight", "dragon"]):
        with pytest.raises(IllegalAnswer, match=r"^Only Dragons moving without other units fly: a march from The "
                                                r"Rhoyne with a knight cannot reach Winterfell\.$"):
            g.submit("targaryen", d.id, {"from": "the-rhoyne", "moves": {"winterfell": units}})
    with pytest.raises(IllegalAnswer, match="A knight cannot march from The Rhoyne to Winterfell"):
        g.submit("targaryen", d.id, {"from": "the-rhoyne", "moves": {"winterfell": ["knight"]}})
    assert g.to_dict() == before


def test_22_a_vassal_claimed_out_of_turn_is_refused_with_whose_turn_it_is() -> None:  # M14
    g = Game.new(5, seed=3, settings=Settings(setup="8", vassals=("martell", "arryn", "targaryen")))
    d = g.open_decisions()[0]
    before = g.to_dict()
    with pytest.raises(NotYourDecision, match="^This decision belongs to Baratheon.$"):
        g.submit("lannister", d.id, "arryn")
    with pytest.raises(IllegalAnswer, match=r"^Claim one of the unclaimed vassals \(Martell, Arryn, Targaryen\) "
                                            r"or pass\.$"):
        g.submit("baratheon", d.id, "stark")
    assert g.to_dict() == before
