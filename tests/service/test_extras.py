"""Issue 12 extras: the deadline shape (quiet hours, weekends), faceless games, the digest, "my games", ratings
per server and the replay file."""

from __future__ import annotations

import ast
import json
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.frontend import text
from bot.games.fronts import front
from bot.service import FakeClock, RecordingTransport, ServiceError, TableService, extras, replayfile
from bot.service.replayfile import Replay, Stored
from bot.service.settings import covers_weekend, normalize, out_of_quiet, shaped_deadline
from engine.agot.agent import RandomAgent
from tests.service.kit import CHANNEL, aio, play

H = timedelta(hours=1)
MON = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)  # a Monday, noon UTC


def shape(now: datetime, **settings: Any) -> tuple[datetime, list[datetime]]:
    return shaped_deadline(normalize(settings), "orders", now)


def test_quiet_hours_move_a_deadline_to_their_end() -> None:
    quiet = [23, 7]
    assert out_of_quiet(datetime(2026, 11, 23, 23, 30, tzinfo=UTC), quiet) == datetime(2026, 11, 24, 7, tzinfo=UTC)
    assert out_of_quiet(datetime(2026, 11, 24, 3, 0, tzinfo=UTC), quiet) == datetime(2026, 11, 24, 7, tzinfo=UTC)
    assert out_of_quiet(datetime(2026, 11, 24, 7, 0, tzinfo=UTC), quiet) == datetime(2026, 11, 24, 7, tzinfo=UTC)
    noon = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
    assert out_of_quiet(noon, quiet) == noon and out_of_quiet(noon, None) == noon
    assert out_of_quiet(datetime(2026, 11, 24, 13, 5, tzinfo=UTC), [12, 14]) == datetime(2026, 11, 24, 14,
                                                                                          tzinfo=UTC)
    # a 12 h deadline from noon falls at midnight, inside 23-7: it moves to 7:00; the reminders follow the span
    due, reminders = shape(MON, deadlines={"orders": 12 * 3600}, quiet_hours=[23, 7])
    assert due == datetime(2026, 11, 24, 7, tzinfo=UTC)
    # the reminders at 50% and 90% of the 19 h span: 21:30, and 05:06 (quiet: moved to 7:00, the deadline itself)
    assert reminders == [datetime(2026, 11, 23, 21, 30, tzinfo=UTC), due]
    due, reminders = shape(MON, deadlines={"orders": 6 * 3600}, quiet_hours=[17, 19], reminders=[0.5])
    assert due == MON + 7 * H and reminders == [MON + 3.5 * H]


def test_weekend_hours_extend_a_span_over_saturday_or_sunday() -> None:
    fri = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)
    assert covers_weekend(fri, fri + 13 * H) and not covers_weekend(MON, MON + 24 * H)
    assert shape(MON, weekend_hours=24)[0] == MON + 24 * H  # Monday to Tuesday: no weekend
    assert shape(fri, weekend_hours=24)[0] == fri + 48 * H  # Friday noon + 24 h reaches Saturday: +24 h
    assert shape(fri, weekend_hours=24, quiet_hours=[10, 13])[0] == fri + 49 * H  # then out of the quiet hours
    assert shape(fri)[0] == fri + 24 * H  # off by default


def test_shape_settings_are_checked() -> None:
    assert normalize({})["quiet_hours"] is None and normalize({})["weekend_hours"] == 0
    for bad in ({"quiet_hours": [7, 7]}, {"quiet_hours": [24, 3]}, {"quiet_hours": "23-7"},
                {"weekend_hours": -1}, {"weekend_hours": True}, {"faceless": "yes"}):
        with pytest.raises(ServiceError):
            normalize(bad)


# --- through the service, over a real SQLite file ----------------------------------------------------------------

GUILD = 77
NAMES = ["Zorblax", "Quintessa", "Wilhelmina", "Bartholomew"]
USERS = [918273645501, 918273645502, 918273645503, 918273645504]
STRANGER, STRANGER_NAME = 918273645505, "Ophelianne"  # takes an open seat


async def table(svc: TableService, settings: dict[str, Any] | None = None, guild: int = GUILD,
                users: list[int] | None = None, channel: int = CHANNEL) -> tuple[int, list[int]]:
    users = users or USERS[:3]
    gid = await svc.create_game(guild_id=guild, channel_id=channel, creator_id=users[0], players=len(users),
                                settings=settings or {})
    for user in users:
        await svc.join(gid, user, name=NAMES[USERS.index(user)] if user in USERS else f"user{user}")
    await svc.start(gid, users[0])
    return gid, users


@aio
async def test_a_prompt_deadline_follows_the_quiet_hours(tmp_path: Path) -> None:
    clock = FakeClock(datetime(2026, 11, 23, 12, 0, tzinfo=UTC))  # Monday noon; orders due at midnight -> 7:00
    svc = await TableService.open(tmp_path / "db.sqlite3", clock=clock)
    try:
        gid, users = await table(svc, {"deadlines": {"orders": 12 * 3600}, "quiet_hours": [23, 7],
                                       "weekend_hours": 12})
        pending = await svc.pending(gid, users[0])
        assert pending[0]["kind"] == "orders" and pending[0]["deadline"] == "2026-11-24T07:00:00.000000+00:00"
        status = await svc.status(gid)
        assert {w["deadline"] for w in status["waiting"]} == {"2026-11-24T07:00:00.000000+00:00"}
    finally:
        await svc.close()


@aio
async def test_a_faceless_game_names_no_player_until_the_standings(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = await TableService.open(tmp_path / "db.sqlite3", clock=clock)
    transport = RecordingTransport()
    try:
        gid, users = await table(svc, {"faceless": True, "replace_after": 5})
        for _ in range(3):  # reminders, then the deadlines play the defaults (missed-deadline notices)
            clock.advance(13 * 3600)
            await svc.run_due_timers()
        await play_faceless(svc, gid, 20)
        await svc.rewind(gid, users[0], 2, reason="a misclick")
        # repairs and votes name nobody either: the creator (seated) pauses, resumes, sets a deadline, forces
        await svc.pause(gid, users[0])
        await svc.resume(gid, users[0])
        await svc.set_deadline(gid, users[0], 5)
        await svc.force(gid, users[0], (await svc.status(gid))["waiting"][0]["house"])
        vote = await svc.open_vote(gid, users[1], "extend", hours=2)
        await svc.cast_ballot(gid, vote["id"], users[2], True)
        kicked = (await svc.game(gid)).seats[2].house or ""
        await svc.kick(gid, users[0], kicked)  # the autopilot plays it until a member takes it
        await svc.claim_seat(gid, STRANGER, STRANGER_NAME, kicked)
        newcomer = USERS[3]
        await svc.replace(gid, users[0], (await svc.game(gid)).seats[1].house or "", newcomer, NAMES[3])
        await play_faceless(svc, gid)
        await svc.flush(transport)
        assert (await svc.game(gid)).status == "finished"
        public = [m for m in transport.sent if m.audience == "public"]
        kinds = [m.kind for m in public]
        assert {"reminder", "notice", "status", "post"} <= set(kinds)
        assert any("missed the deadline" in str(m.payload.get("text")) for m in public)
        end = kinds.index("game_over")
        secrets = [str(u) for u in USERS] + NAMES + [str(STRANGER), STRANGER_NAME]
        for m in public[:end]:
            shown = json.dumps(m.payload) + "\n".join(rendered(m))
            assert not any(s in shown for s in secrets), (m.kind, shown[:300])
        standings = text.standings_text(front(None), gid, public[end].payload)
        assert NAMES[0] in standings and NAMES[3] in standings  # the end reveals who played which house
        # the player's own messages still reach them (prompts by DM)
        assert any(m.audience == "player" and m.user_id == newcomer for m in transport.sent)
    finally:
        await svc.close()


async def play_faceless(svc: TableService, gid: int, answers: int | None = None) -> None:
    """Random agents answer (the public status names no user here, so each seat is asked for its prompts)."""
    agents: dict[int, RandomAgent] = {}
    done = 0
    while answers is None or done < answers:
        info = await svc.game(gid)
        if info.status != "running":
            return
        for seat in info.seats:
            waiting = [d for d in await svc.pending(gid, seat.user_id) if not d.get("submitted")]
            if waiting:
                break
        user, decision = seat.user_id, waiting[0]
        agent = agents.setdefault(user, RandomAgent(user % 1000))
        view = await svc.view(gid, user)
        reply = await svc.answer(gid, user, decision["id"], agent.answer(view, decision))
        if not reply.accepted:
            reply = await svc.answer(gid, user, decision["id"], decision["default"])
        assert reply.accepted, reply
        done += 1


def rendered(m: Any) -> list[str]:
    """What the Discord transport would show for a public row (the pure text functions it uses)."""
    if m.kind == "events":
        return text.event_lines(m.payload["events"])
    if m.kind == "post":
        return list(m.payload["lines"])
    if m.kind == "status":
        return [text.status_text(front(None), m.game_id, m.payload["status"])]
    return [str(m.payload.get("text") or m.payload.get("caption") or "")]


@aio
async def test_digest_counts_what_happened_since_the_last_look(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "db.sqlite3")
    try:
        gid, users = await table(svc)
        with pytest.raises(ServiceError, match="no seat"):
            await svc.digest(gid, 4242)
        first = await svc.digest(gid, users[0])  # never answered: everything public so far
        assert first["count"] > 0 and first["pending"] and first["pending"][0]["kind"] == "orders"
        assert sum(first["kinds"].values()) == first["count"]
        again = await svc.digest(gid, users[0])
        assert again["count"] == 0 and again["lines"] == []  # nothing new since the last look
        await play(svc, gid, answers=12)
        later = await svc.digest(gid, users[0])
        log = await svc.log(gid, limit=1000)
        assert later["count"] == len(log) - first["count"] and later["count"] > 0
        key = [e["text"] for e in log[first["count"]:] if e["kind"] in ("round", "westeros_card", "combat_end")]
        assert key and set(key) <= set(later["lines"])  # the key lines are quoted (12 answers: a few of them)
    finally:
        await svc.close()


@aio
async def test_my_games_lists_every_seat_with_what_waits(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "db.sqlite3")
    try:
        gid, users = await table(svc)
        other = await svc.create_game(guild_id=99, channel_id=12, creator_id=USERS[3], players=3)
        await svc.join(other, users[0], name=NAMES[0])
        mine = {g["id"]: g for g in await svc.my_games(users[0])}
        assert set(mine) == {gid, other}
        assert mine[gid]["status"] == "running" and mine[gid]["waiting"] and mine[gid]["deadline"]
        assert mine[other]["status"] == "lobby" and mine[other]["waiting"] == [] and mine[other]["guild_id"] == 99
        assert await svc.my_games(555) == []
        orders = (await svc.pending(gid, users[0]))[0]
        assert (await svc.answer(gid, users[0], orders["id"], orders["default"])).accepted
        mine = {g["id"]: g for g in await svc.my_games(users[0])}
        assert mine[gid]["waiting"] == [] and mine[gid]["deadline"] is None  # answered (still changeable)
    finally:
        await svc.close()


@aio
async def test_leaderboard_and_record_replay_the_finished_games_of_a_server(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "db.sqlite3")
    try:
        first, users = await table(svc)
        await play(svc, first, seed=3)
        elsewhere, _ = await table(svc, guild=5, channel=9)  # another server's game counts only there
        await play(svc, elsewhere, seed=4)
        second, _ = await table(svc, channel=8)
        await play(svc, second, seed=5)
        order1 = await ranking(svc, first)
        order2 = await ranking(svc, second)
        # game 1, everyone at 1500, K/(n-1) = 16: the winner +16, the second 0, the third -16
        after1 = {order1[0]: 1516.0, order1[1]: 1500.0, order1[2]: 1484.0}
        # game 2 from those ratings, by hand: each pair scores 1/0 against its Elo expectation
        after2 = {}
        for i, p in enumerate(order2):
            total = sum((1.0 if i < j else 0.0) - 1 / (1 + 10 ** ((after1[q] - after1[p]) / 400))
                        for j, q in enumerate(order2) if q != p)
            after2[p] = after1[p] + 16 * total
        board_rows = await svc.leaderboard(GUILD)
        assert [r["user_id"] for r in board_rows] == sorted(after2, key=lambda u: (-after2[u], u))
        for row in board_rows:
            assert row["rating"] == pytest.approx(after2[row["user_id"]]) and row["games"] == 2
        assert sum(r["rating"] for r in board_rows) == pytest.approx(4500.0)
        rec = await svc.record(GUILD, order1[0])
        assert rec is not None
        assert rec["wins"] == (order2[0] == order1[0]) + 1
        assert rec["average_place"] == pytest.approx((1 + order2.index(order1[0]) + 1) / 2)
        assert await svc.record(GUILD, 4242) is None and await svc.leaderboard(12345) == []
    finally:
        await svc.close()


async def ranking(svc: TableService, gid: int) -> list[int]:
    info = await svc.game(gid)
    view = await svc.view(gid)
    houses = view.get("ranking") or []
    user = {s.house: s.user_id for s in info.seats}
    return [user[h] for h in houses]


@aio
async def test_the_replay_file_of_a_finished_game_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    svc = await TableService.open(tmp_path / "db.sqlite3")
    threads: list[str] = []

    def exported(stored: Stored) -> Replay:  # the whole game's re-play: in a worker thread, off the event loop
        threads.append(threading.current_thread().name)
        return replayfile.exported(stored)

    monkeypatch.setattr(extras, "exported", exported)
    try:
        gid, _ = await table(svc)
        await play(svc, gid, answers=5)
        with pytest.raises(ServiceError, match="reveals every hidden choice"):
            await svc.replay_file(gid)
        await play(svc, gid)
        replay = Replay.from_dict(json.loads(await svc.replay_file(gid)))
        assert len(threads) == 1 and threads[0] != threading.main_thread().name
        game = replay.play()  # re-plays to the stored final state
        assert game.over and len(replay.answers) == (await svc.status(gid))["last_answer"]
        with pytest.raises(ServiceError, match="no game"):
            await svc.replay_file(999)
    finally:
        await svc.close()


def test_the_service_imports_nothing_above_it() -> None:
    """Imports go one way: front end -> service -> storage; the service never imports the admin tools or discord."""
    above = ("bot.admin", "bot.frontend", "discord", "bot.demo")
    for path in (Path(__file__).resolve().parents[2] / "bot" / "service").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            assert not [n for n in names if n.startswith(above)], f"{path.name} imports {names}"
