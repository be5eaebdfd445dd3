"""Secrets cannot slip through the API: what ``submit`` returns, what events carry, what refusals say."""

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.agot import Game
from engine.core import EngineError, IllegalAnswer
from engine.core.errors import MESSAGE_LIMIT
from tests.engine.drive import drive
from tests.engine.scenario import answer, clear, decision, put, refused, scenario, start
from tests.engine.test_protocol import JSONISH, PAUSED

REPR = re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|\[\[|\['|\{'|'\]|'\}|\[\{|\\x|\\n|<[a-z_.]+ object")
HOSTILE = [None, True, [True, False], {"x": None}, "a" * 5000, "kingswood'; DROP TABLE games;--", "\n\x00`@everyone`",
           10 ** 60, -1, 2.5, [["kingswood", "footman"]] * 50, {"from": "the-reach", "moves": {"a" * 900: ["x"]}},
           [{"area": "winterfell", "unit": "footman" * 100}], {"winterfell": "M" * 400}]


def test_submit_never_returns_a_sealed_event():
    seen = []

    def check(game, d, events):
        seen.extend(e.audience.kind for e in events)
        assert all(e.audience.kind != "sealed" for e in events)

    for seed in (1, 2):
        drive(Game.new(6, seed=seed), seed=seed, decisions=600, check=check)
    assert "player" in seen and "public" in seen


def test_a_muster_answer_with_extra_keys_is_refused_for_them_and_a_clean_one_reaches_events_normalized():
    g = scenario(6)
    clear(g)
    put(g, "winterfell", "stark", "footman")
    start(g, "mustering", houses=["stark"], areas=None, source="westeros")
    before = g.to_dict()
    message = refused(g, "stark", [{"area": "winterfell", "unit": "footman", "note": "@everyone secret plan"}])
    assert message == ("A mustering action: unknown key \"note\" (it has 'area', 'unit', optional 'to')."), message
    assert "secret plan" not in message and g.to_dict() == before
    assert "unknown key \"x\"" in refused(g, "stark", [{"area": "winterfell", "upgrade": "knight", "x": [1, 2]}])
    assert "unknown key \"to\"" in refused(g, "stark", [{"area": "winterfell", "upgrade": "knight", "to": None}])
    events = answer(g, "stark", [{"area": "winterfell", "unit": "footman", "to": None},
                                 {"area": "winterfell", "upgrade": "knight"}])
    muster = next(e for e in events if e.kind == "muster")
    assert muster.data["actions"] == [{"area": "winterfell", "unit": "footman"},
                                      {"area": "winterfell", "upgrade": "knight"}]


def test_an_option_answer_is_replaced_by_the_engines_own_value():
    class Sneaky(str):
        pass

    g = scenario(6)
    clear(g)
    put(g, "the-reach", "lannister", "footman", order="Ra")
    put(g, "blackwater", "lannister", "footman")
    put(g, "dornish-marches", "tyrell", "footman", order="CPa")
    start(g, "raids")
    d = decision(g, "lannister", "raid")
    events = answer(g, "lannister", {"area": Sneaky("the-reach"), "target": "dornish-marches"})
    raid = next(e for e in events if e.kind == "raid")
    assert type(raid.data["area"]) is str and d.options is not None


def _check_message(message: str) -> None:
    assert 0 < len(message) <= MESSAGE_LIMIT, message
    assert not REPR.search(message), message
    assert "\x00" not in message and "\n" not in message, message


def test_every_refusal_is_short_and_free_of_reprs():
    for saved in PAUSED:
        for junk in HOSTILE:
            g = Game.from_dict(json.loads(saved))
            d = g.open_decisions()[0]
            try:
                g.submit(d.player, d.id, junk)
            except EngineError as exc:
                _check_message(str(exc))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PAUSED), JSONISH)
def test_random_refusals_are_short_and_free_of_reprs(saved, junk):
    g = Game.from_dict(json.loads(saved))
    d = g.open_decisions()[0]
    try:
        g.submit(d.player, d.id, junk)
    except EngineError as exc:
        _check_message(str(exc))


def test_a_quoted_name_is_escaped_and_cut_short():
    g = scenario(6)
    clear(g)
    put(g, "winterfell", "stark", "footman", order="M0")
    start(g, "marches")
    message = refused(g, "stark", {"from": "winterfell", "moves": {'evil"`\n' + "x" * 500: ["footman"]}})
    assert message.startswith('"evil\\u0022\\u0060\\u000a') and len(message) < 120
    message = refused(g, "stark", {"from": "winterfell", "moves": {"karhold": ["dragon"]}})
    assert message == '"dragon" is not a unit: footman, knight, siege_engine or ship.'
    assert isinstance(IllegalAnswer("x" * 1000), IllegalAnswer) and len(str(IllegalAnswer("x" * 1000))) == 300


def test_a_structured_answer_is_rebuilt_from_plain_values_and_objects_are_refused():
    class Loud(str):
        def __str__(self):
            return "@everyone"

    g = scenario(6)
    clear(g)
    put(g, "winterfell", "stark", "footman", order="M0")
    start(g, "marches")
    events = answer(g, "stark", {"from": Loud("winterfell"), "moves": {Loud("castle-black"): [Loud("footman")]}})
    march = next(e for e in events if e.kind == "march")
    assert type(march.data["area"]) is str and all(type(k) is str for k in march.data["moves"])
    assert all(type(u) is str for units in march.data["moves"].values() for u in units)
    assert "@everyone" not in json.dumps([e.to_dict() for e in events])
    g = scenario(3)
    d = g.open_decisions()[0]
    with pytest.raises(IllegalAnswer, match="names, numbers"):
        g.submit(d.player, d.id, object())


def test_an_answer_far_larger_than_any_legal_one_is_refused_at_once():
    import time

    from engine.agot.planning import order_options

    g = scenario(6)
    d = decision(g, "stark")
    before = json.dumps(g.to_dict())
    huge = [list(range(100_000)), {f"a{i}": "M0" for i in range(100_000)}, [[["x"] * 10] * 1000] * 100,
            "Winterfell M+1, " * 130_000, "x" * 2_000_000, {"winterfell": "M0" * 1_000_000}]
    for answer_ in huge:
        start_ = time.perf_counter()
        with pytest.raises(IllegalAnswer, match="far (larger|longer) than any"):
            g.submit("stark", d.id, answer_)
        assert time.perf_counter() - start_ < 0.05
    assert json.dumps(g.to_dict()) == before
    with pytest.raises(IllegalAnswer, match="far longer than any set of orders"):
        order_options(g, "stark", "Winterfell M+1, " * 130_000)
    from engine.core.answers import MAX_TEXT, MAX_VALUES

    # orders for every area of the board, in the longest words, stay far inside the limits
    assert len("\n".join(f"{a.name}: Consolidate Power (special)" for a in g.board.areas.values())) < MAX_TEXT
    assert 2 * len(g.board.areas) < MAX_VALUES
