"""Sea Raiders (MP10: 1 Footman then 3 Ships, one by one): when every order and choice of areas would leave the
ships in the same areas, they are placed without a question and a ``forced_choice`` event says where; while the
areas or the order can still change where they end, each ship is asked (issue 26, item 5)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.agot import Game, Settings
from engine.agot.position import Position
from engine.core import Decision, Event
from tests.engine.drive import drive
from tests.engine.scenario import answer, decision, units


def _sea_raiders(footman_there: bool, supply: int = 0) -> tuple[Position, list[Event]]:
    """Greyjoy buys Sea Raiders with an Iron Bank order in Ironman's Bay; it has one Ship there and one in the
    Sunset Sea, and holds Flint's Finger (a Footman there, or only its Power token); Lannister has taken Pyke.
    Supply 0: two armies of 2."""
    pos = Position.new(8, seed=1).clear()
    pos.put("ironmans-bay", "greyjoy", "ship", order="IB").put("sunset-sea", "greyjoy", "ship")
    pos.put("pyke", "lannister", "footman")
    if footman_there:
        pos.put("flints-finger", "greyjoy", "footman")
    else:
        pos.power_token("flints-finger", "greyjoy")
    pos.house("greyjoy", power=7, supply=supply)
    pos.game.state.mod["bank"]["row"] = [None, None, "sea-raiders"]
    pos.run("consolidate")
    return pos, answer(pos.game, "greyjoy", {"area": "ironmans-bay", "loan": 2}, "consolidate")


def _forced(events: list[Event]) -> list[Event]:
    return [e for e in events if e.kind == "forced_choice" and e.data["decision"] == "loan_place"]


def test_ships_that_can_only_end_one_in_each_sea_are_placed_without_a_question() -> None:
    """The Footman stands alone in Flint's Finger; the first Ship makes an army of 2 in either sea, the second
    the other army of 2 in the other sea, the third fits nowhere: whichever sea comes first, the same end."""
    pos, events = _sea_raiders(footman_there=False)
    g = pos.game
    assert not any(d.kind == "loan_place" for d in g.open_decisions())
    told = _forced(events)
    assert [e.text for e in told] == [
        "Sea Raiders: Greyjoy can place its footman only in Flint's Finger: placed there.",
        "Sea Raiders: Greyjoy can place only 2 of its 3 ships, in Ironman's Bay and Sunset Sea, whatever the "
        "order: placed there; the last one has nowhere to go."]
    assert told[1].data["choice"] == ["ironmans-bay", "sunset-sea"] and told[1].audience.kind == "public"
    assert units(g, "flints-finger") == ["footman"]
    assert units(g, "ironmans-bay") == ["ship", "ship"] and units(g, "sunset-sea") == ["ship", "ship"]


def test_ships_are_asked_when_the_footman_took_an_army_and_either_sea_may_get_the_ship() -> None:
    """The Footman joins the one in Flint's Finger (an army of 2): one more army of 2 fits, in Ironman's Bay or
    in the Sunset Sea, so where the Ship goes is asked."""
    pos, events = _sea_raiders(footman_there=True)
    g = pos.game
    d = decision(g, "greyjoy", "loan_place")
    assert d.options == ["ironmans-bay", "sunset-sea"]
    assert [e.data["choice"] for e in _forced(events)] == [["flints-finger"]]  # the Footman had one place only
    events = g.submit("greyjoy", d.id, "sunset-sea")
    assert not any(x.kind == "loan_place" for x in g.open_decisions())
    assert [e.text for e in _forced(events)] == [
        "Sea Raiders: Greyjoy has nowhere to place its 2 ships: none is placed."]
    assert units(g, "ironmans-bay") == ["ship"] and units(g, "sunset-sea") == ["ship", "ship"]


def test_ships_are_asked_when_the_order_decides_which_sea_holds_the_army_of_three() -> None:
    """Supply 1 (an army of 3 and one of 2): the three Ships may end 2+1 or 1+2 across the seas."""
    pos, _ = _sea_raiders(footman_there=False, supply=1)
    assert decision(pos.game, "greyjoy", "loan_place").options == ["ironmans-bay", "sunset-sea"]


# --- the random-games check ---------------------------------------------------------------------------------


def _board(game: Game) -> tuple[tuple[str, str | None, tuple[str, ...]], ...]:
    return tuple((a, st.house, tuple(sorted(u.kind for u in st.units))) for a, st in sorted(game.state.areas.items()))


def _ends(game: Game, d: Decision) -> list[set[tuple[Any, ...]]]:
    """For each option of the loan question ``d``: every board the loan can end on once it is given, the later
    placements of the loan played every way on copies."""
    out = []
    for option in d.options or []:
        g = game.copy()
        g.submit(d.player, d.id, option)
        later = [x for x in g.open_decisions() if x.kind == "loan_place"]
        out.append(set().union(*_ends(g, later[0])) if later else {_board(g)})
    return out


@pytest.mark.timeout(300)
def test_random_games_ask_no_loan_placement_that_cannot_change_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    """Every loan placement asked in random games on the 8-house set-up is played every way on copies: for none
    of them do all the answers lead to the same boards."""
    asked: Counter[str] = Counter()
    pointless: list[tuple[int, str]] = []
    seen: set[str] = set()
    now = {"seed": 0, "forced": 0}

    def check(game: Game, d: Decision, events: list[Event]) -> None:
        now["forced"] += sum(e.kind == "forced_choice" and e.data["decision"] == "loan_place" for e in events)
        for x in game.open_decisions():
            if x.kind == "loan_place" and x.id not in seen:
                seen.add(x.id)
                asked[str(x.info["loan"])] += 1
                ends = _ends(game, x)
                if all(e == ends[0] for e in ends):
                    pointless.append((now["seed"], x.id))

    for seed in range(1, 41):
        seen.clear()  # decision ids are per game
        now["seed"] = seed
        players, settings = (8, None) if seed % 2 else (5, Settings(setup="8"))
        drive(Game.new(players, seed=seed, settings=settings), seed=seed, check=check)
    forced = now["forced"]
    with capsys.disabled():
        print(f"\n40 random games: loan placements asked {dict(sorted(asked.items()))}, {forced} placed without "
              f"asking, {len(pointless)} asked that could not change the board")
    assert asked["sea-raiders"] > 0 and forced > 0
    assert not pointless, pointless
