"""The contract of the ``Store``/``Repo`` interface (bot/storage/repository.py): every store the bot supports must
pass these tests. They run once per entry of ``STORES`` (tests/conftest.py) through the ``store`` fixture and use
only the interface, never a store's own SQL or connection."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from bot.storage import (
    AnswerRow,
    NewMessage,
    PromptRow,
    Repo,
    SeatRow,
    StorageError,
    Store,
    TimerRow,
)
from bot.storage.repository import prune_all

pytestmark = pytest.mark.asyncio

T0 = datetime(2030, 1, 1, tzinfo=UTC)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


async def new_game(store: Store, channel: int = 10, status: str | None = None, creator: int = 1) -> int:
    async with store.transaction() as repo:
        gid = await repo.add_game(7, channel, creator, 3, {"tiebreak": "rb2", "n": [1, 2]}, at(0))
        if status is not None:
            await set_status(repo, gid, status)
    return gid


async def set_status(repo: Repo, gid: int, status: str) -> None:
    """Bring a lobby game to ``status`` the way the service does."""
    if status != "lobby":
        await repo.start_game(gid, "42", {"tiebreak": "rb2"}, at(0))
    if status == "finished":
        await repo.finish_game(gid, at(0))
    elif status == "frozen":
        await repo.freeze_game(gid, "broken", at(0))
    elif status not in ("lobby", "running"):
        await repo.set_game_status(gid, status, at(0))


def answer(gid: int, seq: int, decision: str = "1", house: str = "stark", value: Any = None) -> AnswerRow:
    return AnswerRow(gid, seq, 100 + seq, house, decision, "orders", value if value is not None else {"a": seq},
                     "player", 1, "planning", f"hash{seq}", at(seq))


def event(kind: str, audience: str = "public", who: str | None = None, seq: int | None = None) -> dict[str, Any]:
    e: dict[str, Any] = {"kind": kind, "audience": {"kind": audience, "who": who}, "text": kind, "data": {}}
    if seq is not None:
        e["seq"] = seq
    return e


# --- games -------------------------------------------------------------------------------------------------

async def test_games_are_added_read_listed_and_updated(store: Store) -> None:
    a = await new_game(store, channel=10, creator=1)
    b = await new_game(store, channel=11, creator=2)
    async with store.transaction() as repo:
        await repo.add_seat(SeatRow(b, 5, "Five", None, at(1)))
        await repo.start_game(a, "123", {"x": True}, at(1))
        await repo.record_state(a, 4, 2, "action", "h", at(2))
    async with store.reading() as repo:
        game = await repo.game(a)
        assert await repo.game(999) is None
        assert [g.id for g in await repo.games()] == [a, b]
        assert [g.id for g in await repo.games(channel_id=11)] == [b]
        assert [g.id for g in await repo.games(user_id=5)] == [b]
        assert [g.id for g in await repo.games(status="running")] == [a]
        assert [g.id for g in await repo.games(status="lobby")] == [b]
        lobby = await repo.game(b)
    assert game is not None and lobby is not None
    assert (game.status, game.seed, game.seq, game.round, game.phase, game.state_hash) == \
        ("running", "123", 4, 2, "action", "h")
    assert (game.settings, game.guild_id, game.channel_id, game.creator_id, game.players) == ({"x": True}, 7, 10, 1, 3)
    assert (game.created_at, game.updated_at, game.started_at, game.finished_at) == (at(0), at(2), at(1), None)
    assert (lobby.status, lobby.seq, lobby.settings, lobby.seed) == ("lobby", 0, {"tiebreak": "rb2", "n": [1, 2]}, None)


async def test_a_game_is_started_paused_finished_reopened_frozen_by_intent(store: Store) -> None:
    gid = await new_game(store)

    async def state() -> tuple[Any, ...]:
        async with store.reading() as repo:
            g = await repo.game(gid)
        assert g is not None
        return g.status, g.note, g.finished_at, g.updated_at, g.seq, g.round, g.phase, g.state_hash

    async with store.transaction() as repo:
        await repo.start_game(gid, "7", {"tiebreak": "rb2"}, at(1))
        await repo.record_state(gid, 0, 1, "planning", "h0", at(1))
        await repo.set_game_status(gid, "paused", at(2))
    assert await state() == ("paused", None, None, at(2), 0, 1, "planning", "h0")
    async with store.transaction() as repo:
        await repo.set_game_status(gid, "running", at(3))
        await repo.record_state(gid, 5, 2, "action", "h5", at(4))
        await repo.finish_game(gid, at(4), "ended early")
    assert await state() == ("finished", "ended early", at(4), at(4), 5, 2, "action", "h5")
    async with store.transaction() as repo:
        await repo.reopen_game(gid, at(5), clear_note=False)
    assert await state() == ("running", "ended early", None, at(5), 5, 2, "action", "h5")
    async with store.transaction() as repo:
        await repo.finish_game(gid, at(6))
        await repo.reopen_game(gid, at(7), clear_note=True)
        await repo.freeze_game(gid, "the replay differs", at(8))
    assert await state() == ("frozen", "the replay differs", None, at(8), 5, 2, "action", "h5")
    with pytest.raises(ValueError):  # finishing and freezing have their own intents
        async with store.transaction() as repo:
            await repo.set_game_status(gid, "finished", at(9))
    assert (await state())[0] == "frozen"


# --- seats -------------------------------------------------------------------------------------------------

async def test_seats_are_added_updated_moved_and_removed(store: Store) -> None:
    gid = await new_game(store)
    async with store.transaction() as repo:
        await repo.add_seat(SeatRow(gid, 2, "Two", "stark", at(2)))
        await repo.add_seat(SeatRow(gid, 1, "One", None, at(1), state="autopilot", away_from=at(1),
                                    away_until=at(9)))
        await repo.add_seat(SeatRow(gid, 3, "Three", "tyrell", at(2)))
    async with store.reading() as repo:
        seats = await repo.seats(gid)
    assert [(s.user_id, s.name, s.house, s.state, s.missed) for s in seats] == \
        [(1, "One", None, "autopilot", 0), (2, "Two", "stark", "player", 0), (3, "Three", "tyrell", "player", 0)]
    assert (seats[0].away_from, seats[0].away_until, seats[1].away_until) == (at(1), at(9), None)

    async with store.transaction() as repo:
        await repo.set_seat_house(gid, 2, "lannister")
        await repo.set_missed(gid, 2, 2)
        await repo.set_seat_state(gid, 2, "open")
        await repo.set_seat_state(gid, 3, "autopilot", away_from=at(3), away_until=at(30))
        await repo.move_seat(gid, 1, 8, "Eight")  # the new player plays, not away, nothing missed
    async with store.reading() as repo:
        seats = await repo.seats(gid)
    assert [(s.user_id, s.name, s.house, s.state, s.missed, s.away_from, s.away_until) for s in seats] == \
        [(8, "Eight", None, "player", 0, None, None), (2, "Two", "lannister", "open", 2, None, None),
         (3, "Three", "tyrell", "autopilot", 0, at(3), at(30))]
    async with store.transaction() as repo:
        await repo.set_seat_state(gid, 3, "player")  # back early: the absence is forgotten
        await repo.remove_seat(gid, 2)
    async with store.reading() as repo:
        seats = await repo.seats(gid)
    assert [(s.user_id, s.state, s.away_from, s.away_until) for s in seats] == \
        [(8, "player", None, None), (3, "player", None, None)]


async def test_a_seat_needs_its_game_and_a_user_sits_once(store: Store) -> None:
    gid = await new_game(store)
    with pytest.raises(StorageError):
        async with store.transaction() as repo:
            await repo.add_seat(SeatRow(999, 1, "Nobody", None, at(1)))
    async with store.transaction() as repo:
        await repo.add_seat(SeatRow(gid, 1, "One", None, at(1)))
    with pytest.raises(StorageError):
        async with store.transaction() as repo:
            await repo.add_seat(SeatRow(gid, 1, "Again", None, at(2)))
    async with store.reading() as repo:
        assert [s.name for s in await repo.seats(gid)] == ["One"]
        assert await repo.seats(999) == []


# --- the answer log, rewinds and events --------------------------------------------------------------------

async def test_answers_are_logged_in_order_and_rewinds_mark_them(store: Store) -> None:
    gid = await new_game(store)
    async with store.transaction() as repo:
        for seq, decision in ((1, "1"), (2, "2"), (3, "1"), (4, "3")):
            await repo.add_answer(answer(gid, seq, decision, value=[seq, "x"]))
    async with store.reading() as repo:
        assert [a.seq for a in await repo.answers(gid)] == [1, 2, 3, 4]
        assert [a.seq for a in await repo.answers(gid, after_seq=2)] == [3, 4]
        first = (await repo.answers(gid))[0]
        newest = await repo.answered(gid, "1", "stark")
        assert await repo.answered(gid, "1", "lannister") is None
    assert first == answer(gid, 1, "1", value=[1, "x"])
    assert newest is not None and newest.seq == 3

    async with store.transaction() as repo:
        rid = await repo.add_rewind(gid, 42, 2, 4, 2, "a slip", at(5))
        await repo.mark_rewound(gid, [3, 4], rid)
    async with store.reading() as repo:
        assert [a.seq for a in await repo.answers(gid)] == [1, 2]
        assert [(a.seq, a.rewound) for a in await repo.answers(gid, live=False)] == \
            [(1, None), (2, None), (3, rid), (4, rid)]
        again = await repo.answered(gid, "1", "stark")
        rewinds = await repo.rewinds(gid)
    assert again is not None and again.seq == 1
    assert [(r.id, r.user_id, r.count, r.from_seq, r.to_seq, r.reason, r.at) for r in rewinds] == \
        [(rid, 42, 2, 4, 2, "a slip", at(5))]


async def test_an_answer_seq_is_logged_once(store: Store) -> None:
    gid = await new_game(store)
    async with store.transaction() as repo:
        await repo.add_answer(answer(gid, 1))
    with pytest.raises(StorageError):
        async with store.transaction() as repo:
            await repo.add_answer(answer(gid, 1, value={"other": True}))
    async with store.reading() as repo:
        assert [a.answer for a in await repo.answers(gid)] == [{"a": 1}]


async def test_every_json_answer_round_trips_a_null_one_included(store: Store) -> None:
    """A decision may be answered with JSON null (a "none" choice): it is logged as null, not refused."""
    gid = await new_game(store)
    values = [None, False, 0, "", [], {}, {"b": [1, None], "a": "x"}]
    async with store.transaction() as repo:
        for seq, value in enumerate(values, 1):
            row = answer(gid, seq, str(seq))
            row.answer = value
            await repo.add_answer(row)
    async with store.reading() as repo:
        assert [a.answer for a in await repo.answers(gid)] == values


async def test_events_are_numbered_per_game_and_read_by_audience_and_position(store: Store) -> None:
    gid, other = await new_game(store), await new_game(store)
    async with store.transaction() as repo:
        await repo.add_events(gid, 0, [event("start", seq=1), event("deal", "player", "stark")])
        await repo.add_answer(answer(gid, 1))
        await repo.add_events(gid, 1, [event("march", seq=2), event("secret", "sealed", "g1")])
        await repo.add_events(other, 0, [event("start", seq=1)])
        await repo.add_answer(answer(gid, 2))
        await repo.add_events(gid, 2, [event("raid", seq=3)])
        await repo.add_events(gid, 2, [])
    async with store.reading() as repo:
        every = await repo.events(gid)
        public = await repo.events(gid, audience="public")
        before = await repo.events(gid, audience="public", before=3)
        newest = await repo.events(gid, limit=2)
        others = await repo.events(other)
    assert [(e.n, e.answer_seq, e.event["kind"]) for e in every] == \
        [(1, 0, "start"), (2, 0, "deal"), (3, 1, "march"), (4, 1, "secret"), (5, 2, "raid")]
    assert every[1].event == event("deal", "player", "stark") and every[1].audience == "player"
    assert [e.event["kind"] for e in public] == ["start", "march", "raid"]
    assert [e.event["kind"] for e in before] == ["start", "march"]
    assert [e.event["kind"] for e in newest] == ["secret", "raid"]
    assert [(e.n, e.event["kind"]) for e in others] == [(1, "start")]

    async with store.transaction() as repo:  # events of rewound answers leave the live line
        rid = await repo.add_rewind(gid, 1, 1, 2, 1, "undo", at(3))
        await repo.mark_rewound(gid, [2], rid)
    async with store.reading() as repo:
        assert [e.event["kind"] for e in await repo.events(gid)] == ["start", "deal", "march", "secret"]


# --- snapshots ---------------------------------------------------------------------------------------------

async def test_the_latest_snapshot_of_the_live_line(store: Store) -> None:
    gid = await new_game(store)
    async with store.transaction() as repo:
        await repo.add_snapshot(gid, 0, '{"at":0}')
        for seq in (1, 2, 3):
            await repo.add_answer(answer(gid, seq, str(seq)))
        await repo.add_snapshot(gid, 2, '{"at":2}')
        await repo.add_snapshot(gid, 3, '{"at":3}')
        await repo.add_snapshot(gid, 3, '{"at":"3 again"}')  # replaced
    async with store.reading() as repo:
        assert await repo.snapshot(gid, 3) == (3, '{"at":"3 again"}')
        assert await repo.snapshot(gid, 2) == (2, '{"at":2}')
        assert await repo.snapshot(gid, 1) == (0, '{"at":0}')
        assert await repo.snapshot(999, 5) is None
    async with store.transaction() as repo:
        rid = await repo.add_rewind(gid, 1, 2, 3, 1, "undo", at(4))
        await repo.mark_rewound(gid, [2, 3], rid)
    async with store.reading() as repo:
        assert await repo.snapshot(gid, 3) == (0, '{"at":0}')


# --- the outbox --------------------------------------------------------------------------------------------

def message(gid: int, kind: str = "notice", user: int | None = None, text: str = "hi") -> NewMessage:
    return NewMessage(gid, "player" if user else "public", user, kind, {"text": text, "n": [1, 2]})


async def test_outbox_rows_wait_in_order_until_sent_or_given_up(store: Store) -> None:
    gid, other = await new_game(store), await new_game(store, channel=77)
    async with store.transaction() as repo:
        await repo.add_messages([message(gid, text="a"), message(gid, "prompt", 5, "b"), message(other, text="c")],
                                at(1))
        await repo.add_messages([message(gid, text=t) for t in "defg"], at(2))
    async with store.reading() as repo:
        unsent = await repo.unsent()
        first_two = await repo.unsent(limit=2)
        mine = await repo.outbox(gid)
    assert [r.payload["text"] for r in unsent] == list("abcdefg")
    assert [r.payload["text"] for r in first_two] == ["a", "b"]
    assert [r.payload["text"] for r in mine] == list("abdefg")
    b = unsent[1]
    assert (b.audience, b.user_id, b.kind, b.payload, b.created_at, b.channel_id) == \
        ("player", 5, "prompt", {"text": "b", "n": [1, 2]}, at(1), 10)
    assert unsent[2].channel_id == 77
    keys = [r.key for r in unsent]
    assert len(set(keys)) == len(keys) and all(len(k) <= 25 for k in keys)  # fits Discord's nonce

    ids = {r.payload["text"]: r.id for r in unsent}
    async with store.transaction() as repo:
        await repo.mark_sent(ids["a"], "m1", at(3))
        await repo.mark_sent_many([(ids["b"], "m2"), (ids["c"], "m3")], at(3))
        await repo.mark_retry(ids["d"], "503", at(9))
        await repo.mark_superseded(ids["e"], at(3))
        await repo.mark_failed(ids["f"], "DMs closed", at(3))
    async with store.reading() as repo:
        left = await repo.unsent()
        rows = {r.payload["text"]: r for r in await repo.outbox(gid)}
        delivered = await repo.delivered(gid)
    assert [r.payload["text"] for r in left] == ["d", "g"]
    assert (rows["a"].sent_at, rows["a"].message_id, rows["b"].message_id) == (at(3), "m1", "m2")
    assert (rows["d"].attempts, rows["d"].retry_at, rows["d"].error, rows["d"].sent_at) == (1, at(9), "503", None)
    assert rows["e"].sent_at == at(3) and rows["e"].message_id is None
    assert (rows["f"].failed_at, rows["f"].error, rows["f"].attempts) == (at(3), "DMs closed", 1)
    assert delivered == {"notice": 2, "prompt": 1}  # a, e (superseded) and b; c is the other game's

    async with store.transaction() as repo:  # a retry that works clears retry_at
        await repo.mark_sent(ids["d"], "m4", at(10))
    async with store.reading() as repo:
        d = next(r for r in await repo.outbox(gid) if r.id == ids["d"])
    assert (d.sent_at, d.retry_at, d.attempts) == (at(10), None, 1)


async def test_a_new_status_supersedes_the_games_older_unsent_ones_in_its_transaction(store: Store) -> None:
    """``supersede_status``: the game's status rows not sent yet (one waiting for a retry too) are marked
    superseded; its sent and given-up rows, its other kinds and other games' statuses are left as they are; a
    transaction that rolls back supersedes nothing."""
    gid, other = await new_game(store), await new_game(store, channel=77)
    async with store.transaction() as repo:
        await repo.add_messages([message(gid, "status", text=t) for t in ("sent", "old", "retry", "failed")]
                                + [message(gid, text="notice"), message(other, "status", text="other")], at(1))
    async with store.reading() as repo:
        ids = {r.payload["text"]: r.id for r in await repo.unsent()}
    async with store.transaction() as repo:
        await repo.mark_sent(ids["sent"], "m1", at(2))
        await repo.mark_retry(ids["retry"], "503", at(9))
        await repo.mark_failed(ids["failed"], "gone", at(2))
    with pytest.raises(RuntimeError):
        async with store.transaction() as repo:
            await repo.supersede_status(gid, at(3))
            raise RuntimeError("the new status is not written after all")
    async with store.reading() as repo:
        assert [r.payload["text"] for r in await repo.unsent()] == ["old", "retry", "notice", "other"]
    async with store.transaction() as repo:
        await repo.supersede_status(gid, at(4))
        await repo.add_messages([message(gid, "status", text="new")], at(4))
    async with store.reading() as repo:
        left = [r.payload["text"] for r in await repo.unsent()]
        rows = {r.payload["text"]: r for r in await repo.outbox(gid)}
    assert left == ["notice", "other", "new"]
    assert [(rows[t].sent_at, rows[t].message_id, rows[t].failed_at) for t in ("old", "retry")] == \
        [(at(4), None, None)] * 2
    assert (rows["sent"].sent_at, rows["sent"].message_id) == (at(2), "m1")
    assert (rows["failed"].sent_at, rows["failed"].failed_at) == (None, at(2))


async def test_given_up_rows_are_counted_per_destination_until_said(store: Store) -> None:
    """Rows given up wait, counted per game, audience and user, until a later post of their destination says
    them (``mark_said``: that destination's rows before the post); the prune drops them once they are spent: said,
    or left in a game over (finished or cancelled), before its time (never one still to be said)."""
    gid, other = await new_game(store), await new_game(store, channel=77)
    async with store.transaction() as repo:  # feed: a b c; DMs of user 5 in both games: d e; DMs of user 6: f
        await repo.add_messages([message(gid, text="a"), message(gid, "post", text="b"), message(gid, "prompt", 5, "d"),
                                 message(other, "prompt", 5, "e"), message(gid, "prompt", 6, "f"),
                                 message(gid, text="c"), message(other, text="o")], at(1))
    async with store.reading() as repo:
        ids = {r.payload["text"]: r.id for r in await repo.unsent()}
        assert await repo.given_up() == []
    async with store.transaction() as repo:
        for text in "abdef":
            await repo.mark_failed(ids[text], "gone", at(2))
        await repo.mark_sent(ids["o"], "m0", at(2))
    async with store.reading() as repo:
        given_up = await repo.given_up()
    assert [(g.game_id, g.audience, g.user_id, g.count) for g in given_up] == \
        [(gid, "player", 5, 1), (gid, "player", 6, 1), (gid, "public", None, 2), (other, "player", 5, 1)]
    async with store.transaction() as repo:
        pruned = await repo.prune(at(60))
        assert (pruned.messages, pruned.given_up) == (1, 0)  # only the row sent: the given-up ones wait to be said
        await repo.mark_sent(ids["c"], "m1", at(3))
        await repo.mark_said(gid, None, ids["c"], at(3))  # the feed's next post said a and b
        await repo.mark_said(other, 5, ids["e"], at(3))  # a post to user 5 after d only: e is not said yet
    async with store.reading() as repo:
        left = [(g.game_id, g.audience, g.user_id, g.count) for g in await repo.given_up()]
        rows = {r.payload["text"]: r for r in await repo.outbox(gid)}
    assert left == [(gid, "player", 6, 1), (other, "player", 5, 1)]
    assert (rows["a"].said_at, rows["b"].said_at, rows["d"].said_at, rows["f"].said_at) == (at(3), at(3), at(3), None)
    async def kept() -> set[str]:
        async with store.reading() as repo:
            return {r.payload["text"] for g in (gid, other) for r in await repo.outbox(g)}

    async with store.transaction() as repo:
        assert (await repo.prune(at(3))).given_up == 0  # said at 3: not before 3
        pruned = await repo.prune(at(60))
    assert (pruned.messages, pruned.given_up) == (1, 3)  # c, sent; a, b and d, said: spent
    assert await kept() == {"e", "f"}  # given up and not said, in games still on: kept
    async with store.transaction() as repo:
        await set_status(repo, other, "finished")  # e is left in a game over: no later post of it will say it
        assert (await repo.prune(at(2))).given_up == 0  # given up at 2: not before 2
        assert (await repo.prune(at(60))).given_up == 1
        await set_status(repo, gid, "cancelled")
        assert (await repo.prune(at(60))).given_up == 1
    assert await kept() == set()
    async with store.reading() as repo:
        assert await repo.given_up() == []


async def test_prune_keeps_what_is_still_needed(store: Store) -> None:
    gid, running = await new_game(store), await new_game(store)
    async with store.transaction() as repo:
        await repo.add_snapshot(gid, 0, "{}")
        await repo.add_snapshot(running, 0, "{}")
        for seq in (1, 2, 3):
            await repo.add_answer(answer(gid, seq, str(seq)))
            await repo.add_snapshot(gid, seq, "{}")
            await repo.add_answer(answer(running, seq, str(seq)))
            await repo.add_snapshot(running, seq, "{}")
        await set_status(repo, gid, "finished")
        await set_status(repo, running, "running")
        await repo.add_messages([message(gid, text=t) for t in "abc"], at(1))
        await repo.add_timer(gid, "deadline", at(5), {"decision_id": "1"})
        await repo.add_timer(gid, "reminder", at(4), {"decision_id": "1"})
    async with store.reading() as repo:
        ids = [r.id for r in await repo.outbox(gid)]
        timers = await repo.timers(gid)
    async with store.transaction() as repo:
        await repo.mark_sent(ids[0], "m1", at(2))
        await repo.mark_sent(ids[1], "m2", at(8))
        await repo.finish_timers([timers[1].id])
        pruned = await repo.prune(at(5))
    async with store.reading() as repo:
        left = [r.payload["text"] for r in await repo.outbox(gid)]
        delivered = await repo.delivered(gid)
        kept = [await repo.snapshot(gid, seq) for seq in (0, 1, 2, 3)]
        others = [await repo.snapshot(running, seq) for seq in (1, 2)]
        timers_left = await repo.timers(gid)
    assert (pruned.messages, pruned.timers, pruned.snapshots, pruned.events, pruned.given_up) == (1, 1, 2, 0, 0)
    assert left == ["b", "c"]  # sent after the window's start, and not sent at all
    assert delivered == {"notice": 2}  # the pruned row still counts
    assert [k[0] if k else None for k in kept] == [0, 0, 0, 3]  # a finished game keeps its first and last
    assert [k[0] if k else None for k in others] == [1, 2]  # a running game keeps all of its snapshots
    assert [t.kind for t in timers_left] == ["deadline"]


async def test_a_prune_removes_at_most_its_limit_of_each_kind_and_prune_all_the_rest(store: Store) -> None:
    """One prune is one transaction of bounded size: the oldest ``limit`` rows of each kind; ``prune_all`` goes on,
    a transaction each, until nothing is left (the counts of delivered messages stay whole)."""
    gid = await new_game(store)
    async with store.transaction() as repo:
        for seq in range(0, 7):
            if seq:
                await repo.add_answer(answer(gid, seq, str(seq)))
            await repo.add_snapshot(gid, seq, "{}")
        await set_status(repo, gid, "finished")
        await repo.add_messages([message(gid, text=t) for t in "abcdefgwxyz"], at(1))
        for i in range(5):
            await repo.add_timer(gid, "reminder", at(4), {"decision_id": str(i)})
    async with store.reading() as repo:
        ids = [r.id for r in await repo.outbox(gid)]
        timers = await repo.timers(gid)
    async with store.transaction() as repo:
        await repo.mark_sent_many([(i, f"m{i}") for i in ids[:7]], at(2))
        for i in ids[7:]:  # w x y z: given up in a finished game
            await repo.mark_failed(i, "gone", at(2))
        await repo.finish_timers([t.id for t in timers])
        first = await repo.prune(at(5), limit=3)
    async with store.reading() as repo:
        left = [r.payload["text"] for r in await repo.outbox(gid)]
    assert (first.messages, first.timers, first.snapshots, first.given_up) == (3, 3, 3, 3) and first.bounded(3)
    assert left == list("defgz")  # the oldest went first
    rest = await prune_all(store, at(5), limit=3)
    assert (rest.messages, rest.timers, rest.snapshots, rest.given_up) == (4, 2, 2, 1)
    async with store.reading() as repo:
        assert await repo.outbox(gid) == [] and await repo.delivered(gid) == {"notice": 7}
        assert [s[0] if s else None for s in [await repo.snapshot(gid, seq) for seq in (0, 5, 6)]] == [0, 0, 6]
    assert not (await prune_all(store, at(5), limit=3)).bounded(3)  # nothing left: one empty prune


async def test_a_finished_games_events_read_the_same_once_packed(store: Store) -> None:
    gid, running = await new_game(store), await new_game(store, status="running")
    async with store.transaction() as repo:
        await repo.add_events(gid, 0, [event("start", seq=1), event("deal", "player", "stark")])
        for seq in (1, 2, 3):
            await repo.add_answer(answer(gid, seq, str(seq)))
            await repo.add_events(gid, seq, [event(f"e{seq}", seq=seq + 1), event(f"p{seq}", "player", "stark")])
        rid = await repo.add_rewind(gid, 1, 1, 3, 2, "undo", at(4))
        await repo.mark_rewound(gid, [3], rid)
        await repo.add_events(running, 0, [event("start", seq=1)])
        await set_status(repo, gid, "finished")

    async def read(repo: Repo) -> list[list[tuple[int, int, dict[str, Any]]]]:
        asked = [await repo.events(gid), await repo.events(gid, audience="public"),
                 await repo.events(gid, audience="player", limit=2), await repo.events(gid, before=3),
                 await repo.events(gid, audience="public", before=4, limit=1), await repo.events(running)]
        return [[(e.n, e.answer_seq, e.event) for e in rows] for rows in asked]

    async with store.reading() as repo:
        before = await read(repo)
    async with store.transaction() as repo:
        pruned = await repo.prune(at(0))
    async with store.reading() as repo:
        after = await read(repo)
    assert pruned.events == 8 and after == before
    assert [n for n, _, _ in before[0]] == [1, 2, 3, 4, 5, 6]  # the rewound answer's events are left out
    async with store.transaction() as repo:  # an event added later numbers on after the packed ones
        await repo.add_events(gid, 2, [event("late", seq=9)])
        assert (await repo.prune(at(0))).events == 1
    async with store.reading() as repo:
        assert [(e.n, e.event["kind"]) for e in await repo.events(gid, limit=2)] == [(6, "p2"), (9, "late")]


# --- prompts and timers ------------------------------------------------------------------------------------

async def test_prompts_are_opened_given_deadlines_and_closed(store: Store) -> None:
    gid = await new_game(store)
    async with store.transaction() as repo:
        await repo.add_prompt(PromptRow(gid, "10", "stark", "orders", at(30), at(1)))
        await repo.add_prompt(PromptRow(gid, "9", "lannister", "orders", at(30), at(1)))
        await repo.add_prompt(PromptRow(gid, "2", "tyrell", "muster", None, at(2)))
        await repo.set_prompt_deadline(gid, "2", at(40))
    async with store.reading() as repo:
        prompts = await repo.prompts(gid)
    assert [(p.decision_id, p.house, p.kind, p.deadline_at, p.opened_at) for p in prompts] == \
        [("9", "lannister", "orders", at(30), at(1)), ("10", "stark", "orders", at(30), at(1)),
         ("2", "tyrell", "muster", at(40), at(2))]
    async with store.transaction() as repo:
        await repo.remove_prompts(gid, ["9", "2"])
        await repo.set_prompt_deadline(gid, "10", None)
    async with store.reading() as repo:
        assert [(p.decision_id, p.deadline_at) for p in await repo.prompts(gid)] == [("10", None)]


async def test_timers_fall_due_only_for_running_games_and_in_due_order(store: Store) -> None:
    running, paused = await new_game(store, status="running"), await new_game(store, status="paused")
    async with store.transaction() as repo:
        await repo.add_timer(running, "deadline", at(10), {"decision_id": "1", "house": "stark"})
        await repo.add_timer(running, "reminder", at(5), {"decision_id": "1", "fraction": 0.5})
        await repo.add_timer(running, "deadline", at(20), {"decision_id": "2"})
        await repo.add_timer(paused, "deadline", at(1), {"decision_id": "1"})
        await repo.add_timer(paused, "vote", at(3), {"vote_id": 1})
    async with store.reading() as repo:
        assert await repo.next_due() == at(3)  # the paused game's vote still closes; its deadline waits
        due = await repo.due_timers(at(10))
        assert [(t.game_id, t.kind, t.due_at) for t in due] == \
            [(paused, "vote", at(3)), (running, "reminder", at(5)), (running, "deadline", at(10))]
        assert due[2].payload == {"decision_id": "1", "house": "stark"} and not due[2].done
        assert await repo.due_timers(at(2)) == []
        mine = await repo.timers(running)
    assert [t.due_at for t in mine] == [at(10), at(5), at(20)]

    async with store.transaction() as repo:
        await repo.finish_timers([due[0].id, due[1].id])
        await repo.set_timer(mine[0].id, None, 60_000)  # paused: no due time, the time left kept
    async with store.reading() as repo:
        assert [(t.due_at, t.remaining_ms) for t in await repo.timers(running)] == [(None, 60_000), (at(20), None)]
        assert await repo.next_due() == at(20)
    async with store.transaction() as repo:
        await repo.cancel_timers(running, ["2"])
    async with store.reading() as repo:
        assert [t.payload["decision_id"] for t in await repo.timers(running)] == ["1"]
    async with store.transaction() as repo:
        await repo.cancel_timers(running)
        await repo.cancel_timers(paused)
    async with store.reading() as repo:
        assert await repo.timers(running) == [] and await repo.next_due() is None
        assert await repo.due_timers(at(100)) == []


# --- votes, looks and results ------------------------------------------------------------------------------

async def test_votes_and_their_ballots(store: Store) -> None:
    gid = await new_game(store)
    async with store.transaction() as repo:
        pause = await repo.add_vote(gid, "pause", None, None, 1, at(1), at(61))
        kick = await repo.add_vote(gid, "kick", "stark", None, 2, at(2), at(62))
        await repo.cast_ballot(pause, 3, True, at(3))
        await repo.cast_ballot(pause, 1, True, at(3))
        await repo.cast_ballot(pause, 3, False, at(4))  # a later click replaces the first
    async with store.reading() as repo:
        vote = await repo.vote(kick)
        assert [v.id for v in await repo.open_votes(gid)] == [pause, kick]
        assert await repo.ballots(pause) == {1: True, 3: False}
        assert await repo.ballots(kick) == {}
        assert await repo.vote(999) is None
    assert vote is not None
    assert (vote.kind, vote.house, vote.hours, vote.opener_id, vote.status, vote.outcome, vote.opened_at,
            vote.closes_at, vote.closed_at) == ("kick", "stark", None, 2, "open", None, at(2), at(62), None)
    async with store.transaction() as repo:
        await repo.close_vote(pause, "failed", "No pause.", at(5))
        await repo.close_vote(pause, "passed", "too late", at(6))  # a closed vote stays as it closed
    async with store.reading() as repo:
        closed = await repo.vote(pause)
        assert [v.id for v in await repo.open_votes(gid)] == [kick]
    assert closed is not None and (closed.status, closed.outcome, closed.closed_at) == ("failed", "No pause.", at(5))


async def test_looks_and_results(store: Store) -> None:
    a, b, elsewhere = await new_game(store), await new_game(store), await new_game(store)
    async with store.transaction() as repo:
        assert await repo.looked(a, 1) is None
        await repo.set_looked(a, 1, 5, at(1))
        await repo.set_looked(a, 1, 9, at(2))
        await repo.add_result(b, 7, [{"house": "stark", "user_id": 2}], at(3))
        await repo.add_result(a, 7, [{"house": "tyrell", "user_id": 1}], at(4))
        await repo.add_result(elsewhere, 8, [{"house": "baratheon", "user_id": 3}], at(1))
    async with store.reading() as repo:
        assert await repo.looked(a, 1) == 9 and await repo.looked(a, 2) is None
        assert await repo.results(7) == [[{"house": "stark", "user_id": 2}], [{"house": "tyrell", "user_id": 1}]]
    async with store.transaction() as repo:
        await repo.remove_result(b)
    async with store.reading() as repo:
        assert await repo.results(7) == [[{"house": "tyrell", "user_id": 1}]]
        assert await repo.results(9) == []


async def test_member_zones_and_front_posts(store: Store) -> None:
    gid = await new_game(store)
    async with store.transaction() as repo:
        assert await repo.member_zone(5) is None
        await repo.set_member_zone(5, "Europe/Paris", at(1))
        await repo.set_member_zone(5, "Asia/Tokyo", at(2))  # a later choice replaces the first
        await repo.set_front_post(gid, "status", 0, "m1", at(1))
        await repo.set_front_post(gid, "status", 0, "m2", at(2))
        await repo.set_front_post(gid, "closed_dm", 7, "", at(2))
    async with store.reading() as repo:
        assert await repo.member_zone(5) == "Asia/Tokyo" and await repo.member_zone(6) is None
        assert await repo.front_post(gid, "status") == "m2"
        assert await repo.front_post(gid, "closed_dm", 7) == "" and await repo.front_post(gid, "closed_dm", 8) is None
    async with store.transaction() as repo:  # prune keeps them: they are what a restart needs
        await set_status(repo, gid, "finished")
        await repo.prune(at(100))
    async with store.reading() as repo:
        assert await repo.front_post(gid, "status") == "m2"


# --- transactions ------------------------------------------------------------------------------------------

async def test_a_transaction_that_raises_leaves_nothing(store: Store) -> None:
    gid = await new_game(store)
    with pytest.raises(RuntimeError):
        async with store.transaction() as repo:
            await repo.add_answer(answer(gid, 1))
            await repo.add_messages([message(gid)], at(1))
            assert [a.seq for a in await repo.answers(gid)] == [1]  # it sees its own writes
            raise RuntimeError("the engine broke")
    with pytest.raises(RuntimeError):  # the same without a read in the block
        async with store.transaction() as repo:
            await repo.add_answer(answer(gid, 1))
            raise RuntimeError("the engine broke")
    async with store.reading() as repo:
        assert await repo.answers(gid) == [] and await repo.unsent() == []
    async with store.transaction() as repo:  # the store is usable afterwards
        await repo.add_answer(answer(gid, 1))
    async with store.reading() as repo:
        assert [a.seq for a in await repo.answers(gid)] == [1]


async def test_a_failing_write_rolls_back_its_whole_transaction(store: Store) -> None:
    gid = await new_game(store)
    with pytest.raises(StorageError):
        async with store.transaction() as repo:
            await repo.add_messages([message(gid)], at(1))
            await repo.add_answer(answer(999, 1))  # no such game
    async with store.reading() as repo:
        assert await repo.unsent() == []


async def test_concurrent_transactions_stand_or_fall_alone(store: Store) -> None:
    """Many transactions at once (a store may commit them together): the failing ones leave nothing, every other
    one is committed when its block is left."""
    gids = [await new_game(store) for _ in range(3)]

    async def one(i: int) -> str:
        gid = gids[i % 3]
        try:
            async with store.transaction() as repo:
                await repo.add_messages([message(gid, text=f"t{i}")], at(1))
                if i % 4 == 1:  # a read inside the block
                    await repo.answers(gid)
                await repo.add_answer(answer(999 if i % 5 == 2 else gid, 1 + i // 3))
        except StorageError:
            return "failed"
        async with store.reading() as repo:  # committed once the block is left
            assert f"t{i}" in [r.payload["text"] for r in await repo.outbox(gid)]
        return "ok"

    outcomes = await asyncio.gather(*(one(i) for i in range(30)))
    async with store.reading() as repo:
        texts = sorted(int(r.payload["text"][1:]) for r in await repo.unsent())
        answers = sum([len(await repo.answers(g)) for g in gids])
    assert [o == "failed" for o in outcomes] == [i % 5 == 2 for i in range(30)]
    assert texts == [i for i in range(30) if i % 5 != 2] and answers == 24


async def test_reading_sees_committed_rows_only_and_refuses_writes(store: Store) -> None:
    gid = await new_game(store)
    inside, go_on = asyncio.Event(), asyncio.Event()

    async def slow_transaction() -> None:
        async with store.transaction() as repo:
            await repo.add_messages([message(gid, text="pending")], at(1))
            await repo.answers(gid)  # the write has reached the database, uncommitted
            inside.set()
            await go_on.wait()

    task = asyncio.create_task(slow_transaction())
    await inside.wait()
    read = asyncio.create_task(_unsent_texts(store))
    await asyncio.sleep(0.05)
    go_on.set()
    await task
    assert await read in ([], ["pending"])  # never a row that might still roll back: before, or after its commit
    assert await _unsent_texts(store) == ["pending"]
    with pytest.raises(StorageError):
        async with store.reading() as repo:
            await repo.add_messages([message(gid)], at(2))
    assert await _unsent_texts(store) == ["pending"]


async def _unsent_texts(store: Store) -> list[str]:
    async with store.reading() as repo:
        return [r.payload["text"] for r in await repo.unsent()]



# --- times -------------------------------------------------------------------------------------------------

NAIVE = datetime(2030, 1, 1, 12, 0)
EAST = timezone(timedelta(hours=5, minutes=30))


async def test_a_naive_time_is_refused_and_writes_nothing(store: Store) -> None:
    gid = await new_game(store, status="running")
    refusals: list[Any] = [
        lambda r: r.add_game(7, 10, 1, 3, {}, NAIVE),
        lambda r: r.add_seat(SeatRow(gid, 9, "Nine", None, NAIVE)),
        lambda r: r.set_seat_state(gid, 9, "autopilot", away_from=at(1), away_until=NAIVE),
        lambda r: r.add_timer(gid, "deadline", NAIVE, {"decision_id": "1"}),
        lambda r: r.add_messages([message(gid)], NAIVE),
        lambda r: r.record_state(gid, 1, 1, "planning", "h", NAIVE),
        lambda r: r.add_answer(AnswerRow(gid, 1, 1, "stark", "1", "orders", {}, "player", 1, "planning", "h", NAIVE)),
        lambda r: r.due_timers(NAIVE),
        lambda r: r.whispers(gid, since=NAIVE),
        lambda r: r.claim_messages("me", NAIVE, at(1)),
        lambda r: r.claim_timers("me", at(0), NAIVE),
        lambda r: r.lease_shards("me", [0], at(0), NAIVE),
    ]
    for refused in refusals:
        with pytest.raises(ValueError, match="timezone-aware"):
            async with store.transaction() as repo:
                await repo.add_whisper(gid, "stark", "tyrell", "before the refusal", at(1))
                await refused(repo)
    with pytest.raises(ValueError, match="timezone-aware"):
        async with store.reading() as repo:
            await repo.due_timers(NAIVE)
    async with store.reading() as repo:
        assert [g.id for g in await repo.games()] == [gid]
        assert await repo.seats(gid) == [] and await repo.timers(gid) == [] and await repo.unsent() == []
        assert await repo.answers(gid) == [] and await repo.whispers(gid) == []
        game = await repo.game(gid)
    assert game is not None and game.seq == 0


def _utc(moment: datetime | None) -> bool:
    return moment is None or (moment.tzinfo is not None and moment.utcoffset() == timedelta(0))


async def test_times_round_trip_equal_to_the_microsecond_and_in_utc(store: Store) -> None:
    """Every time a store keeps comes back as the same instant, microseconds included, as an aware UTC datetime,
    whatever zone it was given in."""
    t = [datetime(2031, 7, 4, 9, 15, 30, 123456 + i, tzinfo=EAST) for i in range(12)]
    async with store.transaction() as repo:
        gid = await repo.add_game(7, 10, 1, 3, {}, t[0])
        await repo.add_seat(SeatRow(gid, 1, "One", "stark", t[1], state="autopilot", away_from=t[2], away_until=t[3]))
        await repo.start_game(gid, "42", {}, t[4])
        await repo.add_answer(AnswerRow(gid, 1, 1, "stark", "1", "orders", {}, "player", 1, "planning", "h", t[5]))
        await repo.record_state(gid, 1, 1, "planning", "h", t[6])
        await repo.add_prompt(PromptRow(gid, "2", "stark", "orders", t[7], t[8]))
        await repo.add_timer(gid, "deadline", t[7], {"decision_id": "2"})
        await repo.add_messages([message(gid)], t[9])
        vote = await repo.add_vote(gid, "pause", None, None, 1, t[10], t[11])
        await repo.add_whisper(gid, "stark", "tyrell", "psst", t[11])
        rewind = await repo.add_rewind(gid, 1, 1, 1, 0, "oops", t[3])
    async with store.reading() as repo:
        game = await repo.game(gid)
        seat = (await repo.seats(gid))[0]
        a = (await repo.answers(gid))[0]
        prompt = (await repo.prompts(gid))[0]
        timer = (await repo.timers(gid))[0]
        message_row = (await repo.unsent())[0]
        vote_row = await repo.vote(vote)
        whisper = (await repo.whispers(gid))[0]
        rewound = (await repo.rewinds(gid))[0]
        upcoming = await repo.next_due()
    assert game is not None and vote_row is not None and rewound.id == rewind
    got = [game.created_at, seat.joined_at, seat.away_from, seat.away_until, game.started_at, a.at, game.updated_at,
           prompt.deadline_at, prompt.opened_at, message_row.created_at, vote_row.opened_at, vote_row.closes_at]
    assert got == t
    assert [timer.due_at, upcoming, whisper["at"], rewound.at] == [t[7], t[7], t[11], t[3]]
    assert all(isinstance(m, datetime) and _utc(m) for m in [*got, timer.due_at, upcoming, whisper["at"], rewound.at])
    async with store.transaction() as repo:
        await repo.mark_retry(message_row.id, "503", t[1])
        await repo.finish_game(gid, t[2])
        await repo.close_vote(vote, "failed", "no", t[4])
    async with store.reading() as repo:
        message_row = (await repo.outbox(gid))[0]
        game = await repo.game(gid)
        vote_row = await repo.vote(vote)
    assert game is not None and vote_row is not None
    assert (message_row.retry_at, game.finished_at, vote_row.closed_at) == (t[1], t[2], t[4])
    assert all(_utc(m) for m in (message_row.retry_at, game.finished_at, vote_row.closed_at))


async def test_due_timers_are_ordered_and_compared_as_instants(store: Store) -> None:
    """Due order and ``<=`` compare instants: a time given in another zone, or a microsecond apart, sorts where
    its instant belongs."""
    gid = await new_game(store, status="running")
    noon = datetime(2031, 1, 1, 12, 0, tzinfo=UTC)
    times = {
        "a": datetime(2031, 1, 1, 13, 30, tzinfo=timezone(timedelta(hours=2))),  # 11:30 UTC
        "b": noon,
        "c": noon + timedelta(microseconds=1),
        "d": datetime(2031, 1, 1, 7, 0, 1, tzinfo=timezone(timedelta(hours=-5))),  # 12:00:01 UTC
        "e": noon - timedelta(microseconds=1),
    }
    async with store.transaction() as repo:
        for name in "abcde":
            await repo.add_timer(gid, "reminder", times[name], {"decision_id": name})

    def names(timers: list[TimerRow]) -> str:
        return "".join(x.payload["decision_id"] for x in timers)

    async with store.reading() as repo:
        assert await repo.next_due() == times["a"]
        assert names(await repo.due_timers(noon)) == "aeb"  # at or before noon, in due order
        assert names(await repo.due_timers(noon.astimezone(EAST))) == "aeb"  # the same instant in another zone
        assert names(await repo.due_timers(noon + timedelta(seconds=1))) == "aebcd"
        assert names(await repo.due_timers(times["a"] - timedelta(microseconds=1))) == ""
    async with store.transaction() as repo:
        claimed = await repo.claim_timers("me", noon, noon + timedelta(minutes=1))
    assert names(claimed) == "aeb" and [x.due_at for x in claimed] == sorted(x.due_at for x in claimed if x.due_at)
