"""The whitelist view: the public keys of the spec, a player's own decisions and own sealed bid, never the decks'
order or another's sealed bid."""

import json

import pytest

from engine.core import Audience, Event
from engine.monopoly import game as game_module
from engine.monopoly.audit import Auditor
from engine.monopoly.rules import MONOPOLY
from tests.engine.monopoly import kit

PUBLIC = {"board", "round", "turn", "phase", "settings", "players", "spaces", "bank", "dice", "auction", "trades",
          "waiting", "winner", "reason", "standings"}
PLAYER = {"player", "name", "cash", "position", "in_jail", "jail_turns", "speed_die", "jail_cards", "bankrupt",
          "worth", "offers"}


def test_the_public_view_holds_exactly_the_whitelist(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch, players=3)
    kit.roll(game, script, (2, 3))
    view = game.view()
    assert set(view) == {"public"} and set(view["public"]) == PUBLIC
    public = view["public"]
    assert all(set(p) == PLAYER for p in public["players"]) and [p["name"] for p in public["players"]] == [
        "Car", "Dog", "Top Hat"]
    assert public["dice"] == {"player": "car", "white": [2, 3], "speed": None}
    assert public["phase"] == "buy" and public["turn"] == "car"
    assert public["waiting"] == [{"player": "car", "kind": "buy", "label": "Car may buy Reading Railroad"}]
    assert public["settings"] == {"speed_die": True, "auction": "sealed", "rounds": 0}


def test_a_player_sees_only_their_own_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch)
    kit.roll(game, script, (2, 3))
    assert [d["kind"] for d in game.view("car")["private"]["decisions"]] == ["buy"]
    assert game.view("dog")["private"]["decisions"] == []


def test_a_sealed_bid_is_seen_by_its_bidder_only(monkeypatch: pytest.MonkeyPatch) -> None:
    game, script = kit.new(monkeypatch, players=3)
    kit.roll(game, script, (2, 3))
    kit.answer(game, "buy", "auction")
    kit.answer(game, "bid", 120, player="dog")
    assert game.view("dog")["private"]["my_bid"] == 120
    assert game.view("car")["private"]["my_bid"] is None
    assert "120" not in json.dumps(game.view()) and "120" not in json.dumps(game.view("hat"))
    assert game.view()["public"]["auction"]["answered"] == ["dog"]
    assert Auditor().check(game, []) == []


def test_the_view_never_holds_the_decks_order() -> None:
    game = MONOPOLY.new(4, MONOPOLY.check_settings({}, 4), seed=8)
    text = json.dumps([game.view(v) for v in [None, *game.players()]])
    assert not any(card in text for card in game.board.cards)
    assert Auditor().check(game, []) == []


def test_the_audit_finds_planted_leaks(monkeypatch: pytest.MonkeyPatch) -> None:
    game = MONOPOLY.new(2, MONOPOLY.check_settings({}, 2), seed=8)
    two = game.state.decks["chance"][:2]
    leak = Event("card", Audience.public(), "next cards", {"cards": two})
    assert Auditor().check(game, [leak]) == ["card names 2 cards"]
    # the jail cards players hold are public: a bankruptcy handing both over names them without a leak
    jail = [c for c in game.board.cards if game.board.cards[c].effect["kind"] == "get_out_of_jail_free"]
    for c in jail:
        game.state.decks[game.board.cards[c].deck].remove(c)
    game.state.jail_cards = {"car": jail}
    handed = Event("bankrupt", Audience.public(), "cards handed over", {"jail_cards": jail})
    assert Auditor().check(game, [handed]) == []
    real = game_module.build_view
    monkeypatch.setattr(game_module, "build_view", lambda g, p: {**real(g, p), "top": g.state.decks["chance"][0]})
    assert "the view of the public depends on the decks' order" in Auditor().check(game, [])


def over_game():
    from engine.monopoly.rules import MONOPOLY

    game = MONOPOLY.new(3, {"rounds": 10}, seed=2)
    while not game.over:
        d = game.open_decisions()[0]
        game.submit(d.player, d.id, d.default)
    return game


def test_over_nobody_is_to_play() -> None:
    """At the end the view names no player to play (the board said "Battleship to play" after the last round)."""
    game = over_game()
    public = game.view(None)["public"]
    assert public["turn"] is None and game.state.turn is not None
    assert [s["place"] for s in public["standings"]][0] == 1
