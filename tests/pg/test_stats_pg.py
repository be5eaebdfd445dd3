"""Issue 29, part 1 on PostgreSQL: every story of tests/service/test_stats.py (a player's figures per server and
everywhere, the refusals, missed deadlines, absences, kicks and hand-overs, the table's slowest seat, a rewind's
place taken back) told again on the shared database, with the same figures."""

from __future__ import annotations

import pytest

from tests.service.kit import aio
from tests.service.test_stats import STORIES, Story, told

pytestmark = pytest.mark.timeout(60)


@pytest.mark.parametrize("story", STORIES, ids=[s.__name__ for s in STORIES])
def test_the_statistics_on_postgresql(pg_url: str, story: Story) -> None:
    aio(told)(story, pg_url)
