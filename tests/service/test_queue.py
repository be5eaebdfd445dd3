"""The queue (issue 29): members of a server wait for a table; a ready check opens when enough wait for the same
game, players and settings; those who do not press Ready in time leave the queue and it refills; when all are
ready the game starts with them seated, for every game the bot hosts. Its deadline survives a restart. The bodies
run on PostgreSQL too (tests/pg/test_queue_pg.py)."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.config import ConfigError, load_config
from bot.service import FakeClock, RecordingTransport, ServiceError, TableService
from bot.service.queue import READY_TIME
from engine.registry import names, rules
from tests.service.kit import aio, seated

GUILD, HALL, THREAD = 1, 700, 701
Opener = Callable[[FakeClock], Awaitable[TableService]]


def sqlite(tmp_path: Path) -> Opener:
    async def opened(clock: FakeClock) -> TableService:
        return await TableService.open(tmp_path / "db.sqlite3", clock=clock)
    return opened


async def join(svc: TableService, user: int, game: str = "agot", players: int = 3, **kw: object) -> str:
    return await svc.queue_join(GUILD, HALL, user, f"member{user}", game, players, **kw)  # type: ignore[arg-type]


async def ready_posts(svc: TableService) -> list[dict[str, object]]:
    transport = RecordingTransport()
    await svc.flush(transport)
    return [m.payload for m in transport.sent if "ready" in m.payload]


async def queue_story(opened: Opener) -> None:
    """Bad input refused with nothing stored; a check that times out drops the late member and refills from the
    next waiting; a full check starts the game in its thread with every member seated; leaving calls a check off."""
    clock = FakeClock()
    svc = await opened(clock)
    try:
        for bad, says in [(dict(game="chess"), "No game is called 'chess'"),
                          (dict(players=9), "A Game of Thrones: The Board Game takes 3 to 8 players."),
                          (dict(settings={"tiebreak": "coin"}), "tiebreak must be 'rb2' or 'faq'."),
                          (dict(settings={"setup": "7"}), "players"),
                          (dict(hours=0), "Hours per deadline")]:
            with pytest.raises(ServiceError, match=re.escape(says)):
                await join(svc, 1, **bad)
        assert await svc.queue_show(GUILD) == []
        assert "1/3 waiting" in await join(svc, 1)
        with pytest.raises(ServiceError, match="already in this server's queue for A Game of Thrones"):
            await join(svc, 1)
        faq = {"settings": {"tiebreak": "faq"}, "words": "tiebreak:faq"}  # another table: not matched with the others
        assert "1/3 waiting" in await join(svc, 2, **faq)
        clock.advance(1)
        assert "2/3 waiting" in await join(svc, 3)
        assert "ready check is open" in await join(svc, 4)
        (post,) = await ready_posts(svc)
        check = int(post["ready"])  # type: ignore[call-overload]
        assert "<@1>, <@3>, <@4>" in str(post["text"]) and "<@2>" not in str(post["text"])
        info = await svc.game(check)
        assert (info.status, info.channel_id, [s.user_id for s in info.seats]) == ("lobby", HALL, [1, 3, 4])
        with pytest.raises(ServiceError, match="not yours"):
            await svc.queue_ready(check, 2)
        assert (await svc.queue_ready(check, 1)).status == "ready"
        assert (await svc.queue_ready(check, 1)).status == "already"
        assert (await svc.queue_ready(check, 4)).message == "✅ You are ready; waiting for <@3>."
        assert any("ready check for game" in line and "2/3 ready" in line for line in await svc.queue_show(GUILD))

        clock.advance(READY_TIME.total_seconds() - 1)
        assert await svc.run_due_timers() == 0  # not yet
        clock.advance(2)
        assert await svc.run_due_timers() == 1  # member 3 never pressed Ready: dropped, 1 and 4 wait on
        assert (await svc.game(check)).status == "cancelled"
        with pytest.raises(ServiceError, match="This ready check is over"):
            await svc.queue_ready(check, 1)
        transport = RecordingTransport()
        await svc.flush(transport)
        assert any("⌛ The ready check timed out: <@3> did not press Ready" in str(m.payload.get("text"))
                   for m in transport.sent)
        assert await svc.queue_show(GUILD) == [
            "A Game of Thrones: The Board Game, 3 players, 12 h per deadline: 2/3 waiting (member1, member4)",
            "A Game of Thrones: The Board Game, 3 players, tiebreak:faq, 12 h per deadline: 1/3 waiting (member2)"]

        assert "ready check is open" in await join(svc, 5)  # the queue refills: 1 and 4 keep their places
        (post,) = await ready_posts(svc)
        check = int(post["ready"])  # type: ignore[call-overload]
        assert [s.user_id for s in (await svc.game(check)).seats] == [1, 4, 5]
        for user in (5, 1):
            assert (await svc.queue_ready(check, user)).status == "ready"
        assert (await svc.queue_ready(check, 4)).status == "all"
        started = await svc.queue_launch(check, THREAD)
        assert (started.status, started.channel_id) == ("running", THREAD)
        assert sorted(s.house for s in started.seats if s.house) == sorted(s.house for s in started.seats)
        assert len({s.house for s in started.seats}) == 3
        assert await svc.queue_show(GUILD) == [
            "A Game of Thrones: The Board Game, 3 players, tiebreak:faq, 12 h per deadline: 1/3 waiting (member2)"]
        with pytest.raises(ServiceError, match="over"):
            await svc.queue_launch(check, THREAD)

        for user in (6, 7):
            await join(svc, user, **faq)  # with member 2: a check opens
        (post,) = await ready_posts(svc)
        check = int(post["ready"])  # type: ignore[call-overload]
        assert await svc.queue_leave(GUILD, 6) == (
            "You leave the queue for A Game of Thrones: The Board Game, 3 players, tiebreak:faq, 12 h per deadline.")
        assert (await svc.game(check)).status == "cancelled"
        transport = RecordingTransport()
        await svc.flush(transport)
        assert any("🚪 <@6> left the queue: the ready check is off; <@2>, <@7> wait on." == m.payload.get("text")
                   for m in transport.sent)
        with pytest.raises(ServiceError, match="You are not in this server's queue."):
            await svc.queue_leave(GUILD, 6)
    finally:
        await svc.close()


async def restart_story(opened: Opener) -> None:
    """A ready check's deadline is a stored timer: after a restart it fires, and a check whose members were all
    ready but whose game was not launched (the bot stopped in between) starts in the queue's channel."""
    clock = FakeClock()
    svc = await opened(clock)
    try:
        for user in (1, 2, 3):
            await join(svc, user)
        (post,) = await ready_posts(svc)
        check = int(post["ready"])  # type: ignore[call-overload]
        for user in (1, 2):
            await svc.queue_ready(check, user)
    finally:
        await svc.close()
    svc = await opened(clock)
    try:
        assert (await svc.queue_ready(check, 3)).status == "all"  # the clicks before the restart were kept
    finally:
        await svc.close()
    clock.advance(READY_TIME.total_seconds())
    svc = await opened(clock)
    try:
        assert await svc.run_due_timers() == 1
        info = await svc.game(check)
        assert (info.status, info.channel_id, len([s for s in info.seats if s.house])) == ("running", HALL, 3)
        assert await svc.queue_show(GUILD) == []
    finally:
        await svc.close()


@aio
async def test_the_queue_matches_drops_refills_and_starts(tmp_path: Path) -> None:
    await queue_story(sqlite(tmp_path))


@aio
async def test_a_ready_check_survives_a_restart(tmp_path: Path) -> None:
    await restart_story(sqlite(tmp_path))


@aio
async def test_only_a_manager_starts_a_check_early_and_that_ends_the_check(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = await TableService.open(tmp_path / "db.sqlite3", clock=clock)
    try:
        for user in (1, 2, 3):
            await join(svc, user)
        check = int((await ready_posts(svc))[0]["ready"])  # type: ignore[call-overload]
        with pytest.raises(ServiceError, match="creator"):  # no member of the queue manages the others' game
            await svc.start(check, 1)
        await svc.queue_ready(check, 1)
        await svc.start(check, 42, manager=True)  # a server manager starts it now
        with pytest.raises(ServiceError, match="This ready check is over"):
            await svc.queue_ready(check, 2)
        assert await svc.queue_show(GUILD) == []
        clock.advance(READY_TIME.total_seconds())
        await svc.run_due_timers()
        assert (await svc.game(check)).status == "running"  # its deadline did not call the game off
    finally:
        await svc.close()


@aio
async def test_every_game_starts_from_the_queue_with_its_seats_dealt(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "db.sqlite3", clock=FakeClock())
    try:
        for n, game in enumerate(names()):
            players = rules(game).min_players
            users = [100 * (n + 1) + i for i in range(players)]
            for user in users:
                await join(svc, user, game, players)
            check = int((await ready_posts(svc))[0]["ready"])  # type: ignore[call-overload]
            assert [(await svc.queue_ready(check, user)).status for user in users][-1] == "all"
            info = await svc.queue_launch(check, THREAD + n)
            assert info.game == game and info.status == "running"
            assert len({s.house for s in info.seats if s.house}) == players, (game, info.seats)
    finally:
        await svc.close()


def test_the_ready_time_and_the_game_limit_are_settings_of_the_bot() -> None:
    config = load_config({"AGOT_QUEUE_READY_MINUTES": "3", "AGOT_QUEUE_GAMES": "2"})
    assert (config.queue_ready_minutes, config.queue_games) == (3, 2)
    assert load_config({}).queue_ready_minutes is None
    for bad in ({"AGOT_QUEUE_READY_MINUTES": "0"}, {"AGOT_QUEUE_GAMES": "many"}):
        with pytest.raises(ConfigError, match="must be a whole number from 1 to"):
            load_config(bad)


@aio
async def test_a_member_in_too_many_games_may_not_queue(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "db.sqlite3", clock=FakeClock())
    try:
        svc.queue.configure(ready_minutes=3, max_games=1)
        _, users = await seated(svc, 3)
        with pytest.raises(ServiceError, match=r"You already play 1 running games \(at most 1\)"):
            await join(svc, users[0])
        assert await svc.queue_show(GUILD) == []
        assert "1/3 waiting" in await join(svc, 99)
        await join(svc, 98)
        assert "ready check is open" in await join(svc, 97)
        (post,) = await ready_posts(svc)
        assert "press **Ready** within 3 minutes" in str(post["text"])  # the bot's setting
    finally:
        await svc.close()
