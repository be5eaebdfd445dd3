"""The decision protocol: typed errors, no change on refusal, forced choices, audiences."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.agot import Game
from engine.agot.agent import RandomAgent
from engine.core import AlreadySubmitted, IllegalAnswer, NotYourDecision, StaleDecision
from engine.simulate import play
from tests.engine.scenario import answer, clear, decision, put, scenario, start


def test_stale_decision_is_refused():
    g = Game.new(3, seed=1)
    for d in g.open_decisions():  # the orders of every house: the reveal follows the last
        g.submit(d.player, d.id, d.default)
    with pytest.raises(StaleDecision, match="expired"):
        g.submit(d.player, d.id, d.default)
    with pytest.raises(StaleDecision):
        g.submit(d.player, "no-such-id", d.default)


def test_the_same_secret_answer_again_is_already_submitted_not_expired():
    g = Game.new(3, seed=1)
    d = g.open_decisions()[0]
    g.submit(d.player, d.id, d.default)
    before = g.to_dict()
    with pytest.raises(AlreadySubmitted, match="already submitted"):
        g.submit(d.player, d.id, d.default)
    assert g.to_dict() == before


def test_someone_elses_decision_is_refused():
    g = Game.new(3, seed=1)
    d = next(x for x in g.open_decisions() if x.player == "stark")
    before = g.to_dict()
    with pytest.raises(NotYourDecision, match="Stark"):
        g.submit("lannister", d.id, d.default)
    assert g.to_dict() == before


def test_every_decision_has_exactly_one_player_and_a_legal_default():
    for seed in range(3):
        result = play(4, seed)
        assert result.error is None
    g = Game.new(4, seed=3)
    for d in g.open_decisions():
        assert d.player in g.state.houses
        snapshot = g.to_dict()
        g.submit(d.player, d.id, d.default)
        g = Game.from_dict(snapshot)


def test_forced_choice_is_resolved_without_asking():
    g = scenario(6)
    clear(g)
    put(g, "the-reach", "lannister", "footman", order="Ra")  # no target: the only option is "no effect"
    events = start(g, "raids")
    assert any(e.kind == "raid" for e in events)
    assert not any(d.kind == "raid" for d in g.open_decisions())


def test_sealed_events_reach_nobody():
    g = Game.new(3, seed=1)
    d = next(x for x in g.open_decisions() if x.player == "stark")
    events = g.submit("stark", d.id, d.default)
    assert not [e for e in events if e.audience.kind == "sealed"]  # never handed back by submit
    kept = g.state.sealed[d.reveal_group]  # stored for the reveal
    assert [e["data"]["house"] for e in kept] == ["stark"] and kept[0]["data"]["orders"] == d.default
    public = [e for e in events if e.audience.kind == "public"]
    assert all("orders" not in e.data for e in public)
    for x in g.open_decisions():
        events = g.submit(x.player, x.id, x.default)
    assert d.reveal_group not in g.state.sealed  # released by the reveal, whose public event tells the orders
    assert [e for e in events if e.kind == "orders_revealed"]


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.sampled_from(
        ["winterfell", "karhold", "M0", "D+1", "R*", "CP", "footman", "ship", "knight", "top", "swap", "peek",
         "port-of-winterfell", "the-narrow-sea", "", "upgrade", "area", "from", "moves", "action", "unit"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.sampled_from(["from", "moves", "area", "target", "action", "token", "unit", "to", "upgrade", "muster",
                         "leave_power_token", "winterfell", "karhold", "lannisport"]), children, max_size=4),
    max_leaves=12,
)


def _games_at_every_kind():
    """Games paused at decisions of many kinds (orders, raven, raid, march, consolidate, muster...)."""
    out = []
    for seed in range(4):
        g = Game.new(3 + seed % 4, seed=seed)
        agents = {h: RandomAgent(seed + i) for i, h in enumerate(g.state.houses)}
        seen = set()
        for _ in range(400):
            if g.over:
                break
            d = g.open_decisions()[0]
            if d.kind not in seen:
                seen.add(d.kind)
                out.append(json.dumps(g.to_dict()))
            view = g.view(d.player)
            mine = next(x for x in view["private"]["decisions"] if x["id"] == d.id)
            try:
                g.submit(d.player, d.id, agents[d.player].answer(view, mine))
            except IllegalAnswer:
                g.submit(d.player, d.id, d.default)
    return out


PAUSED = _games_at_every_kind()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PAUSED), JSONISH)
def test_any_answer_is_applied_or_refused_cleanly(saved, junk):
    g = Game.from_dict(json.loads(saved))
    d = g.open_decisions()[0]
    before = g.to_dict()
    try:
        g.submit(d.player, d.id, junk)
    except IllegalAnswer as exc:
        assert str(exc) and g.to_dict() == before
    else:
        assert g.to_dict() != before


def test_illegal_answers_for_every_kind_are_refused_without_change():
    kinds = set()
    for saved in PAUSED:
        g = Game.from_dict(json.loads(saved))
        d = g.open_decisions()[0]
        kinds.add(d.kind)
        before = g.to_dict()
        with pytest.raises(IllegalAnswer):
            g.submit(d.player, d.id, {"nonsense": True} if d.kind != "muster" else [{"area": "narnia"}])
        assert g.to_dict() == before
    assert {"orders", "raven", "march"} <= kinds


def stark_over_supply() -> Game:
    """Stark at Supply 0 (armies of 2, 2) with armies of 3 and 2: one unit must go (the reconcile step)."""
    g = scenario(6)
    clear(g)
    g.state.houses["stark"].supply = 0  # [2, 2]
    put(g, "winterfell", "stark", "footman", "footman", "knight")
    put(g, "karhold", "stark", "footman", "footman")
    start(g, "reconcile", houses=["stark"])
    return g


def test_reconcile_refuses_more_than_the_fewest_losses():
    g = stark_over_supply()
    assert decision(g, "stark").info["must_destroy"] == 1
    before = g.to_dict()
    with pytest.raises(IllegalAnswer, match="exactly 1"):
        answer(g, "stark", [["winterfell", "footman"], ["karhold", "footman"]])
    assert g.to_dict() == before
    answer(g, "stark", [["winterfell", "knight"]])
    assert sorted(u.kind for u in g.state.areas["winterfell"].units) == ["footman", "footman"]


def test_a_refused_answer_keeps_the_same_state_object():
    g = Game.new(3, seed=1)
    state = g.state
    d = g.open_decisions()[0]
    with pytest.raises(IllegalAnswer):
        g.submit(d.player, d.id, {"narnia": "M0"})
    assert g.state is state


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (6, 8), (8, 2)])
def test_one_open_decision_is_the_one_open_decisions_lists(players, seed):
    """``open_decision(id)`` (the service's answer path builds only the answered one) gives exactly what
    ``open_decisions(submitted=True)`` lists under that id, answered secrets included; None for any other id."""
    from tests.engine.drive import step

    g = Game.new(players, seed=seed)
    compared = 0
    for _ in range(150):
        if g.over:
            break
        listed = g.open_decisions(submitted=True)
        for d in listed:
            assert g.open_decision(d.id) == d
        compared += len(listed)
        assert g.open_decision("no-such-id") is None
        step(g, seed)
    assert compared > 150
    still = g.open_decisions(submitted=True)[0].id
    g.finish()  # the game is over: nothing is open any more
    assert g.open_decision(still) is None


def test_without_rollback_a_refusal_by_the_step_spoils_the_game():
    g = stark_over_supply()
    d = decision(g, "stark")
    with pytest.raises(IllegalAnswer, match="exactly 1"):  # the reconcile step itself refuses it
        g.submit("stark", d.id, [["winterfell", "footman"], ["karhold", "footman"]], rollback=False)
    assert g.spoiled  # no copy to go back to: the caller throws this game away
    with pytest.raises(RuntimeError, match="load it again"):
        g.submit("stark", d.id, [["winterfell", "knight"]], rollback=False)


def test_without_rollback_a_refusal_before_the_step_changes_nothing():
    g = Game.new(3, seed=1)
    d = g.open_decisions()[0]
    before = g.to_dict()
    with pytest.raises(NotYourDecision):
        g.submit("stark" if d.player != "stark" else "lannister", d.id, d.default, rollback=False)
    with pytest.raises(StaleDecision):
        g.submit(d.player, "999999", d.default, rollback=False)
    assert not g.spoiled and g.to_dict() == before
    g.submit(d.player, d.id, d.default, rollback=False)
    assert g.to_dict() != before
