"""The queue through SimCord (issue 29): members of a server join and leave ``/queue``; a ready check is posted
with its Ready button when enough wait for the same table; one that times out drops who did not press and the
queue refills; the Ready button survives a restart, a click on a check that is over is told so; when all are ready
the game's thread opens under the queue's channel and the game starts there with every member seated. Bad input
is refused in one line and stores nothing. Prints how many seats the queue filled."""

from __future__ import annotations

import random

import pytest

from bot.service.queue import READY_TIME
from tests.bot.conftest import make_bot
from tests.bot.players import custom_ids, said

READY = "agot:ready:"


def ready_posts(channel):
    return [m for m in channel.history() if any(c.startswith(READY) for c in custom_ids(m))]


def lines(channel) -> list[str]:
    return [m.content or "" for m in channel.history()]


async def click_ready(member, post) -> str:
    button = next(c for c in custom_ids(post) if c.startswith(READY))
    return said(await member.click(post, custom_id=button))[0]


@pytest.mark.asyncio
@pytest.mark.timeout(60)
async def test_members_queue_checks_time_out_and_games_start(world):
    env, path = world
    guild = env.create_guild()
    hall = guild.create_text_channel("hall")
    m = [guild.add_member(env.create_user(f"Quinn{i}")) for i in range(8)]

    async def join(i: int, game: str = "agot", players: int = 3, **kw: str) -> str:
        return said(await m[i].slash(hall, "queue join", game=game, players=players, **kw))[0]

    bad = await join(0, settings="tiebreak:coin")
    assert bad.startswith("❌") and "\n" not in bad
    assert "Nobody waits" in said(await m[0].slash(hall, "queue show"))[0]

    assert "1/3 waiting" in await join(0)
    assert "2/3 waiting" in await join(1)  # a second member ...
    assert said(await m[1].slash(hall, "queue leave"))[0].startswith("🚪 You leave the queue")  # ... leaves again
    assert said(await m[1].slash(hall, "queue leave"))[0] == "❌ You are not in this server's queue."
    assert "1/3 waiting" in await join(3, settings="tiebreak:faq")  # another table: not matched with the others
    assert "2/3 waiting" in await join(2)
    again = await join(2)
    assert again.startswith("❌") and "already in this server's queue" in again
    assert "ready check is open" in await join(4)
    (post,) = ready_posts(hall)
    assert all(f"<@{m[i].id}>" in post.content for i in (0, 2, 4)) and f"<@{m[3].id}>" not in post.content
    assert "not yours" in await click_ready(m[5], post)
    assert "waiting for" in await click_ready(m[0], post)
    assert "waiting for" in await click_ready(m[2], post)
    shown = said(await m[7].slash(hall, "queue show"))[0]
    assert "2/3 ready" in shown and "tiebreak:faq" in shown

    await env.advance_time(READY_TIME.total_seconds() + 5)  # Quinn4 never pressed: dropped, the queue waits on
    assert any(f"⌛ The ready check timed out: <@{m[4].id}> did not press Ready" in x for x in lines(hall))
    assert "This ready check is over" in await click_ready(m[0], post)
    assert "ready check is open" in await join(5)  # the queue refills: Quinn0 and Quinn2 kept their places
    post = ready_posts(hall)[-1]
    assert all(f"<@{m[i].id}>" in post.content for i in (0, 2, 5))
    await click_ready(m[0], post)
    await click_ready(m[5], post)
    await env.bot.service.close()  # a restart before the last click: the button and the clicks are kept
    await env.restart_bot(await make_bot(path))
    await env.bot.tree.sync()
    last = await click_ready(m[2], post)
    assert "Everyone is ready" in last
    thread = hall.threads[-1]
    first = max(g.id for g in await env.bot.service.games_in_channel(thread.id))
    info = await env.bot.service.game(first)
    assert info.status == "running" and sorted(s.user_id for s in info.seats) == sorted(m[i].id for i in (0, 2, 5))
    assert len({s.house for s in info.seats if s.house}) == 3  # seats dealt by the room
    assert any(x.startswith(f"🏁 **Game #{first} begins**, made by the queue.") for x in lines(thread))
    assert "over" in await click_ready(m[2], post)

    for i in (6, 7):  # another game, another table size
        await join(i, "whitechapel", 2)
    post = ready_posts(hall)[-1]
    assert "Letters from Whitechapel" in post.content
    for i in (7, 6):
        await click_ready(m[i], post)
    second = hall.threads[-1]
    (info2,) = await env.bot.service.games_in_channel(second.id)
    assert info2.game == "whitechapel" and info2.status == "running" and len(info2.seats) == 2

    shown = said(await m[3].slash(hall, "queue show"))[0]
    assert "1/3 waiting (Quinn3)" in shown and "Quinn0" not in shown
    seats = len(info.seats) + len(info2.seats)
    print(f"\nqueue: {seats} seats filled in 2 games; 1 ready check timed out, 1 member left, 1 dropped")
    assert seats == 5


@pytest.mark.asyncio
@pytest.mark.timeout(60)
async def test_a_busy_evening_in_the_queue(world):
    """Members of one server join the queue for three games at random, some leave again, some never press Ready:
    every game the queue starts is one of its ready checks and seats exactly the members who pressed Ready there,
    each with a seat of their own. Prints how many seats the queue filled."""
    env, _ = world
    rng = random.Random(29)
    guild = env.create_guild()
    hall = guild.create_text_channel("hall")
    members = [guild.add_member(env.create_user(f"Evening{i}")) for i in range(14)]
    tables = {"agot": 3, "whitechapel": 2, "monopoly": 2}
    pressed: dict[int, set[int]] = {}  # ready check (its game) -> who pressed Ready
    left = timeouts = 0
    for _ in range(4):
        for member in rng.sample(members, 9):
            game = rng.choice(list(tables))
            reply = said(await member.slash(hall, "queue join", game=game, players=tables[game]))[0]
            assert reply.startswith(("🕐", "❌")) and "\n" not in reply
            if rng.random() < 0.15:
                await member.slash(hall, "queue leave")
                left += 1
        lazy = False
        for post in ready_posts(hall):
            check = int(next(c for c in custom_ids(post) if c.startswith(READY)).removeprefix(READY))
            if check in pressed:
                continue
            named = [m for m in members if f"<@{m.id}>" in post.content]
            pressing = [m for m in named if rng.random() < 0.85] or named[:1]
            lazy = lazy or len(pressing) < len(named)
            pressed[check] = set()
            for m in pressing:
                answer = await click_ready(m, post)
                assert answer.startswith(("✅", "❌")), answer
                if answer.startswith("✅"):
                    pressed[check].add(m.id)
        if lazy:
            await env.advance_time(READY_TIME.total_seconds() + 5)
            timeouts += 1
    games = {g.id: g for m in members for g in await env.bot.service.games_of_user(m.id) if g.status == "running"}
    for g in games.values():
        assert {s.user_id for s in g.seats} == pressed[g.id] and len(g.seats) == tables[g.game]
        assert len({s.house for s in g.seats if s.house}) == len(g.seats)  # the room dealt a seat to each
    seats = sum(len(g.seats) for g in games.values())
    print(f"\nqueue, a busy evening: {len(members)} members, {len(pressed)} ready checks ({timeouts} timed out "
          f"rounds), {left} leaves: {seats} seats filled in {len(games)} games")
    assert len(games) >= 3 and len(games) < len(pressed)  # some checks started games, some timed out
