"""The contract of the calls several processes share (Repo.lock_game, claim_messages, release_messages,
claim_timers; Store.listen), for every store of ``STORES``: with one process they mean what unsent, due_timers
and a plain read of the game's seq mean. What only several processes can show is in test_postgres_store.py and
test_two_processes.py."""

from __future__ import annotations

import pytest

from bot.storage import NewMessage, Store
from tests.storage.test_contract import at, new_game

pytestmark = pytest.mark.asyncio


async def test_one_process_claims_what_is_unsent_and_due(store: Store) -> None:
    a = await new_game(store, status="running")
    b = await new_game(store, status="lobby")
    async with store.transaction() as repo:
        await repo.record_state(a, 3, 1, "planning", "h", at(0))
        await repo.add_messages([NewMessage(g, "public", None, "notice", {"text": f"{g}-{i}"})
                                 for g in (b, a) for i in range(2)], at(1))
        await repo.add_timer(a, "deadline", at(5), {"decision_id": "1", "house": "stark"})
        await repo.add_timer(a, "reminder", at(2), {"decision_id": "1", "house": "stark"})
        await repo.add_timer(b, "deadline", at(1), {"decision_id": "1", "house": "stark"})  # not running
        await repo.add_timer(a, "deadline", at(50), {"decision_id": "2", "house": "stark"})  # not due
    woken: list[tuple[str, int]] = []
    await store.listen(lambda kind, game: woken.append((kind, game)))
    async with store.transaction() as repo:
        assert await repo.lock_game(a) == 3 and await repo.lock_game(a + b + 100) is None
        messages = await repo.claim_messages("me", at(6), at(7))
        timers = await repo.claim_timers("me", at(6), at(7))
        await repo.mark_sent_many([(m.id, "x") for m in messages], at(6))
        await repo.release_messages("me")
    assert [m.payload["text"] for m in messages] == [f"{b}-0", f"{b}-1", f"{a}-0", f"{a}-1"]
    assert [(t.kind, t.due_at) for t in timers] == [("reminder", at(2)), ("deadline", at(5))]
    async with store.transaction() as repo:
        assert await repo.claim_messages("me", at(8), at(9)) == []
        await repo.finish_timers([t.id for t in timers])
        assert await repo.claim_timers("me", at(8), at(9)) == []
