"""Seasons and rank roles through the table service (issue 29, bot/service/seasons.py) on SQLite; the same story
runs on PostgreSQL in tests/pg/test_seasons_pg.py. Results are stored as the service stores a finished game's
(``Repo.add_result``) at chosen times, so that the season's span decides what counts; one real Monopoly game
played to its end by the autopilots shows that a finished game counts by itself."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.games.demo_game import autopilots, play
from bot.service import FakeClock, RecordingTransport, ServiceError, TableService
from bot.service.seasons import Band, standings, wanted
from tests.service.kit import CHANNEL, aio

pytestmark = pytest.mark.timeout(30)

GUILD = 1
ADMIN = 900
START = datetime(2026, 3, 1, tzinfo=UTC)
END = datetime(2026, 4, 1, tzinfo=UTC)
ANN, BEN, CAT, DAN = 11, 12, 13, 14
NAMES = {ANN: "Ann", BEN: "Ben", CAT: "Cat", DAN: "Dan"}


async def finished(svc: TableService, at: datetime, order: list[int], game: str = "agot",
                   guild: int = GUILD) -> int:
    """A game of ``game`` whose result (``order``: first place first) was recorded at ``at``."""
    gid = await svc.create_game(guild, CHANNEL, order[0], max(3, len(order)), game=game)  # AGoT seats 3 at least
    async with svc.store.transaction() as repo:
        await repo.add_result(gid, guild, [{"user_id": u, "name": NAMES[u], "house": f"h{u}", "place": i}
                                           for i, u in enumerate(order, start=1)], at)
    return gid


def elo(ratings: dict[int, float], order: list[int]) -> dict[int, float]:
    """Pairwise Elo by hand (K 32 over n - 1 pairings), every place distinct."""
    k = 32 / (len(order) - 1)
    new = dict(ratings)
    for i, p in enumerate(order):
        mine = ratings.get(p, 1500.0)
        new[p] = mine + k * sum((1.0 if i < j else 0.0) - 1 / (1 + 10 ** ((ratings.get(q, 1500.0) - mine) / 400))
                                for j, q in enumerate(order) if q != p)
    return new


async def season_story(svc: TableService, clock: FakeClock) -> None:
    """Open a season with rank roles, rate the games finished within it, end it: what both stores must do."""
    clock.now = START - timedelta(days=2)
    await finished(svc, START - timedelta(days=1), [DAN, CAT, BEN])  # before the season: all-time only
    bands = [Band(3, 503, "Podium", created=True), Band(1, 501, "Champion")]
    season = await svc.open_season(GUILD, CHANNEL, ADMIN, "Spring", START, END, game="agot", bands=bands,
                                   manager=True)
    assert [b["top"] for b in season.roles] == [1, 3]  # narrowest first
    await finished(svc, START + timedelta(days=1), [ANN, BEN, CAT])
    await finished(svc, START + timedelta(days=2), [BEN, ANN, CAT, DAN])
    await finished(svc, START + timedelta(days=3), [CAT, DAN], game="monopoly")  # another game: not this season's
    await finished(svc, START + timedelta(days=4), [DAN, CAT], guild=2)  # another server
    clock.now = START + timedelta(days=5)

    expected = elo(elo({}, [ANN, BEN, CAT]), [BEN, ANN, CAT, DAN])
    spring, rows = await svc.season_board(GUILD)
    assert spring.name == "Spring" and spring.ended_at is None
    assert [r["user_id"] for r in rows] == sorted(expected, key=lambda u: -expected[u])
    for row in rows:
        assert row["rating"] == pytest.approx(expected[row["user_id"]])
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]
    leader = rows[0]["user_id"]
    # the all-time ratings read every result of the server, the game before the season included
    alltime = {r["user_id"]: r["rating"] for r in await svc.leaderboard(GUILD)}
    assert sum(r["games"] for r in await svc.leaderboard(GUILD)) == 3 + 3 + 4 + 2
    assert alltime != {r["user_id"]: r["rating"] for r in rows}

    plan = (await svc.rank_roles(GUILD))[0]
    assert plan.season.id == season.id
    assert plan.wanted == {501: {leader}, 503: {rows[1]["user_id"], rows[2]["user_id"]}}

    # bad input: refused in one line, nothing stored
    refusals = [
        ("ends before it starts", dict(name="Back", starts_at=END, ends_at=START)),
        ("overlaps the season 'Spring'", dict(name="Clash", starts_at=END - timedelta(days=3),
                                              ends_at=END + timedelta(days=3))),
        ("overlaps the season 'Spring'", dict(name="Every", starts_at=START + timedelta(days=9), ends_at=END,
                                              game=None)),
        ("no game 'chess'", dict(name="Nope", starts_at=END, ends_at=END + timedelta(days=9), game="chess")),
        ("already has a season named", dict(name="spring", starts_at=END, ends_at=END + timedelta(days=9))),
    ]
    for why, bad in refusals:
        with pytest.raises(ServiceError, match=why) as refused:
            await svc.open_season(GUILD, CHANNEL, ADMIN, **{"game": "agot", **bad}, manager=True)
        assert "\n" not in str(refused.value)
    with pytest.raises(ServiceError, match="Manage Server"):
        await svc.open_season(GUILD, CHANNEL, ANN, "Mine", END, END + timedelta(days=9))
    assert [s.name for s in await svc.seasons(GUILD)] == ["Spring"]
    # a season of another game may share the span, not a rank role
    with pytest.raises(ServiceError, match="The role Champion already ranks the season 'Spring'"):
        await svc.open_season(GUILD, CHANNEL, ADMIN, "Monopoly spring", START, END, game="monopoly",
                              bands=[Band(1, 501, "Champion")], manager=True)
    await svc.open_season(GUILD, CHANNEL, ADMIN, "Monopoly spring", START, END, game="monopoly", manager=True)
    summer = await svc.open_season(GUILD, CHANNEL, ADMIN, "Summer", END, END + timedelta(days=30), game="agot",
                                   bands=[Band(1, 501, "Champion")], manager=True)  # later: the same role
    assert await svc.rank_roles(GUILD, summer.id) == []  # yet to begin: its roles are left as they are

    ended = await svc.end_season(GUILD, ADMIN, manager=True, name="Spring")
    assert ended.ended_at == clock.now and ended.ends_at == clock.now
    await finished(svc, clock.now + timedelta(hours=1), [DAN, CAT, BEN, ANN])  # after the end: not counted
    again, final = await svc.season_board(GUILD, "spring")
    assert again.ended_at == clock.now and final == rows == again.standings
    assert [p.season.name for p in await svc.rank_roles(GUILD)] == []  # Monopoly spring has no roles
    assert (await svc.rank_roles(GUILD, season.id))[0].wanted[501] == {leader}  # the final standings
    with pytest.raises(ServiceError, match="already ended"):
        await svc.end_season(GUILD, ADMIN, manager=True, name="Spring")

    # who holds a role, as the front end stores it; a said role remembered
    await svc.set_role_holders(GUILD, 501, [leader])
    await svc.set_role_holders(GUILD, 503, [])
    assert await svc.role_holders(GUILD) == {501: {leader}}
    await svc.role_said(again, 503, True)
    stored = next(s for s in await svc.seasons(GUILD) if s.id == season.id)
    assert [b["said"] for b in stored.roles] == [False, True]


@aio
async def test_a_season_rates_its_own_games_and_is_archived(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = await TableService.open(tmp_path / "db.sqlite3", clock=clock)
    try:
        await season_story(svc, clock)
    finally:
        await svc.close()


@aio
async def test_best_games_counted_per_game_ratings_and_the_lazy_end(tmp_path: Path) -> None:
    clock = FakeClock(START)
    svc = await TableService.open(tmp_path / "db.sqlite3", clock=clock)
    try:
        await svc.open_season(GUILD, CHANNEL, ADMIN, "Best one", START, END, counted=1, per_game=True,
                              manager=True)
        await finished(svc, START + timedelta(days=1), [ANN, BEN, CAT])
        await finished(svc, START + timedelta(days=2), [CAT, BEN, ANN])
        await finished(svc, START + timedelta(days=3), [BEN, ANN], game="monopoly")
        clock.now = START + timedelta(days=4)
        _, rows = await svc.season_board(GUILD)
        agot = {r["user_id"]: r for r in rows if r["game"] == "agot"}
        monopoly = {r["user_id"]: r for r in rows if r["game"] == "monopoly"}
        first = elo({}, [ANN, BEN, CAT])
        second = elo(first, [CAT, BEN, ANN])
        for user in (ANN, BEN, CAT):  # 1500 plus the best of the player's two rating changes
            best = max(first[user] - 1500, second[user] - first[user])
            assert agot[user]["rating"] == pytest.approx(1500 + best) and agot[user]["games"] == 2
        assert monopoly[BEN]["rating"] == pytest.approx(1516.0) and monopoly[BEN]["rank"] == 1
        # past its end, the first call archives it with its standings
        clock.now = END + timedelta(days=1)
        (season,) = await svc.seasons(GUILD)
        assert season.ended_at == END and season.standings == rows
    finally:
        await svc.close()


@pytest.mark.timeout(60)
@aio
async def test_a_game_played_to_its_end_counts_in_the_season(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "db.sqlite3")
    try:
        now = svc.clock()
        await svc.open_season(GUILD, CHANNEL, ADMIN, "Now", now - timedelta(days=1), now + timedelta(days=9),
                              game="monopoly", bands=[Band(1, 77, "Tycoon")], manager=True)
        users = [ANN, BEN]
        gid = await svc.create_game(GUILD, CHANNEL, ANN, 2, {"rounds": 10}, game="monopoly")
        for user in users:
            await svc.join(gid, user, name=NAMES[user])
        await svc.start(gid, ANN)
        await play(svc, gid, autopilots("monopoly", users, seed=2), RecordingTransport(), limit=3000)
        assert (await svc.game(gid)).status == "finished"
        _, rows = await svc.season_board(GUILD)
        assert {r["user_id"] for r in rows} == set(users) and all(r["games"] == 1 for r in rows)
        assert (await svc.rank_roles(GUILD))[0].wanted[77] == {rows[0]["user_id"]}
    finally:
        await svc.close()


def test_ranks_ties_and_bands() -> None:
    """Equal scores share a rank; a member holds the narrowest band their best rank (over the games of a per-game
    season) reaches, and nothing past the widest."""
    side = [{"user_id": ANN, "name": "Ann", "place": 1}, {"user_id": BEN, "name": "Ben", "place": 1},
            {"user_id": CAT, "name": "Cat", "place": 2}]
    rows = standings([("whitechapel", side), ("agot", [{"user_id": DAN, "name": "Dan"}, {"user_id": CAT,
                                                                                          "name": "Cat"}])],
                     None, per_game=True)
    ranks = {(r["game"], r["user_id"]): r["rank"] for r in rows}
    assert ranks == {("agot", DAN): 1, ("agot", CAT): 2, ("whitechapel", ANN): 1, ("whitechapel", BEN): 1,
                     ("whitechapel", CAT): 3}
    bands = [Band(1, 501, "Champion"), Band(2, 502, "Second")]
    assert wanted(bands, rows) == {501: {ANN, BEN, DAN}, 502: {CAT}}  # Cat: 2nd of AGoT, 3rd of Whitechapel
    assert wanted([Band(1, 501, "Champion")], rows) == {501: {ANN, BEN, DAN}}
