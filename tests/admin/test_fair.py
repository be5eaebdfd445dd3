"""Provably fair dealing: a commitment to the game's RNG secret is posted when it starts; at the end the secret
and salt are revealed, and ``bot.admin replay FILE --commitment HASH`` checks the replay file against it."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from pathlib import Path

from bot.admin.cli import main
from bot.service import TableService
from bot.service.replay import commitment
from tests.service.kit import play, seated


async def _finished(db: Path) -> int:
    svc = await TableService.open(db)
    try:
        gid, _ = await seated(svc, players=3)
        await play(svc, gid, seed=7)
        assert (await svc.game(gid)).status == "finished"
    finally:
        await svc.close()
    return gid


def test_the_commitment_posted_at_the_start_checks_the_revealed_secret(tmp_path: Path, capsys) -> None:
    db = tmp_path / "fair.sqlite3"
    gid = asyncio.run(_finished(db))
    with sqlite3.connect(db) as conn:
        rows = [(kind, json.loads(p)) for kind, p in conn.execute(
            "SELECT kind, payload FROM outbox WHERE game_id = ? AND audience = 'public' ORDER BY id", (gid,))]
        secret = conn.execute("SELECT seed FROM games WHERE id = ?", (gid,)).fetchone()[0]
    posted = next(re.search(r"SHA-256 ([0-9a-f]{64})", p["text"]).group(1) for k, p in rows
                  if k == "notice" and "Fair dealing" in p.get("text", ""))
    assert secret not in json.dumps([p for k, p in rows if k != "game_over"])  # the secret stays hidden until the end
    fair = next(p["fair"] for k, p in rows if k == "game_over")
    assert fair["secret"] == secret and fair["commitment"] == posted == commitment(secret, fair["salt"])
    file = tmp_path / "game.json"
    assert main(["export", str(db), str(gid), "--out", str(file)]) == 0
    capsys.readouterr()
    assert main(["replay", str(file), "--commitment", posted]) == 0
    assert f"commitment {posted} matches" in capsys.readouterr().out
    forged = json.loads(file.read_text())
    forged["seed"] = int(forged["seed"]) + 1  # another secret: other decks than the ones announced
    file.write_text(json.dumps(forged))
    assert main(["replay", str(file), "--commitment", posted]) == 1
    assert "do not match that commitment" in capsys.readouterr().err
