"""The expansion's House cards (issue 18; facts section 8 item 24; rulings MP11-MP13): Arryn, Targaryen (both
decks) and the vassals' shared deck, each in a real combat."""

from __future__ import annotations

from typing import Any

from engine.agot import Game, Settings
from engine.core import Event
from tests.engine.combat_kit import board, fight, hand, kinds_of, put


def result(events: list[Event]) -> dict[str, Any]:
    """The combat's result: winner, loser, strength (final totals) and parts."""
    return kinds_of(events, "combat_result")[0].data


def test_24_arryn_ser_vardis_egen_against_a_weak_card() -> None:
    g = board(8)
    put(g, "the-eyrie", "arryn", "knight")
    put(g, "the-vale-of-arryn", "stark", "footman")
    events = fight(g, "stark", "the-vale-of-arryn", {"the-eyrie": ["footman"]},
          cards={"stark": "catelyn-stark", "arryn": "ser-vardis-egen"})  # Catelyn: printed 1
    parts = result(events)["parts"]["arryn"]
    assert parts["card"] == 3  # 2 printed + 1


def test_24_arryn_godric_borrell_defends_a_sea() -> None:
    g = board(8)
    put(g, "the-bite", "arryn", "ship")
    put(g, "the-fingers", "arryn", "footman")
    put(g, "the-narrow-sea", "stark", "ship")
    events = fight(g, "stark", "the-narrow-sea", {"the-bite": ["ship"]},
          cards={"stark": "catelyn-stark", "arryn": "godric-borrell"})
    assert result(events)["parts"]["arryn"]["card"] >= 1 + 1  # The Fingers is Arryn's


def test_24_arryn_anya_waynwood_pays_the_winner_and_supporters() -> None:
    g = board(8)
    put(g, "the-eyrie", "arryn", "knight", "knight")
    put(g, "the-vale-of-arryn", "stark", "footman")
    before = g.state.houses["arryn"].power
    events = fight(g, "arryn", "the-eyrie", {"the-vale-of-arryn": ["knight", "knight"]},
          cards={"stark": "catelyn-stark", "arryn": "anya-waynwood"})
    assert result(events)["winner"] == "arryn" and g.state.houses["arryn"].power == before + 3


def test_24_arryn_lysa_returns_to_hand_when_defending_on_a_defense_order() -> None:  # MP11
    g = board(8)
    put(g, "the-eyrie", "arryn", "knight", "knight", order="D+1a")
    put(g, "the-vale-of-arryn", "stark", "footman")
    events = fight(g, "stark", "the-vale-of-arryn", {"the-eyrie": ["footman"]},
          cards={"stark": "catelyn-stark", "arryn": "lysa-arryn-mod"})
    assert result(events)["winner"] == "arryn"
    assert "lysa-arryn-mod" in hand(g, "arryn") and "lysa-arryn-mod" not in g.state.houses["arryn"].discard


def test_24_robert_arryn_leaves_the_game_with_a_weak_enemy_card() -> None:
    g = board(8)
    put(g, "the-eyrie", "arryn", "knight", "knight")
    put(g, "the-vale-of-arryn", "stark", "footman")
    fight(g, "stark", "the-vale-of-arryn", {"the-eyrie": ["footman"]},
          cards={"stark": "catelyn-stark", "arryn": "robert-arryn"},
          answers={"robert_arryn": "catelyn-stark"})
    assert "robert-arryn" not in hand(g, "arryn") + g.state.houses["arryn"].discard
    assert "catelyn-stark" not in hand(g, "stark") + g.state.houses["stark"].discard
    assert g.state.mod["removed_cards"] == ["robert-arryn", "catelyn-stark"]


def test_24_khal_drogo_counts_knights_and_leaves_the_game() -> None:
    g = board(8)
    put(g, "pentos", "targaryen", "knight", "knight")
    put(g, "norvos", "stark", "footman")
    events = fight(g, "targaryen", "pentos", {"norvos": ["knight", "knight"]},
          cards={"stark": "catelyn-stark", "targaryen": "khal-drogo"})
    assert result(events)["parts"]["targaryen"]["card"] == 4 + 2
    assert "khal-drogo" not in hand(g, "targaryen") + g.state.houses["targaryen"].discard


def test_24_daenerys_a_with_a_dragon_and_illyrio() -> None:
    g = board(8)
    g.state.round = 2
    put(g, "the-rhoyne", "targaryen", "dragon", "footman")
    put(g, "volantis", "stark", "footman")
    events = fight(g, "targaryen", "the-rhoyne", {"volantis": ["dragon", "footman"]},
          cards={"stark": "catelyn-stark", "targaryen": "daenerys-targaryen-a"})
    assert result(events)["parts"]["targaryen"]["card"] == 1 + 2


def test_24_illyrio_gains_the_gap_in_power() -> None:
    g = board(8)
    put(g, "pentos", "targaryen", "knight", "knight")
    put(g, "norvos", "stark", "footman")
    g.state.houses["targaryen"].power = 0
    events = fight(g, "targaryen", "pentos", {"norvos": ["knight", "knight"]},
                   cards={"stark": "catelyn-stark", "targaryen": "illyrio-mopatis"})
    final = result(events)["strength"]
    gap = abs(final["targaryen"] - final["stark"])
    assert g.state.houses["targaryen"].power == min(gap, 20)
    assert kinds_of(events, "house_card_ability")


def test_24_viserys_adds_a_discarded_card() -> None:  # MP12
    g = board(8)
    put(g, "pentos", "targaryen", "knight")
    put(g, "norvos", "stark", "footman")
    events = fight(g, "targaryen", "pentos", {"norvos": ["knight"]},
          cards={"stark": "catelyn-stark", "targaryen": "viserys-targaryen"},
          answers={"viserys": "arstan-whitebeard"})
    assert result(events)["parts"]["targaryen"]["card"] == 1 + 3
    assert "arstan-whitebeard" in g.state.houses["targaryen"].discard


def test_24_targaryen_second_deck_rakharo() -> None:
    g = Game.new(8, seed=1, settings=Settings(targaryen_deck="b"))
    from tests.engine.scenario import clear

    clear(g)
    put(g, "pentos", "targaryen", "knight")
    put(g, "norvos", "stark", "footman")
    events = fight(g, "targaryen", "pentos", {"norvos": ["knight"]},
          cards={"stark": "catelyn-stark", "targaryen": "rakharo"})
    assert result(events)["parts"]["targaryen"]["card"] == 1 + 2  # Norvos has no castle


def test_21_vassal_syrio_forel_zeroes_attacking_footmen() -> None:
    g = Game.new(7, seed=1, settings=Settings(setup="8"))  # Targaryen is a vassal
    from tests.engine.scenario import clear

    clear(g)
    g.state.mod["commanders"] = {"targaryen": "stark"}
    put(g, "norvos", "targaryen", "footman")
    put(g, "pentos", "lannister", "footman", "footman")
    events = fight(g, "lannister", "pentos", {"norvos": ["footman", "footman"]},
          cards={"lannister": "tyrion-lannister", "stark": "syrio-forel"})
    assert result(events)["parts"]["lannister"]["units"] == 0


def test_21_vassal_varys_goes_to_the_top_of_the_fiefdoms() -> None:
    g = Game.new(7, seed=1, settings=Settings(setup="8"))
    from tests.engine.scenario import clear

    clear(g)
    g.state.mod["commanders"] = {"targaryen": "stark"}
    put(g, "norvos", "targaryen", "footman")
    put(g, "pentos", "lannister", "footman")
    fight(g, "lannister", "pentos", {"norvos": ["footman"]},
          cards={"lannister": "tyrion-lannister", "stark": "varys"})
    assert g.state.fiefdoms[0] == "targaryen" and g.view(None)["dominance"]["valyrian_steel_blade"] != "targaryen"


def vassal_fight(card: str, rival_card: str = "tyrion-lannister", **answers: Any) -> tuple[Game, list[Event]]:
    """Lannister (a player) attacks vassal Targaryen's Footman in Norvos; Stark commands the vassal."""
    g = Game.new(7, seed=1, settings=Settings(setup="8"))
    from tests.engine.scenario import clear

    clear(g)
    g.state.mod["commanders"] = {"targaryen": "stark"}
    put(g, "norvos", "targaryen", "footman", "footman")
    put(g, "pentos", "lannister", "footman", "knight")
    events = fight(g, "lannister", "pentos", {"norvos": ["footman", "knight"]},
                   cards={"lannister": rival_card, "stark": card}, answers=answers)
    return g, events


def test_mp13_bronn_brought_to_zero_by_his_opponent() -> None:  # MP13
    g, events = vassal_fight("bronn", bronn=True)
    assert result(events)["parts"]["targaryen"]["card"] == 0
    assert g.state.houses["lannister"].power == 3


def test_mp13_bronn_keeps_his_strength_when_nobody_pays() -> None:  # MP13
    g, events = vassal_fight("bronn", bronn=False)
    assert result(events)["parts"]["targaryen"]["card"] == 4


def test_mp13_beric_dondarrion_costs_the_winner_a_unit() -> None:  # MP13
    g, events = vassal_fight("beric-dondarrion", rival_card="cersei-lannister", beric="footman")
    assert result(events)["winner"] == "targaryen"
    assert [u.kind for u in g.state.areas["norvos"].units] == ["footman"]


def test_mp13_jon_connington_places_a_knight_after_a_loss() -> None:  # MP13
    g, events = vassal_fight("jon-connington", rival_card="tywin-lannister", jon_connington="pentos")
    assert result(events)["winner"] == "lannister"
    assert [u.kind for u in g.state.areas["pentos"].units] == ["knight"]


def test_24_viserys_leaves_the_game_when_he_loses() -> None:  # MP12
    g = board(8)
    put(g, "pentos", "targaryen", "footman")
    put(g, "norvos", "stark", "knight", "knight")
    events = fight(g, "targaryen", "pentos", {"norvos": ["footman"]},
                   cards={"stark": "eddard-stark", "targaryen": "viserys-targaryen"}, answers={"viserys": None})
    assert result(events)["winner"] == "stark"
    assert "viserys-targaryen" not in hand(g, "targaryen") + g.state.houses["targaryen"].discard
    assert "viserys-targaryen" in g.state.mod["removed_cards"]
