"""Mother of Dragons through the service: 7 and 8 players on the set-up of their count, fewer players on the 7-
or 8-house set-up with vassals for the houses nobody holds, their commander prompted for them (issue 18, item 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import ServiceError, TableService
from engine.core import IllegalAnswer
from tests.service.kit import CHANNEL, CREATOR, aio, play, seated


@pytest.mark.timeout(600)
@aio
async def test_an_eight_player_game_is_played_to_the_end(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "t.sqlite3")
    gid, users = await seated(svc, players=8)
    info = await svc.game(gid)
    assert info.settings["setup"] == "8" and not info.settings.get("vassals")
    assert sorted(s.house for s in info.seats) == ["arryn", "baratheon", "greyjoy", "lannister", "martell", "stark",
                                                   "targaryen", "tyrell"]
    view = await svc.view(gid, users[0])
    assert view["mod"]["setup"] == "8" and "iron_bank" in view["mod"] and view["viewer"] == info.seats[0].house
    done = await play(svc, gid, seed=8)
    info = await svc.game(gid)
    assert info.status == "finished" and done > 200
    await svc.close()
    reopened = await TableService.open(tmp_path / "t.sqlite3")  # the stored game replays to the same end
    assert (await reopened.game(gid)).status == "finished"
    await reopened.close()


@aio
async def test_five_players_on_the_seven_house_set_up_have_two_vassals_and_their_commander_is_prompted(
        tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "t.sqlite3")
    gid = await svc.create_game(1, CHANNEL, CREATOR, 5, {"setup": "7", "houses": "choose"})
    with pytest.raises(ServiceError, match="not in a 5-player game"):
        await svc.join(gid, CREATOR, "a", house="targaryen")
    await svc.join(gid, CREATOR, "a", house="arryn")  # a house of the 7-house set-up only
    for user in range(CREATOR + 1, CREATOR + 5):
        await svc.join(gid, user, f"p{user}")
    info = await svc.start(gid, CREATOR)
    houses = {s.user_id: s.house for s in info.seats}
    assert houses[CREATOR] == "arryn"
    vassals = (await svc.game(gid)).settings["vassals"]
    assert len(vassals) == 2 and not set(vassals) & set(houses.values())
    assert set(vassals) | set(houses.values()) == {"arryn", "baratheon", "greyjoy", "lannister", "martell", "stark",
                                                   "tyrell"}
    view = await svc.view(gid, CREATOR)
    assert view["mod"]["vassals"] == vassals
    claim = [d for u in houses for d in await svc.pending(gid, u)]
    assert [d["kind"] for d in claim] == ["claim_vassal"]  # the first player on the Iron Throne claims first
    prompted: list[dict] = []
    for _ in range(80):  # the claims, then the vassals' orders go to their commanders
        prompted = [d for u in houses for d in await svc.pending(gid, u) if d["info"].get("vassal")]
        if prompted:
            break
        assert await play(svc, gid, answers=1, seed=5) == 1
    assert prompted and all(d["prompt"].startswith("For your vassal") for d in prompted)
    assert {d["info"]["vassal"] for d in prompted} <= set(vassals)
    status = await svc.status(gid)  # the public list of who is awaited says for which vassal
    assert any(" for vassal " in w["label"] for w in status["waiting"]), status["waiting"]
    assert await play(svc, gid, answers=150, seed=5) == 150  # the commanders answer for their vassals
    await svc.close()


def test_the_combat_calculator_works_on_the_eight_house_map() -> None:
    """The calculator reads the game's own board from the view: Essos and the Vale's new areas, dragons."""
    from bot.games.agot.calc import calc_text, combat_calc
    from engine.agot import Game
    from engine.agot.agent import RandomAgent
    from engine.agot.board import board

    game = Game.new(8, 3)
    agents = {h: RandomAgent(i) for i, h in enumerate(sorted(game.state.houses))}
    while game.state.round < 3 and not game.over:  # two rounds played: armies have moved
        d = game.open_decisions()[0]
        view = game.view(d.player)
        mine = next(x for x in view["private"]["decisions"] if x["id"] == d.id)
        try:
            game.submit(d.player, d.id, agents[d.player].answer(view, mine))
        except Exception:  # noqa: BLE001 - a refused random answer: the default
            game.submit(d.player, d.id, mine["default"])
    base = set(board().areas)
    new_areas = dragons = 0
    for house in game.state.houses:
        view = game.view(house)
        for area in sorted(a for a, info in board("8").areas.items() if info.kind != "port"):
            try:
                figures = combat_calc(view, area)
            except IllegalAnswer:
                continue
            assert calc_text(figures).startswith("🧮")
            new_areas += area not in base
            dragons += any(u["kind"] == "dragon" for u in figures["attacker"]["units"])
    assert new_areas > 0, "no attack weighed on an area of the 8-house map only"
    print(f"\n{new_areas} attacks on the 8-house map's own areas, {dragons} with dragons")
