"""Ratings, first version: multi-player Elo as pairwise Elo over a finished game's ranking (pure, no I/O).

A game of N players counts as N*(N-1)/2 two-player games: every player beat everyone ranked below
and lost to everyone ranked above. For player i with rating R_i:

    E_ij  = 1 / (1 + 10 ** ((R_j - R_i) / 400))        expected score of i against j
    S_ij  = 1 if i is ranked above j, else 0
    R_i' = R_i + K / (N - 1) * sum over j != i of (S_ij - E_ij)

K = 32 and dividing by N - 1 keeps one game worth at most K points, whatever the table size.
New players start at 1500. The ratings used for every expectation are those before the game,
so the order in which pairs are counted does not matter and the sum of all ratings is unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

K_FACTOR = 32.0
START_RATING = 1500.0


def expected(rating: float, opponent: float) -> float:
    """Expected score of a player rated ``rating`` against one rated ``opponent``."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


def update(ratings: dict[int, float], ranking: list[int]) -> dict[int, float]:
    """New ratings after a game; ``ranking`` lists player ids from first to last place.

    Players missing from ``ratings`` start at ``START_RATING``; players not in the game keep theirs.
    """
    if len(set(ranking)) != len(ranking):
        raise ValueError("a player appears twice in the ranking")
    if len(ranking) < 2:
        raise ValueError("a ranking needs at least two players")
    before = {p: ratings.get(p, START_RATING) for p in ranking}
    after = dict(ratings)
    share = K_FACTOR / (len(ranking) - 1)
    for place, player in enumerate(ranking):
        total = 0.0
        for other_place, other in enumerate(ranking):
            if other != player:
                score = 1.0 if place < other_place else 0.0
                total += score - expected(before[player], before[other])
        after[player] = before[player] + share * total
    return after


@dataclass(frozen=True)
class Record:
    """A player's record over finished games."""

    games: int = 0
    wins: int = 0
    place_total: int = 0

    @property
    def average_place(self) -> float:
        return self.place_total / self.games if self.games else 0.0


def record(records: dict[int, Record], ranking: list[int]) -> dict[int, Record]:
    """Records after a game; ``ranking`` lists player ids from first (place 1) to last."""
    after = dict(records)
    for place, player in enumerate(ranking, start=1):
        r = after.get(player, Record())
        after[player] = Record(r.games + 1, r.wins + (place == 1), r.place_total + place)
    return after
