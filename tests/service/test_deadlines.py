"""Deadlines and reminders on the test clock: reminders, the default at expiry, downtime, pause and resume."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from bot.service import FakeClock, RecordingTransport, TableService
from engine.agot.board import board
from tests.service.kit import CREATOR, aio, play, seated

SETTINGS: dict[str, Any] = {"deadlines": {"default": 100, "orders": 100}, "reminders": [0.5], "replace_after": 2}


def outbox(path: Path, kind: str) -> list[tuple[str, int | None, str]]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT audience, user_id, payload FROM outbox WHERE kind = ? ORDER BY id",
                          (kind,)).fetchall()


def answers(path: Path) -> list[tuple[str, str, str]]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT house, kind, source FROM answers WHERE rewound IS NULL ORDER BY seq").fetchall()


@aio
async def test_reminders_then_the_default_at_expiry(tmp_path: Path) -> None:
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock)
    gid, users = await seated(svc, settings=SETTINGS)
    first = {u: (await svc.pending(gid, u))[0] for u in users}
    assert {d["kind"] for d in first.values()} == {"orders"}
    # one player answers in time: no reminder and no default for them
    assert (await svc.answer(gid, users[0], first[users[0]]["id"], first[users[0]]["default"])).accepted

    clock.advance(49)
    assert await svc.run_due_timers() == 0
    clock.advance(1)
    await svc.run_due_timers()
    private = [r for r in outbox(path, "reminder") if r[0] == "player"]
    public = [r for r in outbox(path, "reminder") if r[0] == "public"]
    assert sorted(u for _, u, _ in private) == users[1:]
    assert len(public) == 1 and "Still waiting for" in public[0][2]
    assert answers(path) == [(first[users[0]]["player"], "orders", "player")]

    clock.advance(50)
    await svc.run_due_timers()
    late = [first[u]["player"] for u in users[1:]]
    assert sorted(a for a in answers(path) if a[2] == "deadline") == sorted((h, "orders", "deadline") for h in late)
    notices = [p for _, _, p in outbox(path, "notice")]
    assert sum("missed the deadline: default orders given" in p for p in notices) == 2
    info = await svc.game(gid)
    assert {s.user_id: s.missed for s in info.seats} == {users[0]: 0, users[1]: 1, users[2]: 1}
    for u in users:  # the expired decisions are closed
        assert first[u]["id"] not in [d["id"] for d in await svc.pending(gid, u)]
    await svc.close()


async def timers_each(svc: TableService, gid: int) -> list[tuple[str, datetime | None]]:
    """The pending timers (kind, due time) of each of the game's three open decisions: the same for all three."""
    async with svc.store.reading() as repo:
        timers = await repo.timers(gid)
    per: dict[str, list[tuple[str, datetime | None]]] = {}
    for x in sorted(timers, key=lambda x: (x.kind, x.id)):
        per.setdefault(x.payload["decision_id"], []).append((x.kind, x.due_at))
    plans = {tuple(v) for v in per.values()}
    assert len(per) == 3 and len(plans) == 1, per
    return list(plans.pop())


TWO = {**SETTINGS, "reminders": [0.9, 0.5]}  # a decision's two reminders: one timer, the second chained to it


@aio
async def test_two_reminders_are_one_timer_and_each_fires_in_turn(tmp_path: Path) -> None:
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock)
    start = clock.now
    gid, users = await seated(svc, settings=TWO)
    assert await timers_each(svc, gid) == [("deadline", start + timedelta(seconds=100)),
                                           ("reminder", start + timedelta(seconds=50))]
    clock.advance(50)
    await svc.run_due_timers()
    assert len([r for r in outbox(path, "reminder") if r[0] == "player"]) == 3
    assert await timers_each(svc, gid) == [("deadline", start + timedelta(seconds=100)),
                                           ("reminder", start + timedelta(seconds=90))]
    clock.advance(39)
    assert await svc.run_due_timers() == 0
    clock.advance(1)
    await svc.run_due_timers()
    assert len([r for r in outbox(path, "reminder") if r[0] == "player"]) == 6
    assert len([r for r in outbox(path, "reminder") if r[0] == "public"]) == 2
    assert await timers_each(svc, gid) == [("deadline", start + timedelta(seconds=100))]
    clock.advance(10)
    await svc.run_due_timers()
    assert [a[2] for a in answers(path)] == ["deadline"] * 3
    await svc.close()


@aio
async def test_a_pause_moves_the_later_reminder_with_the_first(tmp_path: Path) -> None:
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock)
    gid, users = await seated(svc, settings=TWO)
    clock.advance(20)
    await svc.pause(gid, CREATOR)
    clock.advance(5000)
    await svc.resume(gid, CREATOR)
    resumed = clock.now
    assert await timers_each(svc, gid) == [("deadline", resumed + timedelta(seconds=80)),
                                           ("reminder", resumed + timedelta(seconds=30))]
    clock.advance(30)
    await svc.run_due_timers()
    assert await timers_each(svc, gid) == [("deadline", resumed + timedelta(seconds=80)),
                                           ("reminder", resumed + timedelta(seconds=70))]
    await svc.close()


@aio
async def test_reminders_that_fell_due_while_the_bot_was_down_are_said_once(tmp_path: Path) -> None:
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock)
    start = clock.now
    gid, users = await seated(svc, settings=TWO)
    await svc.close()
    clock.advance(95)  # down past both reminders, not past the deadline
    svc = await TableService.open(path, clock=clock)
    await svc.run_due_timers()
    assert sorted(u for a, u, _ in outbox(path, "reminder") if a == "player") == users  # one each, not two
    assert await timers_each(svc, gid) == [("deadline", start + timedelta(seconds=100))]
    await svc.close()


@aio
async def test_repeated_misses_tell_the_table_the_seat_may_be_replaced(tmp_path: Path) -> None:
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock)
    gid, users = await seated(svc, settings=SETTINGS)
    for _ in range(12):
        clock.advance(100)
        await svc.run_due_timers()
    notices = [p for _, _, p in outbox(path, "notice")]
    replace = [p for p in notices if "may replace this seat" in p]
    assert len(replace) == 3  # once per seat, at its second miss
    assert all(s.missed >= 2 for s in (await svc.game(gid)).seats)
    await svc.close()


@aio
async def test_a_deadline_that_passed_during_downtime_fires_at_start_up(tmp_path: Path) -> None:
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock)
    gid, users = await seated(svc, settings=SETTINGS)
    await svc.close()
    clock.advance(3600)  # the bot was down for an hour

    svc = await TableService.open(path, clock=clock)
    svc.serve(RecordingTransport())  # the timer task fires what fell due, without being asked
    for _ in range(300):
        if len(answers(path)) == 3:
            break
        await asyncio.sleep(0.01)
    assert [a[2] for a in answers(path)] == ["deadline"] * 3
    assert not [r for r in outbox(path, "reminder")]  # a reminder after its deadline is moot
    await svc.close()


@aio
async def test_pause_keeps_the_remaining_time(tmp_path: Path) -> None:
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock)
    gid, users = await seated(svc, settings={**SETTINGS, "reminders": []})
    clock.advance(30)
    await svc.pause(gid, CREATOR)
    assert (await svc.pending(gid, users[0]))[0]["deadline"] is None
    clock.advance(10_000)
    assert await svc.run_due_timers() == 0
    await svc.resume(gid, CREATOR)
    deadline = (await svc.pending(gid, users[0]))[0]["deadline"]
    assert deadline == (clock.now + timedelta(seconds=70)).isoformat(timespec="microseconds")
    clock.advance(69)
    await svc.run_due_timers()
    assert answers(path) == []
    clock.advance(1)
    await svc.run_due_timers()
    assert [a[2] for a in answers(path)] == ["deadline"] * 3
    await svc.close()


@aio
async def test_the_timer_task_wakes_for_real_millisecond_deadlines(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    svc = await TableService.open(path)  # the system clock
    transport = RecordingTransport()
    svc.serve(transport)
    await seated(svc, settings={"deadlines": {"default": 0.05}, "reminders": [0.5]})
    for _ in range(300):
        if len(answers(path)) >= 3:
            break
        await asyncio.sleep(0.01)
    assert [a[2] for a in answers(path)][:3] == ["deadline"] * 3
    assert any(m.kind == "reminder" for m in transport.sent)
    await svc.close()


@aio
async def test_a_house_card_deadline_plays_the_weakest_card_of_equal_strength_the_one_with_fewest_icons(
        tmp_path: Path) -> None:
    """docs/decisions.md: at the deadline a House card prompt gets the weakest card (lowest strength, then fewest
    icons), read here from the printed cards, not from the engine's own choice."""
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock, randbits=random.Random(3).getrandbits)
    gid, users = await seated(svc, players=6)
    cards: dict[int, dict[str, Any]] = {}
    for _ in range(3000):  # random play until a combat asks for House cards
        cards = {u: d for u in users for d in await svc.pending(gid, u)
                 if d["kind"] == "house_card" and not d.get("submitted")}
        if cards:
            break
        assert await play(svc, gid, answers=1) == 1
    assert len(cards) == 2, "no combat"
    printed = {c["id"]: c for hand in board().house_cards.values() for c in hand}
    clock.advance(12 * 3600 + 1)  # the House card deadline (12 h)
    await svc.run_due_timers()
    with sqlite3.connect(path) as db:
        given = dict(db.execute("SELECT decision_id, answer FROM answers WHERE source = 'deadline'").fetchall())
    for decision in cards.values():
        key = {c: (printed[c]["strength"], printed[c]["swords"] + printed[c]["fortifications"])
               for c in decision["options"]}
        assert json.loads(given[decision["id"]]) in [c for c in key if key[c] == min(key.values())], key
    await svc.close()
