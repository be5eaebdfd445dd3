"""Ratings over finished games: a pairwise generalisation of Elo, and each player's record.

A finished game of n players is scored as every pair of its players having played one
two-player game, won by the one placed higher in the final ranking. For player i::

    expected(i, j) = 1 / (1 + 10 ** ((R_j - R_i) / 400))
    score(i, j)    = 1 if i placed above j else 0
    R_i'           = R_i + K / (n - 1) * sum over j != i of (score(i, j) - expected(i, j))

with K = 32, so a whole game moves a rating as much as one two-player Elo game does (the
factor 1 / (n - 1) averages the n - 1 pairings). Every pair's gains and losses cancel, so the
ratings of a game's players keep their sum. A player without a rating starts at 1500.
Pure: no I/O; the service keeps the ratings and the finished games per server.
"""

from __future__ import annotations

from dataclasses import dataclass

START = 1500.0
K = 32.0


def expected(rating: float, other: float) -> float:
    """The chance that a player rated ``rating`` places above one rated ``other``."""
    return 1.0 / (1.0 + 10.0 ** ((other - rating) / 400.0))


def update(ratings: dict[int, float], ranking: list[int], places: list[int] | None = None) -> dict[int, float]:
    """The ratings after one finished game; ``ranking`` lists its players, winner first.

    Returns a new dict: every player of ``ratings`` plus the game's players (new ones start at
    1500); ``ratings`` itself is not changed.
    """
    if len(set(ranking)) != len(ranking):
        raise ValueError("a player appears twice in the ranking")
    new = dict(ratings)
    if len(ranking) < 2:
        for player in ranking:
            new.setdefault(player, START)
        return new
    before = {p: ratings.get(p, START) for p in ranking}
    k = K / (len(ranking) - 1)
    places = places or list(range(1, len(ranking) + 1))
    for place, player in zip(places, ranking, strict=True):
        total = 0.0
        for other_place, other in zip(places, ranking, strict=True):
            if other == player or other_place == place:  # a shared place: the same side, no game between them
                continue
            score = 1.0 if place < other_place else 0.0
            total += score - expected(before[player], before[other])
        new[player] = before[player] + k * total
    return new


@dataclass(frozen=True)
class Record:
    games: int
    wins: int
    average_place: float  # 1.0 is first


def record(games: list[list[int]], places: list[list[int]] | None = None) -> dict[int, Record]:
    """Each player's record over finished games, each given as its ranking (winner first), with each player's place
    (``places``; by default the ranking's order; a side shares its place)."""
    counts: dict[int, list[int]] = {}
    for i, ranking in enumerate(games):
        for place, player in zip(places[i] if places else range(1, len(ranking) + 1), ranking, strict=True):
            counts.setdefault(player, []).append(place)
    return {p: Record(games=len(places), wins=places.count(1), average_place=sum(places) / len(places))
            for p, places in counts.items()}
