"""Questions whose answer cannot change anything are not asked; every forced choice is told (forced: true)."""

from tests.engine.combat_kit import board, fight, kinds_of, put
from tests.engine.scenario import clear, decision, scenario, start


def _forced(events):
    return [e for e in events if e.data.get("forced")]


def test_raids_with_no_target_anywhere_are_removed_without_a_question():
    g = scenario(6)
    clear(g)
    put(g, "the-reach", "lannister", "footman", order="Ra")
    put(g, "the-golden-sound", "lannister", "ship", order="Rb")
    events = start(g, "raids")
    assert not any(d.kind == "raid" for d in g.open_decisions())
    forced = _forced(events)
    assert len(forced) == 2 and all(e.audience.kind == "public" and e.data["decision"] == "raid" for e in forced)
    assert "Lannister's Raid in" in forced[0].text and "the-reach" not in forced[0].text
    assert g.state.areas["the-reach"].order is None and g.state.areas["the-golden-sound"].order is None


def test_a_house_with_one_raid_that_has_a_target_still_chooses_which_to_resolve():
    g = scenario(6)
    clear(g)
    put(g, "the-reach", "lannister", "footman", order="Ra")
    put(g, "blackwater", "lannister", "footman", order="Rb")
    put(g, "kings-landing", "baratheon", "footman", order="S0a")
    start(g, "raids")
    options = decision(g, "lannister", "raid").options
    assert {"area": "the-reach", "target": None} in options and {"area": "blackwater", "target": None} in options


def test_a_march_whose_units_cannot_move_anywhere_is_not_asked():
    g = scenario(6)
    clear(g)
    put(g, "pyke", "greyjoy", "footman", order="M0")  # an island without ships: nowhere to go
    events = start(g, "marches")
    assert not any(d.kind == "march" for d in g.open_decisions())
    forced = _forced(events)
    assert [e.text for e in forced] == ["Greyjoy's March in Pyke cannot move any unit: it is removed."]
    assert g.state.areas["pyke"].order is None


def test_a_muster_with_nothing_to_buy_is_skipped_with_an_event():
    g = scenario(6)
    clear(g)
    put(g, "winterfell", "stark", "footman")
    limits = g.board.tables["unit_limits"]
    for kind, area in (("footman", "castle-black"), ("knight", "karhold"), ("siege_engine", "the-stony-shore"),
                       ("ship", "bay-of-ice")):
        have = 1 if kind == "footman" else 0
        put(g, area, "stark", *[kind] * (limits[kind] - have))
    g.state.houses["stark"].supply = 6
    events = start(g, "mustering", houses=["stark"], areas=None, source="westeros")
    assert not any(d.kind == "muster" for d in g.open_decisions())
    skipped = [e for e in _forced(events) if e.kind == "muster"]
    assert skipped and skipped[0].data["house"] == "stark" and skipped[0].audience.kind == "public"


def test_a_single_retreat_is_taken_for_the_loser_and_told_in_names():
    g = board()
    put(g, "the-reach", "tyrell", "knight", "knight")
    put(g, "blackwater", "lannister", "footman")
    for area in ("kings-landing", "harrenhal", "stoney-sept", "crackclaw-point"):
        g.state.areas[area].power_token = "tyrell"
    events = fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]},
                   cards={"tyrell": "alester-florent", "lannister": "cersei-lannister"})
    told = [e for e in _forced(events) if e.data["decision"] == "retreat"]
    assert [e.text for e in told] == ["Lannister's only retreat was to Searoad Marches."]
    assert kinds_of(events, "retreat")[0].data["area"] == "searoad-marches"


def test_no_question_with_a_single_option_is_ever_left_open():
    from engine.agot import Game
    from tests.engine.drive import drive

    def check(game, d, events):
        single = [(x.player, x.kind) for x in game.open_decisions() if x.options is not None and len(x.options) == 1]
        assert not single, single

    for seed in (1, 2, 3):
        drive(Game.new(3 + seed, seed=seed), seed=seed, decisions=500, check=check)
