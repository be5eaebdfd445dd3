"""Tides of Battle, the optional module (checklist 9I, 16.7; rulings C9; hidden information H.8, H.9)."""

import json
from collections import Counter

from engine.agot import Game
from tests.engine.combat_kit import asked, board, fight, kinds_of, march, put, resolve
from tests.engine.scenario import answer, decision, units


def rig(game: Game, *first: str) -> None:
    """Make the next Tides of Battle shuffle put these cards on top, in this order (attacker draws first)."""

    def shuffle(items: list) -> None:
        rest = list(items)
        for card in first:
            rest.remove(card)
        items[:] = [*first, *rest]

    game.shuffle = shuffle  # type: ignore[method-assign]


def _duel(**kw):
    g = board(tides_of_battle=True)
    put(g, "the-reach", "tyrell", *kw.get("attackers", ("knight",)))
    put(g, "blackwater", "lannister", *kw.get("defenders", ("knight",)))
    return g


def test_9_50_without_the_setting_no_tides_card_is_drawn():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "knight")
    events = fight(g, "tyrell", "the-reach", {"blackwater": ["knight"]},
                   cards={"tyrell": "margaery-tyrell", "lannister": "the-hound"})
    assert not [e for e in events if e.kind.startswith("tides")]


def test_9_51_h8_each_combatant_draws_one_card_after_the_reveal_and_sees_only_his_own():
    g = _duel()
    g.state.fiefdoms = ["tyrell", "greyjoy", "martell", "stark", "baratheon", "lannister"]  # a pause to look
    rig(g, "three", "skull")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight"]})
    answer(g, "tyrell", "margaery-tyrell", "house_card")
    events = answer(g, "lannister", "the-hound", "house_card")
    drawn = kinds_of(events, "tides_drawn")
    assert [(e.audience.kind, e.audience.who, e.data["tides"]) for e in drawn] == \
        [("player", "tyrell", "three"), ("player", "lannister", "skull")]
    assert asked(g) == [("tyrell", "tides_redraw")]
    for viewer, secret in ((None, ('"three"', '"skull"')), ("baratheon", ('"three"', '"skull"')),
                           ("lannister", ('"three"',)), ("tyrell", ('"skull"',))):
        seen = json.dumps(g.view(viewer)) + json.dumps([e.to_dict() for e in events if e.audience.reaches(viewer)])
        assert not any(word in seen for word in secret), viewer


def test_9_52_c9_the_blade_holder_may_redraw_before_the_reveal_and_must_keep_the_new_card():
    g = _duel()
    g.state.fiefdoms = ["tyrell", "greyjoy", "martell", "stark", "baratheon", "lannister"]
    rig(g, "zero", "two", "three")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight"]})
    resolve(g, {"tyrell": "margaery-tyrell", "lannister": "the-hound"},
            until=lambda game: ("tyrell", "tides_redraw") in asked(game))
    assert decision(g, "tyrell", "tides_redraw").info["tides"] == "zero"
    events = answer(g, "tyrell", True, "tides_redraw")
    assert g.state.blade_used
    assert kinds_of(events, "tides_revealed")[0].data["tides"] == {"lannister": "two", "tyrell": "three"}
    assert ("tyrell", "blade") not in asked(g)
    result = kinds_of(events + resolve(g), "combat_result")[0]
    assert result.data["strength"] == {"lannister": 6, "tyrell": 6}  # 2+2+2 against 2+1+3; no Blade +1


def test_9_53_tides_strength_and_icons_are_added():
    g = _duel(defenders=("footman", "footman"))
    rig(g, "sword", "fortification")
    events = fight(g, "tyrell", "the-reach", {"blackwater": ["knight"]},
                   cards={"tyrell": "ser-garlan-tyrell", "lannister": "ser-kevan-lannister"})
    result = kinds_of(events, "combat_result")[0]
    assert result.data["parts"]["tyrell"]["tides"] == 1 and result.data["strength"] == {"lannister": 4, "tyrell": 5}
    # 2 swords + 1 from the card, minus 1 fortification from Lannister's card: two casualties
    assert kinds_of(events, "casualties")[0].data["units"] == ["footman", "footman"]


def test_9_54_a_skull_costs_the_opponent_a_casualty_whoever_won_and_fortifications_do_not_help():
    g = _duel(attackers=("knight", "footman"), defenders=("knight", "knight"))
    rig(g, "zero", "skull")
    events = fight(g, "tyrell", "the-reach", {"blackwater": ["knight", "footman"]},
                   cards={"tyrell": "ser-loras-tyrell", "lannister": "the-hound"})
    assert kinds_of(events, "combat_result")[0].data["winner"] == "tyrell"
    skulls = [e for e in kinds_of(events, "casualties") if e.data.get("skull")]
    assert [(e.data["house"], e.data["units"]) for e in skulls] == [("tyrell", ["footman"])]
    assert units(g, "blackwater") == ["knight"]


def test_9_54_the_blackfish_prevents_the_skull():
    g = board(tides_of_battle=True)
    put(g, "castle-black", "lannister", "knight")
    put(g, "karhold", "stark", "footman", "footman")
    rig(g, "skull", "zero")
    events = fight(g, "lannister", "castle-black", {"karhold": ["knight"]},
                   cards={"lannister": "cersei-lannister", "stark": "the-blackfish"})
    assert not kinds_of(events, "casualties") and units(g, "karhold") == ["footman", "footman"]


def test_9_55_c9_without_a_redraw_the_blade_still_gives_one_after_the_reveal():
    g = _duel()
    g.state.fiefdoms = ["tyrell", "greyjoy", "martell", "stark", "baratheon", "lannister"]
    rig(g, "zero", "zero")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight"]})
    log: list[tuple[str, str]] = []
    events = resolve(g, {"tyrell": "margaery-tyrell", "lannister": "ser-jaime-lannister"},
                     answers={"tides_redraw": False, "blade": True}, log=log)
    assert [k for _, k in log if k in ("tides_redraw", "blade")] == ["tides_redraw", "blade"]
    assert kinds_of(events, "combat_result")[0].data["strength"] == {"lannister": 4, "tyrell": 4}


def test_9_56_h9_a_fresh_24_card_deck_is_shuffled_for_every_combat():
    g = _duel()
    decks = []
    real = g.shuffle

    def spy(items: list) -> None:
        decks.append(Counter(items))
        real(items)

    g.shuffle = spy  # type: ignore[method-assign]
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight"]},
          cards={"tyrell": "margaery-tyrell", "lannister": "the-hound"})
    assert decks == [Counter({"zero": 8, "sword": 4, "fortification": 4, "two": 4, "three": 2, "skull": 2})]


def test_9_57_no_tides_card_against_a_neutral_force():
    g = board(players=5, tides_of_battle=True)
    g.state.areas["yronwood"].neutral = 0
    put(g, "yronwood", "tyrell", "knight", "knight", "knight")
    events = fight(g, "tyrell", "yronwood", {"sunspear": ["knight", "knight", "knight"]})
    assert kinds_of(events, "neutral_destroyed") and not [e for e in events if e.kind.startswith("tides")]


def test_16_7_garrisons_ignore_skulls():
    g = board(tides_of_battle=True)
    put(g, "riverrun", "stark", "knight", "knight", "knight")
    rig(g, "skull", "zero")
    g.state.areas["lannisport"].garrison = 2
    g.state.fiefdoms = ["greyjoy", "lannister", "stark", "martell", "baratheon", "tyrell"]
    events = fight(g, "stark", "riverrun", {"lannisport": ["knight", "knight", "knight"]},
                   cards={"stark": "catelyn-stark", "lannister": "tywin-lannister"})
    assert kinds_of(events, "combat_result")[0].data["winner"] == "lannister"  # 2+4 against 6: tie, Lannister
    assert g.state.areas["lannisport"].garrison == 2
    assert not [e for e in kinds_of(events, "casualties") if e.data.get("skull")]
