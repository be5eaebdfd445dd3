"""Time zones in the forms: ``/game timezone``'s autocomplete, and quiet hours and away dates read in the zone of
the member who types them (``bot/service/timezones.py`` converts and stores; UTC without a zone)."""

from __future__ import annotations

from datetime import date, datetime

import discord
from discord import app_commands

from bot.frontend import text
from bot.frontend.common import Refusal
from bot.service.timezones import EXAMPLES, local_midnight, utc_hours, zone_names

ZONE = f"an IANA time zone, e.g. {EXAMPLES} (empty: show yours)"


async def zone_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    words = current.strip().lower().replace(" ", "_")
    names = zone_names()
    hits = [z for z in names if z.lower().startswith(words)] + [z for z in names if words in z.lower()
                                                                 and not z.lower().startswith(words)]
    return [app_commands.Choice(name=z, value=z) for z in hits[:25]]


def zone_words(zone: str | None) -> str:
    return zone or "UTC (no time zone set)"


def local_hours(words: str, zone: str | None, now: datetime) -> list[int]:
    """``"23-7"`` typed in ``zone`` -> the same span in whole UTC hours, or a Refusal."""
    try:
        hours = text.parse_hours(words)
    except ValueError:
        raise Refusal(f"'{text.clip(words, 20)}' is not a span of hours: write e.g. `23-7` (in "
                      f"{zone_words(zone)}; `/game timezone` sets yours).") from None
    return utc_hours(hours, zone, now)


FIRST_YEAR, LAST_YEAR = 2000, 2200  # the dates a season may name


def local_date(words: str, zone: str | None) -> datetime:
    """``"2030-01-31"`` -> midnight of that day in ``zone``, in UTC, or a Refusal."""
    try:
        day = date.fromisoformat(words.strip())
    except ValueError:
        raise Refusal("Give the date as YYYY-MM-DD, e.g. 2030-01-31.") from None
    if not FIRST_YEAR <= day.year <= LAST_YEAR:  # 9999-12-31 has no next day to end on
        raise Refusal(f"Give a date from {FIRST_YEAR} to {LAST_YEAR}, e.g. 2030-01-31.")
    return local_midnight(day, zone)
