"""Whispers (issue 15, item 8): one house's message reaches one other house's player by DM, naming the sending
house only; every refusal stores nothing; the replay file carries the whispers once the game is over."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.admin.replay import Replay
from bot.service import FakeClock, RecordingTransport, ServiceError, TableService
from bot.service.replayfile import exported, read_stored
from bot.service.whispers import MAX_CHARS, PER_HOUR
from tests.service.kit import CREATOR, aio, play, seated

SECRET = "Meet me at Moat Cailin, and bring no Lannister"


async def stored(svc: TableService, gid: int) -> list[dict[str, str]]:
    async with svc.store.reading() as repo:
        return await repo.whispers(gid)


def houses_of(svc: TableService, gid: int) -> dict[int, str]:
    return {s.user_id: s.house for s in svc._tables[gid].seats if s.house}


@aio
async def test_a_whisper_reaches_one_house_by_dm_naming_only_the_sender_house(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "db.sqlite3", clock=FakeClock())
    try:
        gid, users = await seated(svc, 3, {"faceless": True})
        house = houses_of(svc, gid)
        sender, receiver, other = users
        words = await svc.whisper(gid, sender, house[receiver], SECRET)
        assert "replay file" in words and f"{PER_HOUR - 1} more this hour" in words
        transport = RecordingTransport()
        await svc.flush(transport)
        holding = [m for m in transport.sent if SECRET in json.dumps(m.payload)]
        assert len(holding) == 1
        dm = holding[0]
        assert dm.audience == "player" and dm.user_id == receiver
        name = svc._tables[gid].game.house_name(house[sender])  # type: ignore[union-attr]
        assert dm.payload["text"].startswith(f"🕊️ A whisper from House {name}")
        assert str(sender) not in dm.payload["text"] and "player" not in dm.payload["text"].lower()
        assert await stored(svc, gid) == [{"from": house[sender], "to": house[receiver], "text": SECRET,
                                           "at": svc.clock()}]
        assert other not in {m.user_id for m in holding}
    finally:
        await svc.close()


@aio
async def test_bad_whispers_are_refused_and_nothing_is_stored(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = await TableService.open(tmp_path / "db.sqlite3", clock=clock)
    try:
        gid, users = await seated(svc, 3, start=False)
        with pytest.raises(ServiceError, match="not started"):
            await svc.whisper(gid, users[0], "stark", "hello")
        await svc.start(gid, CREATOR)
        house = houses_of(svc, gid)
        to = house[users[1]]
        cases = [
            (users[0], to, "x" * (MAX_CHARS + 1), f"at most {MAX_CHARS} characters"),
            (users[0], to, "   ", "needs some text"),
            (users[0], "martell", "hello", "not a house of this game"),  # 3 players: no Martell
            (users[0], house[users[0]], "hello", "your own house"),
            (4242, to, "hello", "Only a player seated"),
        ]
        for user, target, words, why in cases:
            with pytest.raises(ServiceError, match=why):
                await svc.whisper(gid, user, target, words)
        for _ in range(PER_HOUR):
            await svc.whisper(gid, users[0], to, "a deal?")
        with pytest.raises(ServiceError, match=f"{PER_HOUR} times an hour"):
            await svc.whisper(gid, users[0], to, "one more")
        assert len(await stored(svc, gid)) == PER_HOUR
        await svc.whisper(gid, users[2], to, "another house is not limited by the first")
        clock.advance(3601)
        await svc.whisper(gid, users[0], to, "an hour later")
        assert len(await stored(svc, gid)) == PER_HOUR + 2
        await svc.kick(gid, CREATOR, to, manager=True)
        with pytest.raises(ServiceError, match="Nobody plays"):
            await svc.whisper(gid, users[0], to, "to an open seat")
        await svc.cancel(gid, CREATOR, manager=True)
        with pytest.raises(ServiceError, match="not running"):
            await svc.whisper(gid, users[0], house[users[2]], "too late")
        assert len(await stored(svc, gid)) == PER_HOUR + 2
    finally:
        await svc.close()


@aio
async def test_whispers_turned_off_are_refused(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "db.sqlite3")
    try:
        gid, users = await seated(svc, 3, {"whispers": False})
        with pytest.raises(ServiceError, match="turned off"):
            await svc.whisper(gid, users[0], houses_of(svc, gid)[users[1]], "hello")
        assert await stored(svc, gid) == []
    finally:
        await svc.close()


@aio
async def test_the_replay_file_carries_the_whispers_once_the_game_is_over(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "db.sqlite3")
    try:
        gid, users = await seated(svc, 3)
        house = houses_of(svc, gid)
        await svc.whisper(gid, users[0], house[users[1]], SECRET)
        async with svc.store.reading() as repo:  # the admin export of a running game: no whispers in it
            row = await repo.game(gid)
            assert row is not None
            running = exported(await read_stored(repo, row))
        assert running.whispers is None and SECRET not in json.dumps(running.to_dict())
        await play(svc, gid)
        replay = Replay.from_dict(json.loads(await svc.replay_file(gid)))
        assert replay.whispers is not None and [w["text"] for w in replay.whispers] == [SECRET]
        assert replay.play().over
    finally:
        await svc.close()
