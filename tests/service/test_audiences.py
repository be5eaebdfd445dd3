"""Every event reaches exactly the audience the engine gave it: a leak check over whole games' outboxes."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from pathlib import Path

from bot.games.agot.feed import ANSWERED, ECHOES
from bot.service import TableService
from tests.service.kit import aio, play, seated


def canonical(event: dict) -> str:
    return json.dumps({k: v for k, v in event.items() if k != "seq"}, sort_keys=True)


@aio
async def test_outbox_rows_reach_exactly_their_audience_over_a_whole_game(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)
    gid, users = await seated(svc, players=4, settings={"tides_of_battle": True})
    await play(svc, gid, seed=5)
    assert (await svc.game(gid)).status == "finished"
    await svc.close()

    with sqlite3.connect(path) as db:
        house_of = dict(db.execute("SELECT user_id, house FROM seats WHERE game_id = ?", (gid,)).fetchall())
        answer_of = [(json.loads(e), seq) for e, seq in db.execute("SELECT event, answer_seq FROM events "
                                                                   "WHERE game_id = ?", (gid,))]
        # the players' own answers: the reply to each says its echoes, not a DM
        answered_by = dict(db.execute("SELECT seq, user_id FROM answers WHERE game_id = ? AND source = 'player'",
                                      (gid,)).fetchall())
        rows = db.execute("SELECT audience, user_id, kind, payload FROM outbox WHERE game_id = ?", (gid,)).fetchall()

    stored = [e for e, _ in answer_of]
    assert not [e for e in stored if e["audience"]["kind"] == "sealed"]  # the engine keeps them in its state
    assert any(e["kind"] == "orders_revealed" for e in stored)  # so there were hidden orders to keep
    delivered: Counter[tuple[str, int | None, str]] = Counter()
    public = {e["seq"]: e for e in stored if e["audience"]["kind"] == "public"}  # a feed post names them by seq
    for audience, user, kind, raw in rows:
        payload = json.loads(raw)
        if audience == "player":
            assert user in house_of
        else:
            assert user is None
        if kind == "post":  # a step of the public feed: public events only
            assert audience == "public"
            for seq in payload["event_seqs"]:
                assert seq in public, seq
                delivered[("public", None, canonical(public[seq]))] += 1
        elif kind == "events":  # a player's events
            for e in payload["events"]:
                assert e["audience"]["kind"] == audience  # never a sealed event, never a private one in public
                if audience == "player":
                    assert e["audience"]["who"] == house_of[user], (e, user)
                delivered[(audience, user, canonical(e))] += 1
        elif kind in ("prompt", "reminder") and audience == "player":
            assert payload["decision"]["player"] == house_of[user]  # a decision's info goes to its owner only
        else:
            assert audience == "public" and "decision" not in json.dumps(payload)
    expected: Counter[tuple[str, int | None, str]] = Counter()
    user_of = {h: u for u, h in house_of.items()}
    replied = 0
    for e, seq in answer_of:
        if e["audience"]["kind"] == "public":
            expected[("public", None, canonical(e))] += 1
        elif e["audience"]["kind"] == "player":
            user = user_of[e["audience"]["who"]]
            if e["kind"] in ECHOES and answered_by.get(seq) == user:
                replied += 1  # the player's own answer, said back in its reply
                continue
            expected[("player", user, canonical(e))] += 1
    assert replied > 0
    # an answer its player did not give (a forced bid of 0, with another house's answer) is told by DM
    assert any(json.loads(k[2])["kind"] in ECHOES for k in expected)
    # each public and private event exactly once, to exactly its audience; the feed may leave out who has answered
    # (the status message says it), never more than once
    said = Counter({k: n for k, n in delivered.items() if json.loads(k[2])["kind"] not in ANSWERED})
    assert said == Counter({k: n for k, n in expected.items() if json.loads(k[2])["kind"] not in ANSWERED})
    assert all(n <= expected[k] for k, n in delivered.items())
    kinds = Counter(kind for _, _, kind, _ in rows)
    boards = sum(1 for _, _, kind, raw in rows if kind == "board" or (kind == "post" and "board" in json.loads(raw)))
    assert boards >= 10 and kinds["game_over"] == 1 and kinds["status"] > 0
