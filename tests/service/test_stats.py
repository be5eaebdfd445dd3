"""Issue 29, part 1: a player's statistics and who a table waits for, from the stored answers (with when each
decision was asked), the seats' places and the seat log, never by replaying a game. Short Monopoly games (2
players, 10 rounds: about 40 answers) on a fake clock, so that every time to answer is known."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.service import TableService
from bot.service.clock import FakeClock
from bot.service.models import ServiceError
from bot.service.stats import EVERYWHERE_REFUSED, NO_SERVER, Waits
from tests.service.kit import aio

pytestmark = pytest.mark.timeout(30)

ALICE, BOB, CAROL = 100, 101, 102
HERE, THERE = 1, 2  # two servers
Pace = Callable[[int, int], float]  # (user, their n-th answer) -> seconds they take


async def table(svc: TableService, guild: int, users: tuple[int, ...], settings: dict[str, object] | None = None,
                ) -> int:
    gid = await svc.create_game(guild, 500 + guild, users[0], len(users), settings={"rounds": 10, **(settings or {})},
                                game="monopoly")
    for user in users:
        await svc.join(gid, user, name=f"p{user}")
    await svc.start(gid, users[0])
    return gid


async def play(svc: TableService, clock: FakeClock, gid: int, pace: Pace,
               answers: int | None = None) -> dict[int, list[float]]:
    """Each waiting player answers the default after ``pace`` seconds; to the end or ``answers`` answers. Returns
    the seconds each player took (one decision open at a time: each opens as the one before is answered)."""
    count: dict[int, int] = {}
    taken: dict[int, list[float]] = {}
    done = 0
    while answers is None or done < answers:
        status = await svc.status(gid)
        if status["status"] != "running" or not status["waiting"]:
            break
        # the seat's player (a faceless game's status names none)
        user, decision = [(s.user_id, d) for s in (await svc.game(gid)).seats if s.state != "open"
                          for d in await svc.pending(gid, s.user_id)][0]
        n = count[user] = count.get(user, 0) + 1
        clock.advance(pace(user, n))
        taken.setdefault(user, []).append(pace(user, n))
        reply = await svc.answer(gid, user, decision["id"], decision["default"])
        assert reply.accepted, reply
        done += 1
    return taken


Story = Callable[[TableService, FakeClock], Awaitable[None]]
STORIES: list[Story] = []  # each test's body, told again on PostgreSQL (tests/pg/test_stats_pg.py)


async def told(story: Story, db: str | Path) -> None:
    clock = FakeClock()
    svc = await TableService.open(db, clock=clock)
    try:
        await story(svc, clock)
    finally:
        await svc.close()


def service_test(story: Story) -> Callable[[Path], None]:
    STORIES.append(story)

    @aio
    async def run(tmp_path: Path) -> None:
        await told(story, tmp_path / "stats.sqlite3")

    run.__name__ = story.__name__
    run.__doc__ = story.__doc__
    return run


def test_waits_median_and_90th_percentile() -> None:
    assert Waits.of([]) == Waits(0, None, None)
    assert Waits.of([30.0, 10.0, 20.0]) == Waits(3, 20.0, 30.0)
    ten = Waits.of([float(s) for s in range(1, 11)])  # 1..10 s: the median between 5 and 6, 9 within 90%
    assert (ten.answers, ten.median, ten.p90) == (10, 5.5, 9.0)


@service_test
async def test_a_players_figures_in_a_server_and_everywhere(svc: TableService, clock: FakeClock) -> None:
    """Alice answers in 60 s, Bob in 10, 20, ... 100 s in turn; each plays a finished game here and Alice one more
    there: games, places, wins, the median and 90th percentile of their times to answer."""
    here = await table(svc, HERE, (ALICE, BOB))
    taken = await play(svc, clock, here, lambda user, n: 60.0 if user == ALICE else 10.0 * (1 + (n - 1) % 10))
    there = await table(svc, THERE, (ALICE, CAROL))
    await play(svc, clock, there, lambda user, n: 600.0)
    assert (await svc.game(here)).status == (await svc.game(there)).status == "finished"

    alice = await svc.stats(ALICE, ALICE, HERE)
    assert alice.guild_id == HERE
    [monopoly] = alice.games
    assert (monopoly.game, monopoly.played, monopoly.finished) == ("monopoly", 1, 1)
    assert sum(sum(p.values()) for p in monopoly.places.values()) == 1
    assert alice.waits.median == alice.waits.p90 == 60.0 and alice.waits.answers > 10
    assert (alice.missed, alice.absences, alice.left, alice.kicked) == (0, 0, 0, 0)

    bob = await svc.stats(BOB, ALICE, HERE)  # another member's figures in the server they share
    assert bob.waits == Waits.of(taken[BOB]) and bob.waits.answers > 10
    assert bob.waits.median != bob.waits.p90
    # one of the two won this game: the wins add up to one
    assert alice.games[0].wins + bob.games[0].wins == 1

    everywhere = await svc.stats(ALICE, ALICE, HERE, everywhere=True)
    assert everywhere.guild_id is None
    assert (everywhere.games[0].played, everywhere.games[0].finished) == (2, 2)
    assert everywhere.waits.answers > alice.waits.answers
    assert everywhere.waits.p90 == 600.0  # half of her answers there took 600 s


@service_test
async def test_another_members_figures_across_servers_are_refused(svc: TableService, clock: FakeClock) -> None:
    """Only the player themself sees their figures across servers; outside a server, only that."""
    gid = await table(svc, HERE, (ALICE, BOB))
    await play(svc, clock, gid, lambda user, n: 5.0, answers=4)
    with pytest.raises(ServiceError) as refused:
        await svc.stats(BOB, ALICE, HERE, everywhere=True)
    assert str(refused.value) == EVERYWHERE_REFUSED and "\n" not in EVERYWHERE_REFUSED
    with pytest.raises(ServiceError, match="Outside a server") as outside:
        await svc.stats(ALICE, ALICE, None)
    assert str(outside.value) == NO_SERVER
    assert (await svc.stats(ALICE, ALICE, None, everywhere=True)).games[0].played == 1


@service_test
async def test_missed_deadlines_absences_kicks_and_replacements(svc: TableService, clock: FakeClock) -> None:
    """A default at the deadline counts as missed (not as a time to answer); an absence, a kick and a seat handed
    to another member are counted from the seat log; a game a player left before its end is played, not
    finished."""
    gid = await table(svc, HERE, (ALICE, BOB, CAROL), {"replace_after": 9})
    await play(svc, clock, gid, lambda user, n: 30.0, answers=3)
    waiting = (await svc.status(gid))["waiting"][0]["user_id"]
    clock.advance(7 * 86400)  # every deadline passes: the waiting player's default is given
    await svc.run_due_timers()
    late = await svc.stats(waiting, waiting, HERE)
    assert late.missed >= 1
    assert late.waits.p90 in (None, 30.0)  # the default's week is no time to answer
    info = await svc.game(gid)
    carol_house = next(s.house for s in info.seats if s.user_id == CAROL)
    bob_house = next(s.house for s in info.seats if s.user_id == BOB)
    await svc.away(gid, ALICE, days=2)
    await svc.away(gid, ALICE, days=3)
    await svc.kick(gid, ALICE, carol_house, manager=True)
    await svc.replace(gid, ALICE, bob_house, 103, "Dave", manager=True)
    alice, bob, carol = [await svc.stats(u, u, HERE) for u in (ALICE, BOB, CAROL)]
    assert alice.absences == 2 and (alice.left, alice.kicked) == (0, 0)
    assert carol.kicked == 1 and carol.games[0].played == 1
    assert bob.kicked == 1 and bob.games[0].played == 1  # the seat row now names Dave: the log keeps Bob's game
    clock.advance(3 * 86400)
    await svc.run_due_timers()
    await play(svc, clock, gid, lambda user, n: 30.0)  # to the end (the autopilot plays Carol's open seat)
    assert (await svc.game(gid)).status == "finished"
    carol, bob = await svc.stats(CAROL, CAROL, HERE), await svc.stats(BOB, BOB, HERE)
    assert (carol.games[0].played, carol.games[0].finished, carol.games[0].places) == (1, 0, {})
    assert (bob.games[0].played, bob.games[0].finished) == (1, 0)
    assert (await svc.stats(ALICE, ALICE, HERE)).games[0].finished == 1


@service_test
async def test_the_table_view_names_the_slowest_seat(svc: TableService, clock: FakeClock) -> None:
    """Bob takes ten times Alice's time: his seat comes first; in a faceless game still running, no name."""
    gid = await table(svc, HERE, (ALICE, BOB))
    await play(svc, clock, gid, lambda user, n: 600.0 if user == BOB else 60.0, answers=12)
    view = await svc.table_stats(gid)
    slowest = view.slowest
    assert slowest is not None and slowest.user_id == BOB and slowest.name == f"p{BOB}"
    assert slowest.waits.median == 600.0 and view.seats[1].waits.median == 60.0
    assert slowest.waited == 600.0 * slowest.waits.answers
    faceless = await table(svc, THERE, (ALICE, BOB), {"faceless": True})
    await play(svc, clock, faceless, lambda user, n: 600.0 if user == BOB else 60.0, answers=6)
    hidden = await svc.table_stats(faceless)
    assert hidden.slowest is not None and hidden.slowest.user_id is None and hidden.slowest.name is None
    lobby = await svc.create_game(HERE, 9, ALICE, 2, game="monopoly")
    with pytest.raises(ServiceError, match="has not started"):
        await svc.table_stats(lobby)


@service_test
async def test_a_rewind_takes_the_place_back(svc: TableService, clock: FakeClock) -> None:
    """The places come with the game's result: undone by a rewind of its last answer, set again at its end."""
    gid = await table(svc, HERE, (ALICE, BOB))
    await play(svc, clock, gid, lambda user, n: 5.0)
    assert (await svc.stats(ALICE, ALICE, HERE)).games[0].places
    await svc.rewind(gid, ALICE, 1, manager=True, reason="test")
    again = await svc.stats(ALICE, ALICE, HERE)
    assert again.games[0].places == {} and again.games[0].finished == 0
