"""Item 9 ratings: pairwise Elo from a finished game's ranking, checked against hand-computed values."""

import pytest

from bot.ratings import Record, record, update


def test_two_equal_players_move_by_half_k() -> None:
    # E = 0.5 for equals; winner +32 * (1 - 0.5) = +16, loser -16.
    assert update({}, [1, 2]) == {1: 1516.0, 2: 1484.0}


def test_four_new_players_spread_by_place() -> None:
    # K/(N-1) = 32/3; all E = 0.5; first: 3 wins -> 32/3 * 1.5 = +16; second: 2-1 -> +16/3.
    new = update({}, [10, 20, 30, 40])
    assert new[10] == pytest.approx(1516.0)
    assert new[20] == pytest.approx(1500 + 16 / 3)
    assert new[30] == pytest.approx(1500 - 16 / 3)
    assert new[40] == pytest.approx(1484.0)


def test_favourite_gains_little_underdog_gains_much() -> None:
    # 400 points apart: E(favourite) = 1 / (1 + 10**-1) = 10/11.
    won = update({1: 1900.0, 2: 1500.0}, [1, 2])
    assert won[1] == pytest.approx(1900 + 32 / 11)
    upset = update({1: 1900.0, 2: 1500.0}, [2, 1])
    assert upset[2] == pytest.approx(1500 + 32 * 10 / 11)
    assert upset[1] == pytest.approx(1900 - 32 * 10 / 11)


def test_sum_kept_and_absent_players_untouched() -> None:
    before = {1: 1600.0, 2: 1450.0, 3: 1520.0, 9: 1700.0}
    after = update(before, [3, 1, 2])
    assert sum(after[p] for p in (1, 2, 3)) == pytest.approx(1600 + 1450 + 1520)
    assert after[9] == 1700.0


def test_bad_rankings_refused() -> None:
    with pytest.raises(ValueError):
        update({}, [1, 1])
    with pytest.raises(ValueError):
        update({}, [1])


def test_records_count_games_wins_and_average_place() -> None:
    recs = record({}, [1, 2, 3])
    recs = record(recs, [3, 1, 2])
    assert recs[1] == Record(games=2, wins=1, place_total=3)
    assert recs[1].average_place == 1.5
    assert recs[3].wins == 1 and recs[3].average_place == 2.0
    assert Record().average_place == 0.0
