"""Members' time zones (``/game timezone``): an IANA name per Discord user, and the conversions that read what a
member types in their own zone and store it in UTC.

Quiet hours are turned into whole UTC hours with the zone's offset on the day they are set (a daylight-saving
change later does not move them); an away date is midnight of that day in the zone; a game's weekend is the
Saturday and Sunday of its creator's zone (``settings["zone"]``). Without a zone, everything is UTC as before.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.service.models import ServiceError

if TYPE_CHECKING:
    from bot.service.table import TableService

EXAMPLES = "Europe/Paris, America/New_York, Asia/Tokyo, Australia/Sydney or UTC"


def zone_names() -> list[str]:
    return sorted(available_timezones())


def check_zone(name: str) -> str:
    """The IANA zone ``name`` stands for (any case: ``europe/paris`` is ``Europe/Paris``), or ServiceError with
    examples."""
    wanted = name.strip().replace(" ", "_")
    known = {z.lower(): z for z in available_timezones()}
    found = known.get(wanted.lower())
    if found is None:
        raise ServiceError(f"'{name.strip()[:40]}' is not a time zone. Give an IANA name such as {EXAMPLES}.")
    try:
        ZoneInfo(found)
    except (ZoneInfoNotFoundError, ValueError):
        raise ServiceError(f"'{found}' cannot be read here. Try {EXAMPLES}.") from None
    return found


def tz(zone: str | None) -> ZoneInfo:
    return ZoneInfo(zone or "UTC")


def utc_hours(hours: list[int], zone: str | None, now: datetime) -> list[int]:
    """Local whole hours ``[start, end]`` as UTC hours, with the zone's offset at ``now`` (rounded to the hour)."""
    offset = now.astimezone(tz(zone)).utcoffset() or timedelta()
    shift = round(offset.total_seconds() / 3600)
    return [(h - shift) % 24 for h in hours]


def local_midnight(day: date, zone: str | None) -> datetime:
    """The start of ``day`` in the zone, in UTC."""
    return datetime.combine(day, time(0, 0), tzinfo=tz(zone)).astimezone(UTC)


class Zones:
    """The stored zones of members (one per Discord user, every server)."""

    def __init__(self, service: TableService) -> None:
        self.store, self.clock = service.store, service.clock

    async def zone_of(self, user_id: int) -> str | None:
        async with self.store.reading() as repo:
            return await repo.member_zone(user_id)

    async def set_zone(self, user_id: int, name: str) -> str:
        """Store the member's zone (checked: ServiceError with examples) and return its IANA name."""
        zone = check_zone(name)
        async with self.store.transaction() as repo:
            await repo.set_member_zone(user_id, zone, self.clock())
        return zone
