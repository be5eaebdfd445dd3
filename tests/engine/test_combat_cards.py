"""Choosing and revealing House cards, their icons and timing, the discard pile and the hand refresh
(checklist 9D, H.6, H.7; rulings C8, C10, A9, A17), and the no-leak guarantee for the secret choice."""

import json

import pytest

from engine.core import IllegalAnswer
from tests.engine.combat_kit import asked, board, fight, hand, kinds_of, march, note, put, resolve
from tests.engine.scenario import answer, decision, units

STARK_CARDS = ["eddard-stark", "robb-stark", "roose-bolton", "greatjon-umber", "ser-rodrick-cassel",
               "the-blackfish", "catelyn-stark"]


def _duel(players: int = 6, **hands):
    """Stark (Footman, Knight) attacks a Lannister Footman in Castle Black; both cards are now asked."""
    g = board(players)
    for house, (held, discarded) in hands.items():
        g.state.houses[house].hand, g.state.houses[house].discard = list(held), list(discarded)
    put(g, "winterfell", "stark", "footman", "knight")
    put(g, "castle-black", "lannister", "footman")
    march(g, "stark", "winterfell", {"castle-black": ["footman", "knight"]})
    return g


def test_9_22_both_cards_are_asked_at_once_in_secret_and_a_card_is_mandatory():
    g = _duel()
    ds = {d.player: d for d in g.open_decisions()}
    assert set(ds) == {"stark", "lannister"}
    assert all(d.kind == "house_card" and d.secret for d in ds.values())
    assert ds["stark"].reveal_group == ds["lannister"].reveal_group is not None
    assert ds["stark"].options == STARK_CARDS
    with pytest.raises(IllegalAnswer):
        answer(g, "stark", None, "house_card")
    with pytest.raises(IllegalAnswer):
        answer(g, "stark", "tywin-lannister", "house_card")


def test_9_22_cards_are_revealed_together_when_the_second_arrives():
    g = _duel()
    first = answer(g, "stark", "greatjon-umber", "house_card")
    assert not kinds_of(first, "house_cards_revealed") and note(g)["cards"] == {}
    assert note(g)["chosen"] == ["stark"]
    second = answer(g, "lannister", "the-hound", "house_card")
    revealed = kinds_of(second, "house_cards_revealed")[0]
    assert revealed.audience.kind == "public"
    assert revealed.data["cards"] == {"lannister": "the-hound", "stark": "greatjon-umber"}


def _visible(game, viewer, events):
    return json.dumps([game.view(viewer), [e.to_dict() for e in events if e.audience.reaches(viewer)]],
                      sort_keys=True)


def test_h6_no_leak_the_first_choice_reaches_nobody_before_the_reveal():
    worlds = {}
    for card in ("eddard-stark", "the-blackfish"):
        g = _duel()
        events = answer(g, "stark", card, "house_card")
        worlds[card] = (g, events)
        assert not [e for e in events if e.audience.kind == "sealed"]
        sealed = [e for group in g.state.sealed.values() for e in group]
        assert sealed and sealed[0]["data"]["card"] == card
        private = [e for e in events if e.audience.kind == "player"]
        assert private[0].audience.who == "stark" and private[0].data["card"] == card
    (ga, ea), (gb, eb) = worlds.values()
    for viewer in (None, "lannister", "baratheon", "greyjoy"):
        assert _visible(ga, viewer, ea) == _visible(gb, viewer, eb), viewer
    # and the opponent's decision is the same question in both worlds
    assert decision(ga, "lannister").to_dict() | {"id": ""} == decision(gb, "lannister").to_dict() | {"id": ""}


def test_h6_no_leak_the_second_choice_is_not_in_the_first_choosers_view_either():
    worlds = []
    for card in ("tywin-lannister", "cersei-lannister"):
        g = _duel()
        events = answer(g, "lannister", card, "house_card")
        worlds.append((g, events))
    (ga, ea), (gb, eb) = worlds
    assert _visible(ga, "stark", ea) == _visible(gb, "stark", eb)
    assert "tywin" not in json.dumps(ga.state.notes) and "tywin" not in json.dumps(ga.view("stark")["private"])


def test_h6_a_card_chosen_again_after_tyrion_is_secret_until_revealed():
    g = board()
    put(g, "lannisport", "lannister", "knight")
    put(g, "searoad-marches", "tyrell", "footman")
    march(g, "lannister", "lannisport", {"searoad-marches": ["knight"]})
    resolve(g, {"lannister": "tyrion-lannister", "tyrell": "mace-tyrell"},
            until=lambda game: ("lannister", "tyrion") in asked(game))
    answer(g, "lannister", True, "tyrion")
    d = decision(g, "tyrell", "house_card")
    assert d.secret and d.reveal_group and "mace-tyrell" not in d.options
    assert note(g)["cards"] == {"lannister": "tyrion-lannister", "tyrell": None}
    events = answer(g, "tyrell", "margaery-tyrell", "house_card")
    assert [e.audience.kind for e in events if e.kind.startswith("house_card_")][:2] == ["player", "public"]
    assert not g.state.sealed  # stored until the reveal, which followed at once
    assert note(g) == {} or note(g)["cards"]["tyrell"] == "margaery-tyrell"


def test_9_23_printed_strength_and_icons():
    g = _duel()
    events = resolve(g, {"stark": "ser-rodrick-cassel", "lannister": "ser-gregor-clegane"})
    result = kinds_of(events, "combat_result")[0]
    assert result.data["strength"] == {"lannister": 4, "stark": 4}  # 1+3 against 3+1
    assert result.data["parts"]["lannister"]["card"] == 3
    assert result.data["winner"] == "stark"  # Stark above Lannister on the Fiefdoms track (6 players)


def test_9_24_an_immediate_text_acts_before_the_blade_is_offered():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "footman", "footman")
    g.state.fiefdoms = ["lannister", "greyjoy", "martell", "stark", "baratheon", "tyrell"]
    put(g, "pyke", "greyjoy", "footman", order="M0")  # a March order left: the Blade may matter later
    march(g, "tyrell", "the-reach", {"blackwater": ["knight"]})
    resolve(g, {"tyrell": "mace-tyrell", "lannister": "the-hound"},
            until=lambda game: ("lannister", "blade") in asked(game))
    assert units(g, "blackwater") == ["footman"]
    assert decision(g, "lannister", "blade").info["strength"] == {"lannister": 3, "tyrell": 6}


def test_9_25_cancel_first_then_other_texts_in_iron_throne_order():
    g = board()
    put(g, "sunspear", "martell", "knight")
    put(g, "yronwood", "tyrell", "footman")
    put(g, "salt-shore", "martell", "footman")
    events = fight(g, "martell", "sunspear", {"yronwood": ["knight"]},
                   cards={"martell": "doran-martell", "tyrell": "queen-of-thorns"},
                   answers={"doran": "kings_court"})
    abilities = [e.data["card"] for e in kinds_of(events, "house_card_ability")]
    assert abilities == ["doran-martell", "queen-of-thorns"]  # Martell is above Tyrell on the Iron Throne
    g = board()
    g.state.iron_throne = ["tyrell", "baratheon", "lannister", "stark", "martell", "greyjoy"]
    put(g, "sunspear", "martell", "knight")
    put(g, "yronwood", "tyrell", "footman")
    events = fight(g, "martell", "sunspear", {"yronwood": ["knight"]},
                   cards={"martell": "doran-martell", "tyrell": "queen-of-thorns"}, answers={"doran": "kings_court"})
    assert [e.data["card"] for e in kinds_of(events, "house_card_ability")] == ["queen-of-thorns", "doran-martell"]


def test_9_26_each_fortification_cancels_one_sword():
    g = _duel()
    g.state.fiefdoms = ["stark", "greyjoy", "martell", "lannister", "baratheon", "tyrell"]
    events = resolve(g, {"stark": "eddard-stark", "lannister": "ser-jaime-lannister"})
    assert kinds_of(events, "casualties")[0].data["units"] == ["footman"]
    g = _duel()
    events = resolve(g, {"stark": "eddard-stark", "lannister": "the-hound"})
    assert not kinds_of(events, "casualties")  # two swords, two fortifications
    assert units(g, "castle-black") == ["footman", "knight"]


def test_9_27_played_cards_go_face_up_to_the_discard_pile_and_cannot_be_played():
    g = _duel()
    resolve(g, {"stark": "greatjon-umber", "lannister": "the-hound"})
    assert g.state.houses["stark"].discard == ["greatjon-umber"]
    assert g.state.houses["lannister"].discard == ["the-hound"]
    assert "greatjon-umber" not in hand(g, "stark")
    g2 = board()
    g2.state.houses["stark"] = g.state.houses["stark"]
    put(g2, "winterfell", "stark", "knight")
    put(g2, "castle-black", "lannister", "footman")
    march(g2, "stark", "winterfell", {"castle-black": ["knight"]})
    assert "greatjon-umber" not in decision(g2, "stark", "house_card").options


def test_9_28_c10_the_seventh_card_stays_and_the_other_six_return():
    g = _duel(stark=(["catelyn-stark"], STARK_CARDS[:6]))
    resolve(g, {"lannister": "the-hound"})  # Catelyn is forced: the only card
    assert hand(g, "stark") == STARK_CARDS[:6]
    assert g.state.houses["stark"].discard == ["catelyn-stark"]


def test_9_29_c8_hands_and_discards_stay_public_while_a_card_is_being_chosen():
    lannister = [c for c in hand(board(), "lannister") if c != "the-hound"]
    g = _duel(lannister=(lannister, ["the-hound"]))
    answer(g, "stark", "robb-stark", "house_card")
    seen = g.view("lannister")["houses"]["stark"]
    assert seen["hand"] == STARK_CARDS and seen["discard"] == []
    assert g.view(None)["houses"]["lannister"]["discard"] == ["the-hound"]


def test_9_30_doran_follows_the_influence_track_rules():
    g = board()
    put(g, "sunspear", "martell", "knight")
    put(g, "yronwood", "baratheon", "footman")
    fight(g, "martell", "sunspear", {"yronwood": ["knight"]},
          cards={"martell": "doran-martell", "baratheon": "brienne-of-tarth"}, answers={"doran": "iron_throne"})
    assert g.state.iron_throne == ["lannister", "stark", "martell", "greyjoy", "tyrell", "baratheon"]


def test_a9_a_cancelled_last_card_means_fighting_without_a_card():
    g = board()
    put(g, "lannisport", "lannister", "knight")
    put(g, "searoad-marches", "tyrell", "footman", "footman")
    g.state.houses["tyrell"].hand = ["mace-tyrell"]
    g.state.houses["tyrell"].discard = ["ser-loras-tyrell", "randyll-tarly", "ser-garlan-tyrell", "margaery-tyrell",
                                        "alester-florent", "queen-of-thorns"]
    events = fight(g, "lannister", "lannisport", {"searoad-marches": ["knight"]},
                   cards={"lannister": "tyrion-lannister"}, answers={"tyrion": True})
    result = kinds_of(events, "combat_result")[0]
    assert result.data["parts"]["tyrell"]["card"] == 0 and result.data["strength"] == {"lannister": 3, "tyrell": 2}
    assert hand(g, "tyrell") == ["mace-tyrell"]  # never played: it stays in hand, nothing is refreshed
    assert units(g, "searoad-marches") == ["knight"]
