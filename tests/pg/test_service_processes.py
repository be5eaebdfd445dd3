"""Two real bot processes (tests/pg/service_worker.py: the real ``TableService``, serving with a recording
transport each) on one PostgreSQL database, answering the same games at once while the deadlines of other games
fire: every accepted answer is stored once, every message is delivered once across both, in order per game,
and every deadline fires once (each default answer counted once as a missed deadline). And an answer whose save
fails on the server is refused with "could not be saved" and leaves nothing behind."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.service import TableService
from bot.service.kinds import Source
from bot.storage import open_store
from tests.service.kit import seated

ROOT = Path(__file__).resolve().parents[2]
ANSWERED = 3  # games both processes answer
TIMED = 2  # games nobody answers: their deadlines (2 s) play the defaults


async def new_games(url: str, answered_games: int = ANSWERED, timed_games: int = TIMED) -> tuple[list[int], list[int]]:
    svc = await TableService.open(await open_store(url))
    try:
        answered = [(await seated(svc, players=3))[0] for _ in range(answered_games)]
        timed = [(await seated(svc, players=3, settings={"deadlines": {"default": 2}, "reminders": [0.5],
                                                          "replace_after": 1000}))[0] for _ in range(timed_games)]
        return answered, timed
    finally:
        await svc.close()


async def pause(url: str, gids: list[int]) -> None:
    svc = await TableService.open(await open_store(url))
    try:
        for gid in gids:
            await svc.pause(gid, 1000)
    finally:
        await svc.close()


async def stored(url: str, gids: list[int]) -> dict[str, object]:
    store = await open_store(url, create=False)
    try:
        async with store.reading() as repo:
            return {
                "answers": {g: await repo.answers(g, live=False) for g in gids},
                "outbox": {g: await repo.outbox(g) for g in gids},
                "seats": {g: await repo.seats(g) for g in gids},
            }
    finally:
        await store.close()


@pytest.mark.timeout(280)
def test_two_service_processes_apply_deliver_and_fire_everything_once(pg_url: str, tmp_path: Path) -> None:
    answered, timed = asyncio.run(new_games(pg_url))
    start_at = time.time() + 3.0  # both import, connect and LISTEN first
    procs = [subprocess.Popen([sys.executable, "-m", "tests.pg.service_worker", pg_url, owner, str(tmp_path),
                               str(start_at), *map(str, answered)], cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True) for owner in ("A", "B")]
    while not all((tmp_path / f"{o}.done").exists() for o in "AB") and all(p.poll() is None for p in procs):
        time.sleep(0.2)
    time.sleep(max(0.0, start_at + 8 - time.time()))  # the timed games have fired a few deadlines by now
    asyncio.run(pause(pg_url, timed))
    (tmp_path / "stop").touch()
    outs = [p.communicate(timeout=120)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs

    db = asyncio.run(stored(pg_url, answered + timed))
    answers: dict[int, list] = db["answers"]  # type: ignore[assignment]
    for gid, rows in answers.items():  # one line of answers per game: no seq twice, none missing
        assert [a.seq for a in rows] == list(range(1, len(rows) + 1)), gid
    accepted = [line.split() for o in "AB" for line in (tmp_path / f"{o}.answers").read_text().splitlines()]
    players = [a for g in answered for a in answers[g] if a.source == Source.PLAYER]
    assert len(accepted) == len(players) > 0  # each accepted reply is one stored answer, and the other way round
    assert Counter((int(g), d, h) for g, d, h in accepted) == Counter((a.game_id, a.decision_id, a.house)
                                                                         for a in players)
    by = Counter(o for o in "AB" for _ in (tmp_path / f"{o}.answers").read_text().splitlines())
    assert by["A"] > 0 and by["B"] > 0  # both answered

    defaults = [a for g in timed for a in answers[g] if a.source == Source.DEADLINE]
    assert len(defaults) >= 2  # deadlines fired
    seats: dict[int, list] = db["seats"]  # type: ignore[assignment]
    for gid in timed:  # a deadline fired twice would count its miss twice
        missed = Counter(a.house for a in answers[gid] if a.source == Source.DEADLINE)
        assert {s.house: s.missed for s in seats[gid]} == {s.house: missed[s.house] for s in seats[gid]}
        assert len({(a.decision_id, a.house) for a in answers[gid]}) == len(answers[gid])

    sent = [json.loads(line) for o in "AB" for line in (tmp_path / f"{o}.sent").read_text().splitlines()]
    outbox: dict[int, list] = db["outbox"]  # type: ignore[assignment]
    rows = [m for g in outbox for m in outbox[g]]
    assert all(m.sent_at is not None for m in rows)  # everything delivered (or superseded by a newer status)
    delivered = [m for m in rows if m.message_id is not None]
    assert sorted(m["key"] for m in sent) == sorted(m.key for m in delivered)  # each once, across both processes
    for gid in outbox:  # in order per destination (a game's feed, a player's DMs), whichever process sent each
        ids = [m["id"] for m in sent if m["game_id"] == gid]
        assert sorted(ids) == [m.id for m in outbox[gid] if m.message_id is not None]
    for owner in "AB":
        mine = [json.loads(x) for x in (tmp_path / f"{owner}.sent").read_text().splitlines()]
        for where in {where_to(m) for m in mine}:
            ids = [m["id"] for m in mine if where_to(m) == where]
            assert ids == sorted(ids), where
    senders = Counter(o for o in "AB" for _ in (tmp_path / f"{o}.sent").read_text().splitlines())
    print(f"\ntwo service processes: {len(players)} answers (A {by['A']}, B {by['B']}), {len(defaults)} deadlines "
          f"fired, {len(sent)} messages delivered (A {senders['A']}, B {senders['B']})")



@pytest.mark.timeout(120)
def test_an_answer_whose_save_fails_on_postgresql_changes_nothing_and_is_taken_again(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server fails in the middle of an answer's transaction: the player is told it could not be saved, no row
    of it exists, the cached game is dropped, and the same answer is accepted next time."""
    from bot.storage import StorageError
    from bot.storage.pg_repo import PostgresRepo

    async def run() -> None:
        svc = await TableService.open(await open_store(pg_url))
        try:
            gid, _ = await seated(svc, players=3)
            user = (await svc.status(gid))["waiting"][0]["user_id"]
            decision = (await svc.pending(gid, user))[0]
            failing = PostgresRepo.add_messages

            async def fails(self: PostgresRepo, *args: object) -> None:
                await failing(self, *args)  # type: ignore[arg-type]
                raise StorageError("PostgreSQL: a write failed: ConnectionDoesNotExistError")

            monkeypatch.setattr(PostgresRepo, "add_messages", fails)
            reply = await svc.answer(gid, user, decision["id"], decision["default"])
            assert reply.status == "refused" and "could not be saved" in reply.message and "again" in reply.message
            monkeypatch.setattr(PostgresRepo, "add_messages", failing)
            async with svc.store.reading() as repo:
                assert await repo.answers(gid) == [] and (await repo.game(gid)).seq == 0  # type: ignore[union-attr]
            assert (await svc.answer(gid, user, decision["id"], decision["default"])).accepted
            async with svc.store.reading() as repo:
                assert [a.seq for a in await repo.answers(gid)] == [1]
        finally:
            await svc.close()

    asyncio.run(run())


def where_to(message: dict[str, Any]) -> tuple[str, int]:
    """The destination of a delivered message (``outbox.destination``): a player's DMs or a game's feed."""
    if message["audience"] == "player" and message["user_id"] is not None:
        return ("dm", message["user_id"])
    return ("feed", message["game_id"])
