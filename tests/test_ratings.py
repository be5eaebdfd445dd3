"""Pairwise Elo and records (bot/ratings.py), against values computed by hand."""

import pytest

from bot.ratings import Record, record, update


def test_two_equal_players_move_by_half_k():
    assert update({}, [1, 2]) == {1: 1516.0, 2: 1484.0}


def test_three_equal_players_first_middle_last():
    # K / (n - 1) = 16; first: 16 * (0.5 + 0.5) = +16; second: 16 * (-0.5 + 0.5) = 0; last: -16
    assert update({}, [7, 8, 9]) == pytest.approx({7: 1516.0, 8: 1500.0, 9: 1484.0})


def test_favourite_winning_gains_less():
    # expected(1600 vs 1500) = 1 / (1 + 10 ** -0.25) = 0.640065; 32 * 0.359935 = 11.518
    after = update({1: 1600.0, 2: 1500.0}, [1, 2])
    assert after[1] == pytest.approx(1611.518, abs=1e-3)
    assert after[2] == pytest.approx(1488.482, abs=1e-3)


def test_upset_gains_more():
    after = update({1: 1600.0, 2: 1500.0}, [2, 1])
    assert after[2] == pytest.approx(1500 + 32 * 0.640065, abs=1e-3)
    assert after[1] == pytest.approx(1600 - 32 * 0.640065, abs=1e-3)


def test_four_players_sum_is_kept_and_others_untouched():
    ratings = {1: 1550.0, 2: 1500.0, 3: 1450.0, 4: 1500.0, 99: 1700.0}
    after = update(ratings, [3, 1, 4, 2])
    assert sum(after[p] for p in (1, 2, 3, 4)) == pytest.approx(6000.0)
    assert after[99] == 1700.0 and ratings[3] == 1450.0  # input unchanged
    assert after[3] > 1450.0 and after[2] < 1500.0


def test_duplicate_player_refused():
    with pytest.raises(ValueError):
        update({}, [1, 1])


def test_record_counts_games_wins_and_average_place():
    recs = record([[1, 2, 3], [2, 1, 3, 4], [1, 4]])
    assert recs[1] == Record(games=3, wins=2, average_place=(1 + 2 + 1) / 3)
    assert recs[2] == Record(games=2, wins=1, average_place=1.5)
    assert recs[3] == Record(games=2, wins=0, average_place=3.0)
    assert recs[4] == Record(games=2, wins=0, average_place=3.0)
