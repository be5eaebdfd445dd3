"""The size and render time of animated replays (``/game animate``): an AGoT round at 6 players, a Whitechapel
night and a Monopoly round at 4 players, each played through the table service by the games' autopilots.

    .venv/bin/python tools/bench_animate.py [--seed 1] [--out DIR] [--format gif|png] [--whole]

For each: the steps of the reel, the frames drawn, the file's size and pixels, what was given up to fit the upload
limit, the time to replay the views and to draw the file (first ask), and the time of the same ask again (the
cache). With ``--whole``, also a whole Whitechapel game played to its end. With ``--out``, the files and their
first and middle frames as PNG are written there.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.animation import Animation, draw  # noqa: E402
from bot.games.fronts import front  # noqa: E402
from bot.games.rooms import room  # noqa: E402
from bot.service import TableService  # noqa: E402

FIRST_USER = 1000
Case = tuple[str, int, dict[str, object], int | None]  # game, players, settings, round (None: the whole game)
CASES: tuple[Case, ...] = (("agot", 6, {}, 3), ("whitechapel", 3, {}, 1), ("monopoly", 4, {"rounds": 10}, 2))
WHOLE: Case = ("whitechapel", 3, {}, None)  # played to its end


async def seated(svc: TableService, game: str, players: int, settings: dict[str, object]) -> tuple[int, list[int]]:
    """A started table of ``game`` with users FIRST_USER, FIRST_USER + 1, ..."""
    gid = await svc.create_game(1, 555, FIRST_USER, players, dict(settings), game=game)
    users = [FIRST_USER + i for i in range(players)]
    for user in users:
        await svc.join(gid, user, name=f"player{user}")
    await svc.start(gid, FIRST_USER)
    return gid, users


async def autoplay(svc: TableService, gid: int, seed: int = 1, past_round: int | None = None, limit: int = 5000,
                   own: Callable[[dict[str, Any]], Any] | None = None) -> int:
    """The game's room's autopilot answers every seat (the default where it is refused) until the game ends or,
    with ``past_round``, until the game is past that round; how many answers were given. ``own`` may answer a
    decision itself (None: the autopilot's answer)."""
    info = await svc.game(gid)
    pilots = {s.user_id: room(info.game).autopilot(seed * 31 + i) for i, s in enumerate(info.seats)}
    done = 0
    while done < limit:
        status = await svc.status(gid)
        if status["status"] != "running" or not status["waiting"] or \
                (past_round is not None and status["round"] > past_round):
            break
        user = status["waiting"][0]["user_id"]
        decision = (await svc.pending(gid, user))[0]
        view = await svc.view(gid, user)
        mine = own(decision) if own is not None else None
        answer = mine if mine is not None else pilots[user].answer(view, decision)
        reply = await svc.answer(gid, user, decision["id"], answer)
        if not reply.accepted:
            reply = await svc.answer(gid, user, decision["id"], decision["default"])
        assert reply.accepted, reply
        done += 1
    return done


def frames_of(data: bytes) -> list[Image.Image]:
    """Every frame of an animated file, as RGB."""
    out = []
    with Image.open(io.BytesIO(data)) as movie:
        for i in range(getattr(movie, "n_frames", 1)):
            movie.seek(i)
            out.append(movie.convert("RGB"))
    return out


async def bench(game: str, players: int, settings: dict[str, object], round: int | None, seed: int, ext: str,
                out: Path | None, folder: Path) -> None:
    svc = await TableService.open(folder / f"{game}.sqlite3", randbits=random.Random(seed).getrandbits)
    try:
        gid, users = await seated(svc, game, players, settings)
        answers = await autoplay(svc, gid, seed, past_round=round)
        own = front(game)
        drawing = partial(draw, own, ext=ext, title=f"Game #{gid}")
        began = time.perf_counter()
        reel = await svc.reel(gid, users[0], round)
        replayed = time.perf_counter() - began
        began = time.perf_counter()
        movie: Animation = await svc.animation(gid, users[0], round, False, drawing, ext)
        first = time.perf_counter() - began
        began = time.perf_counter()
        await svc.animation(gid, users[0], round, False, drawing, ext)
        again = time.perf_counter() - began
        what = "the whole game" if round is None else f"{own.stage} {round}"
        print(f"{game} ({players} players), {what} ({answers} answers played): {len(reel.steps)} steps, "
              f"{movie.frames} frames of {movie.size[0]}x{movie.size[1]}, {len(movie.data) / 1024:.0f} KiB {ext}"
              f"{' (' + ', '.join(movie.notes) + ')' if movie.notes else ''}; views replayed in {replayed:.2f} s, "
              f"replayed and drawn in {first:.2f} s, asked again (cache) in {again * 1000:.1f} ms")
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{game}-round{round or 'all'}.{ext}").write_bytes(movie.data)
            shown = frames_of(movie.data)
            for i in (0, len(shown) // 2):
                shown[i].save(out / f"{game}-frame{i + 1}.png")
    finally:
        await svc.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--format", choices=("gif", "png"), default="gif")
    parser.add_argument("--whole", action="store_true", help="also a whole Whitechapel game")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for game, players, settings, round in CASES + ((WHOLE,) if args.whole else ()):
            asyncio.run(bench(game, players, settings, round, args.seed, args.format, args.out, Path(folder)))


if __name__ == "__main__":
    main()
