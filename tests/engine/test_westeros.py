"""Westeros phase: checklist section 3 and Appendix A (rulings A1, A3, A23)."""

from __future__ import annotations

import pytest

from engine.agot import world
from engine.core import IllegalAnswer
from tests.engine.scenario import answer, clear, decision, put, scenario
from tests.engine.westeros_scenario import (
    bid,
    drive,
    finish_phase,
    in_westeros,
    open_kinds,
    planning_open,
    public,
    rng_putting_winter_on_top,
    set_decks,
    westeros,
)

QUIET = ("supply", "game-of-thrones", "sea-of-storms")  # no question asked at the start of a game; one icon


def test_3_1_round_marker_advances_and_round_1_has_no_westeros_phase():
    game = scenario(players=3)
    assert game.state.round == 1 and planning_open(game)  # 2.2: the game starts with Planning
    assert game.state.westeros_revealed == []
    events = westeros(game, *QUIET, round_=4)
    assert game.state.round == 4
    assert public(events, "round")[0].data["round"] == 4


def test_3_2_top_card_of_each_deck_revealed_together():
    game = scenario(players=3)
    events = westeros(game, *QUIET)
    assert game.state.westeros_revealed == list(QUIET)
    revealed = public(events, "westeros_revealed")
    assert len(revealed) == 1 and revealed[0].data["cards"] == list(QUIET)
    assert kinds_before(events, "westeros_revealed", "westeros_card") == []  # nothing resolves before


def kinds_before(events, first: str, later: str) -> list[str]:
    """Events of kind ``later`` that come before the first ``first`` event."""
    idx = next(i for i, e in enumerate(events) if e.kind == first)
    return [e.kind for e in events[:idx] if e.kind == later]


def test_3_3_each_wildling_icon_moves_the_threat_up_two():
    game = scenario(players=3)
    events = westeros(game, "last-days-of-summer", "last-days-of-summer", "sea-of-storms", threat=2)
    assert game.state.wildling_threat == 8  # three icons, +2 each (A1)
    assert public(events, "wildling_threat")[0].data == {"before": 2, "after": 8, "icons": 3}
    game = scenario(players=3)
    westeros(game, "supply", "game-of-thrones", "put-to-the-sword", threat=4)
    assert game.state.wildling_threat == 4  # no icon, no move


def test_3_4_reaching_12_attacks_at_once_before_any_card_surplus_ignored():
    game = scenario(players=3)
    events = westeros(game, "last-days-of-summer", "last-days-of-summer", "web-of-lies", threat=10,
                      wildlings=["silence-at-the-wall"])
    assert public(events, "wildling_attack")[0].data["strength"] == 12  # 10 + 6 capped at 12
    assert [e for e in public(events, "westeros_card")] == []  # no card resolved yet
    assert game.state.restrictions == []
    events = bid(game, baratheon=5, lannister=4, stark=3)
    assert game.state.wildling_threat == 0  # the Night's Watch held (12 >= 12)
    assert game.state.restrictions == ["no-support"]  # Web of Lies resolved after the attack
    cards = [e.data["card"] for e in public(events, "westeros_card")]
    assert cards == ["last-days-of-summer", "last-days-of-summer", "web-of-lies"]


def test_3_5_cards_resolve_in_deck_order():
    game = scenario(players=3)
    events = westeros(game, *QUIET)
    resolved = [(e.data["deck"], e.data["card"]) for e in public(events, "westeros_card")]
    assert resolved == [("I", "supply"), ("II", "game-of-thrones"), ("III", "sea-of-storms")]
    supply = next(i for i, e in enumerate(events) if e.kind == "supply")
    thrones = next(i for i, e in enumerate(events) if e.kind == "game_of_thrones")
    assert supply < thrones


def test_3_6_resolved_cards_go_to_the_bottom_of_their_decks():
    game = scenario(players=3)
    westeros(game, *QUIET)
    for deck, card in zip(game.state.westeros_decks, QUIET):
        assert len(deck) == 10 and deck[-1] == card
    assert sum(len(d) for d in game.state.westeros_decks) == 30


def test_3_7_supply_card_sets_supply_then_reconciles_in_turn_order():
    game = scenario(players=3)
    s = game.state
    clear(game)
    put(game, "lannisport", "lannister", "footman", "footman", "knight")
    put(game, "stoney-sept", "lannister", "footman", "footman", "footman")
    put(game, "dragonstone", "baratheon", "footman", "footman", "knight")
    put(game, "kingswood", "baratheon", "footman", "footman", "footman")
    s.houses["lannister"].supply = 5
    s.houses["baratheon"].supply = 5
    westeros(game, "supply", "game-of-thrones", "sea-of-storms")
    assert s.houses["lannister"].supply == world.supply_from_barrels(game.board, s, "lannister") == 2
    assert s.houses["baratheon"].supply == 2  # dragonstone 1 + kingswood 1
    assert open_kinds(game) == [("baratheon", "reconcile")]  # Iron Throne order: Baratheon first
    refused_msg = refuse(game, "baratheon", [["kingswood", "footman"], ["dragonstone", "footman"]])
    assert "exactly 1" in refused_msg
    answer(game, "baratheon", [["kingswood", "footman"]])
    assert open_kinds(game) == [("lannister", "reconcile")]
    answer(game, "lannister", [["stoney-sept", "footman"]])
    s = game.state  # a refused answer restores a fresh copy of the state
    assert len(s.areas["kingswood"].units) == 2 and len(s.areas["stoney-sept"].units) == 2
    assert planning_open(game)


def refuse(game, house, value) -> str:
    before = game.to_dict()
    with pytest.raises(IllegalAnswer) as exc:
        answer(game, house, value)
    assert game.to_dict() == before
    return str(exc.value)


def test_3_8_mustering_card_each_house_in_turn_order():
    game = scenario(players=3)
    westeros(game, "mustering", "game-of-thrones", "sea-of-storms")
    order = []
    while in_westeros(game):
        d = game.open_decisions()[0]
        assert d.kind == "muster" and len(game.open_decisions()) == 1  # one house at a time
        order.append(d.player)
        if d.player == "stark":
            assert set(d.info["areas"]) == {"winterfell", "white-harbor"}
            game.submit("stark", d.id, [{"area": "winterfell", "unit": "footman"},
                                        {"area": "white-harbor", "unit": "footman"}])
        else:
            game.submit(d.player, d.id, [])
    assert order == ["baratheon", "lannister", "stark"]
    assert sorted(u.kind for u in game.state.areas["white-harbor"].units) == ["footman", "footman"]


def test_3_9_clash_of_kings_replaces_all_three_tracks_from_bids():
    game = scenario(players=3)
    westeros(game, "supply", "clash-of-kings", "sea-of-storms")
    bid(game, stark=3, lannister=1)  # Iron Throne
    bid(game, lannister=1)  # Fiefdoms: Lannister 1, then a tie at 0 for the new holder, Stark
    assert decision(game, "stark").kind == "break_tie"
    answer(game, "stark", "stark")
    bid(game, baratheon=2, lannister=1)  # King's Court: Baratheon 2, Lannister 1 (3 left), Stark 0
    s = game.state
    assert s.iron_throne == ["stark", "lannister", "baratheon"]
    assert s.fiefdoms == ["lannister", "stark", "baratheon"]
    assert s.kings_court == ["baratheon", "lannister", "stark"]
    assert {h: s.houses[h].power for h in s.houses} == {"stark": 2, "lannister": 2, "baratheon": 3}
    assert planning_open(game)


def test_3_10_wildlings_attack_card_attacks_at_the_current_threat():
    game = scenario(players=3)
    events = westeros(game, "supply", "game-of-thrones", "wildlings-attack", threat=6,
                      wildlings=["silence-at-the-wall"])
    attack = public(events, "wildling_attack")
    assert len(attack) == 1 and attack[0].data["strength"] == 6 and attack[0].data["source"] == "card"
    events = bid(game, baratheon=4, lannister=2)
    assert public(events, "wildling_outcome")[0].data == {"total": 6, "strength": 6, "nights_watch": True}
    assert game.state.wildling_threat == 0


def test_3_11_two_attacks_in_one_westeros_phase():
    game = scenario(players=3)
    events = westeros(game, "last-days-of-summer", "game-of-thrones", "wildlings-attack", threat=10,
                      wildlings=["silence-at-the-wall", "skinchanger-scout"])
    assert public(events, "wildling_attack")[0].data["strength"] == 12
    events = bid(game)  # everyone bids 0: the wildlings win
    assert open_kinds(game) == [("baratheon", "break_tie")]  # lowest-bidder tie (A2)
    events += answer(game, "baratheon", "lannister")
    assert game.state.wildling_threat == 8  # 12 - 4
    second = public(events, "wildling_attack")
    assert len(second) == 1 and second[0].data["strength"] == 8
    events = bid(game, baratheon=7, lannister=1)  # 8 >= 8; Baratheon gets its 7 back (Skinchanger Scout)
    assert public(events, "wildling_card")[0].data["card"] == "skinchanger-scout"
    assert game.state.houses["baratheon"].power == 7
    assert game.state.wildling_threat == 0
    assert planning_open(game)


def test_3_12_14_8_game_of_thrones_counts_crowns_and_supplied_ports_up_to_20():
    game = scenario(players=3)
    s = game.state
    clear(game)
    put(game, "winterfell", "stark", "footman")
    put(game, "castle-black", "stark", "footman")
    s.areas["karhold"].power_token = "stark"  # a controlled crown; the token itself is no icon
    put(game, "port-of-winterfell", "stark", "ship")  # Bay of Ice is free: +1
    put(game, "stoney-sept", "lannister", "footman")
    put(game, "port-of-lannisport", "lannister", "ship")
    put(game, "the-golden-sound", "stark", "ship")  # an enemy ship in the port's sea: no port Power
    put(game, "kings-landing", "baratheon", "footman")
    s.houses["baratheon"].power = 18
    s.areas["blackwater"].power_token = "baratheon"  # 18 + 1 on the board: room for 1 more
    events = westeros(game, "supply", "game-of-thrones", "sea-of-storms")
    gains = public(events, "game_of_thrones")[0].data["gains"]
    assert gains == {"baratheon": 1, "lannister": 1, "stark": 4}
    assert s.houses["stark"].power == 9 and s.houses["lannister"].power == 6 and s.houses["baratheon"].power == 19


def test_3_13_last_days_of_summer_does_nothing():
    game = scenario(players=3)
    before = game.to_dict()
    events = westeros(game, "last-days-of-summer", "last-days-of-summer", "sea-of-storms", threat=0)
    after = game.to_dict()
    for key in ("houses", "areas", "iron_throne", "fiefdoms", "kings_court"):
        assert after[key] == before[key]
    assert game.state.wildling_threat == 6
    assert [e.data["card"] for e in public(events, "westeros_card")][:2] == ["last-days-of-summer"] * 2


def test_3_13_winter_is_coming_reshuffles_its_deck_and_replaces_itself():
    game = scenario(players=3)
    set_decks(game, ("winter-is-coming", None, None))
    game.state.rng = rng_putting_winter_on_top(game.state.westeros_decks[0], times=0)  # then another card
    deck_before = sorted(game.state.westeros_decks[0])
    events = westeros(game, None, "game-of-thrones", "sea-of-storms")
    replacement = game.state.westeros_revealed[0]
    assert replacement != "winter-is-coming"
    winters = public(events, "westeros_card")
    assert winters[0].data == {"card": "winter-is-coming", "deck": "I"}
    assert sorted(game.state.westeros_decks[0]) == deck_before  # the whole deck, itself included
    assert game.state.westeros_decks[0][-1] == replacement
    assert set(winters[0].data) == {"card", "deck"}  # the new order is never told


def test_3_13_winter_is_coming_drawing_winter_is_coming_again():
    game = scenario(players=3)
    set_decks(game, (None, "winter-is-coming", None))
    game.state.rng = rng_putting_winter_on_top(game.state.westeros_decks[1], times=1)
    events = westeros(game, "supply", None, "sea-of-storms", threat=0)
    winters = [e for e in public(events, "westeros_card") if e.data["card"] == "winter-is-coming"]
    assert [e.data["deck"] for e in winters] == ["II", "II"]
    replacement = game.state.westeros_revealed[1]
    assert replacement != "winter-is-coming"
    icon = replacement in ("dark-wings-dark-words", "last-days-of-summer")
    finish_phase(game)
    assert game.state.wildling_threat == (2 if icon else 0) + 2  # the replacement's icon counts (A3)
    assert sorted(game.state.westeros_decks[1]).count("winter-is-coming") == 1


@pytest.mark.parametrize("card,restriction", [
    ("storm-of-swords", "no-defense"), ("rains-of-autumn", "no-march-plus-one"), ("sea-of-storms", "no-raid"),
    ("web-of-lies", "no-support"), ("feast-for-crows", "no-consolidate-power"),
])
def test_3_13_restriction_cards_forbid_their_order_type(card, restriction):
    game = scenario(players=3)
    westeros(game, "supply", "game-of-thrones", card, threat=0)
    assert game.state.restrictions == [restriction]
    assert game.state.wildling_threat == 2  # each of these has a wildling icon
    info = decision(game, "stark", "orders").info
    assert info["restrictions"] == [restriction]
    tokens = {game.board.order_tokens[t] for t in info["tokens"]}
    kind = {"no-defense": "defense", "no-raid": "raid", "no-support": "support",
            "no-consolidate-power": "consolidate_power"}.get(restriction)
    if kind:
        assert all(t.type != kind for t in tokens)
    else:
        assert all(not (t.type == "march" and t.modifier == 1) for t in tokens)


@pytest.mark.parametrize("choice", ["supply", "mustering", "none"])
def test_3_13_a_throne_of_blades_iron_throne_holder_chooses(choice):
    game = scenario(players=3)
    game.state.houses["stark"].supply = 4  # Supply would set it back to 2 barrels
    events = westeros(game, "a-throne-of-blades", "game-of-thrones", "sea-of-storms", threat=0)
    assert game.state.wildling_threat == 4  # two icons
    d = decision(game, "baratheon", "westeros_choice")
    assert open_kinds(game) == [("baratheon", "westeros_choice")] and d.options == ["supply", "mustering", "none"]
    events = answer(game, "baratheon", choice)
    assert public(events, "westeros_choice")[0].data["choice"] == choice
    if choice == "mustering":
        assert open_kinds(game) == [("baratheon", "muster")]
        finish_phase(game)
    assert game.state.houses["stark"].supply == (1 if choice == "supply" else 4)  # Winterfell's barrel
    assert ("supply" in [e.kind for e in events]) == (choice == "supply")
    assert planning_open(game)


@pytest.mark.parametrize("choice", ["clash-of-kings", "game-of-thrones", "none"])
def test_3_13_dark_wings_dark_words_raven_holder_chooses(choice):
    game = scenario(players=3)
    put(game, "port-of-lannisport", "lannister", "ship")
    power = {h: hs.power for h, hs in game.state.houses.items()}
    westeros(game, "supply", "dark-wings-dark-words", "sea-of-storms", threat=0)
    assert open_kinds(game) == [("lannister", "westeros_choice")]  # the Messenger Raven holder
    events = answer(game, "lannister", choice)
    s = game.state
    if choice == "clash-of-kings":
        assert sorted(d.player for d in game.open_decisions()) == ["baratheon", "lannister", "stark"]
        assert all(d.kind == "bid" for d in game.open_decisions())
        finish_phase(game)
        assert not planning_open(game) or s.iron_throne  # bids of 0 everywhere: ties decided by defaults
    elif choice == "game-of-thrones":
        gains = public(events, "game_of_thrones")[0].data["gains"]
        # A23: the full Game of Thrones, ports included: Stoney Sept's crown and a supplied port.
        assert gains["lannister"] == 2 and s.houses["lannister"].power == power["lannister"] + 2
        assert gains["stark"] == 1 and gains["baratheon"] == 2  # Winterfell; Dragonstone + Kingswood
    else:
        assert {h: hs.power for h, hs in s.houses.items()} == power
    assert planning_open(game)


@pytest.mark.parametrize("choice,restriction", [
    ("no-march-plus-one", ["no-march-plus-one"]), ("no-defense", ["no-defense"]), ("none", []),
])
def test_3_13_put_to_the_sword_blade_holder_chooses(choice, restriction):
    game = scenario(players=3)
    westeros(game, "supply", "game-of-thrones", "put-to-the-sword", threat=0)
    assert game.state.wildling_threat == 0  # no icon
    d = decision(game, "stark", "westeros_choice")  # the Valyrian Steel Blade holder
    assert d.options == ["no-march-plus-one", "no-defense", "none"]
    answer(game, "stark", choice)
    assert game.state.restrictions == restriction


def test_3_14_put_to_the_sword_blocks_the_next_planning_phase_and_no_later():
    game = scenario(players=3)
    westeros(game, "supply", "game-of-thrones", "put-to-the-sword")
    answer(game, "stark", "no-defense")
    assert planning_open(game) and game.state.round == 2
    orders = {"winterfell": "D+1", "white-harbor": "M0", "the-shivering-sea": "S0"}
    with pytest.raises(IllegalAnswer, match="forbidden"):
        answer(game, "stark", orders, "orders")
    # Play the round out with default answers; round 3 reveals a different card III.
    set_decks(game, ("supply", "game-of-thrones", "rains-of-autumn"))
    events = drive(game, lambda g: g.state.round == 3 and planning_open(g))
    cleanup = next(i for i, e in enumerate(events) if e.kind == "clean_up")
    assert "restriction" not in [e.kind for e in events[:cleanup]]
    assert game.state.restrictions == ["no-march-plus-one"]  # only this round's card
    answer(game, "stark", orders, "orders")  # a Defense order is legal again
    assert game.state.stack[-1]["placed"]["stark"]["winterfell"].startswith("D+1")


def test_3_15_choice_cards_ask_the_dominance_token_holders():
    game = scenario(players=6)
    s = game.state
    holders = {"a-throne-of-blades": s.iron_throne[0], "dark-wings-dark-words": s.kings_court[0],
               "put-to-the-sword": s.fiefdoms[0]}
    westeros(game, "a-throne-of-blades", "dark-wings-dark-words", "put-to-the-sword", threat=0)
    seen = []
    while in_westeros(game):
        d = game.open_decisions()[0]
        if d.kind == "westeros_choice":
            seen.append((d.info["card"], d.player))
            assert "none" in d.options
        game.submit(d.player, d.id, "none" if d.kind == "westeros_choice" else d.default)
    assert seen == list(holders.items())
    assert holders == {"a-throne-of-blades": "baratheon", "dark-wings-dark-words": "lannister",
                       "put-to-the-sword": "greyjoy"}


def test_every_checklist_item_of_sections_3_to_6_has_a_scenario_test():
    import re
    from pathlib import Path

    items = {3: 15, 4: 16, 5: 10, 6: 15}
    wanted = {f"{section}_{i}" for section, count in items.items() for i in range(1, count + 1)}
    names: set[str] = set()
    for pattern in ("test_westeros*.py", "test_bidding*.py", "test_wildlings*.py"):
        for path in Path(__file__).parent.glob(pattern):
            names.update(re.findall(r"def test_([0-9_a-z]+)\(", path.read_text(encoding="utf-8")))
    covered = {m.group(1) for name in names for m in re.finditer(r"(?:^|_)([3-6]_\d+)(?=_)", name)}
    assert sorted(wanted - covered) == []
