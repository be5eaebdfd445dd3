"""M4.1: an unowned deed may be bought at its printed price; declined, it goes to the bank's auction."""

import pytest

from tests.engine.monopoly import kit


def test_m4_1_the_player_buys_an_unowned_deed_at_its_printed_price(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch)
    kit.roll(game, script, (2, 3))
    d = kit.decision(game, "buy")
    assert d.options == ["buy", "auction"] and d.default == "buy" and d.info["price"] == 200
    assert "Reading Railroad" in d.label
    events = kit.answer(game, "buy", "buy")
    assert game.state.owner_of(5) == "car" and game.state.cash["car"] == 2300
    assert kit.of(events, "buy") == [{"player": "car", "space": 5, "amount": 200}]


def test_m4_1_a_declined_deed_goes_to_the_auction(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch)
    kit.roll(game, script, (2, 3))
    events = kit.answer(game, "buy", "auction")
    assert "auction_open" in kit.kinds(events)
    assert game.state.cash["car"] == 2500 and game.state.owner_of(5) != "car"


def test_m4_1_a_deed_the_player_cannot_pay_goes_to_the_auction_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch)
    game.state.cash["car"] = 100
    kit.reask(game)
    events = kit.roll(game, script, (2, 3))
    assert kit.of(events, "forced_choice")[0]["choice"] == "auction"
    assert "auction_open" in kit.kinds(events) and game.state.cash["car"] == 100


def test_m4_1_a_bad_answer_is_refused_and_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.core import IllegalAnswer

    game, script = kit.new(monkeypatch)
    kit.roll(game, script, (2, 3))
    before = game.to_dict()
    with pytest.raises(IllegalAnswer, match="not a choice"):
        kit.answer(game, "buy", "steal")
    assert game.to_dict() == before


def test_m4_1_short_of_cash_the_player_may_still_buy_by_raising_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling MN13: buying short of cash
    game, script = kit.new(monkeypatch)
    s = game.state
    s.cash["car"], s.owner["39"] = 100, "car"
    kit.reask(game)
    kit.roll(game, script, (2, 3))
    d = kit.decision(game, "buy")
    assert d.options == ["buy", "auction"] and d.default == "auction"  # Boardwalk's mortgage would pay
    kit.answer(game, "buy", {"mortgage": 39})  # a manage answer in place: the question is asked again
    assert s.cash["car"] == 300 and 39 in s.mortgaged and kit.decision(game, "buy").default == "buy"
    kit.answer(game, "buy", "buy")
    assert s.owner_of(5) == "car" and s.cash["car"] == 100
