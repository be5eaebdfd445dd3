"""Recovery and integrity: a reopened game continues exactly; a stored state that does not replay freezes."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from bot.service import TableService
from bot.service.replay import state_hash
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
