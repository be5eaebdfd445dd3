"""Animated replays (issue 29, part 4): a reel's frames are the engine's views of the stored history (the public
ones, or one seat's own), never the raw state; Whitechapel's Jack's path shows only once the game is over, drawn
as it went; Monopoly's sealed bids stay with their bidders; the drawing is cached by the state fingerprint and runs
in a worker thread; bad requests are refused in one line.

Two games are played once for the module by the rooms' autopilots through the table service: Letters from
Whitechapel (Jack and two detectives; its database kept as night 1 ended and at the end) and a 10-round Monopoly
of 4 whose first deed offered is left to a sealed auction."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from bot.games.rooms import room
from bot.service import ServiceError, TableService
from bot.service.animate import Reel
from tests.service.kit import CREATOR, aio
from tools.bench_animate import autoplay, seated

pytestmark = pytest.mark.timeout(60)
JACK_USER, DETECTIVE_USER = CREATOR, CREATOR + 1  # detective_1


def default(decision: dict[str, Any]) -> Any:
    """Monopoly's answers at a deadline (its autopilot is not needed here)."""
    return decision["default"]


def dump(view: dict[str, Any]) -> str:
    return json.dumps(view, sort_keys=True)


def copy_db(source: Path, target: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{source}{suffix}").exists():
            shutil.copy(f"{source}{suffix}", f"{target}{suffix}")


async def open_svc(path: Path) -> TableService:
    return await TableService.open(path, randbits=random.Random(1).getrandbits)


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("animate")

    async def build() -> dict[str, Path]:
        night, ended, sold = folder / "night1.sqlite3", folder / "ended.sqlite3", folder / "monopoly.sqlite3"
        svc = await open_svc(ended)
        gid = await svc.create_game(1, 555, CREATOR, 3, {"houses": "choose"}, game="whitechapel")
        await svc.join(gid, JACK_USER, name="Ann", house="jack")
        await svc.join(gid, DETECTIVE_USER, name="Bo", house="detective_1")
        await svc.join(gid, CREATOR + 2, name="Cy", house="detective_2")
        await svc.start(gid, CREATOR)
        await autoplay(svc, gid, past_round=1)
        await svc.close()
        copy_db(ended, night)
        svc = await open_svc(ended)
        await autoplay(svc, gid)
        assert (await svc.game(gid)).status == "finished"
        await svc.close()

        svc = await open_svc(sold)
        gid, _ = await seated(svc, "monopoly", 4, {"rounds": 10})
        left = []

        def auction_the_first(decision: dict[str, Any]) -> Any:
            if decision["kind"] == "buy" and not left:
                left.append(decision["id"])
                return next(o for o in decision["options"] if o != "buy")
            if decision["kind"] == "bid":  # a sealed bid of its own for each bidder
                left.append(decision["id"])
                return 7 * len(left)
            return decision["default"]

        await autoplay(svc, gid, own=auction_the_first)
        await svc.close()
        return {"night": night, "ended": ended, "monopoly": sold}

    return asyncio.run(build())


async def views_seen(svc: TableService, gid: int, seat: str | None) -> set[str]:
    """Every view the engine gave ``seat`` (None: the public) along the stored history, replayed here on its own."""
    async with svc.store.reading() as repo:
        row = await repo.game(gid)
        start = await repo.snapshot(gid, 0)
        live = await repo.answers(gid)
    assert row is not None and start is not None
    game = room(row.game).rules.load(json.loads(start[1]))
    seen = {dump(game.view(seat))}
    for a in live:
        game.submit(a.house, a.decision_id, a.answer)
        seen.add(dump(game.view(seat)))
    return seen


def publics(reel: Reel) -> list[dict[str, Any]]:
    return [s.view["public"] for s in reel.steps]


@aio
async def test_a_public_night_shows_the_public_views_only_and_no_path_before_the_end(games) -> None:
    svc = await open_svc(games["night"])
    reel = await svc.reel(1, CREATOR + 2, 1)
    assert reel.round == 1 and reel.seat is None and not reel.so_far and len(reel.steps) >= 8
    assert {s.round for s in reel.steps} == {1} and reel.steps[-1].view["public"]["night"] == 2  # named as played
    seen = await views_seen(svc, 1, None)
    assert all(dump(s.view) in seen for s in reel.steps)  # each frame a view the engine gave the public
    assert all("paths" not in p and "hideout" not in p and "private" not in s.view
               for p, s in zip(publics(reel), reel.steps))
    assert any(s.lines for s in reel.steps) and any(p["track"]["square"] for p in publics(reel))
    await svc.close()


@aio
async def test_a_private_night_adds_only_what_that_seat_saw(games) -> None:
    svc = await open_svc(games["night"])
    jack = await svc.reel(1, JACK_USER, 1, private=True)
    assert jack.seat == "jack"
    jacks = await views_seen(svc, 1, "jack")
    assert all(dump(s.view) in jacks for s in jack.steps)
    assert any(s.view["private"].get("paths") for s in jack.steps)  # his own path, his alone
    detective = await svc.reel(1, DETECTIVE_USER, 1, private=True)
    theirs = await views_seen(svc, 1, "detective_1")
    assert all(dump(s.view) in theirs for s in detective.steps)
    assert not any("paths" in s.view["private"] or "paths" in s.view["public"] for s in detective.steps)
    with pytest.raises(ServiceError, match="no seat in this game"):
        await svc.reel(1, 4242, 1, private=True)
    await svc.close()


@aio
async def test_once_over_jacks_path_is_drawn_as_it_went(games) -> None:
    svc = await open_svc(games["ended"])
    final = (await svc.view(1))["public"]
    rows = final["paths"]
    assert len(rows) >= 2 and all(rows)
    reel = await svc.reel(1, CREATOR + 2, 1)
    seen = await views_seen(svc, 1, None)
    lengths = []
    for view in publics(reel):
        past = {k: v for k, v in view.items() if k != "paths"}
        assert dump({"public": past}) in seen  # the public view of the time, with only the path drawn in
        paths, track = view["paths"], view["track"]
        if view["night"] == 1:
            tonight = track["moves_used"] + 1 if track["square"] is not None else 0
            assert paths == [rows[0][:tonight]]
            lengths.append(tonight)
        else:  # the night's last answer began the next: night 1's row in full, tonight's not begun
            assert paths[0] == rows[0] and paths[1] == []
    assert lengths == sorted(lengths) and lengths[0] == 0 and lengths[-1] > 1  # one circle more at each move
    whole = await svc.reel(1, CREATOR + 2)
    assert whole.round is None and whole.steps[-1].view["public"] == final
    stages = [(s.round, s.phase) for s in whole.steps[1:]]  # the board as each stage ended, with its lines
    assert all(a != b for a, b in zip(stages, stages[1:])) and [r for r, _ in stages] == sorted(r for r, _ in stages)
    assert {1, 2, 3, 4} <= {r for r, _ in stages} and sum(bool(s.lines) for s in whole.steps) > len(stages) / 2
    await svc.close()


@aio
async def test_sealed_bids_stay_with_their_bidders(games) -> None:
    svc = await open_svc(games["monopoly"])
    async with svc.store.reading() as repo:
        live = await repo.answers(1)
    bids = [a for a in live if a.kind == "bid"]
    assert len(bids) >= 2  # a sealed auction was held
    before = max(a.round for a in live if a.seq < bids[0].seq)  # the round the auction was held in
    public = await svc.reel(1, CREATOR, before)
    seen = await views_seen(svc, 1, None)
    assert all(dump(s.view) in seen and "my_bid" not in dump(s.view) for s in public.steps)
    info = await svc.game(1)
    bidder = bids[0].house
    user = next(s.user_id for s in info.seats if s.house == bidder)
    private = await svc.reel(1, user, before, private=True)
    own = await views_seen(svc, 1, bidder)
    assert all(dump(s.view) in own for s in private.steps)
    shown = [s.view["private"].get("my_bid") for s in private.steps]
    assert bids[0].answer in shown  # the bidder saw their own sealed bid, and nobody else's
    await svc.close()


@aio
async def test_the_drawing_runs_in_a_worker_thread_and_is_cached_by_the_states_fingerprint(tmp_path: Path) -> None:
    svc = await open_svc(tmp_path / "t.sqlite3")
    gid, users = await seated(svc, "monopoly", 2, {"rounds": 10})
    await autoplay(svc, gid, past_round=1, own=default)
    drawn: list[tuple[int, bool]] = []

    def draw(reel: Reel) -> tuple[int, int]:
        try:
            asyncio.get_running_loop()
            on_loop = True
        except RuntimeError:
            on_loop = False
        drawn.append((len(reel.steps), on_loop or threading.current_thread() is threading.main_thread()))
        time.sleep(0.1)  # a drawing takes a while: a request at the same time finds it under way
        return len(reel.steps), len(drawn)

    first = await svc.animation(gid, users[0], 1, False, draw, "gif")
    assert await svc.animation(gid, users[1], 1, False, draw, "gif") == first  # another user, same request
    assert len(drawn) == 1 and drawn[0][1] is False  # drawn once, off the event loop
    assert (await svc.animation(gid, users[0], 1, False, draw, "png"))[1] == 2  # another request
    assert (await svc.animation(gid, users[0], 1, True, draw, "gif"))[1] == 3  # a private one
    await autoplay(svc, gid, limit=1, own=default)  # the game moves on: its fingerprint changes
    both = await asyncio.gather(*(svc.animation(gid, u, 1, False, draw, "gif") for u in users))
    assert both[0] == both[1] and both[0][1] == 4  # asked twice at once: drawn once
    assert len(drawn) == 4 and all(not off for _, off in drawn)
    await svc.close()


@aio
async def test_requests_that_cannot_be_animated_are_refused_in_one_line(tmp_path: Path) -> None:
    svc = await open_svc(tmp_path / "t.sqlite3")
    waiting = await svc.create_game(1, 556, CREATOR, 2, {}, game="monopoly")
    with pytest.raises(ServiceError, match=r"^Game #1 has not started yet: there is nothing to animate\.$"):
        await svc.reel(waiting, CREATOR, 1)
    gid, users = await seated(svc, "monopoly", 2, {"rounds": 10})
    with pytest.raises(ServiceError, match=r"^Round 1 has only begun: nothing has happened in it yet\.$"):
        await svc.reel(gid, users[0], 1)
    with pytest.raises(ServiceError, match=r"^There is no round 3 in this game yet: it is in round 1\.$"):
        await svc.reel(gid, users[0], 3)
    await autoplay(svc, gid, past_round=1, own=default)  # round 2 has just begun: by default, the round before
    latest = await svc.reel(gid, users[0])
    assert (latest.round, latest.so_far) == (1, False)
    await autoplay(svc, gid, limit=1, own=default)  # then the round under way, so far
    latest = await svc.reel(gid, users[0])
    assert (latest.round, latest.so_far) == (2, True)
    await svc.close()


@pytest.mark.asyncio
async def test_a_round_replays_from_either_store(store) -> None:
    """SQLite and PostgreSQL alike: the reel of a played round holds the engine's public views of the time."""
    svc = TableService(store)
    gid, users = await seated(svc, "monopoly", 2, {"rounds": 10})
    await autoplay(svc, gid, past_round=1, own=default)
    reel = await svc.reel(gid, users[0], 1)
    seen = await views_seen(svc, gid, None)
    assert len(reel.steps) >= 3 and all(dump(s.view) in seen for s in reel.steps)
    assert any(s.lines for s in reel.steps)  # the public events of the steps, read back from the store
