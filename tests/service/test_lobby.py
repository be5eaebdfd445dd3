"""Creating, joining, leaving, starting and managing a game: clear refusals that change nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import ServiceError, TableService
from tests.service.kit import CHANNEL, CREATOR, aio, seated


@aio
async def test_lobby_refusals(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "t.sqlite3")
    with pytest.raises(ServiceError, match="3 to 6 players, or 4 to 8"):
        await svc.create_game(None, CHANNEL, CREATOR, 9, {})
    with pytest.raises(ServiceError, match="7-house set-up takes 4 to 7 players"):
        await svc.create_game(None, CHANNEL, CREATOR, 8, {"setup": "7"})
    with pytest.raises(ServiceError, match="setup must be"):
        await svc.create_game(None, CHANNEL, CREATOR, 5, {"setup": "9"})
    with pytest.raises(ServiceError, match="tiebreak"):
        await svc.create_game(None, CHANNEL, CREATOR, 3, {"tiebreak": "coin"})
    with pytest.raises(ServiceError, match="Unknown setting"):
        await svc.create_game(None, CHANNEL, CREATOR, 3, {"fog_of_war": True})
    gid, users = await seated(svc, players=3, start=False)
    with pytest.raises(ServiceError, match="full"):
        await svc.join(gid, 77, "late")
    await svc.leave(gid, users[2])
    with pytest.raises(ServiceError, match="already have a seat"):
        await svc.join(gid, users[0], "again")
    with pytest.raises(ServiceError, match="dealt at random"):
        await svc.join(gid, 77, "late", house="stark")
    with pytest.raises(ServiceError, match="needs 3 players"):
        await svc.start(gid, CREATOR)
    await svc.join(gid, 77, "late")
    with pytest.raises(ServiceError, match="creator or a server manager"):
        await svc.start(gid, users[1])
    info = await svc.start(gid, users[1], manager=True)
    assert info.status == "running" and sorted(s.house for s in info.seats) == ["baratheon", "lannister", "stark"]
    with pytest.raises(ServiceError, match="can no longer be left"):
        await svc.leave(gid, users[0])
    with pytest.raises(ServiceError, match="already started"):
        await svc.join(gid, 78, "later")
    with pytest.raises(ServiceError, match="no game"):
        await svc.join(999, 78, "nowhere")
    await svc.close()


@aio
async def test_wished_houses_are_honoured_and_games_are_listed(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "t.sqlite3")
    gid = await svc.create_game(1, CHANNEL, CREATOR, 4, {"houses": "choose"})
    with pytest.raises(ServiceError, match="not in a 4-player game"):
        await svc.join(gid, CREATOR, "a", house="martell")
    await svc.join(gid, CREATOR, "a", house="greyjoy")
    with pytest.raises(ServiceError, match="already taken"):
        await svc.join(gid, 2, "b", house="greyjoy")
    await svc.join(gid, 2, "b", house="stark")
    await svc.join(gid, 3, "c")
    await svc.join(gid, 4, "d")
    info = await svc.start(gid, CREATOR)
    houses = {s.user_id: s.house for s in info.seats}
    assert houses[CREATOR] == "greyjoy" and houses[2] == "stark"
    assert sorted(houses.values()) == ["baratheon", "greyjoy", "lannister", "stark"]
    other = await svc.create_game(1, CHANNEL + 1, 2, 3, {})
    assert [g.id for g in await svc.games_in_channel(CHANNEL)] == [gid]
    assert [g.id for g in await svc.games_of_user(2)] == [gid]
    assert (await svc.seat_of(gid, 2)).house == "stark"  # type: ignore[union-attr]
    assert await svc.seat_of(gid, 99) is None
    await svc.cancel(other, 2)
    assert (await svc.game(other)).status == "cancelled"
    with pytest.raises(ServiceError, match="creator or a server manager"):
        await svc.pause(gid, 3)
    await svc.close()


@aio
async def test_a_seat_is_handed_to_a_new_player_with_its_open_prompts(tmp_path: Path) -> None:
    import json
    import sqlite3

    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, users = await seated(svc)
    house = (await svc.seat_of(gid, users[1])).house  # type: ignore[union-attr]
    assert house is not None
    mine = await svc.pending(gid, users[1])
    with pytest.raises(ServiceError, match="creator or a server manager"):
        await svc.replace(gid, users[2], house, 4242, "Newcomer")
    with pytest.raises(ServiceError, match="already has a seat"):
        await svc.replace(gid, CREATOR, house, users[2], "Twice")
    info = await svc.replace(gid, CREATOR, house, 4242, "Newcomer")
    assert info.seat_of(4242) is not None and info.seat_of(users[1]) is None
    assert await svc.pending(gid, 4242) == mine
    assert (await svc.answer(gid, users[1], mine[0]["id"], mine[0]["default"])).status == "refused"
    assert (await svc.answer(gid, 4242, mine[0]["id"], mine[0]["default"])).accepted
    await svc.close()
    with sqlite3.connect(path) as db:
        prompts = [json.loads(p) for (p,) in db.execute(
            "SELECT payload FROM outbox WHERE kind = 'prompt' AND user_id = 4242")]
    assert [p["decision"]["id"] for p in prompts] == [d["id"] for d in mine]
    svc = await TableService.open(path)  # the hand-over is stored
    assert (await svc.seat_of(gid, 4242)).house == house  # type: ignore[union-attr]
    await svc.close()
