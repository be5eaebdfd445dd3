"""A whole game of Monopoly through the table service on PostgreSQL, across a restart (as
tests/pg/test_whitechapel_pg.py does for Letters from Whitechapel): a short game of 10 rounds created with a
chosen token, played by the room's autopilot in every seat (each from its own view, ``bot.games.demo_game``),
then its outcome, standings, ratings and replay file, and the game's name as stored in the shared database."""

from __future__ import annotations

import json
import re

import pytest

from bot.games.demo_game import autopilots, play
from bot.service import RecordingTransport, TableService
from bot.service.replayfile import Replay
from bot.storage import open_store
from engine.monopoly.game import describe
from tests.service.kit import CHANNEL, CREATOR, aio
from tests.service.test_whitechapel_table import stored_game

PLAYERS = 3
ROUNDS = 10  # the short game: the richest player wins after round 10
LIMIT = 3000  # answers: a short game takes about a hundred


@pytest.mark.timeout(120)
@aio
async def test_a_whole_monopoly_game_on_postgresql(pg_url: str) -> None:
    async def opened() -> TableService:
        return await TableService.open(await open_store(pg_url))

    svc = await opened()
    gid = await svc.create_game(1, CHANNEL, CREATOR, PLAYERS, {"houses": "choose", "rounds": ROUNDS}, game="monopoly")
    users = [CREATOR + i for i in range(PLAYERS)]
    await svc.join(gid, users[0], name="Ann", house="dog")
    for user in users[1:]:
        await svc.join(gid, user, name=f"player{user}")
    info = await svc.start(gid, CREATOR)
    assert info.game == "monopoly" and info.status == "running"
    tokens = {s.user_id: s.house for s in info.seats}
    assert tokens[users[0]] == "dog" and sorted(tokens.values()) == ["car", "dog", "hat"]
    assert await stored_game(svc, gid) == "monopoly"

    agents = autopilots("monopoly", users, seed=5)
    transport = RecordingTransport()
    assert await play(svc, gid, agents, transport, limit=40) == 40
    assert (await svc.status(gid))["status"] == "running"
    await svc.close()  # a restart in the middle: the game is rebuilt from its snapshot and answers
    svc = await opened()
    await play(svc, gid, agents, transport, limit=LIMIT)
    info = await svc.game(gid)
    assert info.status == "finished", f"not over after {LIMIT} answers: {info.round}, {info.phase}"

    await svc.flush(transport)
    over = [m.payload for m in transport.sent if m.kind == "game_over"]
    assert len(over) == 1 and sorted(over[0]["ranking"]) == ["car", "dog", "hat"]
    first = [p for p, place in zip(over[0]["ranking"], over[0]["places"]) if place == 1]
    names = " and ".join(describe(p) for p in first)
    assert re.fullmatch(rf"{names} (won|shared the win) in round {ROUNDS}: round {ROUNDS} was the last; the richest "
                        r"player wins\.", over[0]["text"]), over[0]["text"]
    assert any(m.kind == "post" and m.audience == "public" for m in transport.sent)  # the room's feed reached it

    # ratings: a free-for-all of three; the winner gains, the ratings keep their sum
    board = {row["user_id"]: row for row in await svc.leaderboard(1)}
    winner = {p: u for u, p in tokens.items()}[first[0]]
    assert len(board) == PLAYERS and board[winner]["wins"] == (1 if len(first) == 1 else 0)
    assert board[winner]["rating"] > 1500 or len(first) > 1
    assert sum(row["rating"] for row in board.values()) == pytest.approx(1500 * PLAYERS)

    raw = json.loads(await svc.replay_file(gid))
    assert raw["game"] == "monopoly" and raw["rules_version"] == 1
    replayed = Replay.from_dict(raw).play()  # the file re-plays through the engine alone, to the recorded end
    assert replayed.over and [s.player for s in replayed.standings()] == over[0]["ranking"]
    await svc.close()
