"""No leaks (H.4, H.5, H.10-H.12): bids, the Raven's peek and deck order reach nobody before they are public."""

from __future__ import annotations

import json

from engine.agot import Game
from tests.engine.scenario import answer, scenario
from tests.engine.westeros_scenario import bid, public, rng_putting_winter_on_top, set_decks, westeros

VIEWERS = (None, "baratheon", "lannister", "stark")


def seen_by(events, viewer) -> list:
    return [e for e in events if e.audience.reaches(viewer)]


def test_h4_a_bid_reaches_nobody_else_before_the_reveal():
    game = scenario(players=3)
    westeros(game, "supply", "clash-of-kings", "sea-of-storms")
    before = {v: game.view(v) for v in (None, "baratheon", "stark")}
    events = answer(game, "lannister", 3, "bid")
    for viewer in (None, "baratheon", "stark"):
        for e in seen_by(events, viewer):
            assert e.kind == "bid_submitted" and set(e.data) == {"house", "label"} and "3" not in e.text
        view = game.view(viewer)
        changed = {k for k in view if view[k] != before[viewer][k]}
        assert changed == {"waiting_for", "waiting"}, changed  # only "who is still bidding" moved
        assert view["houses"]["lannister"]["power"] is None
        assert all(d["player"] == viewer for d in (view.get("private") or {}).get("decisions", []))
        assert view["waiting_for"] == ["baratheon", "stark"]  # "still bidding" is public, the amount is not
    mine = seen_by(events, "lannister")
    assert any(e.kind == "bid_recorded" and e.data["bid"] == 3 for e in mine)
    assert game.view("lannister")["houses"]["lannister"]["power"] == 5  # paid only at the reveal
    assert not [e for e in events if e.audience.kind == "sealed"]
    sealed = [e for group in game.state.sealed.values() for e in group]
    assert len(sealed) == 1 and sealed[0]["data"]["bid"] == 3
    events = bid(game, baratheon=1)
    reveal = public(events, "bids_revealed")
    assert reveal[0].data["bids"] == {"baratheon": 1, "lannister": 3, "stark": 0}


def test_h4_bid_decisions_carry_only_the_bidders_own_power():
    game = scenario(players=3)
    game.state.houses["stark"].power = 7
    westeros(game, "supply", "game-of-thrones", "wildlings-attack", threat=4)
    for d in game.open_decisions():
        assert d.info["power"] == game.state.houses[d.player].power
        assert not any(h in json.dumps(d.info) for h in game.state.houses if h != d.player)


def test_h5_available_power_hidden_through_the_whole_clash_of_kings():
    game = scenario(players=3)
    westeros(game, "supply", "clash-of-kings", "sea-of-storms")
    checks = 0
    while game.open_decisions() and game.open_decisions()[0].kind in ("bid", "break_tie"):
        for viewer in VIEWERS:
            powers = {h: v["power"] for h, v in game.view(viewer)["houses"].items()}
            assert all((p is None) == (h != viewer) for h, p in powers.items())
        d = game.open_decisions()[0]
        game.submit(d.player, d.id, d.options[-1] if d.kind == "bid" else d.default)
        checks += 1
    assert checks >= 3
    assert all(v["power"] is not None for v in game.view(None)["houses"].values())


def test_h10_raven_peek_is_the_holders_until_the_card_is_drawn():
    game = scenario(players=3)
    top = game.state.wildling_deck[0]
    game.state.raven_peek = {"house": "lannister", "card": top}
    events = westeros(game, "supply", "game-of-thrones", "wildlings-attack", threat=2)
    for viewer in (None, "baratheon", "stark"):
        assert top not in json.dumps(game.view(viewer))
        assert all(top not in json.dumps(e.to_dict()) for e in seen_by(events, viewer))
    assert game.view("lannister")["private"]["raven_peek"] == top
    events = bid(game, baratheon=2)
    drawn = public(events, "wildling_card")[0]
    assert drawn.data["card"] == top  # public from now on
    assert all(game.view(v)["private"]["raven_peek"] is None for v in ("baratheon", "lannister", "stark"))


def test_h11_wildling_deck_order_never_shown():
    game = scenario(players=3)
    deck = list(game.state.wildling_deck)
    events = westeros(game, "supply", "game-of-thrones", "wildlings-attack", threat=2)
    for viewer in VIEWERS:
        text = json.dumps(game.view(viewer))
        assert "wildling_deck\"" not in text and not any(card in text for card in deck)
        assert game.view(viewer)["wildling_deck_size"] == 9
        assert all(not any(c in json.dumps(e.to_dict()) for c in deck) for e in seen_by(events, viewer))


def test_h12_westeros_deck_order_never_shown_even_by_winter_is_coming():
    game = scenario(players=3)
    set_decks(game, ("winter-is-coming", None, None))
    game.state.rng = rng_putting_winter_on_top(game.state.westeros_decks[0], times=1)
    events = westeros(game, None, "game-of-thrones", "sea-of-storms")
    for e in events:
        if e.kind == "westeros_card" and e.data["card"] == "winter-is-coming":
            assert set(e.data) == {"card", "deck"}
    for viewer in VIEWERS:
        text = json.dumps(game.view(viewer))
        assert "westeros_decks" not in text
        assert game.view(viewer)["westeros_revealed"] == game.state.westeros_revealed
    restored = Game.from_dict(game.to_dict())  # the order lives in the state, and only there
    assert restored.state.westeros_decks == game.state.westeros_decks
