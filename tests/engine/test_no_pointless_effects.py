"""Card effects whose question cannot change anything are resolved without asking, and the feed says what
happened (a ``forced_choice`` event); the same question is still asked when its answer can matter (issue 26,
item 5)."""

from __future__ import annotations

from engine.agot import Game
from tests.engine.combat_kit import board, fight, kinds_of
from tests.engine.scenario import clear, decision, put, run_step, scenario
from tests.engine.westeros_scenario import bid, wildling_attack


def _forced(events):
    return [e for e in events if e.data.get("forced") and e.kind == "forced_choice"]


# --- Watering the Seed (Deck IV) --------------------------------------------------------------------------


def _watering_the_seed(tokens: int):
    g = Game.new(8, seed=1)
    clear(g)
    deck = g.state.mod["deck_iv"]
    deck.remove("watering-the-seed")
    deck.insert(0, "watering-the-seed")
    g.state.mod["loyalty"] = {"kings-landing": tokens}
    g.state.mod["loyalty_gained"] = 2  # each placement costs 2 Power
    g.state.houses["targaryen"].power = 5
    return g, run_step(g, "westeros_iv")


def test_watering_the_seed_with_20_loyalty_tokens_on_the_board_is_not_asked():
    g, events = _watering_the_seed(20)
    assert not any(d.kind == "iv_area" for d in g.open_decisions())
    assert [e.text for e in _forced(events)] == ["Watering the Seed: the board already holds 20 loyalty tokens, so "
                                                 "no more can be placed: nothing is paid."]
    assert g.state.houses["targaryen"].power == 5 and g.state.mod["loyalty"] == {"kings-landing": 20}


def test_watering_the_seed_with_room_for_one_token_is_asked_then_its_second_token_is_not():
    g, events = _watering_the_seed(19)
    d = decision(g, "targaryen", "iv_area")
    assert "winterfell" in d.options and not _forced(events)
    events = g.submit("targaryen", d.id, "winterfell")
    assert not any(d.kind == "iv_area" for d in g.open_decisions())
    assert [e.text for e in _forced(events)] == ["Watering the Seed: the board already holds 20 loyalty tokens, so "
                                                 "no more can be placed."]
    assert g.state.houses["targaryen"].power == 3  # the first token was paid for, once


# --- The Horde Descends (wildling card, the Night's Watch wins) -----------------------------------------------


def _horde(winterfell: list[str]):
    """Stark, the highest bidder, musters with The Horde Descends at supply 0 (two armies of 2): White Harbor holds
    an army of 2 Knights (no room, no Footman to upgrade), Winterfell ``winterfell``; every Stark ship is on the
    board, each alone in a sea."""
    g = scenario(players=3)
    clear(g)
    put(g, "white-harbor", "stark", "knight", "knight")
    put(g, "winterfell", "stark", *winterfell)
    for sea in ("bay-of-ice", "the-shivering-sea", "the-narrow-sea", "the-golden-sound", "sunset-sea",
                "blackwater-bay"):
        put(g, sea, "stark", "ship")
    g.state.houses["stark"].supply = 0
    events = wildling_attack(g, 2, ["the-horde-descends"])
    return g, events + bid(g, stark=2)


def test_the_horde_descends_with_nothing_to_muster_anywhere_is_not_asked():
    g, events = _horde(["knight", "knight"])
    assert not any(d.kind in ("horde_muster", "muster") for d in g.open_decisions())
    assert [e.text for e in _forced(events)] == ["Stark can muster nothing in any of its castles and strongholds: "
                                                 "The Horde Descends musters nothing."]
    assert [u.kind for u in g.state.areas["winterfell"].units] == ["knight", "knight"]


def test_the_horde_descends_is_taken_to_the_one_castle_that_can_muster_and_the_muster_is_asked():
    g, events = _horde(["knight"])
    assert [e.text for e in _forced(events)] == ["Stark had only one choice (horde muster): Winterfell."]
    assert list(decision(g, "stark", "muster").info["areas"]) == ["winterfell"]


# --- House cards: Doran Martell, Renly Baratheon --------------------------------------------------------------


def _doran(stark_last_on: tuple[str, ...]):
    """Martell attacks Stark with Doran Martell; Stark is last on the tracks named, first on the others."""
    g = board()
    put(g, "the-reach", "martell", "knight")
    put(g, "blackwater", "stark", "footman")
    for name in ("iron_throne", "fiefdoms", "kings_court"):
        order = [h for h in getattr(g.state, name) if h != "stark"]
        setattr(g.state, name, [*order, "stark"] if name in stark_last_on else ["stark", *order])
    log: list[tuple[str, str]] = []
    events = fight(g, "martell", "the-reach", {"blackwater": ["knight"]}, log=log,
                   cards={"martell": "doran-martell", "stark": "catelyn-stark"})
    return g, events, log


def test_doran_martell_against_a_house_already_last_on_every_track_is_not_asked():
    g, events, log = _doran(("iron_throne", "fiefdoms", "kings_court"))
    assert ("martell", "doran") not in log
    assert [e.text for e in _forced(events)] == ["Doran Martell (Martell): Stark is already last on every Influence "
                                                 "track, so no track can change."]
    assert all(getattr(g.state, t)[-1] == "stark" for t in ("iron_throne", "fiefdoms", "kings_court"))


def test_doran_martell_is_asked_while_one_track_can_still_change():
    g, events, log = _doran(("iron_throne", "fiefdoms"))
    assert ("martell", "doran") in log and not _forced(events)


def _renly(army: tuple[str, ...]):
    """Baratheon wins with Renly Baratheon; Stark's Tides of Battle card has a skull (known once revealed)."""
    from tests.engine.test_combat_tides import rig

    g = board(tides_of_battle=True)
    put(g, "the-reach", "baratheon", *army)
    put(g, "blackwater", "stark", "siege_engine")
    rig(g, "zero", "skull")
    log: list[tuple[str, str]] = []
    events = fight(g, "baratheon", "the-reach", {"blackwater": list(army)}, log=log,
                   cards={"baratheon": "renly-baratheon", "stark": "catelyn-stark"})
    assert kinds_of(events, "combat_result")[0].data["winner"] == "baratheon"
    return g, events, log


def test_renly_is_not_asked_to_upgrade_a_footman_the_known_skull_then_kills():
    g, events, log = _renly(("footman",))
    assert ("baratheon", "renly") not in log
    assert [e.text for e in _forced(events) if e.data["decision"] == "renly"] == [
        "Renly Baratheon (Baratheon): a Footman upgraded in Blackwater would die to the skull on Stark's Tides of "
        "Battle card: no upgrade."]
    assert [e.data["units"] for e in kinds_of(events, "casualties") if e.data.get("skull")] == [["footman"]]


def test_renly_is_asked_when_a_unit_survives_the_skull():
    g, events, log = _renly(("footman", "footman"))
    assert ("baratheon", "renly") in log and not [e for e in _forced(events) if e.data["decision"] == "renly"]
