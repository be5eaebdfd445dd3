"""A whole game played in Discord by scripted users doing only what a user can do: slash commands, clicks,
selects and DM text. Nothing in the test calls the service or the engine."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest

from bot.service import OutboxMessage
from bot.service.outbox import PermanentError
from engine.core import Rng
from tests.bot.players import HEADER, AckClock, Player, game_over
from tests.stack.test_leaks import Auditor


def audit_every_delivery(bot, gid: int, leaks: list[str]) -> Callable[[], Auditor | None]:
    """Wrap the bot's transport: before each message reaches Discord, check it against the raw state of the
    game at that moment (the stack tests' auditor: orders, bids and House cards before their reveal, the Raven's
    peek, deck orders, the RNG state), and that it goes to the user whose house it concerns. A leak is kept in
    ``leaks`` (the dispatcher would only retry a failing send) and the message is held back."""
    svc, send = bot.service, bot.transport.send
    auditor: Auditor | None = None

    async def audited(msg: OutboxMessage) -> str:
        nonlocal auditor
        table = svc._tables.get(gid)  # the live game: the raw state the message is checked against
        if auditor is None:
            auditor = Auditor(table.game, {s.user_id: s.house for s in table.seats}, int(table.row.seed))
        elif table is not None:
            auditor.game = table.game  # (a finished game leaves the cache: its last state stays the one to check)
        viewer = None if msg.audience == "public" else auditor.house_of[msg.user_id]
        problems = auditor.leaks(msg, viewer)
        if problems:
            leaks.append(f"{msg.kind} to {viewer or 'the public'} leaks: {problems}")
            raise PermanentError("leak")
        auditor.checked += 1
        return await send(msg)

    bot.transport.send = audited
    return lambda: auditor


@pytest.mark.asyncio
@pytest.mark.parametrize("count", [3, pytest.param(6, marks=pytest.mark.timeout(600))])
async def test_a_whole_game_from_create_to_final_standings(world, monkeypatch, count):
    env, path = world
    ack = AckClock(monkeypatch)
    guild = env.create_guild()
    channel = guild.create_text_channel("westeros")
    members = [guild.add_member(env.create_user(f"player{i}")) for i in range(count)]
    created = await members[0].slash(channel, "game create", players=count)
    assert "Game #1" in created.response.content
    thread = channel.threads[-1]  # the game's own thread: its feed, boards, combats, votes and notices
    for m in members[1:]:
        await m.slash(channel, "game join")  # from the parent channel: the join is told in the thread
    leaks: list[str] = []
    audit = audit_every_delivery(env.bot, 1, leaks)
    started = await members[0].slash(channel, "game start")
    assert started.ephemeral and any("begins" in (m.content or "") for m in thread.history())
    houses = {}
    for m in members:
        first = next(x for x in m.user.dm_channel.history() if HEADER.search(x.content or ""))
        houses[m.id] = HEADER.search(first.content).group(2)
    players = [Player(m, Rng(i + 1)) for i, m in enumerate(members)]
    clicks, texts, timings = 0, 0, []
    for _ in range(3000):
        acted = 0
        for i, p in enumerate(players):
            start = time.perf_counter()
            n = await p.act(text_orders=(i == 0))
            if n:
                timings.append((time.perf_counter() - start) / n)
            acted += n
        clicks += acted
        texts = sum(p.texts for p in players)
        assert not leaks, leaks[:3]
        if game_over(thread):
            break
        if not acted:
            await env.advance_time(13 * 3600)  # someone has nothing to click: the deadline plays the default
    assert game_over(thread), "the game did not finish"
    history = thread.history()
    parent = [m for m in channel.history() if not m.flags.ephemeral and not m.is_system()]
    assert parent[0].id == created.response.id and len(parent) == 2, [m.content[:60] for m in parent]
    assert parent[1].content.startswith("🏆") and f"<#{thread.id}>" in parent[1].content  # and the standings alone
    assert sum(1 for m in history if (m.content or "").startswith("📜")) == 1 and \
        [m.content[:1] for m in thread.pinned_messages()] == ["📜"]  # the status, pinned, edited in place
    standings = next(m.content for m in history if (m.content or "").startswith("🏆"))
    assert all(f"{place}. " in standings for place in range(1, count + 1))
    assert sum(1 for m in history if m.attachments) >= 10  # boards after reveals, combats and rounds
    # a quiet feed: one post per step, none per answer (the status message says who is awaited)
    rounds = int(re.search(r"in round (\d+)", standings).group(1))  # type: ignore[union-attr]
    assert len(history) <= 12 * rounds + 4, (len(history), rounds)  # + the start's three posts and the standings
    assert not [m for m in history if re.search(r"has placed orders|has bid for|has chosen a House card",
                                                 m.content or "")]
    # every prompt a user received names that user's own house, never another's
    for p in players:
        for m in p.dms():
            found = HEADER.search(m.content or "")
            if found:
                assert found.group(2) == houses[p.member.id], (p.member.id, m.content[:80])
    assert all(not r.startswith("❌") for p in players for r in p.replies), [r for p in players for r in p.replies
                                                                          if r.startswith("❌")][:5]
    auditor = audit()
    assert auditor.checked > 200 and auditor.hidden_seen["orders"] > 0 and auditor.hidden_seen["bids"] > 0
    timings.sort()
    acks = sorted(ack.acks)
    assert len(acks) >= clicks - texts and acks[-1] < 1.0  # every interaction acknowledged well within Discord's 3 s
    p50, p99 = acks[len(acks) // 2] * 1000, acks[int(len(acks) * 0.99)] * 1000
    print(f"\nacknowledgement p50 {p50:.1f} ms, p99 {p99:.1f} ms over {len(acks)} interactions")
    dms = sum(len(p.dms()) for p in players)
    largest = max(a.size for m in history for a in m.attachments)
    print(f"\n{clicks} answers; per-answer round trip p50 {timings[len(timings) // 2] * 1000:.1f} ms, "
          f"p99 {timings[int(len(timings) * 0.99)] * 1000:.1f} ms; per round {len(history) / 10:.1f} thread "
          f"messages, {len(parent)} in the parent channel in all, and {dms / 10:.1f} DMs; largest image "
          f"{largest / 1024:.0f} KiB; database {path.stat().st_size // 1024} KiB")
    print(standings, sum(1 for m in history if "missed the deadline" in (m.content or "")), "deadlines missed")
