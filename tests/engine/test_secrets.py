"""No secret reaches the wrong player: views are whitelists; events name their audience (section H)."""

import json

import pytest

from engine.agot import Game
from tests.engine.drive import drive

PUBLIC_KEYS = {"viewer", "round", "phase", "step", "tracks", "dominance", "blade_used", "raven_used",
               "wildling_threat", "wildling_deck_size", "westeros_revealed", "restrictions", "settings", "winner",
               "ranking", "notes", "houses", "areas", "waiting_for", "waiting"}
NEVER_IN_A_VIEW = {"rng", "westeros_decks", "wildling_deck", "stack", "decision_seq", "placed", "bids", "tides_deck",
                   "sealed"}


def _keys(value):
    """Every dict key anywhere in a view."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _keys(v)
    elif isinstance(value, list):
        for v in value:
            yield from _keys(v)


def test_view_is_a_whitelist():
    g = Game.new(6, seed=1)
    assert set(g.view(None)) == PUBLIC_KEYS
    assert set(g.view("stark")) == PUBLIC_KEYS | {"private"}
    assert set(g.view("stark")["private"]) == {"unused_orders", "decisions", "raven_peek"}


def _check_no_leak(game, decision, events):
    # 1. no view holds the engine's hidden fields
    for viewer in [None, *game.state.houses]:
        view = game.view(viewer)
        assert not NEVER_IN_A_VIEW & set(_keys(view)), viewer
        assert game.state.rng.secret.hex() not in json.dumps(view)
    # 2. while a reveal group is still open, nothing reaching another player carries the submitted answer
    group = decision.reveal_group
    if decision.secret and group and any(d.reveal_group == group for d in game.open_decisions()):
        for e in events:
            for viewer in [None, *(h for h in game.state.houses if h != decision.player)]:
                if e.audience.reaches(viewer):
                    assert "orders" not in e.data and "bid" not in e.data and "card" not in e.data, e
    # 3. placed orders are face down for everyone but their owner until the reveal
    planning = next((f for f in game.state.stack if f["step"] == "planning"), None)
    for owner, orders in (planning or {}).get("placed", {}).items():
        for viewer in [None, *game.state.houses]:
            shown = game.view(viewer)["areas"]
            for area in orders:
                assert ("token" in shown[area]["order"]) == (viewer == owner)
    # 4. the Raven's peek is its holder's alone
    peek = game.state.raven_peek
    for viewer in game.state.houses:
        seen = game.view(viewer)["private"]["raven_peek"]
        assert seen is None or (peek and viewer == peek["house"] and seen == peek["card"])


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (5, 3), (6, 4)])
def test_20_3_random_games_never_leak(players, seed):
    g = drive(Game.new(players, seed=seed), seed=seed, decisions=150, check=_check_no_leak)
    assert g.state.round >= 2
