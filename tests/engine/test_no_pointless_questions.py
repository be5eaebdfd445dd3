"""Questions whose answer cannot change anything are not asked; every forced choice is told (forced: true)."""

import pytest

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
    put(g, "kings-landing", "baratheon", "footman", order="CPa")
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


# --- questions with only one meaningful answer (issue 15, item 10) ---------------------------------------------


def _march_boxed_in(supply: int):
    """Stark's lone Footman in Karhold with a March order; both land areas next to it hold a Stark army."""
    g = scenario(6)
    clear(g)
    put(g, "karhold", "stark", "footman", order="M0")
    put(g, "castle-black", "stark", "footman", "footman")
    put(g, "winterfell", "stark", "footman", "footman")
    g.state.houses["stark"].supply = supply
    return g, start(g, "marches")


def test_a_march_whose_every_move_breaks_the_supply_limit_is_not_asked():
    g, events = _march_boxed_in(supply=0)  # armies of 2 and 2 allowed: any move makes one of 3
    assert not any(d.kind == "march" for d in g.open_decisions())
    forced = _forced(events)
    assert [e.text for e in forced] == ["Stark's March in Karhold cannot move any unit without breaking its supply "
                                        "limit: it is removed."]
    assert forced[0].data["choice"] == {"from": "karhold", "moves": {}, "leave_power_token": False}
    assert g.state.areas["karhold"].order is None and [u.kind for u in g.state.areas["karhold"].units] == ["footman"]


def test_a_march_with_one_move_within_the_supply_limit_is_asked():
    g, events = _march_boxed_in(supply=1)  # an army of 3 allowed
    assert decision(g, "stark", "march").options is None and not _forced(events)


def _neutral_attack(*kinds: str, supporter: str = "footman"):
    """Baratheon marches from the Kingswood on King's Landing's neutral force (5); Lannister supports next to it."""
    g = board()
    put(g, "kingswood", "baratheon", *kinds)
    put(g, "blackwater", "lannister", supporter, order="S0a")
    log: list[tuple[str, str]] = []
    events = fight(g, "baratheon", "kingswood", {"kings-landing": list(kinds)}, log=log)
    return g, events, log


@pytest.mark.parametrize("kinds,outcome", [
    (("knight", "knight", "footman"), "falls"),  # 5 without any support
    (("footman",), "holds"),  # 1 + at most 1
])
def test_support_that_cannot_change_an_attack_on_a_neutral_force_is_not_asked(kinds, outcome):
    g, events, log = _neutral_attack(*kinds)
    assert log == []
    forced = _forced(events)
    assert [e.text for e in forced] == [
        f"Lannister's support cannot change the attack on the neutral force in King's Landing (it {outcome} "
        "whatever is declared): Lannister supports nobody."]
    assert forced[0].data["decision"] == "support" and forced[0].data["choice"] == "none"
    assert bool(kinds_of(events, "neutral_destroyed")) == (outcome == "falls")


def test_support_that_may_decide_an_attack_on_a_neutral_force_is_asked():
    g, events, log = _neutral_attack("knight", "knight")  # 4, and 5 with the support
    assert log == [("lannister", "support")] and not _forced(events)


def _blade_fight(lannister_card: str, march_left: bool, loras: bool = False):
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "knight")
    g.state.fiefdoms = ["tyrell", "greyjoy", "martell", "stark", "baratheon", "lannister"]  # Tyrell: Blade, ties
    if march_left:
        put(g, "pyke", "greyjoy", "footman", order="M0")
    log: list[tuple[str, str]] = []
    events = fight(g, "tyrell", "the-reach", {"blackwater": ["knight"]}, log=log,
                   cards={"tyrell": "ser-loras-tyrell" if loras else "alester-florent", "lannister": lannister_card})
    return g, events, log


def test_the_blade_is_not_offered_when_it_cannot_change_the_winner_and_no_combat_can_follow():
    g, events, log = _blade_fight("ser-kevan-lannister", march_left=False)  # 3 against 3: Tyrell wins the tie
    assert ("tyrell", "blade") not in log and not g.state.blade_used
    forced = [e for e in _forced(events) if e.data["decision"] == "blade"]
    assert [e.text for e in forced] == ["Tyrell keeps the Valyrian Steel Blade: +1 cannot change the combat in "
                                        "Blackwater and no March order is left this round."]
    assert forced[0].data["choice"] is False


def test_the_blade_is_offered_when_it_may_decide_the_combat_or_a_later_one():
    assert ("tyrell", "blade") in _blade_fight("the-hound", march_left=False)[2]  # 3 against 4: +1 ties and wins
    assert ("tyrell", "blade") in _blade_fight("ser-kevan-lannister", march_left=True)[2]  # kept for later


# --- the random-games check ---------------------------------------------------------------------------------


def _outcomes_after(game, decision, answer, area: str) -> set[str]:
    """Every way the attack on the neutral force in ``area`` can end once ``answer`` is given, whatever the
    houses still to declare their support say."""
    from engine.core import IllegalAnswer

    g = game.copy()
    try:
        events = g.submit(decision.player, decision.id, answer)
    except IllegalAnswer:
        return set()
    for e in events:
        if e.kind in ("neutral_destroyed", "neutral_holds") and e.data["area"] == area:
            return {e.kind}
    d = next(x for x in g.open_decisions() if x.kind == "support")
    return set().union(*(_outcomes_after(g, d, o, area) for o in d.options))


def _one_meaningful_answer(game, d) -> bool:
    """Whether the question ``d`` has only one answer that can change anything (the three cases of issue 15,
    item 10), found by playing the answers on copies of the game."""
    from engine.agot.action import order_areas
    from engine.core import IllegalAnswer

    if d.kind == "march" and d.options is None:
        for source, info in d.info["orders"].items():
            for dest in info["land_destinations"] + info["ship_destinations"]:
                kind = next((k for k in info["units"] if (k == "ship") == (dest in info["ship_destinations"])), None)
                if kind is None:
                    continue
                for n in range(1, len(info["units"]) + 1):
                    try:
                        game.copy().submit(d.player, d.id, {"from": source, "moves": {dest: [kind] * n}})
                        return False
                    except IllegalAnswer:
                        continue
        return True
    combat = game.state.notes.get("combat", {})
    if d.kind == "support" and combat.get("defender") is None:
        ends = [_outcomes_after(game, d, o, combat["area"]) for o in d.options]
        return len(set().union(*ends)) == 1
    if d.kind == "blade":
        winners = set()
        for use in (True, False):
            g = game.copy()
            events = g.submit(d.player, d.id, use)
            while not any(e.kind == "combat_result" for e in events):
                nxt = g.open_decisions()[0]
                events = g.submit(nxt.player, nxt.id, nxt.default)
            winners.add(next(e for e in events if e.kind == "combat_result").data["winner"])
        marches = [a for h in game.state.houses for a in order_areas(game, h, "march")
                   if not (a == combat["source"] and h == combat["attacker"])
                   and not (a == combat["area"] and winners == {combat["attacker"]})]  # removed with the defeat
        loras = combat["cards"].get(combat["attacker"]) == "ser-loras-tyrell" and winners == {combat["attacker"]}
        return len(winners) == 1 and not marches and not loras  # Ser Loras: the March order resolves again
    return False


@pytest.mark.timeout(300)
def test_random_games_ask_no_question_with_one_meaningful_answer(capsys):
    """Every March, support on a neutral force and Blade question of random games is played both ways on copies:
    none of those asked had only one answer that could change anything."""
    from collections import Counter

    from engine.agot import Game, Settings
    from tests.engine.drive import drive

    asked: Counter[str] = Counter()
    pointless: Counter[str] = Counter()
    seen: set[str] = set()

    def check(game, d, events):
        for x in game.open_decisions():
            neutral = x.kind == "support" and game.state.notes.get("combat", {}).get("defender") is None
            if x.id in seen or not (x.kind in ("march", "blade") or neutral):
                continue
            seen.add(x.id)
            kind = "neutral support" if neutral else x.kind
            asked[kind] += 1
            pointless[kind] += _one_meaningful_answer(game, x)

    games = [(players, seed, seed % 2 == 0) for seed, players in enumerate((6, 5, 4, 3) * 15, start=41)]
    for players, seed, tides in games:
        seen.clear()  # decision ids are per game
        drive(Game.new(players, seed=seed, settings=Settings(tides_of_battle=tides)), seed=seed, check=check)
    with capsys.disabled():
        print(f"\n{len(games)} random games: " + ", ".join(
            f"{k} {asked[k]} asked, {pointless[k]} with one meaningful answer" for k in sorted(asked)))
    assert asked["march"] > 100 and asked["blade"] > 3 and asked["neutral support"] > 0
    assert sum(pointless.values()) == 0, pointless


# --- questions that cannot change anything (issue 26, item 5) ----------------------------------------------


def _raid_on_support(march_left: bool):
    """Lannister's Raid in the Reach can hit only Tyrell's Support order in the Dornish Marches."""
    g = scenario(6)
    clear(g)
    put(g, "the-reach", "lannister", "footman", order="Ra")
    put(g, "dornish-marches", "tyrell", "footman", order="S0a")
    if march_left:
        put(g, "pyke", "greyjoy", "footman", order="M0")
    return g, start(g, "raids")


def test_a_raid_that_could_only_remove_a_support_order_with_no_march_left_is_not_asked():
    g, events = _raid_on_support(march_left=False)
    assert not any(d.kind == "raid" for d in g.open_decisions())
    assert [e.text for e in _forced(events)] == [
        "Lannister's Raid in The Reach is removed without effect: its only targets are Support orders, which change "
        "nothing with no March order on the board."]
    assert [e.data["target"] for e in kinds_of(events, "raid")] == [None]  # Tyrell's Support was not removed


def test_a_raid_on_a_support_order_is_asked_while_a_march_is_left():
    g, events = _raid_on_support(march_left=True)
    assert {"area": "the-reach", "target": "dornish-marches"} in decision(g, "lannister", "raid").options
    assert not _forced(events)


def test_the_blade_is_not_offered_when_the_only_march_left_is_the_beaten_defenders_own():
    """4 players, seed 11033, decision 87 of the random playout: Greyjoy wins the Golden Sound 3 to 1 whatever
    the Blade does; the only March order left was Lannister's in the Golden Sound itself, removed with its defeat."""
    from tests.engine.playout import playout

    g, events = playout(4, 11033, 87)
    told = [e for e in _forced(events) if e.data["decision"] == "blade"]
    assert [e.text for e in told] == ["Greyjoy keeps the Valyrian Steel Blade: +1 cannot change the combat in The "
                                      "Golden Sound and no March order is left this round."]
    assert not g.state.blade_used and not any(d.kind == "blade" for d in g.open_decisions())


def test_the_blade_is_offered_when_the_defenders_march_in_the_area_survives_or_loras_carries_a_march_on():
    g = board()
    put(g, "the-reach", "tyrell", "knight")
    put(g, "blackwater", "lannister", "knight", order="M0")
    g.state.fiefdoms = ["tyrell", "greyjoy", "martell", "stark", "baratheon", "lannister"]
    log: list[tuple[str, str]] = []
    fight(g, "tyrell", "the-reach", {"blackwater": ["knight"]}, token="M-1", log=log,
          cards={"tyrell": "alester-florent", "lannister": "tywin-lannister"})  # Lannister wins: its March stays
    assert ("tyrell", "blade") in log
    log.clear()
    assert ("tyrell", "blade") in _blade_fight("ser-kevan-lannister", march_left=False, loras=True)[2]


def _consolidate_in_a_castle(reserve_left: bool):
    """Stark's special Consolidate Power in Winterfell; every unit of its reserve on the board unless asked."""
    g = scenario(6)
    clear(g)
    put(g, "winterfell", "stark", "footman", order="CP*")
    if not reserve_left:
        limits = g.board.tables["unit_limits"]
        for kind, area in (("footman", "castle-black"), ("knight", "karhold"), ("siege_engine", "the-stony-shore"),
                           ("ship", "bay-of-ice")):
            put(g, area, "stark", *[kind] * (limits[kind] - (kind == "footman")))
    g.state.houses["stark"].supply = 6
    return g, start(g, "consolidate")


def test_a_consolidate_power_that_could_muster_nothing_is_resolved_without_a_question():
    g, events = _consolidate_in_a_castle(reserve_left=False)
    assert not any(d.kind == "consolidate" for d in g.open_decisions())
    assert [e.text for e in _forced(events) if e.data.get("decision") == "consolidate"] == [
        "Nothing can be mustered in Winterfell: Stark's order in Winterfell is resolved without mustering."]
    assert [e.data["gained"] > 0 for e in kinds_of(events, "consolidate")] == [True]  # it gained Power instead


def test_a_consolidate_power_that_can_muster_is_asked():
    g, events = _consolidate_in_a_castle(reserve_left=True)
    assert {"area": "winterfell", "muster": True} in decision(g, "stark", "consolidate").options
    assert not _forced(events)


def test_a_vassals_defense_muster_with_nothing_to_muster_stays_a_defense_without_a_question():
    """5 players on the 8-house set-up, seed 12000, decision 305 of the random playout: Arryn, a vassal, could
    muster nothing in Crackclaw Point; its Defense/Muster was asked before and now stays a Defense order."""
    from engine.agot import Settings
    from tests.engine.playout import playout

    g, events = playout(5, 12000, 305, Settings(setup="8"))
    assert "arryn" in g.vassals()
    told = [e for e in _forced(events) if e.data.get("decision") == "consolidate" and e.data["house"] == "arryn"]
    assert [e.text for e in told] == ["Nothing can be mustered in Crackclaw Point: Arryn's order in Crackclaw Point "
                                      "is resolved without mustering."]
    kept = [e.text for e in kinds_of(events, "consolidate") if e.data["house"] == "arryn"]
    assert kept == ["Arryn keeps its Defense/Muster in Crackclaw Point as a Defense order."]
