"""Absence, autopilot seats, open seats, claim and kick (issue 12), on the test clock."""

from __future__ import annotations

import random
import sqlite3
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.autopilot import Autopilot
from bot.service import FakeClock, ServiceError, TableService
from tests.service.kit import CREATOR, aio, play, seated

DAY = 86400
SETTINGS: dict[str, Any] = {"deadlines": {"default": 100, "orders": 100}, "reminders": [0.5], "replace_after": 1}


def answers(path: Path) -> list[tuple[str, int | None, str]]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT house, user_id, source FROM answers ORDER BY seq").fetchall()


def outbox(path: Path, kind: str) -> list[tuple[str, int | None, str]]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT audience, user_id, payload FROM outbox WHERE kind = ? ORDER BY id",
                          (kind,)).fetchall()


async def house_of(svc: TableService, gid: int, user: int) -> str:
    seat = (await svc.game(gid)).seat_of(user)
    assert seat is not None and seat.house is not None
    return seat.house


@aio
async def test_stretch_pushes_the_away_seats_deadlines(tmp_path: Path) -> None:
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock, randbits=random.Random(1).getrandbits)
    gid, users = await seated(svc, settings={**SETTINGS, "replace_after": 3})
    await svc.away(gid, users[1], days=2)
    deadline = (await svc.pending(gid, users[1]))[0]["deadline"]
    assert deadline == (clock() + timedelta(days=2, seconds=100)).isoformat(timespec="microseconds")
    clock.advance(100)
    await svc.run_due_timers()
    late = {h for h, _, source in answers(path) if source == "deadline"}
    assert late == {await house_of(svc, gid, users[0]), await house_of(svc, gid, users[2])}
    assert await svc.pending(gid, users[1])  # the away player's orders still wait for them
    assert any("is away until <t:" in p and "stretched" in p for _, _, p in outbox(path, "notice"))
    with pytest.raises(ServiceError, match="1 to 30 days"):
        await svc.away(gid, users[0], days=31)
    await svc.close()


@aio
async def test_autopilot_plays_an_away_seat_from_its_view_until_it_returns(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock, randbits=random.Random(1).getrandbits)
    slow = {"default": 3 * DAY, "orders": 3 * DAY}  # no deadline passes in this test
    gid, users = await seated(svc, settings={**SETTINGS, "absence": "autopilot", "deadlines": slow})
    away = await house_of(svc, gid, users[1])
    seen: list[tuple[Any, Any]] = []
    real = Autopilot.answer

    def spy(self: Autopilot, view: dict[str, Any], decision: dict[str, Any]) -> Any:
        seen.append((view, decision))
        return real(self, view, decision)

    monkeypatch.setattr(Autopilot, "answer", spy)
    await svc.away(gid, users[1], days=1)
    assert answers(path) == [(away, users[1], "autopilot")]  # answered at once, without a deadline
    assert await svc.pending(gid, users[1]) == [] or all(d["submitted"] for d in await svc.pending(gid, users[1]))
    await play(svc, gid, answers=40)
    assert seen and all(all(x["player"] == away for x in view["private"]["decisions"]) for view, _ in seen)
    assert all(d["player"] == away for _, d in seen)  # only that house's own decisions and view
    assert all(h == away for h, _, source in answers(path) if source == "autopilot")
    assert any("the autopilot plays for them" in p for _, _, p in outbox(path, "notice"))
    clock.advance(DAY)  # the absence is over: the next decisions of the seat wait for its player
    await svc.run_due_timers()
    assert any("is back: the absence ended" in p for _, _, p in outbox(path, "notice"))
    assert [s.state for s in (await svc.game(gid)).seats if s.user_id == users[1]] == ["player"]
    before = len([a for a in answers(path) if a[2] == "autopilot"])
    await play(svc, gid, answers=30)
    assert len([a for a in answers(path) if a[2] == "autopilot"]) == before
    assert any(h == away and source == "player" for h, _, source in answers(path)[-30:])
    await svc.close()


@aio
async def test_missed_deadlines_open_the_seat_and_a_member_claims_it(tmp_path: Path) -> None:
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock, randbits=random.Random(1).getrandbits)
    gid, users = await seated(svc, settings=SETTINGS)
    for u in users[:2]:
        d = (await svc.pending(gid, u))[0]
        assert (await svc.answer(gid, u, d["id"], d["default"])).accepted
    clock.advance(100)
    await svc.run_due_timers()
    lost = await house_of(svc, gid, users[2])
    info = await svc.game(gid)
    assert [s.state for s in info.seats] == ["player", "player", "open"]
    opened = outbox(path, "seat_open")
    assert len(opened) == 1 and opened[0][0] == "public" and f'"house":"{lost}"' in opened[0][2]
    assert await svc.pending(gid, users[2]) == []
    assert await svc.view(gid, users[2]) == await svc.view(gid, None)  # the public view only
    newcomer = CREATOR + 50
    await svc.claim_seat(gid, newcomer, "Newcomer", lost)
    assert (await svc.game(gid)).seat_of(newcomer) is not None
    with pytest.raises(ServiceError, match="not open: it has been taken"):
        await svc.claim_seat(gid, CREATOR + 51, "Late", lost)
    with pytest.raises(ServiceError, match="You already play"):
        await svc.claim_seat(gid, users[0], "Seated", lost)
    await svc.close()


@aio
async def test_kick_refuses_the_old_player_and_a_game_ends_with_an_untaken_seat(tmp_path: Path) -> None:
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock, randbits=random.Random(1).getrandbits)
    gid, users = await seated(svc, settings=SETTINGS)
    with pytest.raises(ServiceError, match="creator or a server manager"):
        await svc.kick(gid, users[1], await house_of(svc, gid, users[2]))
    old = (await svc.pending(gid, users[2]))[0]
    await svc.kick(gid, CREATOR, await house_of(svc, gid, users[2]))
    reply = await svc.answer(gid, users[2], old["id"], old["default"])
    assert reply.status == "refused" and "no seat" in reply.message
    assert outbox(path, "notice")[-1][1] == users[2]  # told privately that the seat is gone
    await play(svc, gid)
    assert (await svc.game(gid)).status == "finished"
    sources = {source for _, _, source in answers(path)}
    assert sources == {"player", "autopilot"}
    await svc.close()
    again = await TableService.open(path, clock=clock)  # the autopilot's answers replay like any other
    assert (await again.view(gid, None))["winner"] and (await again.game(gid)).status == "finished"
    await again.close()


@aio
async def test_an_ended_games_absence_timer_does_not_fire_again(tmp_path: Path) -> None:
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    svc = await TableService.open(path, clock=clock, randbits=random.Random(1).getrandbits)
    gid, users = await seated(svc, settings={**SETTINGS, "absence": "autopilot"})
    await svc.away(gid, users[1], days=1)
    await svc.cancel(gid, CREATOR)
    clock.advance(DAY)
    await svc.run_due_timers()
    assert await svc.run_due_timers() == 0
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*) FROM timers WHERE done = 0").fetchone()[0] == 0
    await svc.close()
