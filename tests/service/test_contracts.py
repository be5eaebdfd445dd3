"""The typed contracts (issue 16): every outbox row the service writes has a known ``OutboxKind`` and exactly
the keys of that kind's payload ``TypedDict``; stored kinds and statuses are the enums' strings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.service import FakeClock, GameStatus, OutboxKind, RecordingTransport, TableService
from bot.service import messages as m
from tests.service.kit import CREATOR, aio, play, seated

SHAPES: dict[OutboxKind, tuple[type[Any], ...]] = {
    OutboxKind.EVENTS: (m.EventsPayload,),
    OutboxKind.PROMPT: (m.PromptPayload,),
    OutboxKind.BOARD: (m.BoardPayload,),
    OutboxKind.POST: (m.PostPayload, m.BoardPostPayload),
    OutboxKind.STATUS: (m.StatusPayload,),
    OutboxKind.REMINDER: (m.PromptPayload, m.PublicReminderPayload),
    OutboxKind.NOTICE: (m.NoticePayload, m.ClosedDmPayload),
    OutboxKind.GAME_OVER: (m.GameOverPayload,),
    OutboxKind.VOTE: (m.VotePayload,),
    OutboxKind.SEAT_OPEN: (m.SeatOpenPayload,),
}


def test_every_outbox_kind_has_a_payload_shape() -> None:
    assert set(SHAPES) == set(OutboxKind)


@aio
async def test_every_outbox_row_of_a_game_is_a_known_kind_with_its_payloads_keys(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = await TableService.open(tmp_path / "t.sqlite3", clock=clock)
    try:
        gid, users = await seated(svc, 3)
        assert await play(svc, gid, answers=2) == 2  # the third player's orders: given at the deadline, told by DM
        for _ in range(25):  # reminders, then the deadlines: defaults given, missed deadlines noticed
            clock.advance(3600)
            await svc.run_due_timers()
        house = (await svc.game(gid)).seat_of(users[2])
        assert house is not None and house.house is not None
        await svc.kick(gid, CREATOR, house.house, manager=True)  # seat_open
        await svc.open_vote(gid, users[0], "end")  # vote; with 2 of 2 seated Yes it passes: game_over
        await svc.cast_ballot(gid, (await svc.vote_info(gid, 1))["id"], users[1], True)
        assert (await svc.game(gid)).status == GameStatus.FINISHED == "finished"
        transport = RecordingTransport()
        await svc.flush(transport)
    finally:
        await svc.close()
    seen: set[str] = set()
    for msg in transport.sent:
        kind = OutboxKind(msg.kind)
        seen.add(kind)
        assert any(set(msg.payload) == set(shape.__annotations__) for shape in SHAPES[kind]), (kind, msg.payload)
    assert seen == set(OutboxKind)
