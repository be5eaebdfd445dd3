"""Issue 12 extras: the deadline shape (quiet hours, weekends), faceless games, the digest, "my games", ratings
per server and the replay file."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.service import ServiceError
from bot.service.settings import covers_weekend, normalize, out_of_quiet, shaped_deadline

H = timedelta(hours=1)
MON = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)  # a Monday, noon UTC


def shape(now: datetime, **settings: Any) -> tuple[datetime, list[datetime]]:
    return shaped_deadline(normalize(settings), "orders", now)


def test_quiet_hours_move_a_deadline_to_their_end() -> None:
    quiet = [23, 7]
    assert out_of_quiet(datetime(2026, 11, 23, 23, 30, tzinfo=UTC), quiet) == datetime(2026, 11, 24, 7, tzinfo=UTC)
    assert out_of_quiet(datetime(2026, 11, 24, 3, 0, tzinfo=UTC), quiet) == datetime(2026, 11, 24, 7, tzinfo=UTC)
    assert out_of_quiet(datetime(2026, 11, 24, 7, 0, tzinfo=UTC), quiet) == datetime(2026, 11, 24, 7, tzinfo=UTC)
    noon = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
    assert out_of_quiet(noon, quiet) == noon and out_of_quiet(noon, None) == noon
    assert out_of_quiet(datetime(2026, 11, 24, 13, 5, tzinfo=UTC), [12, 14]) == datetime(2026, 11, 24, 14,
                                                                                          tzinfo=UTC)
    # a 12 h deadline from noon falls at midnight, inside 23-7: it moves to 7:00; the reminders follow the span
    due, reminders = shape(MON, deadlines={"orders": 12 * 3600}, quiet_hours=[23, 7])
    assert due == datetime(2026, 11, 24, 7, tzinfo=UTC)
    # the reminders at 50% and 90% of the 19 h span: 21:30, and 05:06 (quiet: moved to 7:00, the deadline itself)
    assert reminders == [datetime(2026, 11, 23, 21, 30, tzinfo=UTC), due]
    due, reminders = shape(MON, deadlines={"orders": 6 * 3600}, quiet_hours=[17, 19], reminders=[0.5])
    assert due == MON + 7 * H and reminders == [MON + 3.5 * H]


def test_weekend_hours_extend_a_span_over_saturday_or_sunday() -> None:
    fri = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)
    assert covers_weekend(fri, fri + 13 * H) and not covers_weekend(MON, MON + 24 * H)
    assert shape(MON, weekend_hours=24)[0] == MON + 24 * H  # Monday to Tuesday: no weekend
    assert shape(fri, weekend_hours=24)[0] == fri + 48 * H  # Friday noon + 24 h reaches Saturday: +24 h
    assert shape(fri, weekend_hours=24, quiet_hours=[10, 13])[0] == fri + 49 * H  # then out of the quiet hours
    assert shape(fri)[0] == fri + 24 * H  # off by default


def test_shape_settings_are_checked() -> None:
    assert normalize({})["quiet_hours"] is None and normalize({})["weekend_hours"] == 0
    for bad in ({"quiet_hours": [7, 7]}, {"quiet_hours": [24, 3]}, {"quiet_hours": "23-7"},
                {"weekend_hours": -1}, {"weekend_hours": True}, {"faceless": "yes"}):
        with pytest.raises(ServiceError):
            normalize(bad)
