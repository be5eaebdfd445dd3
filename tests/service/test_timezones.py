"""Time zones without Discord: zone names checked with examples, quiet hours and dates converted to UTC, and a
game's weekend taken in its creator's zone."""

from datetime import UTC, date, datetime

import pytest

from bot.service import ServiceError
from bot.service.settings import covers_weekend, normalize, shaped_deadline
from bot.service.timezones import check_zone, local_midnight, utc_hours


def test_zone_names_in_any_case_and_unknown_ones_refused_with_examples():
    assert check_zone("europe/paris") == "Europe/Paris" and check_zone(" America/New York ") == "America/New_York"
    with pytest.raises(ServiceError, match="Europe/Paris, America/New_York"):
        check_zone("Westeros/Winterfell")
    with pytest.raises(ServiceError, match="IANA"):
        normalize({"zone": 7})


def test_quiet_hours_and_dates_in_a_zone_become_utc():
    winter, summer = datetime(2026, 1, 15, tzinfo=UTC), datetime(2026, 7, 15, tzinfo=UTC)
    assert utc_hours([23, 7], "Europe/Paris", winter) == [22, 6]
    assert utc_hours([23, 7], "Europe/Paris", summer) == [21, 5]
    assert utc_hours([20, 8], "America/New_York", winter) == [1, 13]
    assert utc_hours([23, 7], None, winter) == [23, 7]
    assert local_midnight(date(2026, 1, 10), "Asia/Tokyo") == datetime(2026, 1, 9, 15, tzinfo=UTC)


def test_the_weekend_is_the_creators():
    # Friday 23:30 UTC is already Saturday in Tokyo, still Friday in New York
    start, end = datetime(2026, 1, 9, 23, 30, tzinfo=UTC), datetime(2026, 1, 9, 23, 50, tzinfo=UTC)
    assert covers_weekend(start, end, "Asia/Tokyo") and not covers_weekend(start, end, "America/New_York")
    assert not covers_weekend(start, end)  # UTC: Friday
    tokyo = normalize({"weekend_hours": 6, "zone": "Asia/Tokyo", "deadlines": {"default": 600}})
    utc = normalize({"weekend_hours": 6, "deadlines": {"default": 600}})
    assert (shaped_deadline(tokyo, "orders", start)[0] - shaped_deadline(utc, "orders", start)[0]).total_seconds() \
        == 6 * 3600
