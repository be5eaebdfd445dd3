"""The public view says who must decide what (issue 8, item 8), never the private prompt or info."""

from engine.agot import Game
from tests.engine.walk import walk


def test_public_waiting_names_house_kind_and_label():
    game = Game.new(4, seed=3)
    waiting = game.view(None)["waiting"]
    assert {w["house"] for w in waiting} == set(game.view(None)["waiting_for"]) == set(game.state.houses)
    assert all(w == {"house": w["house"], "kind": "orders", "label": "orders"} for w in waiting)


def _values(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _values(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _values(v)
    else:
        yield value


def test_public_waiting_entries_never_carry_info_values():
    """A bid's info holds the bidder's hidden Power, a Tides redraw's its card, the Raven's peek the wildling
    card: the public entry is only the house, the kind and a label made of public names."""
    w = walk()
    kinds = set()
    for entry, infos in w.waiting:
        assert set(entry) == {"house", "kind", "label"}
        assert entry["label"] and not any(ch.isdigit() for ch in entry["label"]), entry
        kinds.add(entry["kind"])
        for info in infos:
            for key in ("power", "tides", "options", "units", "armies"):
                for value in _values(info.get(key)):
                    if isinstance(value, str):
                        assert value not in entry["label"], (entry, key)
            if entry["kind"] == "raven_peek":
                assert info["card"] not in entry["label"]
    assert {"orders", "bid", "house_card"} <= kinds


def test_the_waiting_list_a_game_remembers_is_the_one_a_fresh_game_builds():
    """The waiting entries are built once per open decision and kept (speed): through a whole random game,
    with refused answers between the accepted ones, they equal what a game loaded from the saved state says."""
    from engine.agot.agent import RandomAgent
    from engine.core import EngineError

    game, agent = Game.new(4, seed=11), RandomAgent(11)
    for _ in range(2000):
        if game.over:
            break
        assert game.view(None)["waiting"] == Game.from_dict(game.to_dict()).view(None)["waiting"]
        decision = game.open_decisions()[0]
        try:
            game.submit(decision.player, decision.id, "nonsense")
        except EngineError:
            pass
        view = game.view(decision.player)
        mine = next(d for d in view["private"]["decisions"] if d["id"] == decision.id)
        try:
            game.submit(decision.player, decision.id, agent.answer(view, mine))
        except EngineError:  # the random agent may overreach (supply): the default is always legal
            game.submit(decision.player, decision.id, decision.default)
    assert game.over
