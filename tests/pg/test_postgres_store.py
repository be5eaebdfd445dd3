"""The PostgreSQL store on a real server: opening (bad URLs in one line, migrations tracked, a newer schema
refused), errors as StorageError with nothing half-written, and the calls several processes share: the game
lock, outbox and timer claims with leases, and NOTIFY."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.storage import AnswerRow, NewMessage, StorageError
from bot.storage.postgres import LATEST, PostgresStore, pool_size
from tests.service.kit import aio

NOW = datetime(2030, 1, 1, tzinfo=UTC)


def at(seconds: float = 0) -> datetime:
    return NOW + timedelta(seconds=seconds)


async def a_game(store: PostgresStore, messages: int = 0) -> int:
    async with store.transaction() as repo:
        gid = await repo.add_game(1, 2, 3, 3, {"b": 1, "a": [2]}, at())
        await repo.start_game(gid, "42", {"b": 1, "a": [2]}, at())
        await repo.add_messages([NewMessage(gid, "public", None, "notice", {"text": str(i)})
                                 for i in range(messages)], at())
    return gid


@aio
async def test_bad_urls_fail_in_one_clear_line(pg_url: str) -> None:
    cases = {
        urlunsplit(urlsplit(pg_url)._replace(path="/no_such_db")): "no such database",
        pg_url.replace("postgres:@", "nobody:secret@"): "nobody",
        "postgresql://u:hunter2@/db?host=/nonexistent/socket/dir": "cannot open",
    }
    for url, words in cases.items():
        with pytest.raises(StorageError) as caught:
            await PostgresStore.open(url)
        message = str(caught.value)
        assert words in message and "\n" not in message and "hunter2" not in message and "secret" not in message
    with pytest.raises(StorageError, match="AGOT_DB_POOL"):
        pool_size({"AGOT_DB_POOL": "many"})
    assert pool_size({"AGOT_DB_POOL": "3"}) == 3 and pool_size({}) == 10


@aio
async def test_migrations_are_tracked_and_a_newer_schema_is_refused(pg_url: str) -> None:
    store = await PostgresStore.open(pg_url, pool=2)
    await store.close()
    store = await PostgresStore.open(pg_url)  # again: nothing to apply
    await store.close()
    conn = await asyncpg.connect(pg_url)
    try:
        versions = [r["version"] for r in await conn.fetch("SELECT version FROM schema_migrations ORDER BY version")]
        await conn.execute("INSERT INTO schema_migrations (version, name) VALUES (999, '0999_future.sql')")
    finally:
        await conn.close()
    assert versions == list(range(1, LATEST + 1))
    with pytest.raises(StorageError, match="newer version"):
        await PostgresStore.open(pg_url)


@aio
async def test_a_failing_statement_is_a_storage_error_and_nothing_of_its_transaction_stays(pg_url: str) -> None:
    store = await PostgresStore.open(pg_url)
    try:
        gid = await a_game(store)
        answer = AnswerRow(gid, 1, 3, "stark", "1", "orders", {"x": 1}, "player", 1, "planning", "h", at())
        with pytest.raises(StorageError, match="duplicate key"):
            async with store.transaction() as repo:
                await repo.add_answer(answer)
                await repo.record_state(gid, 1, 1, "planning", "h", at())
                await repo.add_answer(answer)  # the same seq twice
        with pytest.raises(StorageError, match="append-only"):  # the answer log cannot be edited
            async with store.transaction() as repo:
                await repo.add_answer(answer)
                rewind = await repo.add_rewind(gid, 3, 1, 1, 0, "test", at())
                await repo.mark_rewound(gid, [1], rewind)
                await repo.mark_rewound(gid, [1], rewind)  # a rewound answer stays as it is
        async with store.reading() as repo:
            row = await repo.game(gid)
            answers = await repo.answers(gid, live=False)
        assert row is not None and row.seq == 0 and answers == [] and row.settings == {"a": [2], "b": 1}
    finally:
        await store.close()


@aio
async def test_the_game_lock_holds_a_second_transaction_until_the_first_commits(pg_url: str) -> None:
    one, two = await PostgresStore.open(pg_url), await PostgresStore.open(pg_url)  # as two processes
    try:
        gid = await a_game(one)
        order: list[str] = []
        first_holds = asyncio.Event()

        async def first() -> None:
            async with one.transaction() as repo:
                assert await repo.lock_game(gid) == 0
                first_holds.set()
                await asyncio.sleep(0.3)
                await repo.record_state(gid, 1, 1, "planning", "h", at())
                order.append("first commits")

        async def second() -> None:
            await first_holds.wait()
            async with two.transaction() as repo:
                seq = await repo.lock_game(gid)
                order.append(f"second sees seq {seq}")

        await asyncio.gather(first(), second())
        assert order == ["first commits", "second sees seq 1"]
        async with one.transaction() as repo:
            assert await repo.lock_game(gid + 100) is None
    finally:
        await one.close()
        await two.close()


@aio
async def test_outbox_claims_are_exclusive_per_destination_and_expire(pg_url: str) -> None:
    """A delivery lease is per destination: a game's feed, or one player's DMs across all their games."""
    one, two = await PostgresStore.open(pg_url), await PostgresStore.open(pg_url)
    try:
        g1, g2 = await a_game(one, messages=3), await a_game(one, messages=2)
        async with one.transaction() as repo:
            await repo.add_messages([NewMessage(g1, "player", 7, "notice", {"text": "dm7 of g1"}),
                                     NewMessage(g2, "player", 7, "notice", {"text": "dm7 of g2"}),
                                     NewMessage(g2, "player", 8, "notice", {"text": "dm8 of g2"})], at())
        async with two.transaction() as repo:  # B leases user 7's DMs only (the first destination)
            theirs = await repo.claim_messages("B", at(), at(60), limit=1)
        assert [m.payload["text"] for m in theirs] == ["dm7 of g1"]
        async with one.transaction() as repo:  # A gets both feeds and user 8's DMs, not user 7's DM of game 2
            mine = await repo.claim_messages("A", at(1), at(61))
        assert [m.payload["text"] for m in mine] == ["0", "1", "2", "0", "1", "dm8 of g2"]
        async with one.transaction() as repo:  # A delivers it all and gives its leases back
            await repo.mark_sent_many([(m.id, "x") for m in mine], at(2))
            await repo.add_messages([NewMessage(g1, "public", None, "notice", {"text": "3"})], at(2))
            await repo.release_messages("A")
        async with two.transaction() as repo:  # B holds user 7's DMs still, and takes game 1's feed now
            theirs = await repo.claim_messages("B", at(3), at(63))
        assert [(m.game_id, m.payload["text"]) for m in theirs] == [(g1, "dm7 of g1"), (g2, "dm7 of g2"), (g1, "3")]
        async with one.transaction() as repo:
            assert await repo.claim_messages("A", at(4), at(64)) == []
        async with one.transaction() as repo:  # B died: its leases are taken over once expired
            late = await repo.claim_messages("A", at(64), at(124))
        assert [m.payload["text"] for m in late] == ["dm7 of g1", "dm7 of g2", "3"]
    finally:
        await one.close()
        await two.close()


@aio
async def test_timer_claims_are_exclusive_and_a_dead_claim_is_taken_over(pg_url: str) -> None:
    store = await PostgresStore.open(pg_url)
    try:
        gid = await a_game(store)
        async with store.transaction() as repo:
            for i in range(3):
                await repo.add_timer(gid, "deadline", at(i), {"decision_id": str(i), "house": "stark"})
        async with store.transaction() as repo:
            a = await repo.claim_timers("A", at(1), at(31))
        async with store.transaction() as repo:
            b = await repo.claim_timers("B", at(5), at(35))
            assert await repo.next_due() == at(31)  # for the others, A's timers are due when A's lease ends
        assert [t.payload["decision_id"] for t in a] == ["0", "1"]
        assert [t.payload["decision_id"] for t in b] == ["2"]
        async with store.transaction() as repo:
            await repo.finish_timers([a[0].id])
            again = await repo.claim_timers("B", at(32), at(62))
        assert [t.payload["decision_id"] for t in again] == ["1", "2"]
    finally:
        await store.close()


@aio
async def test_notify_wakes_another_process_with_ids_only_and_only_on_commit(pg_url: str) -> None:
    one, two = await PostgresStore.open(pg_url), await PostgresStore.open(pg_url)
    woken: asyncio.Queue[tuple[str, int]] = asyncio.Queue()
    try:
        await two.listen(lambda kind, game_id: woken.put_nowait((kind, game_id)))
        gid = await a_game(one)
        with pytest.raises(RuntimeError):
            async with one.transaction() as repo:
                await repo.add_messages([NewMessage(gid, "public", None, "notice", {"text": "x"})], at())
                raise RuntimeError("rolled back")
        async with one.transaction() as repo:
            await repo.add_messages([NewMessage(gid, "public", None, "notice", {"text": str(i)}) for i in range(3)],
                                    at())
            await repo.add_timer(gid, "reminder", at(5), {"decision_id": "1", "house": "stark"})
        got = {await asyncio.wait_for(woken.get(), 5), await asyncio.wait_for(woken.get(), 5)}
        assert got == {("outbox", gid), ("timers", gid)}
        await asyncio.sleep(0.2)
        assert woken.empty()  # one notification per kind and game per commit, none for the rollback
        admin = await asyncpg.connect(pg_url)  # the server drops the listening connection: it comes back
        await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database()"
                            " AND pid <> pg_backend_pid()")
        await admin.close()
        assert await asyncio.wait_for(woken.get(), 10) == ("outbox", 0)  # "anything may have changed"
        assert await asyncio.wait_for(woken.get(), 10) == ("timers", 0)
        for attempt in range(3):  # one's own pooled connections were dropped too: the pool replaces them
            try:
                async with one.transaction() as repo:
                    await repo.add_messages([NewMessage(gid, "public", None, "notice", {"text": "again"})], at())
                break
            except StorageError:
                assert attempt < 2
        assert await asyncio.wait_for(woken.get(), 10) == ("outbox", gid)
    finally:
        await one.close()
        await two.close()


@aio
async def test_a_lost_connection_fails_its_transaction_whole_and_the_store_reconnects(pg_url: str) -> None:
    store = await PostgresStore.open(pg_url, pool=2)
    admin = await asyncpg.connect(pg_url)
    try:
        gid = await a_game(store)
        answer = AnswerRow(gid, 1, 3, "stark", "1", "orders", {"x": 1}, "player", 1, "planning", "h", at())
        with pytest.raises(StorageError) as caught:
            async with store.transaction() as repo:
                await repo.add_answer(answer)
                await repo.record_state(gid, 1, 1, "planning", "h", at())
                # the server drops every connection of the store (a restart, a failover)
                await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = "
                                    "current_database() AND pid <> pg_backend_pid()")
                await repo.add_messages([NewMessage(gid, "public", None, "notice", {"text": "x"})], at())
        assert "\n" not in str(caught.value)
        for _ in range(2):  # the pool opens new connections: the same answer is then accepted whole
            try:
                async with store.transaction() as repo:
                    await repo.add_answer(answer)
                    await repo.record_state(gid, 1, 1, "planning", "h", at())
                break
            except StorageError:  # the pool's other connection was dropped too; it is replaced on the next try
                continue
        async with store.reading() as repo:
            row = await repo.game(gid)
            answers = await repo.answers(gid)
            unsent = await repo.unsent()
        assert row is not None and row.seq == 1 and [a.seq for a in answers] == [1] and unsent == []
    finally:
        await admin.close()
        await store.close()
