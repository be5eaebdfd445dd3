"""M7: Income Tax ($200 or 10% of the total worth, chosen first) and Luxury Tax ($75)."""

import pytest

from tests.engine.monopoly import kit


def income_tax(monkeypatch: pytest.MonkeyPatch, choice: str, cash: int = 2500) -> tuple[int, list[kit.Event]]:
    game, script = kit.new(monkeypatch)
    s = game.state
    s.cash["car"] = cash
    s.owner.update({"39": "car", "37": "car", "1": "car"})
    s.houses["39"] = 2
    s.mortgaged = [1]
    kit.reask(game)
    kit.roll(game, script, (1, 3))
    d = kit.decision(game, "income_tax")
    assert d.options == ["flat", "percent"] and d.default == "flat"
    assert "worth" not in d.info  # chosen before the worth is counted
    events = kit.answer(game, "income_tax", choice)
    return s.cash["car"], events


def test_m7_1_income_tax_flat(monkeypatch: pytest.MonkeyPatch) -> None:
    cash, events = income_tax(monkeypatch, "flat")
    assert cash == 2300 and kit.of(events, "tax")[0]["amount"] == 200


def test_m7_1_income_tax_ten_percent_of_the_total_worth(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling MN14: Income Tax chosen before the worth is counted
    # worth: cash 2505 + Boardwalk 400 + Park Place 350 + Mediterranean 60 (mortgaged: printed price) + 2 houses 400
    cash, events = income_tax(monkeypatch, "percent", cash=2505)
    assert kit.of(events, "tax")[0]["amount"] == 372  # 371.5 rounded up (MN5)
    assert cash == 2505 - 372


def test_m7_2_luxury_tax_is_75(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch)
    game.state.position["car"] = 35
    kit.reask(game)
    events = kit.roll(game, script, (1, 2))
    assert kit.of(events, "tax") == [{"player": "car", "space": 38, "amount": 75}]
    assert game.state.cash["car"] == 2425
