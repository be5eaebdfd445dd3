"""Player statistics and who a table waits for (issue 29, part 1), for every game the bot hosts.

Read from what the store keeps, through indexes, never by replaying a game (``Repo.player_rows``,
``Repo.seat_waits``): the seats a member sat in (with each seat's place once its game ended), the answer log (each
answer stores when its decision was prompted: ``asked_at``; ``source`` says whether the player, the deadline or the
autopilot answered) and the seat log (absences, seats opened by a kick or after missed deadlines, seats handed to
another member).

- **A player's figures** (``player``): games played and finished per game; places per house (or side, or token)
  and wins (first place, shared by a side); the median and 90th percentile of the time from a prompt to the
  player's first answer (their own answers only: not the deadline's default nor the autopilot's); deadlines
  missed; absences; games left (the seat opened after missed deadlines) and games kicked from (by a manager, a
  table vote, or the seat handed to another member). In one server, or in every server: that only for the player
  themself (anyone may read another member's figures in the server they share).
- **A table's waits** (``table``): per seat of a game, the median and 90th percentile of its player's time to
  answer, the deadlines it missed, and how long the table waited for it in all (its answers and its defaults at the
  deadline): the seat the table waits for most comes first. In a faceless game still running, the seats are
  named by their house only.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from dataclasses import dataclass, field

from bot.service.core import TableCore
from bot.service.kinds import OVER, SeatState, Source
from bot.service.models import ServiceError
from bot.storage.stats_rows import PlayerRows

EVERYWHERE_REFUSED = ("Another member's figures across servers are theirs alone: ask for this server's "
                      "(scope: server).")
NO_SERVER = "Outside a server there is no server's figures: ask for your own with scope: everywhere."


@dataclass(frozen=True)
class Waits:
    """Times to answer, in seconds: how many, their median and 90th percentile (None without any)."""

    answers: int = 0
    median: float | None = None
    p90: float | None = None

    @classmethod
    def of(cls, seconds: list[float]) -> Waits:
        if not seconds:
            return cls()
        ordered = sorted(seconds)
        # the 90th percentile by nearest rank: the time 90% of the answers came within
        return cls(len(ordered), statistics.median(ordered), ordered[math.ceil(0.9 * len(ordered)) - 1])


@dataclass(frozen=True)
class GameFigures:
    """One game's figures for a player; ``places``: house -> place -> games (finished with the player seated)."""

    game: str
    played: int = 0
    finished: int = 0
    places: dict[str, dict[int, int]] = field(default_factory=dict)

    @property
    def wins(self) -> int:
        return sum(by_place.get(1, 0) for by_place in self.places.values())


@dataclass(frozen=True)
class PlayerStats:
    user_id: int
    guild_id: int | None  # None: every server
    games: list[GameFigures]
    waits: Waits
    missed: int  # deadlines missed (decisions given their default)
    absences: int  # absences declared
    left: int  # games whose seat opened after the player missed too many deadlines
    kicked: int  # games the player was kicked from or replaced in


@dataclass(frozen=True)
class SeatStats:
    house: str
    user_id: int | None  # who plays it now (None: an open seat, or a faceless game still running)
    name: str | None
    open: bool
    waits: Waits  # the player's own answers
    missed: int
    waited: float  # seconds the table waited for this seat in all: its answers and its defaults at the deadline


@dataclass(frozen=True)
class TableStats:
    game_id: int
    game: str
    seats: list[SeatStats]  # the seat the table waits for most first

    @property
    def slowest(self) -> SeatStats | None:
        return self.seats[0] if self.seats and self.seats[0].waited > 0 else None


def player_stats(user_id: int, guild_id: int | None, rows: PlayerRows) -> PlayerStats:
    """The figures from the rows the store read (pure)."""
    games: dict[str, GameFigures] = {p.game: GameFigures(p.game, p.played, p.finished) for p in rows.played}
    for placed in rows.placed:
        figures = games.setdefault(placed.game, GameFigures(placed.game))
        figures.places.setdefault(placed.house, {})[placed.place] = placed.games
    return PlayerStats(user_id, guild_id, [games[g] for g in sorted(games)], Waits.of(rows.waits), rows.missed,
                       rows.logged.get("away", 0), rows.logged.get("dropped", 0),
                       rows.logged.get("kicked", 0) + rows.logged.get("replaced", 0))


class Stats:
    def __init__(self, core: TableCore) -> None:
        self.core = core

    async def player(self, user_id: int, asker_id: int, guild_id: int | None,
                     everywhere: bool = False) -> PlayerStats:
        """``user_id``'s figures in the server ``guild_id``, or in every server (``everywhere``: for the asker's
        own figures only; refused for another member's, with nothing read)."""
        if everywhere and user_id != asker_id:
            raise ServiceError(EVERYWHERE_REFUSED)
        if not everywhere and guild_id is None:
            raise ServiceError(NO_SERVER)
        scope = None if everywhere else guild_id
        async with self.core.store.reading() as repo:
            rows = await repo.player_rows(user_id, scope)
        return player_stats(user_id, scope, rows)

    async def table(self, game_id: int) -> TableStats:
        """Who the game's table waits for: each seat's times to answer and deadlines missed, slowest first."""
        async with self.core.store.reading() as repo:
            row = await repo.game(game_id)
            if row is None:
                raise ServiceError(f"There is no game #{game_id}.")
            if row.seed is None:
                raise ServiceError("The game has not started: nobody has been waited for yet.")
            seats = await repo.seats(game_id)
            waits = await repo.seat_waits(game_id)
        faceless = bool(row.settings.get("faceless")) and row.status not in OVER
        own: dict[str, list[float]] = defaultdict(list)
        waited: dict[str, float] = defaultdict(float)
        missed: dict[str, int] = defaultdict(int)
        for w in waits:
            waited[w.house] += w.wait
            if w.source == Source.PLAYER:
                own[w.house].append(w.wait)
            elif w.source == Source.DEADLINE:
                missed[w.house] += 1
        out = [SeatStats(s.house, None if faceless or s.state == SeatState.OPEN else s.user_id,
                         None if faceless else s.name, s.state == SeatState.OPEN, Waits.of(own[s.house]),
                         missed[s.house], waited[s.house])
               for s in seats if s.house]
        out.sort(key=lambda s: (-s.waited, -(s.waits.median or 0.0), s.house))
        return TableStats(game_id, row.game, out)
