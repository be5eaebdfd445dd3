"""Recovery and integrity: a reopened game continues exactly; a stored state that does not replay freezes."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from bot.service import FakeClock, TableService
from bot.service.replay import new_game, state_hash
from tests.service.kit import aio, play, seated


@aio
async def test_a_reopened_game_is_the_same_game(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, users = await seated(svc, players=4)
    await play(svc, gid, answers=37)  # past a snapshot (every 25), with answers to replay after it
    before = {u: await svc.view(gid, u) for u in users}
    fingerprint = state_hash(svc._tables[gid].game)  # type: ignore[arg-type]
    await svc.close()

    svc = await TableService.open(path)
    assert {u: await svc.view(gid, u) for u in users} == before
    assert state_hash(svc._tables[gid].game) == fingerprint  # type: ignore[arg-type]
    assert (await svc.game(gid)).status == "running"
    assert await play(svc, gid) > 0 and (await svc.game(gid)).status == "finished"
    await svc.close()


@aio
async def test_a_tampered_snapshot_freezes_the_game_loudly(tmp_path: Path, caplog: object) -> None:
    import logging

    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, users = await seated(svc)
    await play(svc, gid, answers=30)
    await svc.close()
    with sqlite3.connect(path) as db:
        seq, state = db.execute("SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq DESC",
                                (gid,)).fetchone()
        raw = json.loads(state)
        house = sorted(raw["houses"])[0]
        raw["houses"][house]["power"] += 3
        db.execute("UPDATE snapshots SET state = ? WHERE game_id = ? AND seq = ?", (json.dumps(raw), gid, seq))
        answers_before = db.execute("SELECT COUNT(*) FROM answers").fetchone()[0]

    svc = await TableService.open(path)
    caplog.set_level(logging.ERROR)  # type: ignore[attr-defined]
    reply = await svc.answer(gid, users[0], "99999", None)  # loads the game: the check fails
    assert reply.status == "refused" and "frozen" in reply.message
    info = await svc.game(gid)
    assert info.status == "frozen"
    assert "INTEGRITY" in caplog.text and f"game {gid}" in caplog.text  # type: ignore[attr-defined]
    await svc.close()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*) FROM answers").fetchone()[0] == answers_before
        note, = db.execute("SELECT note FROM games WHERE id = ?", (gid,)).fetchone()
        assert "differ" in note


def fingerprint_every_answer(path: Path, gid: int) -> None:
    """Rewrite a game's log as a database written before the fingerprint was taken only with the snapshots."""
    with sqlite3.connect(path) as db:
        players, seed, settings = db.execute("SELECT players, seed, settings FROM games WHERE id = ?",
                                             (gid,)).fetchone()
        game = new_game(players, seed, json.loads(settings))
        db.execute("DROP TRIGGER answers_no_update")
        for seq, house, decision, answer in db.execute("SELECT seq, house, decision_id, answer FROM answers "
                                                       "WHERE game_id = ? ORDER BY seq", (gid,)).fetchall():
            game.submit(house, decision, json.loads(answer))
            db.execute("UPDATE answers SET state_hash = ? WHERE game_id = ? AND seq = ?", (state_hash(game), gid, seq))
        db.execute("UPDATE games SET state_hash = ? WHERE id = ?", (state_hash(game), gid))


@aio
async def test_only_snapshotted_states_are_fingerprinted_and_an_older_log_with_every_fingerprint_still_loads(
        tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, users = await seated(svc)
    await play(svc, gid, answers=30)
    fingerprint = state_hash(svc._tables[gid].game)  # type: ignore[arg-type]
    await svc.close()
    with sqlite3.connect(path) as db:
        hashes = dict(db.execute("SELECT seq, state_hash FROM answers WHERE game_id = ?", (gid,)).fetchall())
        snapshots = [seq for seq, in db.execute("SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq", (gid,))]
        current, = db.execute("SELECT state_hash FROM games WHERE id = ?", (gid,)).fetchone()
    assert snapshots == [0, 25] and len(hashes[25]) == 64 and current == ""
    assert {seq for seq, h in hashes.items() if h} == {25}  # "": not fingerprinted
    fingerprint_every_answer(path, gid)
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT state_hash FROM games WHERE id = ?", (gid,)).fetchone() == (fingerprint,)
    svc = await TableService.open(path)
    assert state_hash((await svc.core.load(gid)).game) == fingerprint  # type: ignore[arg-type]
    assert await play(svc, gid) > 0 and (await svc.game(gid)).status == "finished"
    await svc.close()
    with sqlite3.connect(path) as db:  # the new answers: the last (a snapshot) fingerprinted, those before not
        last, = db.execute("SELECT max(seq) FROM answers WHERE game_id = ?", (gid,)).fetchone()
        new = db.execute("SELECT seq, state_hash FROM answers WHERE game_id = ? AND seq > 30", (gid,)).fetchall()
    assert {seq for seq, h in new if h} == {seq for seq, _ in new if seq % 25 == 0 or seq == last}


@pytest.mark.parametrize("answers, sql, problem", [
    # a fingerprint between snapshots (every answer has one in an older database) is still checked
    (30, "DROP TRIGGER answers_no_update; UPDATE answers SET state_hash = 'x' WHERE seq = 28", "answer 28"),
    # before the first 25 answers the latest snapshot is the start's: it is checked against the seed
    (10, "UPDATE snapshots SET state = replace(state, '\"round\":1', '\"round\":2') WHERE seq = 0",
     "snapshot at answer 0"),
])
@aio
async def test_a_tampered_fingerprint_or_start_freezes_the_game(tmp_path: Path, answers: int, sql: str,
                                                              problem: str) -> None:
    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, users = await seated(svc)
    await play(svc, gid, answers=answers)
    await svc.close()
    with sqlite3.connect(path) as db:
        db.executescript(sql)
    svc = await TableService.open(path)
    reply = await svc.answer(gid, users[0], "99999", None)
    assert reply.status == "refused" and "frozen" in reply.message
    await svc.close()
    with sqlite3.connect(path) as db:
        status, note = db.execute("SELECT status, note FROM games WHERE id = ?", (gid,)).fetchone()
    assert status == "frozen" and problem in note, note


@aio
async def test_a_frozen_game_stays_frozen_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, users = await seated(svc)
    await play(svc, gid, answers=3)
    await svc.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET state_hash = 'not-the-state' WHERE id = ?", (gid,))
    svc = await TableService.open(path)
    assert (await svc.status(gid))["status"] == "frozen"
    await svc.close()
    svc = await TableService.open(path)
    assert (await svc.status(gid))["status"] == "frozen"
    reply = await svc.answer(gid, users[0], "99999", None)
    assert reply.status == "refused" and "frozen" in reply.message
    await svc.close()


def stored(path: Path, gid: int) -> dict[str, list[tuple]]:
    """What a game left in its database, without what differs by nature (row ids, random keys, delivery)."""
    with sqlite3.connect(path) as db:
        return {
            "answers": db.execute("SELECT seq, user_id, house, decision_id, kind, answer, source, round, phase, "
                                  "state_hash FROM answers WHERE game_id = ? ORDER BY seq", (gid,)).fetchall(),
            "events": db.execute("SELECT answer_seq, n, event FROM events WHERE game_id = ? ORDER BY answer_seq, n",
                                 (gid,)).fetchall(),
            "outbox": db.execute("SELECT audience, user_id, kind, payload FROM outbox WHERE game_id = ? ORDER BY id",
                                 (gid,)).fetchall(),
            "snapshots": db.execute("SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq",
                                    (gid,)).fetchall(),
            "game": db.execute("SELECT status, seq, round, phase, state_hash FROM games WHERE id = ?",
                               (gid,)).fetchall(),
        }


@pytest.mark.parametrize("players, settings", [
    (3, {}),
    (5, {"tides_of_battle": True}),
])
@aio
async def test_a_game_dropped_from_memory_after_every_answer_is_the_game_that_never_was(
        tmp_path: Path, players: int, settings: dict) -> None:
    """The service's twin of "same game after any restart": the same answers, one game kept in memory, the
    other dropped after every answer (so each answer is applied to a game loaded from its snapshot and log)."""
    kept_path = tmp_path / "kept.sqlite3"
    kept = await TableService.open(kept_path, clock=FakeClock(), randbits=random.Random(players).getrandbits)
    gid, users = await seated(kept, players=players, settings=settings)
    assert await play(kept, gid, seed=players) > 0 and (await kept.game(gid)).status == "finished"
    played = stored(kept_path, gid)  # the random agents' refused answers among them: each dropped a spoiled game
    answers = played["answers"]

    await kept.close()
    # the same logged answers (as the log stores them) to a game kept in memory and to one dropped every time
    runs = {}
    for name, drop in (("kept", False), ("dropped", True)):
        path = tmp_path / f"{name}-again.sqlite3"
        svc = await TableService.open(path, clock=FakeClock(), randbits=random.Random(players).getrandbits)
        assert (await seated(svc, players=players, settings=settings))[0] == gid
        for _, user, _, decision_id, _, answer, *_ in answers:
            if drop:
                svc.core.drop(gid)
            reply = await svc.answer(gid, user, decision_id, json.loads(answer))
            assert reply.accepted, reply
        await svc.close()
        runs[name] = stored(path, gid)
    assert len(answers) > 100 and runs["kept"]["answers"] == answers
    assert runs["dropped"] == runs["kept"] == played  # answers, events, outbox, snapshots, final state
