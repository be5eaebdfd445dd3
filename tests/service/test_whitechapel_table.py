"""Issue 27 A: the table service plays a game it does not know, through the contract, the registry and the game's
room. A whole Letters from Whitechapel game is created, played with random legal answers (each from the player's
own view and decision: ``engine/whitechapel/agent.py``) through ``TableService``, across a restart, to its end;
its standings, ratings (Jack's side against the detectives'), replay file and stored name are checked."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.service import RecordingTransport, TableService
from bot.service.replayfile import Replay
from tests.service.kit import CHANNEL, CREATOR, aio

PLAYERS = 3  # Jack and two detectives
LIMIT = 3000  # answers: a whole game takes a few hundred


async def play_on(svc: TableService, gid: int, agents: dict[int, object], limit: int) -> int:
    """Random legal answers (the default after 6 refusals) until the game ends or ``limit`` answers."""
    from engine.whitechapel.agent import RandomAgent

    done = 0
    while done < limit:
        status = await svc.status(gid)
        if status["status"] != "running" or not status["waiting"]:
            break
        user = status["waiting"][0]["user_id"]
        agent = agents.setdefault(user, RandomAgent(user))
        decision = (await svc.pending(gid, user))[0]
        view = await svc.view(gid, user)
        for _ in range(6):
            reply = await svc.answer(gid, user, decision["id"], agent.answer(view, decision))  # type: ignore
            if reply.accepted:
                break
        else:
            reply = await svc.answer(gid, user, decision["id"], decision["default"])
        assert reply.accepted, reply
        done += 1
    return done


Opener = Callable[[], Awaitable[TableService]]


async def stored_game(svc: TableService, gid: int) -> str:
    """The game's stored name, read through the store's own port (SQLite or PostgreSQL alike)."""
    async with svc.store.reading() as repo:
        row = await repo.game(gid)
    assert row is not None
    return row.game


async def whole_game(open_service: Opener) -> None:
    """A whole game from its creation to the ratings and the replay file, across a restart."""
    svc = await open_service()
    gid = await svc.create_game(1, CHANNEL, CREATOR, PLAYERS, {"houses": "choose"}, game="whitechapel")
    users = [CREATOR + i for i in range(PLAYERS)]
    await svc.join(gid, users[0], name="Ann", house="jack")
    for user in users[1:]:
        await svc.join(gid, user, name=f"player{user}")
    info = await svc.start(gid, CREATOR)
    assert info.game == "whitechapel" and info.status == "running"
    roles = {s.user_id: s.house for s in info.seats}
    assert roles[users[0]] == "jack" and sorted(roles.values()) == ["detective_1", "detective_2", "jack"]
    assert await stored_game(svc, gid) == "whitechapel"

    agents: dict[int, object] = {}
    assert await play_on(svc, gid, agents, 40) == 40
    await svc.close()  # a restart in the middle: the game is rebuilt from its snapshot and answers
    svc = await open_service()
    await play_on(svc, gid, agents, LIMIT)
    info = await svc.game(gid)
    assert info.status == "finished", f"not over after {LIMIT} answers: {info.round}, {info.phase}"

    transport = RecordingTransport()
    await svc.flush(transport)
    over = [m.payload for m in transport.sent if m.kind == "game_over"]
    assert len(over) == 1 and over[0]["ranking"] and over[0]["winner"] in ("jack", "detective_1", "detective_2")
    jack_won = over[0]["winner"] == "jack"
    assert over[0]["text"].startswith("Jack the Ripper escaped every night: " if jack_won else
                                      f"The detectives caught Jack on night {info.round}: "), over[0]["text"]
    assert over[0]["places"] == ([1, 2, 2] if jack_won else [1, 1, 2])  # the winning side shares place 1
    assert any(m.kind == "post" for m in transport.sent)  # the room's feed wording reached the channel

    # ratings: Jack's side against the detectives'; the two detectives share their place and play no game together
    board = {row["user_id"]: row for row in await svc.leaderboard(1)}
    jack_won = over[0]["winner"] == "jack"
    assert board[users[0]]["wins"] == int(jack_won)
    assert board[users[1]]["rating"] == board[users[2]]["rating"]
    assert (board[users[0]]["rating"] > 1500) == jack_won
    assert sum(row["rating"] for row in board.values()) == pytest.approx(1500 * PLAYERS)

    raw = json.loads(await svc.replay_file(gid))
    assert raw["game"] == "whitechapel" and raw["rules_version"] == 1
    replay = Replay.from_dict(raw)
    assert replay.play().over  # the file re-plays through the engine alone, to the recorded final state
    await svc.close()


@aio
async def test_a_whole_whitechapel_game_through_the_table_service(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    await whole_game(lambda: TableService.open(path))
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT game, status FROM games").fetchall() == [("whitechapel", "finished")]
